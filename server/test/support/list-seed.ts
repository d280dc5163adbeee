import type { SqlRunner } from "../../src/core/sql";

/**
 * Fills an account with a long history straight in SQL (INSERT ... SELECT generate_series,
 * in batches), as the bench's history seed does, for measuring the lists at scale: charges
 * (mostly PAID with their CHARGE_PAID ledger entries and the running balance, some EXPIRED,
 * CANCELLED, PENDING and reserved, so that every filter has something rare to find),
 * withdrawals (mostly PAID, some PENDING and FAILED) and webhook events. The triggers keep
 * the list counters and daily volumes as they do for the service's own writes. Ids derive
 * from a sequence number, so ranges of different accounts must not overlap.
 */
export interface ListSeed {
  companyId: string;
  /** First sequence number of this account's rows. */
  firstSeq: number;
  charges: number;
  withdrawals: number;
  webhookEvents: number;
  /** The newest row is created at this time, each older one a second earlier. */
  newest: Date;
  /** Rows per statement. */
  batch?: number;
}

// One statement per batch: charges, then their ledger entries with the running balance.
// Seeded charge ids are 8 characters [A-Z0-9]: 'L' and 7 hex digits.
const CHARGES_BATCH = `
  WITH seeded AS (
    SELECT g AS seq, 'L' || lpad(upper(to_hex(g)), 7, '0') AS id, 1000 + (g * 7919) % 99000 AS amount,
           $4::timestamptz - ($5::bigint - g) * interval '1 second' AS created_at,
           CASE WHEN g % 100 = 0 THEN 'EXPIRED' WHEN g % 100 = 1 THEN 'CANCELLED'
                WHEN g % 1000 = 2 THEN 'PENDING' ELSE 'PAID' END AS status
      FROM generate_series($2::bigint, $3::bigint) AS g
  ), priced AS (
    SELECT seeded.*, amount / 100 AS fee, status = 'PAID' AND seq % 1000 = 3 AS reserved FROM seeded
  ), inserted AS (
    INSERT INTO charges (id, company_id, amount_cents, fee_cents, net_amount_cents, status, txid, location_id,
                         pix_code, e2e_id, payer_name, paid_at, expires_at, cancelled_at, reserved, reserved_reason,
                         created_at, updated_at)
    SELECT id, $1, amount, fee, amount - fee, status, 'listseed' || lpad(seq::text, 24, '0'),
           'listloc' || lpad(seq::text, 25, '0'), 'seeded',
           CASE WHEN status = 'PAID'
                THEN 'E99999999' || to_char(created_at AT TIME ZONE 'UTC', 'YYYYMMDDHH24MI') || lpad(seq::text, 11, '0') END,
           CASE WHEN status = 'PAID' THEN 'Pagador Seed' END,
           CASE WHEN status = 'PAID' THEN created_at + interval '30 seconds' END,
           CASE WHEN status = 'PENDING' THEN now() + interval '30 days' ELSE created_at + interval '1 hour' END,
           CASE WHEN status = 'CANCELLED' THEN created_at + interval '5 minutes' END,
           reserved, CASE WHEN reserved THEN 'seeded hold' END, created_at, created_at + interval '30 seconds'
      FROM priced
  )
  INSERT INTO ledger_entries (company_id, kind, amount_cents, balance_after_cents, charge_id, created_at)
  SELECT $1, 'CHARGE_PAID', amount - fee, $6::bigint + sum(amount - fee) OVER (ORDER BY seq), id,
         created_at + interval '30 seconds'
    FROM priced WHERE status = 'PAID' AND NOT reserved AND amount > fee
   ORDER BY seq`;

