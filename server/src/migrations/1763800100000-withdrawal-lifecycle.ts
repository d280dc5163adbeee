import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The bank side: inbound PIX payments remembered by end-to-end id (so a notification
 * delivered twice is applied once), and the payments the service would not credit,
 * kept for an operator to review. Outbox events gain an insertion sequence.
 */
export class WithdrawalLifecycle1763800100000 implements MigrationInterface {
  name = "WithdrawalLifecycle1763800100000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE inbound_pix_payments (
        end_to_end_id text PRIMARY KEY,
        txid text NOT NULL,
        amount_cents bigint NOT NULL,
        outcome text NOT NULL,
        charge_id text REFERENCES charges(id),
        received_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX inbound_pix_payments_txid ON inbound_pix_payments(txid);

      CREATE TABLE payment_exceptions (
        id text PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('UNKNOWN_TXID', 'AMOUNT_MISMATCH', 'CHARGE_EXPIRED', 'CHARGE_CANCELLED', 'ALREADY_PAID')),
        status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'RESOLVED')),
        end_to_end_id text UNIQUE,
        txid text NOT NULL,
        amount_cents bigint NOT NULL,
        charge_id text REFERENCES charges(id),
        company_id text REFERENCES companies(id),
        payer_name text,
        payer_document text,
        paid_at timestamptz NOT NULL,
        notification jsonb NOT NULL,
        resolution text,
        resolved_by text,
        resolved_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (status = 'OPEN' OR resolved_at IS NOT NULL)
      );
      CREATE INDEX payment_exceptions_status_newest ON payment_exceptions(status, created_at DESC, id DESC);
      CREATE INDEX payment_exceptions_company ON payment_exceptions(company_id, created_at DESC);

      -- Events of one transaction share now(): the insertion order is what orders them.
      ALTER TABLE webhook_events ADD COLUMN sequence bigint GENERATED ALWAYS AS IDENTITY;
      CREATE INDEX webhook_events_subject_sequence ON webhook_events(subject_id, sequence);
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query("ALTER TABLE webhook_events DROP COLUMN sequence");
    await db.query("DROP TABLE payment_exceptions, inbound_pix_payments");
  }
}
