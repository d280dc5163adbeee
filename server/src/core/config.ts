import { isIP } from "node:net";
import { join, resolve } from "node:path";
import { z } from "zod";
import { parseDatabaseUrl } from "./database-target";
import { parseBrl } from "./money";
import { REPOSITORY_ROOT } from "./repository-root";
import { parseSecretsKeys } from "./secret-box";

/**
 * The only place that reads process.env. Everything else receives this typed object,
 * so tests can build a service with any configuration without touching globals.
 */
const booleanFromEnv = z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1");

const decimalString = z.string().regex(/^\d+(\.\d{1,2})?$/, "expected a decimal with at most two places");

/** APPROVAL_SECOND_OPERATOR_ABOVE when unset (docs/operations.md); `off` turns maker-checker off. */
export const DEFAULT_SECOND_OPERATOR_ABOVE = "10000.00";

/** Efí's production Pix API; its homologation is https://pix-h.api.efipay.com.br. */
export const EFI_PRODUCTION_URL = "https://pix.api.efipay.com.br";

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  DATABASE_URL: z.string().min(1).optional(),
  DATABASE_DIRECT_URL: z.string().min(1).optional(),
  DATABASE_READ_URL: z.string().min(1).optional(),
  READ_REPLICA_MAX_LAG_S: z.coerce.number().min(0).max(86400).default(5),
  READ_REPLICA_CHECK_MS: z.coerce.number().int().min(50).max(60000).default(1000),
  DATA_DIR: z.string().optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  ADMIN_API_TOKEN: z.string().min(16).optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(12).max(256).optional(),
  PIX_PROVIDER: z.enum(["sandbox", "efi"]).default("sandbox"),
  SANDBOX_SETTLE_MS: z.coerce.number().int().min(0).default(3000),
  PROVIDER_WEBHOOK_SECRET: z.string().min(16).optional(),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(1).default(10000),
  WEBHOOK_RETRY_SCHEDULE: z.string().default("5s,5m,30m,2h,5h,10h,10h"),
  WEBHOOK_ALLOW_PRIVATE: booleanFromEnv.default(false),
  DEFAULT_FEE_PERCENT: decimalString.default("0.99"),
  DEFAULT_FEE_FIXED: decimalString.default("0.00"),
  PUBLIC_BASE_URL: z.string().url().optional(),
  RATE_LIMIT_RPS: z.coerce.number().int().min(0).default(100),
  RUN_WORKER: booleanFromEnv.default(true),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(20),
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(400),
  WORKER_HEARTBEAT_MS: z.coerce.number().int().min(50).default(5000),
  CHARGE_EXPIRY_SWEEP_MS: z.coerce.number().int().min(100).default(30000),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(5000),
  GRAPHQL_INTROSPECTION: booleanFromEnv.optional(),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  CONSOLE: z.enum(["on", "off", "dev"]).default("on"),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(10080).default(30),
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(8760).default(12),
  SESSION_MAX_PER_USER: z.coerce.number().int().min(1).max(1000).default(10),
  SIGN_IN_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
  // Maker-checker is on unless turned off: money above R$ 10.000,00 moved by one operator waits for a second (docs/decisions.md).
  APPROVAL_SECOND_OPERATOR_ABOVE: z.union([z.literal("off"), decimalString]).default(DEFAULT_SECOND_OPERATOR_ABOVE),
  APPROVAL_SECOND_OPERATOR_WINDOW_H: z.coerce.number().int().min(0).max(720).default(24),
  REQUIRE_OPERATOR_2FA: booleanFromEnv.default(true),
  SECRETS_KEY: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      if (value === undefined) return;
      try {
        parseSecretsKeys(value);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: `${(error as Error).message} (comma-separated, current key first)` });
      }
    }),
  TRUST_PROXY: z.string().optional(),
  REDIS_URL: z.string().url().optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(25000),
  METRICS_TOKEN: z.string().min(16).optional(),
  INTERNAL_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  INTERNAL_HOST: z.string().min(1).default("127.0.0.1"),
  EFI_BASE_URL: z.string().url().default(EFI_PRODUCTION_URL),
  EFI_CLIENT_ID: z.string().min(1).optional(),
  EFI_CLIENT_SECRET: z.string().min(1).optional(),
  EFI_CERT_FILE: z.string().min(1).optional(),
  EFI_CA_FILE: z.string().min(1).optional(),
  EFI_PIX_KEY: z.string().min(1).max(77).optional(),
  EFI_WEBHOOK_SECRET: z
    .string()
    .min(16, "at least 16 characters")
    .max(200)
    .regex(/^[A-Za-z0-9._~-]+$/, "letters, digits and . _ ~ - only (it travels in a URL)")
    .optional(),
  EFI_RECONCILE_EVERY_S: z.coerce.number().int().min(5).max(86400).default(60),
  /** The account's number at Efí: Pix Automático's recurring charges credit it (`cobr.recebedor.conta`). */
  EFI_ACCOUNT_NUMBER: z
    .string()
    .regex(/^\d{1,20}$/, "digits only, at most 20")
    .optional(),
  SMTP_URL: z
    .string()
    .url()
    .refine((value) => /^smtps?:$/.test(new URL(value).protocol), "expected smtp://… or smtps://…")
    .optional(),
  MAIL_FROM: z.string().min(3).max(320).optional(),
});

