import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import { ApiServer } from "./api-server";
import { Bank, newPixKey } from "./bank";
import { loadOrCreateCertificates } from "./certificates";
import { createControlServer } from "./control-server";
import { Faults } from "./faults";
import { PixAutomatico } from "./pix-automatico";
import { WebhookSender } from "./webhook-sender";

/**
 * `npm run psp:sim`: a local Efí-compatible PSP. Its Pix API speaks HTTPS with mutual TLS
 * (certificates of its own CA, made at first start), its control API plain HTTP on loopback.
 * Certificates and credentials are kept in PSP_SIM_DATA_DIR; the bank itself lives in memory.
 */
const REPO_ROOT = resolve(__dirname, "../../../..");

export interface PspSimOptions {
  dataDir: string;
  host: string;
  port: number;
  controlPort: number;
  /** Sends and devoluções settle by themselves after this long; 0: only through the control API. */
  settleMs: number;
  tokenTtlSeconds: number;
  webhookRetryDelaysMs: number[];
  merchantName: string;
  merchantCity: string;
  log: (line: string) => void;
}

export interface PspSim {
  apiUrl: string;
  controlUrl: string;
  /** The variables that start the service against this PSP. */
  env: Record<string, string>;
  files: { ca: string; clientPem: string; clientP12: string };
  close(): Promise<void>;
}

interface Credentials {
  clientId: string;
  clientSecret: string;
  pixKey: string;
  /** The account's number (a recurring charge credits it); made for a data folder from before it existed. */
  accountNumber?: string;
}

const newAccountNumber = () => String(100000 + (randomBytes(4).readUInt32BE() % 900000));

