import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The payer's page (CONTRACT §13).
 *
 * - `charges.payment_token`: the random part of the charge's `payment_url`
 *   (`{PUBLIC_BASE_URL}/pay/<token>`), 24 characters of base64url (144 random bits), unique.
 *   The page finds its charge by equality on this index. New charges get it from the service
 *   (ids.ts newPaymentToken); the column's default gives one to every charge that was there
 *   before (the column is added with it, evaluated per row) and to rows written by hand
 *   (tests, seeds). gen_random_uuid() is PostgreSQL's strong random source: 16 bytes of a first
 *   UUID and 2 of a second are 138 random bits (a UUID's version and variant bits are fixed).
 * - `payer_page_settings`: what a merchant puts on the page: the name shown to payers in place
 *   of the account's own.
 */
const TOKEN_DEFAULT = `translate(encode(substring(
    decode(replace(gen_random_uuid()::text, '-', ''), 'hex') || decode(replace(gen_random_uuid()::text, '-', ''), 'hex')
    FROM 1 FOR 18), 'base64'), '+/', '-_')`;

export class PayerPage1764500000100 implements MigrationInterface {
  name = "PayerPage1764500000100";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE charges ADD COLUMN payment_token text NOT NULL DEFAULT ${TOKEN_DEFAULT}
        CONSTRAINT charges_payment_token_format CHECK (payment_token ~ '^[A-Za-z0-9_-]{24}$');
      CREATE UNIQUE INDEX charges_payment_token ON charges (payment_token);

      CREATE TABLE payer_page_settings (
        company_id text PRIMARY KEY REFERENCES companies(id),
        display_name text CHECK (char_length(display_name) BETWEEN 1 AND 60),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      DROP TABLE payer_page_settings;
      DROP INDEX charges_payment_token;
      ALTER TABLE charges DROP COLUMN payment_token;
    `);
  }
}
