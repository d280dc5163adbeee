import type pg from "pg";
import { buildDynamicBrCode } from "../src/charges/br-code";
import { bar, count, duration, isInteractive, log, status } from "./terminal";

/**
 * Gives an account a long history of paid charges, straight in SQL (INSERT ... SELECT
 * generate_series, in batches): each charge PAID with its CHARGE_PAID ledger entry and a
 * running balance_after, and the account's running balance set to the sum, so the
 * service's balanceAudit agrees with the ledger. Ids derive from a sequence number:
 * unique, and shaped as the constraints require.
 */
const BATCH_ROWS = 25_000;

// One representative BR Code for every seeded row: its length is what matters to the table.
const SEED_PIX_CODE = buildDynamicBrCode({
  locationUrl: "localhost:4000/pix/v2/benchseedlocation0000000000000",
  amountCents: 10_000n,
  merchantName: "Bench Loja",
  merchantCity: "Sao Paulo",
});

// Fee as the service computes it (core/money calculateFee), in bigint SQL arithmetic:
// round_half_up(amount * percent_centi / 10000) + fixed, capped at the amount.
const INSERT_BATCH = `
  WITH plan AS (
    SELECT fee_percent_centi AS pct, fee_fixed_cents AS fixed FROM companies WHERE id = $1
  ), seeded AS (
    SELECT g AS seq,
           'S' || lpad(upper(to_hex(g)), 7, '0') AS id,
           1000 + (g * 7919) % 99000 AS amount,
           $4::timestamptz - ($5::bigint - g) * interval '1 second' AS created_at
      FROM generate_series($2::bigint, $3::bigint) AS g
  ), priced AS (
    SELECT seeded.*, least(amount, (amount * plan.pct * 2 + 10000) / 20000 + plan.fixed) AS fee
      FROM seeded, plan
  ), inserted AS (
    INSERT INTO charges (id, company_id, amount_cents, fee_cents, net_amount_cents, status, txid, location_id,
                         pix_code, e2e_id, payer_name, paid_at, expires_at, created_at, updated_at)
    SELECT id, $1, amount, fee, amount - fee, 'PAID',
           'benchseed' || lpad(seq::text, 20, '0'),
           'benchloc' || lpad(seq::text, 24, '0'),
           $6,
           'E99999999' || to_char(created_at AT TIME ZONE 'UTC', 'YYYYMMDDHH24MI') || lpad(seq::text, 11, '0'),
           'Pagador Bench', created_at + interval '30 seconds', created_at + interval '1 hour',
           created_at, created_at + interval '30 seconds'
      FROM priced
  )
  INSERT INTO ledger_entries (company_id, kind, amount_cents, balance_after_cents, charge_id, created_at)
  SELECT $1, 'CHARGE_PAID', amount - fee, $7::bigint + sum(amount - fee) OVER (ORDER BY seq), id,
         created_at + interval '30 seconds'
    FROM priced
   ORDER BY seq`;

export interface SeedRange {
  companyId: string;
  label: string;
  /** First sequence number: ranges of different accounts must not overlap. */
  firstSeq: number;
  rows: number;
}

async function seedBatch(client: pg.PoolClient, range: SeedRange, from: number, to: number, at: Date) {
  await client.query("BEGIN");
  try {
    const locked = await client.query<{ balance_cents: string }>(
      "SELECT balance_cents FROM companies WHERE id = $1 FOR UPDATE",
      [range.companyId],
    );
    const lastSeq = range.firstSeq + range.rows - 1;
    await client.query(INSERT_BATCH, [
      range.companyId,
      from,
      to,
      at,
      lastSeq,
      SEED_PIX_CODE,
      locked.rows[0].balance_cents,
    ]);
    await client.query(
      `UPDATE companies SET updated_at = now(), balance_cents =
         (SELECT balance_after_cents FROM ledger_entries WHERE company_id = $1 ORDER BY id DESC LIMIT 1)
        WHERE id = $1`,
      [range.companyId],
    );
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  }
}

function showProgress(range: SeedRange, done: number, startedAt: number, final = false): void {
  const elapsedS = (Date.now() - startedAt) / 1000;
  const rate = elapsedS > 0 ? done / elapsedS : 0;
  const eta = rate > 0 ? (range.rows - done) / rate : Number.POSITIVE_INFINITY;
  const line =
    `  ${range.label} ${bar(done / range.rows)} ${((done / range.rows) * 100).toFixed(1).padStart(5)}%` +
    `  ${count(done)}/${count(range.rows)} charges  ${count(rate)} rows/s  ` +
    (final ? `took ${duration(elapsedS)}` : `ETA ${duration(eta)}`);
  if (final || !isInteractive()) log(line);
  else status(line);
}

export async function seedPaidCharges(pool: pg.Pool, range: SeedRange): Promise<void> {
  const client = await pool.connect();
  const startedAt = Date.now();
  const at = new Date();
  let lastLoggedTenth = 0;
  try {
    for (let done = 0; done < range.rows; ) {
      const size = Math.min(BATCH_ROWS, range.rows - done);
      const from = range.firstSeq + done;
      await seedBatch(client, range, from, from + size - 1, at);
      done += size;
      // Off a terminal, one line per tenth instead of a redrawn bar.
      const tenth = Math.floor((done / range.rows) * 10);
      if (isInteractive() || tenth > lastLoggedTenth || done === range.rows) {
        lastLoggedTenth = tenth;
        showProgress(range, done, startedAt, done === range.rows);
      }
    }
  } finally {
    client.release();
  }
}

/** Fresh statistics and no dead rows, so autovacuum does not start in the middle of a run. */
export async function vacuumAfterSeed(pool: pg.Pool): Promise<void> {
  await pool.query("VACUUM (ANALYZE) companies, charges, ledger_entries");
}
