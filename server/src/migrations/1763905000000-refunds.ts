import type { MigrationInterface, QueryRunner } from "typeorm";

/** As the lists-that-scale migration: 16 slots per account and status, deltas applied in key order. */
const REFUND_COUNTER_DELTAS: Record<"insert" | "update" | "delete", string> = {
  insert: "SELECT company_id, status, hashtext(id) & 15 AS slot, 1 AS dn, amount_cents AS da FROM new_rows",
  update: `SELECT company_id, status, hashtext(id) & 15 AS slot, -1 AS dn, -amount_cents AS da FROM old_rows
           UNION ALL
           SELECT company_id, status, hashtext(id) & 15 AS slot, 1 AS dn, amount_cents AS da FROM new_rows`,
  delete: "SELECT company_id, status, hashtext(id) & 15 AS slot, -1 AS dn, -amount_cents AS da FROM old_rows",
};
const REFERENCING = {
  insert: "REFERENCING NEW TABLE AS new_rows",
  update: "REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows",
  delete: "REFERENCING OLD TABLE AS old_rows",
};

const refundCounterTriggers = (["insert", "update", "delete"] as const)
  .map(
    (operation) => `
      CREATE FUNCTION refunds_count_${operation}() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        INSERT INTO list_counters AS c (company_id, list, status, slot, n, amount_cents, net_amount_cents)
        SELECT company_id, 'refunds', status, slot, sum(dn), sum(da), sum(da)
          FROM (${REFUND_COUNTER_DELTAS[operation]}) d
         GROUP BY company_id, status, slot
        HAVING sum(dn) <> 0 OR sum(da) <> 0
         ORDER BY company_id, status, slot
        ON CONFLICT (company_id, list, status, slot) DO UPDATE
           SET n = c.n + excluded.n, amount_cents = c.amount_cents + excluded.amount_cents,
               net_amount_cents = c.net_amount_cents + excluded.net_amount_cents;
        RETURN NULL;
      END
      $fn$;
      CREATE TRIGGER refunds_count_${operation} AFTER ${operation.toUpperCase()} ON refunds
        ${REFERENCING[operation]} FOR EACH STATEMENT EXECUTE FUNCTION refunds_count_${operation}();`,
  )
  .join("\n");

/**
 * Refunds (devoluções) of PAID charges (CONTRACT §8).
 *
 * - `refunds`: one row per devolução asked for, PROCESSING until the bank returns the money
 *   (REFUNDED) or does not (FAILED). Its Idempotency-Key is unique on the account, as a
 *   withdrawal's is. `submitted_at` is when the bank first took it.
 * - `charges.refunded_amount_cents`: the sum of the charge's refunds that are not FAILED,
 *   moved in the transaction of each refund under the charge's row lock; the CHECK makes
 *   refunding more than the charge impossible whatever writes the row.
 * - Ledger entries name the refund they move: REFUND_RESERVED (the amount leaves the
 *   balance when the refund is created) and REFUND_FAILED (it comes back), each at most once.
 *   As a withdrawal's reservation, a refund's may never take the balance below zero.
 * - `list_counters` count refunds per account and status (list 'refunds'), moved by
 *   statement-level triggers as the charges' and withdrawals' are: the merchant's overview
 *   reads the refunds held by the balance from a few rows.
 * - A payment exception of kind UNKNOWN_RETURN: the bank reported a devolução the service
 *   did not ask for, or one whose report disagrees with what it asked for.
 */
