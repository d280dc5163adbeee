import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Operators' refunds above APPROVAL_SECOND_OPERATOR_ABOVE (docs/refunds.md): a request that a
 * second, different operator confirms within the window; only the confirmation creates the
 * refund (with the request's idempotency key, so one request makes at most one refund).
 * Merchants never see these rows: the refund statuses stay the contract's.
 */
export class RefundRequests1763914000000 implements MigrationInterface {
  name = "RefundRequests1763914000000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE refund_requests (
        id text PRIMARY KEY CHECK (id ~ '^rfq_[A-Za-z0-9]{24}$'),
        company_id text NOT NULL REFERENCES companies(id),
        charge_id text NOT NULL REFERENCES charges(id),
        amount_cents bigint NOT NULL CHECK (amount_cents > 0),
        reason text,
        status text NOT NULL CHECK (status IN ('REQUESTED', 'CONFIRMED', 'REJECTED')),
        idempotency_key text NOT NULL,
        request_fingerprint text NOT NULL,
        requested_by text NOT NULL,
        decided_by text,
        rejection_reason text,
        refund_id text REFERENCES refunds(id),
        requested_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        decided_at timestamptz,
        CHECK ((status = 'CONFIRMED') = (refund_id IS NOT NULL)),
        CHECK ((status = 'REQUESTED') = (decided_at IS NULL)),
        CHECK (status <> 'CONFIRMED' OR decided_by IS DISTINCT FROM requested_by)
      );
      CREATE UNIQUE INDEX refund_requests_idempotency_key ON refund_requests(company_id, idempotency_key);
      CREATE INDEX refund_requests_charge ON refund_requests(charge_id, requested_at, id);
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query("DROP TABLE refund_requests");
  }
}