/** PIX_PROVIDER=efi (CONTRACT §10): the variables, checked present at load; the files are read at start. */
export interface EfiConfig {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  certFile: string;
  caFile: string | undefined;
  pixKey: string;
  webhookSecret: string;
  reconcileEverySeconds: number;
  /** Optional: without it Pix Automático's recurring charges cannot be made (503). */
  accountNumber: string | null;
}

const EFI_REQUIRED = [
  "EFI_CLIENT_ID",
  "EFI_CLIENT_SECRET",
  "EFI_CERT_FILE",
  "EFI_PIX_KEY",
  "EFI_WEBHOOK_SECRET",
] as const;

export type RawEnv = Record<string, string | undefined>;

export interface AppConfig {
  env: "development" | "production" | "test";
  port: number;
  /** The primary (several hosts: the writable one is used, contract §14); the API's pool, which may be a pooler in transaction mode. */
  databaseUrl: string | undefined;
  /**
   * PostgreSQL itself when DATABASE_URL is a pooler in transaction mode (PgBouncer): what
   * needs a session of its own uses it (the migrations' advisory lock, LISTEN, the job
   * queue, the webhook claims' named statement). Unset: DATABASE_URL.
   */
  databaseDirectUrl: string | undefined;
  /** A streaming replica for the reads that tolerate lag (lists, search, dashboards, statements, exports, balanceAudit). */
  databaseReadUrl: string | undefined;
  /** A replica further behind than this (seconds) is skipped. */
  readReplicaMaxLagSeconds: number;
  /** How often the replica's lag is measured. */
  readReplicaCheckMs: number;
  dataDir: string;
  /** Asked for; unset, the embedded PostgreSQL keeps the port remembered under the data directory (54329 at first). */
  embeddedPgPort: number | undefined;
  adminApiToken: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  pixProvider: "sandbox" | "efi";
  /** Set when PIX_PROVIDER=efi. */
  efi: EfiConfig | null;
  sandboxSettleMs: number;
  providerWebhookSecret: string | undefined;
  webhookTimeoutMs: number;
  /** Delays in ms before each retry after the first attempt. */
  webhookRetryScheduleMs: number[];
  webhookAllowPrivate: boolean;
  defaultFeePercent: string;
  defaultFeeFixed: string;
  publicBaseUrl: string;
  rateLimitRps: number;
  runWorker: boolean;
  /** Jobs other than webhook deliveries (bank submissions, settlements) one worker process runs at once. */
  workerConcurrency: number;
  /** Webhook deliveries one worker process has in flight at once (they wait on the network, not the database). */
  webhookConcurrency: number;
  /** How often a worker process says it is alive; silent for 6 beats, its jobs go to others. */
  workerHeartbeatMs: number;
  chargeExpirySweepMs: number;
  dbPoolSize: number;
  /**
   * Longest a statement may run (lock waits included), and how long a request waits for
   * a pooled connection; a transaction idle twice that long is ended. 0 = no limits.
   */
  statementTimeoutMs: number;
  graphqlIntrospection: boolean;
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  /** The admin console on the API's port: on (production build), dev (hot reload) or off. */
  console: "on" | "off" | "dev";
  /** A console session unused this long is over. */
  sessionIdleMinutes: number;
  /** Sessions a console user may hold at once; a new sign-in ends the oldest beyond it. */
  sessionMaxPerUser: number;
  /** Sign-in attempts a minute from one client address (an office behind one NAT may need more). */
  signInPerAddressPerMinute: number;
  /** A console session is over this long after sign-in, used or not. */
  sessionMaxHours: number;
  /** Maker-checker: withdrawals and adjustments above this amount (centavos) need two operators; null = off (`off`). */
  approvalSecondOperatorAboveCents: bigint | null;
  /** Maker-checker: what one operator moved alone on one account in this many hours counts towards the threshold (0 = per item). */
  approvalSecondOperatorWindowHours: number;
  /** Operators must enrol a second factor (TOTP) at their first sign-in and give it at every sign-in. */
  requireOperator2fa: boolean;
  /** Keys of the secrets encrypted at rest, current first; unset: see core/secrets-key-file.ts. */
  secretsKey: Buffer[] | undefined;
  /**
   * Which proxies' X-Forwarded-For is believed for the client address: none (false), the
   * nearest N hops, or proxies at these addresses / CIDR ranges.
   */
  trustProxy: false | number | string[];
  /** Rate-limit counters in Redis instead of PostgreSQL. */
  redisUrl: string | undefined;
  /** On SIGTERM/SIGINT, requests and job attempts in flight get this long to finish; then the exit is forced (code 1). */
  shutdownTimeoutMs: number;
  /** Bearer token of GET /metrics on the API port; unset: /metrics is 404 there. */
  metricsToken: string | undefined;
  /** A second, internal port with /healthz, /readyz and /metrics (no token); unset: none. */
  internalPort: number | undefined;
  internalHost: string;
  /** SMTP_URL: where e-mails are sent (server/src/mail/); unset: they are written to the log. */
  smtpUrl: string | undefined;
  /** MAIL_FROM: the sender of the service's e-mails; default `PIX <no-reply@<PUBLIC_BASE_URL's host>>`. */
  mailFrom: string;
}

