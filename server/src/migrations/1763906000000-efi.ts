import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * PIX_PROVIDER=efi: what the provider page shows (the webhook's registration, the last
 * notification: one row per key, shared by every process), the reconciliation runs against
 * Efí's list of received Pix, and one reconciliation report per day.
 */
export class Efi1763906000000 implements MigrationInterface {
  name = "Efi1763906000000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE provider_state (
        key text PRIMARY KEY,
        value jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE reconciliation_runs (
        id bigserial PRIMARY KEY,
        provider text NOT NULL,
        started_at timestamptz NOT NULL,
        finished_at timestamptz,
        window_from timestamptz NOT NULL,
        window_to timestamptz NOT NULL,
        pix_seen integer NOT NULL DEFAULT 0,
        credited integer NOT NULL DEFAULT 0,
        exceptions integer NOT NULL DEFAULT 0,
        transfers_read_back integer NOT NULL DEFAULT 0,
        transfers_decided integer NOT NULL DEFAULT 0,
        differences jsonb NOT NULL DEFAULT '[]',
        error text
      );
      CREATE INDEX reconciliation_runs_newest ON reconciliation_runs (started_at DESC, id DESC);
      CREATE TABLE reconciliation_reports (
        day date PRIMARY KEY,
        provider text NOT NULL,
        generated_at timestamptz NOT NULL,
        psp_count integer NOT NULL,
        psp_sum_cents bigint NOT NULL,
        service_count integer NOT NULL,
        service_sum_cents bigint NOT NULL,
        differences jsonb NOT NULL
      );
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query("DROP TABLE reconciliation_reports; DROP TABLE reconciliation_runs; DROP TABLE provider_state;");
  }
}
