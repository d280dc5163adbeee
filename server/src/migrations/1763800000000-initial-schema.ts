import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Accounts, credentials, charges, withdrawals, the balance ledger and the webhook outbox.
 * Money columns are bigint centavos. Constraints, not application code, are the last line
 * of defence: ids unique, a charge credited once, a withdrawal reserved and refunded once.
 */
export class InitialSchema1763800000000 implements MigrationInterface {
  name = "InitialSchema1763800000000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE service_settings (
        key text PRIMARY KEY,
        value text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE companies (
        id text PRIMARY KEY,
        name text NOT NULL,
        city text NOT NULL,
        fee_percent_centi bigint NOT NULL CHECK (fee_percent_centi BETWEEN 0 AND 10000),
        fee_fixed_cents bigint NOT NULL CHECK (fee_fixed_cents >= 0),
        auto_approve_limit_cents bigint CHECK (auto_approve_limit_cents >= 0),
        webhook_url text,
        webhook_secret text NOT NULL,
        balance_cents bigint NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE client_credentials (
        id text PRIMARY KEY,
        company_id text NOT NULL REFERENCES companies(id),
        secret_hash text NOT NULL UNIQUE,
        secret_hint text NOT NULL,
        expires_at timestamptz,
        revoked_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX client_credentials_company ON client_credentials(company_id);

      CREATE TABLE charges (
        id text PRIMARY KEY CHECK (id ~ '^[A-Z0-9]{8}$'),
        company_id text NOT NULL REFERENCES companies(id),
        amount_cents bigint NOT NULL CHECK (amount_cents > 0),
        fee_cents bigint NOT NULL CHECK (fee_cents >= 0),
        net_amount_cents bigint NOT NULL CHECK (net_amount_cents >= 0),
        description text,
        status text NOT NULL CHECK (status IN ('PENDING', 'PAID', 'EXPIRED', 'CANCELLED')),
        txid text NOT NULL UNIQUE,
        location_id text NOT NULL UNIQUE,
        pix_code text NOT NULL,
        e2e_id text UNIQUE,
        payer_name text,
        payer_document text,
        paid_at timestamptz,
        expires_at timestamptz NOT NULL,
        cancelled_at timestamptz,
        reserved boolean NOT NULL DEFAULT false,
        reserved_reason text,
        idempotency_key text,
        request_fingerprint text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (fee_cents + net_amount_cents = amount_cents),
        CHECK (status <> 'PAID' OR paid_at IS NOT NULL)
      );
      CREATE UNIQUE INDEX charges_idempotency_key ON charges(company_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
      CREATE INDEX charges_company_newest ON charges(company_id, created_at DESC, id DESC);
      CREATE INDEX charges_company_status_newest ON charges(company_id, status, created_at DESC, id DESC);
      CREATE INDEX charges_pending_expiry ON charges(expires_at) WHERE status = 'PENDING';

      CREATE TABLE withdrawals (
        id text PRIMARY KEY,
        company_id text NOT NULL REFERENCES companies(id),
        reference text NOT NULL UNIQUE,
        amount_cents bigint NOT NULL CHECK (amount_cents >= 100),
        status text NOT NULL CHECK (status IN ('PENDING', 'PROCESSING', 'PAID', 'FAILED', 'CANCELLED')),
        pix_key text NOT NULL,
        pix_key_type text NOT NULL CHECK (pix_key_type IN ('CPF', 'CNPJ', 'EMAIL', 'TELEFONE', 'ALEATORIA')),
        idempotency_key text NOT NULL,
        request_fingerprint text NOT NULL,
        initial_status text NOT NULL,
        initial_queue_position integer,
        reason text,
        retry_count integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (company_id, idempotency_key)
      );
      CREATE INDEX withdrawals_company_newest ON withdrawals(company_id, created_at DESC, id DESC);
      CREATE INDEX withdrawals_company_status_newest ON withdrawals(company_id, status, created_at DESC, id DESC);
      CREATE INDEX withdrawals_pending_queue ON withdrawals(company_id, created_at, id) WHERE status = 'PENDING';

      CREATE TABLE withdrawal_transitions (
        id bigserial PRIMARY KEY,
        withdrawal_id text NOT NULL REFERENCES withdrawals(id),
        from_status text,
        to_status text NOT NULL,
        actor text NOT NULL,
        reason text,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX withdrawal_transitions_withdrawal ON withdrawal_transitions(withdrawal_id, id);

      CREATE TABLE adjustments (
        id text PRIMARY KEY,
        company_id text NOT NULL REFERENCES companies(id),
        amount_cents bigint NOT NULL CHECK (amount_cents <> 0),
        description text NOT NULL,
        created_by text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX adjustments_company ON adjustments(company_id, created_at DESC);

      CREATE TABLE ledger_entries (
        id bigserial PRIMARY KEY,
        company_id text NOT NULL REFERENCES companies(id),
        kind text NOT NULL CHECK (kind IN ('CHARGE_PAID', 'CHARGE_RESERVED', 'CHARGE_RELEASED', 'ADJUSTMENT',
                                           'WITHDRAWAL_RESERVED', 'WITHDRAWAL_REFUNDED')),
        amount_cents bigint NOT NULL CHECK (amount_cents <> 0),
        balance_after_cents bigint NOT NULL,
        charge_id text REFERENCES charges(id),
        withdrawal_id text REFERENCES withdrawals(id),
        adjustment_id text REFERENCES adjustments(id),
        memo text,
        created_at timestamptz NOT NULL DEFAULT now(),
        -- A withdrawal may never take the balance below zero, whatever races above it.
        CHECK (kind <> 'WITHDRAWAL_RESERVED' OR balance_after_cents >= 0)
      );
      CREATE UNIQUE INDEX ledger_charge_paid_once ON ledger_entries(charge_id) WHERE kind = 'CHARGE_PAID';
      CREATE UNIQUE INDEX ledger_withdrawal_reserved_once ON ledger_entries(withdrawal_id) WHERE kind = 'WITHDRAWAL_RESERVED';
      CREATE UNIQUE INDEX ledger_withdrawal_refunded_once ON ledger_entries(withdrawal_id) WHERE kind = 'WITHDRAWAL_REFUNDED';
      CREATE INDEX ledger_entries_company ON ledger_entries(company_id, id);

      CREATE TABLE webhook_events (
        id text PRIMARY KEY,
        company_id text NOT NULL REFERENCES companies(id),
        event text NOT NULL,
        subject_id text,
        body text NOT NULL,
        signature text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX webhook_events_company ON webhook_events(company_id, created_at DESC);
      CREATE INDEX webhook_events_subject ON webhook_events(subject_id);
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      DROP TABLE webhook_events, ledger_entries, adjustments, withdrawal_transitions, withdrawals,
        charges, client_credentials, companies, service_settings;
    `);
  }
}
