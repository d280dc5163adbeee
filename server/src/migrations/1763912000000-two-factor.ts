import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * A second factor for console users (two-factor/): a TOTP secret per user (sealed by
 * core/secret-box.ts, confirmed once a code from it was right, with the last time step
 * used so a code works once), ten single-use recovery codes (SHA-256 of 80 random bits),
 * browsers trusted for 30 days (hash of a cookie token), and the short-lived challenges
 * between a right password and the code. A session remembers when its user last gave a
 * code (step-up). Operators' sessions from before end: they sign in again, through the
 * second factor when it is required.
 */
export class TwoFactor1763912000000 implements MigrationInterface {
  name = "TwoFactor1763912000000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE console_user_factors (
        user_id text PRIMARY KEY REFERENCES console_users (id) ON DELETE CASCADE,
        secret_sealed text NOT NULL,
        confirmed_at timestamptz,
        last_used_step bigint NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE console_recovery_codes (
        code_hash text PRIMARY KEY,
        user_id text NOT NULL REFERENCES console_users (id) ON DELETE CASCADE,
        used_at timestamptz
      );
      CREATE INDEX console_recovery_codes_user ON console_recovery_codes (user_id);
      CREATE TABLE console_trusted_browsers (
        id_hash text PRIMARY KEY,
        user_id text NOT NULL REFERENCES console_users (id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        user_agent text
      );
      CREATE INDEX console_trusted_browsers_user ON console_trusted_browsers (user_id);
      CREATE TABLE console_sign_in_challenges (
        id_hash text PRIMARY KEY,
        user_id text NOT NULL REFERENCES console_users (id) ON DELETE CASCADE,
        step text NOT NULL CONSTRAINT console_sign_in_challenges_step CHECK (step IN ('CODE', 'ENROL')),
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX console_sign_in_challenges_user ON console_sign_in_challenges (user_id);
      ALTER TABLE console_sessions ADD COLUMN second_factor_at timestamptz;
      ALTER TABLE companies ADD COLUMN require_two_factor boolean NOT NULL DEFAULT false;
      DELETE FROM console_sessions s USING console_users u WHERE u.id = s.user_id AND u.kind = 'OPERATOR';
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE companies DROP COLUMN require_two_factor;
      ALTER TABLE console_sessions DROP COLUMN second_factor_at;
      DROP TABLE console_sign_in_challenges;
      DROP TABLE console_trusted_browsers;
      DROP TABLE console_recovery_codes;
      DROP TABLE console_user_factors;
    `);
  }
}
