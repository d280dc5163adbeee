import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Maker-checker counts what one operator approved alone on an account over a window: their
 * approvals by time (the adjustments side reads adjustments_company_newest).
 */
export class MakerCheckerWindow1763911000000 implements MigrationInterface {
  name = "MakerCheckerWindow1763911000000";

  async up(db: QueryRunner): Promise<void> {
    await db.query("CREATE INDEX withdrawal_approvals_operator ON withdrawal_approvals (operator, created_at)");
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query("DROP INDEX withdrawal_approvals_operator");
  }
}
