import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Accepting a MED dispute returns money, so it follows the refunds' maker-checker: above
 * what the operator may move alone, the first acceptance is recorded here and waits for a
 * second, different operator's (disputes.service.ts).
 */
export class DisputeSecondOperator1764200000300 implements MigrationInterface {
  name = "DisputeSecondOperator1764200000300";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE disputes
        ADD COLUMN accept_requested_by text,
        ADD COLUMN accept_requested_at timestamptz
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query("ALTER TABLE disputes DROP COLUMN accept_requested_by, DROP COLUMN accept_requested_at");
  }
}
