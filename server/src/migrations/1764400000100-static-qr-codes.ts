import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Static QR codes for a shop's counter (CONTRACT §13).
 *
 * - `qr_codes`: the code, the identifier it carries in its BR Code (`62`-`05`, 25 letters and
 *   digits, unique over the service: a received Pix names it as its `txid`, and charges'
 *   txids have 26 to 35, so the two never meet), a fixed amount or none (the payer types it),
 *   its BR Code as made, `active`, and `paid_count` / `paid_total_cents`, kept in the
 *   transaction that turns each received Pix into a PAID charge.
 * - `charges.qrcode_id`: the QR code a charge was paid through, within the charge's own
 *   account (a composite foreign key).
 * - `payment_exceptions.kind` gains QRCODE_INACTIVE: a Pix received for a deactivated code.
 */
export class StaticQrCodes1764400000100 implements MigrationInterface {
  name = "StaticQrCodes1764400000100";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE qr_codes (
        id text PRIMARY KEY CHECK (id ~ '^qr_[A-Za-z0-9]+$'),
        company_id text NOT NULL REFERENCES companies(id),
        txid text NOT NULL CHECK (txid ~ '^[A-Za-z0-9]{1,25}$'),
        description text NOT NULL CHECK (char_length(description) BETWEEN 1 AND 140),
        amount_cents bigint CHECK (amount_cents BETWEEN 1 AND 9999999999),
        pix_code text NOT NULL,
        active boolean NOT NULL DEFAULT true,
        paid_count integer NOT NULL DEFAULT 0 CHECK (paid_count >= 0),
        paid_total_cents bigint NOT NULL DEFAULT 0 CHECK (paid_total_cents >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deactivated_at timestamptz,
        CONSTRAINT qr_codes_txid UNIQUE (txid),
        CONSTRAINT qr_codes_of_account UNIQUE (company_id, id)
      );
      CREATE INDEX qr_codes_company_newest ON qr_codes(company_id, created_at DESC, id DESC);
      CREATE INDEX qr_codes_newest ON qr_codes(created_at DESC, id DESC);

      ALTER TABLE charges ADD COLUMN qrcode_id text,
        ADD CONSTRAINT charges_qrcode_of_account FOREIGN KEY (company_id, qrcode_id)
          REFERENCES qr_codes(company_id, id);
      CREATE INDEX charges_qrcode ON charges(qrcode_id) WHERE qrcode_id IS NOT NULL;

      ALTER TABLE payment_exceptions DROP CONSTRAINT payment_exceptions_kind_check,
        ADD CONSTRAINT payment_exceptions_kind_check CHECK (kind IN ('UNKNOWN_TXID', 'AMOUNT_MISMATCH',
          'CHARGE_EXPIRED', 'CHARGE_CANCELLED', 'ALREADY_PAID', 'MALFORMED', 'UNKNOWN_RETURN', 'QRCODE_INACTIVE'));
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      DELETE FROM payment_exceptions WHERE kind = 'QRCODE_INACTIVE';
      ALTER TABLE payment_exceptions DROP CONSTRAINT payment_exceptions_kind_check,
        ADD CONSTRAINT payment_exceptions_kind_check CHECK (kind IN ('UNKNOWN_TXID', 'AMOUNT_MISMATCH',
          'CHARGE_EXPIRED', 'CHARGE_CANCELLED', 'ALREADY_PAID', 'MALFORMED', 'UNKNOWN_RETURN'));
      DROP INDEX charges_qrcode;
      ALTER TABLE charges DROP CONSTRAINT charges_qrcode_of_account, DROP COLUMN qrcode_id;
      DROP TABLE qr_codes;
    `);
  }
}
