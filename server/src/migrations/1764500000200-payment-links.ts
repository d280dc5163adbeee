import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Payment links (CONTRACT §13): `/l/<token>`, a page where a payer confirms and gets a charge.
 *
 * - `payment_links`: the link, its token (24 characters of base64url, as a charge's payment
 *   token), a fixed amount or the limits of the amount a payer types, reusable or single-use,
 *   an optional expiry. `status` is ACTIVE, INACTIVE (deactivated) or COMPLETED (a single-use
 *   link once paid); EXPIRED is how an ACTIVE link past `expires_at` is read (never written:
 *   nothing waits on it). `charges_count`, `paid_count` and `paid_total_cents` are kept in the
 *   transactions that make a charge of the link and that pay one, so reading a link costs one row.
 *   A single-use link has at most one charge waiting at a time, yet may count two paid: a
 *   charge paid in time at the bank can be notified after it expired and the next was made,
 *   and real money received for a valid charge is credited, never refused for the link's sake.
 * - `charges.payment_link_id`: the link a charge was made from, within the charge's own account
 *   (a composite foreign key).
 */
export class PaymentLinks1764500000200 implements MigrationInterface {
  name = "PaymentLinks1764500000200";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE payment_links (
        id text PRIMARY KEY CHECK (id ~ '^pl_[A-Za-z0-9]+$'),
        company_id text NOT NULL REFERENCES companies(id),
        token text NOT NULL CHECK (token ~ '^[A-Za-z0-9_-]{24}$'),
        description text NOT NULL CHECK (char_length(description) BETWEEN 1 AND 140),
        amount_cents bigint CHECK (amount_cents BETWEEN 1 AND 9999999999),
        min_amount_cents bigint CHECK (min_amount_cents BETWEEN 1 AND 9999999999),
        max_amount_cents bigint CHECK (max_amount_cents BETWEEN 1 AND 9999999999),
        reusable boolean NOT NULL DEFAULT false,
        expires_at timestamptz,
        status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'INACTIVE', 'COMPLETED')),
        charges_count integer NOT NULL DEFAULT 0 CHECK (charges_count >= 0),
        paid_count integer NOT NULL DEFAULT 0 CHECK (paid_count >= 0),
        paid_total_cents bigint NOT NULL DEFAULT 0 CHECK (paid_total_cents >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deactivated_at timestamptz,
        -- A fixed amount, or the limits of a typed one: never both.
        CONSTRAINT payment_links_amount_or_limits CHECK (
          (amount_cents IS NOT NULL AND min_amount_cents IS NULL AND max_amount_cents IS NULL)
          OR (amount_cents IS NULL AND min_amount_cents IS NOT NULL AND max_amount_cents IS NOT NULL
              AND min_amount_cents <= max_amount_cents)),
        CONSTRAINT payment_links_token UNIQUE (token),
        CONSTRAINT payment_links_of_account UNIQUE (company_id, id)
      );
      CREATE INDEX payment_links_company_newest ON payment_links(company_id, created_at DESC, id DESC);
      CREATE INDEX payment_links_newest ON payment_links(created_at DESC, id DESC);

      ALTER TABLE charges ADD COLUMN payment_link_id text,
        ADD CONSTRAINT charges_payment_link_of_account FOREIGN KEY (company_id, payment_link_id)
          REFERENCES payment_links(company_id, id);
      -- A link's open charges (its single-use rule, its cap on charges waiting to be paid).
      CREATE INDEX charges_payment_link_pending ON charges(payment_link_id, expires_at)
        WHERE payment_link_id IS NOT NULL AND status = 'PENDING';
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      DROP INDEX charges_payment_link_pending;
      ALTER TABLE charges DROP CONSTRAINT charges_payment_link_of_account, DROP COLUMN payment_link_id;
      DROP TABLE payment_links;
    `);
  }
}
