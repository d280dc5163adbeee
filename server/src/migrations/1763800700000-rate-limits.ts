import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Rate-limit counters shared by every API process (rate-limiter-flexible's PostgreSQL
 * store, in the layout it expects). UNLOGGED: they guard against floods and hold no money
 * state, so a crash may lose them and writing them skips the WAL.
 */
export class RateLimits1763800700000 implements MigrationInterface {
  name = "RateLimits1763800700000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE UNLOGGED TABLE rate_limits (
        key varchar(255) PRIMARY KEY,
        points integer NOT NULL DEFAULT 0,
        expire bigint
      )
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query("DROP TABLE rate_limits");
  }
}
