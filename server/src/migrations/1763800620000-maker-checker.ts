import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Maker-checker: operators' approvals of a withdrawal (one per operator), and adjustments
 * that wait as REQUESTED (no ledger entry) until a second operator confirms them.
 */
export class MakerChecker1763800620000 implements MigrationInterface {
  name = "MakerChecker1763800620000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE withdrawal_approvals (
        withdrawal_id text NOT NULL REFERENCES withdrawals(id),
        operator text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (withdrawal_id, operator)
      );

      ALTER TABLE adjustments
        ADD COLUMN status text NOT NULL DEFAULT 'POSTED' CHECK (status IN ('REQUESTED', 'POSTED', 'REJECTED')),
        ADD COLUMN confirmed_by text,
        ADD COLUMN rejected_by text,
        ADD COLUMN decided_at timestamptz,
        ADD COLUMN rejection_reason text;
      CREATE INDEX adjustments_requested ON adjustments (created_at) WHERE status = 'REQUESTED';
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      DROP TABLE withdrawal_approvals;
      ALTER TABLE adjustments DROP COLUMN status, DROP COLUMN confirmed_by, DROP COLUMN rejected_by,
        DROP COLUMN decided_at, DROP COLUMN rejection_reason;
    `);
  }
}
