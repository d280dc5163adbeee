import type { AppConfig } from "../core/config";
import type { Logger } from "../core/logger";
import { EfiClient } from "./efi/efi-client";
import { EfiPixProvider } from "./efi/efi-provider";
import { type PixProvider, SandboxPixProvider } from "./pix-provider";

/**
 * The provider PIX_PROVIDER names. Efí's certificate files are read here: an unusable one
 * stops the start with the variable's name (its credentials are checked when the process
 * starts its work, see verifyProvider).
 */
export function createPixProvider(
  config: Pick<AppConfig, "pixProvider" | "publicBaseUrl" | "sandboxSettleMs" | "efi">,
  providerWebhookSecret: string,
  logger: Logger,
): PixProvider {
  if (config.pixProvider === "efi" && config.efi) {
    const client = new EfiClient({
      baseUrl: config.efi.baseUrl,
      clientId: config.efi.clientId,
      clientSecret: config.efi.clientSecret,
      certFile: config.efi.certFile,
      caFile: config.efi.caFile,
      logger,
    });
    return new EfiPixProvider(client, {
      pixKey: config.efi.pixKey,
      webhookSecret: config.efi.webhookSecret,
      publicBaseUrl: config.publicBaseUrl,
      accountNumber: config.efi.accountNumber,
    });
  }
  return new SandboxPixProvider(config.publicBaseUrl, config.sandboxSettleMs, providerWebhookSecret);
}
