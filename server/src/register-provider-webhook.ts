import "reflect-metadata";
import { loadConfig } from "./core/config";
import { createLogger } from "./core/logger";
import { registerEfiWebhook } from "./provider/efi/efi-webhook-registration";
import { openRuntime } from "./runtime";

/** `npm run provider:register`: registers EFI_PIX_KEY's webhook at Efí now (the service does it at every start). */
async function main(): Promise<void> {
  const config = loadConfig();
  if (config.pixProvider !== "efi") throw new Error("PIX_PROVIDER is not efi: the sandbox has no webhook to register");
  const runtime = await openRuntime(config, createLogger(config.logLevel));
  try {
    const state = await registerEfiWebhook(runtime.services);
    process.stdout.write(`${JSON.stringify(state, null, 2)}\n`);
    if (!state?.ok) process.exitCode = 1;
  } finally {
    await runtime.close();
  }
}

main().catch((error) => {
  process.stderr.write(`provider:register failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
