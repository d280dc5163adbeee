import pg from "pg";
import { DataSource } from "typeorm";
import { ClientCredential } from "../auth/client-credential.entity";
import { Charge } from "../charges/charge.entity";
import { Company } from "../companies/company.entity";
import { ConsoleUser } from "../console-users/console-user.entity";
import { Adjustment } from "../ledger/adjustment.entity";
import { LedgerEntry } from "../ledger/ledger-entry.entity";
import { InitialSchema1763800000000 } from "../migrations/1763800000000-initial-schema";
import { WithdrawalLifecycle1763800100000 } from "../migrations/1763800100000-withdrawal-lifecycle";
import { WebhookDelivery1763800200000 } from "../migrations/1763800200000-webhook-delivery";
import { AccountPendingWithdrawals1763800300000 } from "../migrations/1763800300000-account-pending-withdrawals";
import { MalformedPixNotifications1763800500000 } from "../migrations/1763800500000-malformed-pix-notifications";
import { ConsoleUsers1763800600000 } from "../migrations/1763800600000-console-users";
import { AuditLog1763800610000 } from "../migrations/1763800610000-audit-log";
import { MakerChecker1763800620000 } from "../migrations/1763800620000-maker-checker";
import { RateLimits1763800700000 } from "../migrations/1763800700000-rate-limits";
import { ListsThatScale1763800800000 } from "../migrations/1763800800000-lists-that-scale";
import { WebhookRequestIds1763800900000 } from "../migrations/1763800900000-webhook-request-ids";
import { WebhookHotUpdates1763801000000 } from "../migrations/1763801000000-webhook-hot-updates";
import { PaymentExceptionExpectedAmount1763801100000 } from "../migrations/1763801100000-payment-exception-expected-amount";
import { WebhookEventQueue1763801200000 } from "../migrations/1763801200000-webhook-event-queue";
import { RateLimitBuckets1763902000000 } from "../migrations/1763902000000-rate-limit-buckets";
import { Refunds1763905000000 } from "../migrations/1763905000000-refunds";
import { Efi1763906000000 } from "../migrations/1763906000000-efi";
import { PaymentException } from "../provider/payment-exception.entity";
import { Refund } from "../refunds/refund.entity";
import { WebhookAttempt } from "../webhooks/webhook-attempt.entity";
import { WebhookEvent } from "../webhooks/webhook-event.entity";
import { Withdrawal } from "../withdrawals/withdrawal.entity";
import { WithdrawalTransition } from "../withdrawals/withdrawal-transition.entity";
import { ServiceSetting } from "./service-setting.entity";

export const ENTITIES = [
  ServiceSetting,
  Company,
  ClientCredential,
  Charge,
  Withdrawal,
  WithdrawalTransition,
  Adjustment,
  LedgerEntry,
  WebhookEvent,
  WebhookAttempt,
  PaymentException,
  ConsoleUser,
  Refund,
];

/** Migrations in order; the schema only ever changes through them. */
export const MIGRATIONS = [
  InitialSchema1763800000000,
  WithdrawalLifecycle1763800100000,
  WebhookDelivery1763800200000,
  AccountPendingWithdrawals1763800300000,
  MalformedPixNotifications1763800500000,
  ConsoleUsers1763800600000,
  AuditLog1763800610000,
  MakerChecker1763800620000,
  ListsThatScale1763800800000,
  RateLimits1763800700000,
  WebhookRequestIds1763800900000,
  WebhookHotUpdates1763801000000,
  PaymentExceptionExpectedAmount1763801100000,
  WebhookEventQueue1763801200000,
  RateLimitBuckets1763902000000,
  Refunds1763905000000,
  Efi1763906000000,
];

/**
 * pg emits "error" on a client whose backend ends (killed, server restarting) while no query
 * runs on it. TypeORM listens while a query runner holds the client and the pool while it is
 * idle, but not in every moment between (a second error after the first one released it):
 * such an error, unheard, is an uncaught exception that ends the process. Every client
 * therefore keeps a listener of its own; the query in flight, TypeORM and the pool still get
 * the error as before and drop the connection.
 */
class ResilientClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on("error", () => undefined);
  }
}

/** Limits of every pooled connection (see AppConfig.statementTimeoutMs); 0 or absent: none. */
export interface ConnectionLimits {
  statementTimeoutMs?: number;
}

export function createDataSource(url: string, poolSize: number, limits: ConnectionLimits = {}): DataSource {
  const timeoutMs = limits.statementTimeoutMs ?? 0;
  return new DataSource({
    type: "postgres",
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: "schema_migrations",
    synchronize: false,
    logging: false,
    extra: {
      max: poolSize,
      Client: ResilientClient,
      // Sent at connect: no statement (nor lock wait) outlives the request that asked for it,
      // and a transaction its process forgot (idle in it) gives its locks back.
      ...(timeoutMs > 0
        ? {
            statement_timeout: timeoutMs,
            idle_in_transaction_session_timeout: timeoutMs * 2,
            // A full pool or an unreachable server fails the request (503) instead of hanging it.
            connectionTimeoutMillis: timeoutMs,
          }
        : {}),
    },
  });
}

/**
 * Applies pending migrations, then opens the pool. Safe when several processes start at
 * once. Migrations run on a connection of their own without the statement timeout: an
 * index build on a large table, or the wait for another process's migrations, may take
 * longer than any request should.
 */
export async function openDatabase(url: string, poolSize: number, limits: ConnectionLimits = {}): Promise<DataSource> {
  const migrator = createDataSource(url, 2); // one holds the lock, one runs the migrations
  await migrator.initialize();
  try {
    // One process migrates at a time; the others wait, then find nothing to do.
    const runner = migrator.createQueryRunner();
    await runner.connect();
    try {
      await runner.query("SELECT pg_advisory_lock(727274)");
      await migrator.runMigrations({ transaction: "each" });
    } finally {
      await runner.query("SELECT pg_advisory_unlock(727274)").catch(() => undefined);
      await runner.release();
    }
  } finally {
    await migrator.destroy();
  }
  const db = createDataSource(url, poolSize, limits);
  await db.initialize();
  return db;
}