function loadOrCreateCredentials(dir: string): Credentials {
  const file = join(dir, "credentials.json");
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, "utf8")) as Credentials;
    if (kept.accountNumber) return kept;
    const credentials = { ...kept, accountNumber: newAccountNumber() };
    writeFileSync(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
    return credentials;
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const credentials = {
    clientId: `Client_Id_${randomBytes(20).toString("hex")}`,
    clientSecret: `Client_Secret_${randomBytes(20).toString("hex")}`,
    pixKey: newPixKey(),
    accountNumber: newAccountNumber(),
  };
  writeFileSync(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  return credentials;
}

export async function startPspSim(options: PspSimOptions): Promise<PspSim> {
  const credentials = loadOrCreateCredentials(options.dataDir);
  const certificates = loadOrCreateCertificates(options.dataDir, credentials.clientId);
  const webhooks = new WebhookSender(options.webhookRetryDelaysMs, options.log);
  const bank = new Bank(
    {
      pixKey: credentials.pixKey,
      merchantName: options.merchantName,
      merchantCity: options.merchantCity,
      settleMs: options.settleMs,
    },
    (chave, body) => {
      const registration = bank.webhooks.get(chave);
      if (registration) webhooks.deliver(registration.webhookUrl, body);
      else options.log(`no webhook for key ${chave}: notification not sent`);
    },
  );
  const recurrences = new PixAutomatico(bank, credentials.accountNumber as string, (kind, body) => {
    const registration = recurrences.webhooks[kind];
    if (registration) webhooks.deliver(registration.webhookUrl, body, `/${kind}`);
    else options.log(`no webhook${kind} registered: notification not sent`);
  });
  const faults = new Faults();
  const api = new ApiServer({
    tls: { key: certificates.serverKeyPem, cert: certificates.serverCertPem, ca: certificates.caPem },
    clientId: credentials.clientId,
    clientSecret: credentials.clientSecret,
    tokenTtlSeconds: options.tokenTtlSeconds,
    bank,
    recurrences,
    webhooks,
    faults,
    log: options.log,
  });
  const control = createControlServer({ bank, recurrences, api, faults, webhooks });
  const listen = (server: typeof api.server | typeof control, port: number) =>
    new Promise<number>((done, fail) => {
      server.once("error", fail);
      server.listen(port, options.host, () => done((server.address() as AddressInfo).port));
    });
  const apiPort = await listen(api.server, options.port);
  const controlPort = await listen(control, options.controlPort);
  const apiUrl = `https://localhost:${apiPort}`;
  return {
    apiUrl,
    controlUrl: `http://127.0.0.1:${controlPort}`,
    files: certificates.files,
    env: {
      PIX_PROVIDER: "efi",
      EFI_BASE_URL: apiUrl,
      EFI_CLIENT_ID: credentials.clientId,
      EFI_CLIENT_SECRET: credentials.clientSecret,
      EFI_CERT_FILE: certificates.files.clientP12,
      EFI_CA_FILE: certificates.files.ca,
      EFI_PIX_KEY: credentials.pixKey,
      EFI_ACCOUNT_NUMBER: credentials.accountNumber as string,
    },
    close: async () => {
      bank.close();
      webhooks.close();
      api.server.closeAllConnections();
      control.closeAllConnections();
      await Promise.all([new Promise((done) => api.server.close(done)), new Promise((done) => control.close(done))]);
    },
  };
}

function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer`);
  return value;
}

function optionsFromEnv(): PspSimOptions {
  const retries = process.env.PSP_SIM_WEBHOOK_RETRY_MS ?? "1000,5000";
  return {
    dataDir: resolve(process.env.PSP_SIM_DATA_DIR ?? join(REPO_ROOT, ".data", "psp-sim")),
    host: process.env.PSP_SIM_HOST ?? "127.0.0.1",
    port: numberFromEnv("PSP_SIM_PORT", 9443),
    controlPort: numberFromEnv("PSP_SIM_CONTROL_PORT", 9444),
    settleMs: numberFromEnv("PSP_SIM_SETTLE_MS", 2000),
    tokenTtlSeconds: numberFromEnv("PSP_SIM_TOKEN_TTL_S", 3600),
    webhookRetryDelaysMs: retries.trim() === "" ? [] : retries.split(",").map((part) => Number(part.trim())),
    merchantName: process.env.PSP_SIM_MERCHANT_NAME ?? "Loja PSP Sim",
    merchantCity: process.env.PSP_SIM_MERCHANT_CITY ?? "Sao Paulo",
    log: (line) => process.stderr.write(`psp-sim: ${line}\n`),
  };
}

function banner(sim: PspSim): string {
  const variables = Object.entries({
    ...sim.env,
    EFI_WEBHOOK_SECRET: randomBytes(24).toString("base64url"),
  }).map(([name, value]) => `  ${name}=${value} \\`);
  return [
    "",
    "Local Efí-compatible PSP (psp-sim)",
    `  Pix API (mutual TLS): ${sim.apiUrl}`,
    `  Control API:          ${sim.controlUrl}/control/state`,
    `  Client certificate:   ${sim.files.clientP12} (PKCS#12) or ${sim.files.clientPem} (PEM)`,
    "  The bank's state lives in memory: a restart forgets charges and transfers.",
    "",
    "Start the service against it (another terminal; PUBLIC_BASE_URL must reach the service):",
    ...variables,
    "  npm start",
    "",
    "A payer pays a charge (its txid is in the charge):",
    `  curl -s -X POST ${sim.controlUrl}/control/cobs/<txid>/pay -H 'content-type: application/json' \\`,
    `    -d '{"pagador": {"nome": "Maria Silva", "cpf": "12345678909"}}'`,
    "",
  ].join("\n");
}

if (require.main === module) {
  const json = process.argv.includes("--json");
  startPspSim(optionsFromEnv())
    .then((sim) => {
      process.stdout.write(json ? `${JSON.stringify(sim)}\n` : `${banner(sim)}\n`);
      const stop = () => {
        void sim.close().then(() => process.exit(0));
      };
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
    })
    .catch((error) => {
      process.stderr.write(`psp-sim failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    });
}