/** proxy-addr's names for ranges, as Fastify's trustProxy accepts them. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** TRUST_PROXY: a hop count ("1"), or a comma list of addresses, CIDR ranges and range names. */
export function parseTrustProxy(raw: string | undefined): false | number | string[] {
  if (raw === undefined || raw.trim() === "") return false;
  if (/^\d+$/.test(raw.trim())) return Number(raw.trim());
  return raw.split(",").map((part) => {
    const entry = part.trim();
    const [address, bits, ...rest] = entry.split("/");
    const version = isIP(address);
    const maxBits = version === 6 ? 128 : 32;
    const validBits = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits);
    if (PROXY_RANGE_NAMES.has(entry) || (version !== 0 && validBits && rest.length === 0)) return entry;
    throw new Error(
      `TRUST_PROXY: "${entry}" is not a hop count, an address, a CIDR range or loopback/linklocal/uniquelocal`,
    );
  });
}

const DURATION_UNITS_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Parses "5s,5m,30m,2h" into milliseconds; an empty string means no retries. */
export function parseRetrySchedule(schedule: string): number[] {
  if (schedule.trim() === "") return [];
  return schedule.split(",").map((part) => {
    const match = /^(\d+)(ms|s|m|h|d)$/.exec(part.trim());
    if (!match) throw new Error(`WEBHOOK_RETRY_SCHEDULE: "${part}" is not a duration like 5s, 5m or 2h`);
    return Number(match[1]) * DURATION_UNITS_MS[match[2]];
  });
}

/**
 * The connection strings read as libpq reads them (several hosts, target_session_attrs), so
 * that a mistake stops the start with its variable's name. DATABASE_URL and
 * DATABASE_DIRECT_URL are where writes go: a list of hosts must ask for the writable one.
 */
function checkDatabaseUrls(e: z.infer<typeof envSchema>): void {
  const problems: string[] = [];
  for (const [name, value, writes] of [
    ["DATABASE_URL", e.DATABASE_URL, true],
    ["DATABASE_DIRECT_URL", e.DATABASE_DIRECT_URL, true],
    ["DATABASE_READ_URL", e.DATABASE_READ_URL, false],
  ] as const) {
    if (value === undefined) continue;
    try {
      const address = parseDatabaseUrl(value);
      if (writes && !["any", "read-write", "primary"].includes(address.attrs))
        problems.push(`${name}: target_session_attrs=${address.attrs} cannot take writes`);
      else if (writes && address.hosts.length > 1 && address.attrs === "any")
        problems.push(`${name}: with several hosts, add target_session_attrs=read-write (the service writes)`);
    } catch (error) {
      problems.push(`${name}: ${(error as Error).message}`);
    }
  }
  if (e.DATABASE_DIRECT_URL !== undefined && e.DATABASE_URL === undefined)
    problems.push("DATABASE_DIRECT_URL: only with DATABASE_URL (the embedded PostgreSQL needs neither)");
  if (e.DATABASE_READ_URL !== undefined && e.DATABASE_URL === undefined)
    problems.push("DATABASE_READ_URL: only with DATABASE_URL (a replica of the embedded PostgreSQL is not started)");
  if (problems.length > 0) throw new Error(`Invalid configuration: ${problems.join("; ")}`);
}

