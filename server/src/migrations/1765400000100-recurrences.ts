import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Pix Automático recurrences (CONTRACT §12): the payer's authorisation for the account to
 * charge them on a schedule.
 *
 * - `amount_cents` null: a variable amount, each charge's own; `auto_charge` needs a fixed one.
 * - `payer_name`, `payer_document`: as given or the customer's (`customer_id`, of the same account).
 * - `location_id`: the recurrence's location (`locrec`); `first_payment_location_id` the payment
 *   made with the authorisation (journey 3), when asked.
 * - `authorisation_expires_at`: not authorised by then, EXPIRED (the partial index finds them).
 * - `idempotency_key` unique per account, as withdrawals'.
 */
export class Recurrences1765400000100 implements MigrationInterface {
  name = "Recurrences1765400000100";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE recurrences (
        id text PRIMARY KEY CHECK (id ~ '^rec_[A-Za-z0-9]{24}$'),
        company_id text NOT NULL REFERENCES companies(id),
        status text NOT NULL
          CHECK (status IN ('CREATED', 'APPROVED', 'REJECTED', 'EXPIRED', 'CANCELLED', 'COMPLETED')),
        pix_code text NOT NULL,
        customer_id text,
        payer_name text NOT NULL CHECK (char_length(payer_name) BETWEEN 1 AND 140),
        payer_document text NOT NULL CHECK (payer_document ~ '^([0-9]{11}|[0-9A-Z]{12}[0-9]{2})$'),
        contract text NOT NULL CHECK (char_length(contract) BETWEEN 1 AND 35),
        object text NOT NULL CHECK (char_length(object) BETWEEN 1 AND 35),
        frequency text NOT NULL CHECK (frequency IN ('WEEKLY', 'MONTHLY', 'QUARTERLY', 'SEMIANNUAL', 'ANNUAL')),
        start_date date NOT NULL,
        end_date date CHECK (end_date >= start_date),
        amount_cents bigint CHECK (amount_cents BETWEEN 1 AND 9999999999),
        retry_policy text NOT NULL CHECK (retry_policy IN ('NONE', 'THREE_IN_SEVEN_DAYS')),
        first_payment_cents bigint CHECK (first_payment_cents BETWEEN 1 AND 9999999999),
        auto_charge boolean NOT NULL CHECK (NOT auto_charge OR amount_cents IS NOT NULL),
        status_reason text CHECK (char_length(status_reason) <= 140),
        location_id text NOT NULL UNIQUE,
        first_payment_location_id text UNIQUE
          CHECK ((first_payment_location_id IS NULL) = (first_payment_cents IS NULL)),
        authorisation_expires_at timestamptz NOT NULL,
        idempotency_key text NOT NULL,
        request_fingerprint text NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        CONSTRAINT recurrences_idempotency_key UNIQUE (company_id, idempotency_key),
        -- What a recurring charge's recurrence must match: one of the charge's own account.
        CONSTRAINT recurrences_of_account UNIQUE (company_id, id),
        CONSTRAINT recurrences_customer FOREIGN KEY (company_id, customer_id) REFERENCES customers(company_id, id)
      );
      CREATE INDEX recurrences_company_newest ON recurrences(company_id, created_at DESC, id DESC);
      CREATE INDEX recurrences_newest ON recurrences(created_at DESC, id DESC);
      CREATE INDEX recurrences_awaiting_authorisation ON recurrences(authorisation_expires_at) WHERE status = 'CREATED';
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query("DROP TABLE recurrences");
  }
}
