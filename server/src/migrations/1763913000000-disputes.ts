import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * MED disputes (Mecanismo Especial de Devolução; docs/disputes.md).
 *
 * - `disputes`: one row per infraction notification of the payer's bank on a PAID charge.
 *   `report_id` is the bank's id of that notification: the same notification twice opens one
 *   dispute. `amount_cents` is what the payer's bank claims; `held_amount_cents` what the
 *   service blocked (the claim, or the balance when it was smaller).
 * - `charges.disputed_amount_cents`: the held amounts of the charge's disputes still OPEN or
 *   REJECTED, moved under the charge's row lock as `refunded_amount_cents` is; the CHECK makes
 *   refunds plus holds above the charge impossible whatever writes the row.
 * - Ledger entries DISPUTE_HELD (the hold leaves the balance; never below zero) and
 *   DISPUTE_RELEASED (it comes back: closed, or turned into the MED devolução) name the dispute.
 * - `refunds.nature`: ORIGINAL for a merchant's or operator's refund, MED_FRAUDE or
 *   MED_OPERACIONAL for the devolução of an accepted dispute (`dispute_id`).
 */
export class Disputes1763913000000 implements MigrationInterface {
  name = "Disputes1763913000000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE disputes (
        id text PRIMARY KEY CHECK (id ~ '^dsp_[A-Za-z0-9]{24}$'),
        company_id text NOT NULL REFERENCES companies(id),
        charge_id text NOT NULL REFERENCES charges(id),
        report_id text NOT NULL UNIQUE,
        nature text NOT NULL CHECK (nature IN ('MED_FRAUDE', 'MED_OPERACIONAL')),
        amount_cents bigint NOT NULL CHECK (amount_cents > 0),
        held_amount_cents bigint NOT NULL CHECK (held_amount_cents >= 0 AND held_amount_cents <= amount_cents),
        status text NOT NULL CHECK (status IN ('OPEN', 'ACCEPTED', 'REJECTED', 'CLOSED')),
        outcome text CHECK (outcome IN ('RETURNED', 'RELEASED')),
        description text,
        merchant_statement text,
        contest_statement text,
        refund_id text REFERENCES refunds(id),
        return_failure_reason text,
        opened_by text NOT NULL,
        decided_by text,
        closed_by text,
        opened_at timestamptz NOT NULL,
        deadline_at timestamptz NOT NULL,
        decided_at timestamptz,
        closed_at timestamptz,
        updated_at timestamptz NOT NULL,
        CHECK ((status = 'CLOSED' OR (status = 'ACCEPTED' AND outcome = 'RETURNED')) = (closed_at IS NOT NULL)),
        CHECK ((closed_at IS NULL) = (outcome IS NULL)),
        CHECK (status <> 'REJECTED' OR contest_statement IS NOT NULL)
      );
      CREATE INDEX disputes_charge ON disputes(charge_id, opened_at, id);
      CREATE INDEX disputes_deadline ON disputes(deadline_at, id);
      CREATE INDEX disputes_company_deadline ON disputes(company_id, deadline_at, id);

      ALTER TABLE charges ADD COLUMN disputed_amount_cents bigint NOT NULL DEFAULT 0,
        ADD CONSTRAINT charges_refunds_and_disputes_within_amount
          CHECK (disputed_amount_cents >= 0 AND refunded_amount_cents + disputed_amount_cents <= amount_cents);

      ALTER TABLE refunds ADD COLUMN nature text NOT NULL DEFAULT 'ORIGINAL'
          CHECK (nature IN ('ORIGINAL', 'MED_FRAUDE', 'MED_OPERACIONAL')),
        ADD COLUMN dispute_id text REFERENCES disputes(id),
        ADD CONSTRAINT refunds_med_has_dispute CHECK ((nature = 'ORIGINAL') = (dispute_id IS NULL));

      ALTER TABLE ledger_entries ADD COLUMN dispute_id text REFERENCES disputes(id),
        DROP CONSTRAINT ledger_entries_kind_check,
        ADD CONSTRAINT ledger_entries_kind_check CHECK (kind IN ('CHARGE_PAID', 'CHARGE_RESERVED', 'CHARGE_RELEASED',
          'ADJUSTMENT', 'WITHDRAWAL_RESERVED', 'WITHDRAWAL_REFUNDED', 'REFUND_RESERVED', 'REFUND_FAILED',
          'DISPUTE_HELD', 'DISPUTE_RELEASED')),
        ADD CONSTRAINT ledger_dispute_held_not_negative CHECK (kind <> 'DISPUTE_HELD' OR balance_after_cents >= 0),
        ADD CONSTRAINT ledger_dispute_entries_name_it CHECK (kind NOT IN ('DISPUTE_HELD', 'DISPUTE_RELEASED') OR dispute_id IS NOT NULL);
      CREATE INDEX ledger_entries_dispute ON ledger_entries(dispute_id) WHERE dispute_id IS NOT NULL;
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      DROP INDEX ledger_entries_dispute;
      DELETE FROM ledger_entries WHERE kind IN ('DISPUTE_HELD', 'DISPUTE_RELEASED');
      ALTER TABLE ledger_entries DROP CONSTRAINT ledger_dispute_entries_name_it,
        DROP CONSTRAINT ledger_dispute_held_not_negative,
        DROP CONSTRAINT ledger_entries_kind_check,
        ADD CONSTRAINT ledger_entries_kind_check CHECK (kind IN ('CHARGE_PAID', 'CHARGE_RESERVED', 'CHARGE_RELEASED',
          'ADJUSTMENT', 'WITHDRAWAL_RESERVED', 'WITHDRAWAL_REFUNDED', 'REFUND_RESERVED', 'REFUND_FAILED')),
        DROP COLUMN dispute_id;
      ALTER TABLE refunds DROP CONSTRAINT refunds_med_has_dispute, DROP COLUMN dispute_id, DROP COLUMN nature;
      ALTER TABLE charges DROP CONSTRAINT charges_refunds_and_disputes_within_amount, DROP COLUMN disputed_amount_cents;
      DROP TABLE disputes;
    `);
  }
}
