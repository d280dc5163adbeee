import { DataSource } from "typeorm";
import { ClientCredential } from "../auth/client-credential.entity";
import { Charge } from "../charges/charge.entity";
import { Company } from "../companies/company.entity";
import { Adjustment } from "../ledger/adjustment.entity";
import { LedgerEntry } from "../ledger/ledger-entry.entity";
import { InitialSchema1763800000000 } from "../migrations/1763800000000-initial-schema";
import { WithdrawalLifecycle1763800100000 } from "../migrations/1763800100000-withdrawal-lifecycle";
import { WebhookDelivery1763800200000 } from "../migrations/1763800200000-webhook-delivery";
import { AccountPendingWithdrawals1763800300000 } from "../migrations/1763800300000-account-pending-withdrawals";
import { PaymentException } from "../provider/payment-exception.entity";
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
];

/** Migrations in order; the schema only ever changes through them. */
export const MIGRATIONS = [
  InitialSchema1763800000000,
  WithdrawalLifecycle1763800100000,
  WebhookDelivery1763800200000,
  AccountPendingWithdrawals1763800300000,
];

export function createDataSource(url: string, poolSize: number): DataSource {
  return new DataSource({
    type: "postgres",
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: "schema_migrations",
    synchronize: false,
    logging: false,
    extra: { max: poolSize },
  });
}

/** Connects and applies pending migrations; safe when several processes start at once. */
export async function openDatabase(url: string, poolSize: number): Promise<DataSource> {
  const db = createDataSource(url, poolSize);
  await db.initialize();
  // One process migrates at a time; the others wait, then find nothing to do.
  const runner = db.createQueryRunner();
  await runner.connect();
  try {
    await runner.query("SELECT pg_advisory_lock(727274)");
    await db.runMigrations({ transaction: "each" });
  } finally {
    await runner.query("SELECT pg_advisory_unlock(727274)").catch(() => undefined);
    await runner.release();
  }
  return db;
}
