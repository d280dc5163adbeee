import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The withdrawals an account's auto-approve limit sent (created PROCESSING), for the sum of
 * its maker-checker window that each new one is checked against (withdrawal-approvals.ts).
 */
export class AutoApprovedWindow1764200000200 implements MigrationInterface {
  name = "AutoApprovedWindow1764200000200";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE INDEX withdrawals_auto_approved ON withdrawals (company_id, created_at)
        INCLUDE (amount_cents, status) WHERE initial_status = 'PROCESSING'
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query("DROP INDEX withdrawals_auto_approved");
  }
}