export class Refunds1763905000000 implements MigrationInterface {
  name = "Refunds1763905000000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE refunds (
        id text PRIMARY KEY CHECK (id ~ '^rf_[A-Za-z0-9]{24}$'),
        company_id text NOT NULL REFERENCES companies(id),
        charge_id text NOT NULL REFERENCES charges(id),
        amount_cents bigint NOT NULL CHECK (amount_cents > 0),
        status text NOT NULL CHECK (status IN ('PROCESSING', 'REFUNDED', 'FAILED')),
        reason text,
        return_id text UNIQUE,
        failure_reason text,
        retry_count integer NOT NULL DEFAULT 0,
        idempotency_key text,
        request_fingerprint text,
        requested_by text NOT NULL,
        submitted_at timestamptz,
        refunded_at timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        CHECK (status <> 'REFUNDED' OR refunded_at IS NOT NULL),
        CHECK (status <> 'FAILED' OR failure_reason IS NOT NULL)
      );
      CREATE UNIQUE INDEX refunds_idempotency_key ON refunds(company_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
      CREATE INDEX refunds_charge ON refunds(charge_id, created_at, id);
      CREATE INDEX refunds_company_newest ON refunds(company_id, created_at DESC, id DESC);
      CREATE INDEX refunds_processing ON refunds(created_at) WHERE status = 'PROCESSING';

      ALTER TABLE list_counters DROP CONSTRAINT list_counters_list_check,
        ADD CONSTRAINT list_counters_list_check CHECK (list IN ('charges', 'withdrawals', 'adjustments', 'refunds'));
      ${refundCounterTriggers}

      ALTER TABLE charges ADD COLUMN refunded_amount_cents bigint NOT NULL DEFAULT 0,
        ADD CONSTRAINT charges_refunds_within_amount
          CHECK (refunded_amount_cents >= 0 AND refunded_amount_cents <= amount_cents);

      ALTER TABLE ledger_entries ADD COLUMN refund_id text REFERENCES refunds(id),
        DROP CONSTRAINT ledger_entries_kind_check,
        ADD CONSTRAINT ledger_entries_kind_check CHECK (kind IN ('CHARGE_PAID', 'CHARGE_RESERVED', 'CHARGE_RELEASED',
          'ADJUSTMENT', 'WITHDRAWAL_RESERVED', 'WITHDRAWAL_REFUNDED', 'REFUND_RESERVED', 'REFUND_FAILED')),
        ADD CONSTRAINT ledger_refund_reserved_not_negative CHECK (kind <> 'REFUND_RESERVED' OR balance_after_cents >= 0);
      CREATE UNIQUE INDEX ledger_refund_reserved_once ON ledger_entries(refund_id) WHERE kind = 'REFUND_RESERVED';
      CREATE UNIQUE INDEX ledger_refund_failed_once ON ledger_entries(refund_id) WHERE kind = 'REFUND_FAILED';

      ALTER TABLE payment_exceptions
        DROP CONSTRAINT payment_exceptions_kind_check,
        ADD CONSTRAINT payment_exceptions_kind_check CHECK (kind IN ('UNKNOWN_TXID', 'AMOUNT_MISMATCH',
          'CHARGE_EXPIRED', 'CHARGE_CANCELLED', 'ALREADY_PAID', 'MALFORMED', 'UNKNOWN_RETURN'));
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      DELETE FROM payment_exceptions WHERE kind = 'UNKNOWN_RETURN';
      ALTER TABLE payment_exceptions
        DROP CONSTRAINT payment_exceptions_kind_check,
        ADD CONSTRAINT payment_exceptions_kind_check CHECK (kind IN ('UNKNOWN_TXID', 'AMOUNT_MISMATCH',
          'CHARGE_EXPIRED', 'CHARGE_CANCELLED', 'ALREADY_PAID', 'MALFORMED'));
      DROP INDEX ledger_refund_failed_once;
      DROP INDEX ledger_refund_reserved_once;
      DELETE FROM ledger_entries WHERE kind IN ('REFUND_RESERVED', 'REFUND_FAILED');
      ALTER TABLE ledger_entries DROP CONSTRAINT ledger_refund_reserved_not_negative,
        DROP CONSTRAINT ledger_entries_kind_check,
        ADD CONSTRAINT ledger_entries_kind_check CHECK (kind IN ('CHARGE_PAID', 'CHARGE_RESERVED', 'CHARGE_RELEASED',
          'ADJUSTMENT', 'WITHDRAWAL_RESERVED', 'WITHDRAWAL_REFUNDED')),
        DROP COLUMN refund_id;
      ALTER TABLE charges DROP CONSTRAINT charges_refunds_within_amount, DROP COLUMN refunded_amount_cents;
      DROP TABLE refunds;
      DROP FUNCTION refunds_count_insert(), refunds_count_update(), refunds_count_delete();
      DELETE FROM list_counters WHERE list = 'refunds';
      ALTER TABLE list_counters DROP CONSTRAINT list_counters_list_check,
        ADD CONSTRAINT list_counters_list_check CHECK (list IN ('charges', 'withdrawals', 'adjustments'));
    `);
  }
}
