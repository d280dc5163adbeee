import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * A second factor is bounded, not only slowed (NIST SP 800-63B 5.2.2): the consecutive wrong
 * codes of a factor are counted on it, and at TWO_FACTOR_LOCK_AFTER its codes stop being
 * checked until a recovery code or an admin's reset (two-factor.service.ts).
 */
export class TwoFactorLockout1764200000100 implements MigrationInterface {
  name = "TwoFactorLockout1764200000100";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE console_user_factors
        ADD COLUMN failed_codes integer NOT NULL DEFAULT 0 CHECK (failed_codes >= 0),
        ADD COLUMN locked_at timestamptz
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query("ALTER TABLE console_user_factors DROP COLUMN failed_codes, DROP COLUMN locked_at");
  }
}
