import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * A real bank's notification is a hint: what it says is applied only once the bank, read
 * back, says it too (CONTRACT §10, "Nothing taken on a notification's word"). What the bank
 * does not confirm changes nothing and is kept here for an operator, with the caller's
 * address: one row per distinct claim (`notification_sha256`), counted when it comes again.
 */
export class UnconfirmedNotifications1764100000100 implements MigrationInterface {
  name = "UnconfirmedNotifications1764100000100";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE unconfirmed_notifications (
        id text PRIMARY KEY CHECK (id ~ '^unc_[A-Za-z0-9]+$'),
        provider text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('RECEIVED_PIX', 'TRANSFER_OUTCOME', 'RETURN_OUTCOME')),
        status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'RESOLVED')),
        problem text NOT NULL,
        end_to_end_id text,
        txid text,
        amount_cents bigint,
        claimed_status text,
        withdrawal_id text,
        return_request_id text,
        company_id text REFERENCES companies(id),
        bank_answer jsonb,
        notification jsonb NOT NULL,
        notification_sha256 text NOT NULL UNIQUE,
        caller_address text,
        request_id text,
        times_seen integer NOT NULL DEFAULT 1 CHECK (times_seen >= 1),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        last_caller_address text,
        resolution text,
        resolved_by text,
        resolved_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((status = 'RESOLVED') = (resolved_at IS NOT NULL))
      );
      CREATE INDEX unconfirmed_notifications_newest ON unconfirmed_notifications(created_at DESC, id DESC);
      CREATE INDEX unconfirmed_notifications_status_newest
        ON unconfirmed_notifications(status, created_at DESC, id DESC);
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query("DROP TABLE unconfirmed_notifications");
  }
}
