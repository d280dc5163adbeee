import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The request limits' shared token buckets (core/batched-limit.ts): one theoretical arrival
 * time per key, moved by each API process once per reconciliation, not once per request.
 * UNLOGGED, as rate_limits: they guard against floods and hold no money state, so a crash
 * may lose them (every bucket full again) and writing them skips the WAL.
 */
export class RateLimitBuckets1763902000000 implements MigrationInterface {
  name = "RateLimitBuckets1763902000000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE UNLOGGED TABLE rate_limit_buckets (
        key text PRIMARY KEY,
        tat_ms double precision NOT NULL
      )
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query("DROP TABLE rate_limit_buckets");
  }
}
