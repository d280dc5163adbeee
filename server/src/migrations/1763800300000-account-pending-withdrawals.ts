import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The account row counts its PENDING withdrawals, moved under the account's lock by every
 * change into or out of PENDING: a new withdrawal's queue position is read from the row
 * instead of counting the queue (which grows with it).
 */
export class AccountPendingWithdrawals1763800300000 implements MigrationInterface {
  name = "AccountPendingWithdrawals1763800300000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE companies ADD COLUMN pending_withdrawals integer NOT NULL DEFAULT 0 CHECK (pending_withdrawals >= 0);
      UPDATE companies c SET pending_withdrawals = q.n
        FROM (SELECT company_id, count(*) AS n FROM withdrawals WHERE status = 'PENDING' GROUP BY company_id) q
       WHERE q.company_id = c.id;
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query("ALTER TABLE companies DROP COLUMN pending_withdrawals");
  }
}
