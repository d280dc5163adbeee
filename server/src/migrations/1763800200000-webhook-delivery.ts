import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Webhook delivery. Each outbox event carries its delivery state (the event row is the
 * delivery: one account, one URL); every attempt to send it is kept. Job-queue worker
 * processes beat into job_worker_heartbeats so that the jobs of a process that died can
 * be handed to another one.
 */
export class WebhookDelivery1763800200000 implements MigrationInterface {
  name = "WebhookDelivery1763800200000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      -- Events written before delivery existed were never sent: they start PENDING and the
      -- worker's sweep queues them.
      ALTER TABLE webhook_events
        ADD COLUMN delivery_status text NOT NULL DEFAULT 'PENDING'
          CHECK (delivery_status IN ('PENDING', 'DELIVERED', 'FAILED', 'NO_URL')),
        ADD COLUMN attempt_count integer NOT NULL DEFAULT 0 CHECK (attempt_count >= 0),
        ADD COLUMN next_attempt_at timestamptz DEFAULT now(),
        ADD COLUMN last_attempt_at timestamptz,
        ADD COLUMN delivered_at timestamptz,
        -- A redelivery asked for by hand is one attempt; the retry schedule does not restart.
        ADD COLUMN manual_attempt boolean NOT NULL DEFAULT false;
      UPDATE webhook_events e SET delivery_status = 'NO_URL', next_attempt_at = NULL
        FROM companies c WHERE c.id = e.company_id AND c.webhook_url IS NULL;
      CREATE UNIQUE INDEX webhook_events_charge_paid_once ON webhook_events(subject_id) WHERE event = 'charge.paid';
      CREATE INDEX webhook_events_company_sequence ON webhook_events(company_id, sequence DESC);
      CREATE INDEX webhook_events_sequence ON webhook_events(sequence DESC);
      CREATE INDEX webhook_events_pending ON webhook_events(next_attempt_at) WHERE delivery_status = 'PENDING';

      CREATE TABLE webhook_attempts (
        id bigserial PRIMARY KEY,
        event_id text NOT NULL REFERENCES webhook_events(id),
        -- One attempt number is sent once: claiming it is an insert under this constraint.
        attempt_number integer NOT NULL CHECK (attempt_number >= 1),
        manual boolean NOT NULL DEFAULT false,
        url text,
        response_status integer,
        response_time_ms integer,
        response_body text,
        error text,
        started_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        UNIQUE (event_id, attempt_number)
      );

      CREATE TABLE job_worker_heartbeats (
        worker_id text PRIMARY KEY,
        beat_at timestamptz NOT NULL DEFAULT now()
      );
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      DROP TABLE job_worker_heartbeats, webhook_attempts;
      DROP INDEX webhook_events_charge_paid_once, webhook_events_company_sequence, webhook_events_sequence,
        webhook_events_pending;
      ALTER TABLE webhook_events DROP COLUMN delivery_status, DROP COLUMN attempt_count, DROP COLUMN next_attempt_at,
        DROP COLUMN last_attempt_at, DROP COLUMN delivered_at, DROP COLUMN manual_attempt;
    `);
  }
}