export function loadConfig(rawEnv: RawEnv = process.env): AppConfig {
  // Empty strings count as unset, as they do in most .env tooling.
  const env = Object.fromEntries(Object.entries(rawEnv).filter(([, value]) => value !== undefined && value !== ""));
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  checkDatabaseUrls(e);
  const publicBaseUrl = (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  if (e.PIX_PROVIDER === "efi") {
    const missing = EFI_REQUIRED.filter((name) => e[name] === undefined);
    if (missing.length > 0) {
      throw new Error(
        `Invalid configuration: ${missing.map((name) => `${name}: required when PIX_PROVIDER=efi`).join("; ")}`,
      );
    }
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    databaseDirectUrl: e.DATABASE_DIRECT_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    readReplicaMaxLagSeconds: e.READ_REPLICA_MAX_LAG_S,
    readReplicaCheckMs: e.READ_REPLICA_CHECK_MS,
    // .data/ at the repository root, wherever the command was started from.
    dataDir: e.DATA_DIR ? resolve(e.DATA_DIR) : join(REPOSITORY_ROOT, ".data"),
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    adminApiToken: e.ADMIN_API_TOKEN,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    pixProvider: e.PIX_PROVIDER,
    efi:
      e.PIX_PROVIDER === "efi"
        ? {
            baseUrl: e.EFI_BASE_URL.replace(/\/+$/, ""),
            clientId: e.EFI_CLIENT_ID as string,
            clientSecret: e.EFI_CLIENT_SECRET as string,
            certFile: resolve(e.EFI_CERT_FILE as string),
            caFile: e.EFI_CA_FILE === undefined ? undefined : resolve(e.EFI_CA_FILE),
            pixKey: e.EFI_PIX_KEY as string,
            webhookSecret: e.EFI_WEBHOOK_SECRET as string,
            reconcileEverySeconds: e.EFI_RECONCILE_EVERY_S,
            accountNumber: e.EFI_ACCOUNT_NUMBER ?? null,
          }
        : null,
    sandboxSettleMs: e.SANDBOX_SETTLE_MS,
    providerWebhookSecret: e.PROVIDER_WEBHOOK_SECRET,
    webhookTimeoutMs: e.WEBHOOK_TIMEOUT_MS,
    webhookRetryScheduleMs: parseRetrySchedule(e.WEBHOOK_RETRY_SCHEDULE),
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
    defaultFeePercent: e.DEFAULT_FEE_PERCENT,
    defaultFeeFixed: e.DEFAULT_FEE_FIXED,
    publicBaseUrl,
    rateLimitRps: e.RATE_LIMIT_RPS,
    runWorker: e.RUN_WORKER,
    workerConcurrency: e.WORKER_CONCURRENCY,
    webhookConcurrency: e.WEBHOOK_CONCURRENCY,
    workerHeartbeatMs: e.WORKER_HEARTBEAT_MS,
    chargeExpirySweepMs: e.CHARGE_EXPIRY_SWEEP_MS,
    dbPoolSize: e.DB_POOL_SIZE,
    statementTimeoutMs: e.STATEMENT_TIMEOUT_MS,
    graphqlIntrospection: e.GRAPHQL_INTROSPECTION ?? e.NODE_ENV !== "production",
    logLevel: e.LOG_LEVEL,
    console: e.CONSOLE,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionMaxPerUser: e.SESSION_MAX_PER_USER,
    signInPerAddressPerMinute: e.SIGN_IN_PER_ADDRESS_PER_MINUTE,
    sessionMaxHours: e.SESSION_MAX_HOURS,
    approvalSecondOperatorAboveCents:
      e.APPROVAL_SECOND_OPERATOR_ABOVE === "off" ? null : parseBrl(e.APPROVAL_SECOND_OPERATOR_ABOVE),
    approvalSecondOperatorWindowHours: e.APPROVAL_SECOND_OPERATOR_WINDOW_H,
    requireOperator2fa: e.REQUIRE_OPERATOR_2FA,
    secretsKey: e.SECRETS_KEY === undefined ? undefined : parseSecretsKeys(e.SECRETS_KEY),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    redisUrl: e.REDIS_URL,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    metricsToken: e.METRICS_TOKEN,
    internalPort: e.INTERNAL_PORT,
    internalHost: e.INTERNAL_HOST,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `PIX <no-reply@${new URL(publicBaseUrl).hostname}>`,
  };
}
