import { resolve } from "node:path";
import { z } from "zod";

/**
 * The only place that reads process.env. Everything else receives this typed object,
 * so tests can build a service with any configuration without touching globals.
 */
const booleanFromEnv = z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1");

const decimalString = z.string().regex(/^\d+(\.\d{1,2})?$/, "expected a decimal with at most two places");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  DATABASE_URL: z.string().min(1).optional(),
  DATA_DIR: z.string().optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  ADMIN_API_TOKEN: z.string().min(16).optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  PIX_PROVIDER: z.enum(["sandbox"]).default("sandbox"),
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
  WORKER_HEARTBEAT_MS: z.coerce.number().int().min(50).default(5000),
  CHARGE_EXPIRY_SWEEP_MS: z.coerce.number().int().min(100).default(30000),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  GRAPHQL_INTROSPECTION: booleanFromEnv.optional(),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
});

export type RawEnv = Record<string, string | undefined>;

export interface AppConfig {
  env: "development" | "production" | "test";
  port: number;
  databaseUrl: string | undefined;
  dataDir: string;
  embeddedPgPort: number;
  adminApiToken: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  pixProvider: "sandbox";
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
  /** Jobs one worker process runs at once (webhook deliveries, bank submissions). */
  workerConcurrency: number;
  /** How often a worker process says it is alive; silent for 6 beats, its jobs go to others. */
  workerHeartbeatMs: number;
  chargeExpirySweepMs: number;
  dbPoolSize: number;
  graphqlIntrospection: boolean;
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
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

export function loadConfig(rawEnv: RawEnv = process.env): AppConfig {
  // Empty strings count as unset, as they do in most .env tooling.
  const env = Object.fromEntries(Object.entries(rawEnv).filter(([, value]) => value !== undefined && value !== ""));
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    // .data/ at the repository root, wherever the command was started from.
    dataDir: e.DATA_DIR ? resolve(e.DATA_DIR) : resolve(__dirname, "../../../.data"),
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    adminApiToken: e.ADMIN_API_TOKEN,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    pixProvider: e.PIX_PROVIDER,
    sandboxSettleMs: e.SANDBOX_SETTLE_MS,
    providerWebhookSecret: e.PROVIDER_WEBHOOK_SECRET,
    webhookTimeoutMs: e.WEBHOOK_TIMEOUT_MS,
    webhookRetryScheduleMs: parseRetrySchedule(e.WEBHOOK_RETRY_SCHEDULE),
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
    defaultFeePercent: e.DEFAULT_FEE_PERCENT,
    defaultFeeFixed: e.DEFAULT_FEE_FIXED,
    publicBaseUrl: (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    rateLimitRps: e.RATE_LIMIT_RPS,
    runWorker: e.RUN_WORKER,
    workerConcurrency: e.WORKER_CONCURRENCY,
    workerHeartbeatMs: e.WORKER_HEARTBEAT_MS,
    chargeExpirySweepMs: e.CHARGE_EXPIRY_SWEEP_MS,
    dbPoolSize: e.DB_POOL_SIZE,
    graphqlIntrospection: e.GRAPHQL_INTROSPECTION ?? e.NODE_ENV !== "production",
    logLevel: e.LOG_LEVEL,
  };
}
