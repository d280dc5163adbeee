import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * A raise of an account's auto-approve limit above APPROVAL_SECOND_OPERATOR_ABOVE waits here
 * for a second, different operator (issue 33 item 3, docs/decisions.md): who asked, the
 * limit as it was and the one asked for; the decision and who took it. At most one request
 * of an account waits at a time (the partial unique index).
 */
export class AutoApproveLimitRequests1765200000100 implements MigrationInterface {
  name = "AutoApproveLimitRequests1765200000100";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE auto_approve_limit_requests (
        id text PRIMARY KEY,
        company_id text NOT NULL REFERENCES companies(id),
        previous_limit_cents bigint CHECK (previous_limit_cents >= 0),
        requested_limit_cents bigint NOT NULL CHECK (requested_limit_cents >= 0),
        status text NOT NULL CHECK (status IN ('REQUESTED', 'CONFIRMED', 'DECLINED')),
        requested_by text NOT NULL,
        requested_at timestamptz NOT NULL,
        decided_by text,
        decided_at timestamptz,
        decline_reason text,
        CHECK ((status = 'REQUESTED') = (decided_by IS NULL)),
        CHECK (status <> 'CONFIRMED' OR decided_by <> requested_by)
      );
      CREATE UNIQUE INDEX auto_approve_limit_requests_one_waiting
        ON auto_approve_limit_requests (company_id) WHERE status = 'REQUESTED';
      CREATE INDEX auto_approve_limit_requests_company
        ON auto_approve_limit_requests (company_id, requested_at DESC);
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query("DROP TABLE auto_approve_limit_requests");
  }
}