const WITHDRAWALS_BATCH = `
  INSERT INTO withdrawals (id, company_id, reference, amount_cents, status, pix_key, pix_key_type, idempotency_key,
                           request_fingerprint, initial_status, initial_queue_position, reason, retry_count, e2e_id,
                           paid_at, created_at, updated_at)
  SELECT 'wd_listseed' || g, $1, 'WDR_LISTSEED' || g, 100 + g % 5000, status, '52998224725', 'CPF',
         'listseed-' || g, 'seeded', 'PENDING', NULL, CASE WHEN status = 'FAILED' THEN 'PIX key not found' END, 0,
         CASE WHEN status = 'PAID'
              THEN 'E99999999' || to_char(created_at AT TIME ZONE 'UTC', 'YYYYMMDDHH24MI') || lpad(g::text, 11, '0') END,
         CASE WHEN status = 'PAID' THEN created_at + interval '10 seconds' END, created_at, created_at + interval '10 seconds'
    FROM (SELECT g, $4::timestamptz - ($5::bigint - g) * interval '10 seconds' AS created_at,
                 CASE WHEN g % 50 = 0 THEN 'PENDING' WHEN g % 50 = 1 THEN 'FAILED' ELSE 'PAID' END AS status
            FROM generate_series($2::bigint, $3::bigint) AS g) s`;

const EVENTS_BATCH = `
  INSERT INTO webhook_events (id, company_id, event, subject_id, body, signature, delivery_status, attempt_count,
                              next_attempt_at, last_attempt_at, delivered_at, created_at)
  SELECT 'evt_listseed' || g, $1, CASE WHEN g % 10 = 0 THEN 'withdrawal.paid' ELSE 'charge.paid' END,
         'L' || lpad(upper(to_hex(g)), 7, '0'), '{}', 'seeded',
         CASE WHEN g % 100 = 0 THEN 'FAILED' ELSE 'DELIVERED' END, 1, NULL, created_at, created_at, created_at
    FROM (SELECT g, $4::timestamptz - ($5::bigint - g) * interval '1 second' AS created_at
            FROM generate_series($2::bigint, $3::bigint) AS g) s`;

async function inBatches(
  runner: SqlRunner,
  rows: number,
  batch: number,
  run: (from: number, to: number) => Promise<void>,
): Promise<void> {
  for (let done = 0; done < rows; done += batch) {
    await runner.query("BEGIN");
    try {
      await run(done, Math.min(rows, done + batch) - 1);
      await runner.query("COMMIT");
    } catch (error) {
      await runner.query("ROLLBACK").catch(() => undefined);
      throw error;
    }
  }
}

/** Seeds on one connection (a pg client or a single-connection runner): each batch is a transaction. */
export async function seedListHistory(runner: SqlRunner, seed: ListSeed): Promise<void> {
  const batch = seed.batch ?? 25_000;
  const first = seed.firstSeq;
  await inBatches(runner, seed.charges, batch, async (from, to) => {
    const rows = (await runner.query("SELECT balance_cents FROM companies WHERE id = $1 FOR NO KEY UPDATE", [
      seed.companyId,
    ])) as Array<{ balance_cents: string }> | { rows: Array<{ balance_cents: string }> };
    const balance = Array.isArray(rows) ? rows[0].balance_cents : rows.rows[0].balance_cents;
    const lastSeq = first + seed.charges - 1;
    await runner.query(CHARGES_BATCH, [seed.companyId, first + from, first + to, seed.newest, lastSeq, balance]);
    await runner.query(
      `UPDATE companies SET updated_at = now(), balance_cents = coalesce(
         (SELECT balance_after_cents FROM ledger_entries WHERE company_id = $1 ORDER BY id DESC LIMIT 1), 0)
        WHERE id = $1`,
      [seed.companyId],
    );
  });
  await inBatches(runner, seed.withdrawals, batch, (from, to) =>
    runner
      .query(WITHDRAWALS_BATCH, [seed.companyId, first + from, first + to, seed.newest, first + seed.withdrawals - 1])
      .then(() => undefined),
  );
  await inBatches(runner, seed.webhookEvents, batch, (from, to) =>
    runner
      .query(EVENTS_BATCH, [seed.companyId, first + from, first + to, seed.newest, first + seed.webhookEvents - 1])
      .then(() => undefined),
  );
}
