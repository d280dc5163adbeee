import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * A malformed entry of the provider's batch no longer refuses the whole batch: it is kept
 * for review as a payment exception of kind MALFORMED (what could not be read stays null,
 * the reason is in `problem`), and the batch's other entries are applied. Exceptions
 * carry the digest of their entry: one without an end-to-end id (a MALFORMED one, or a
 * sandbox-style notification) is kept once however often the provider sends it.
 */
export class MalformedPixNotifications1763800500000 implements MigrationInterface {
  name = "MalformedPixNotifications1763800500000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE payment_exceptions
        DROP CONSTRAINT payment_exceptions_kind_check,
        ADD CONSTRAINT payment_exceptions_kind_check CHECK (kind IN ('UNKNOWN_TXID', 'AMOUNT_MISMATCH',
          'CHARGE_EXPIRED', 'CHARGE_CANCELLED', 'ALREADY_PAID', 'MALFORMED')),
        ALTER COLUMN txid DROP NOT NULL,
        ALTER COLUMN amount_cents DROP NOT NULL,
        ALTER COLUMN paid_at DROP NOT NULL,
        ADD COLUMN problem text,
        ADD COLUMN notification_sha256 text,
        ADD CONSTRAINT payment_exceptions_readable CHECK (
          kind = 'MALFORMED' OR (txid IS NOT NULL AND amount_cents IS NOT NULL AND paid_at IS NOT NULL)),
        ADD CONSTRAINT payment_exceptions_malformed_described CHECK (
          kind <> 'MALFORMED' OR (problem IS NOT NULL AND notification_sha256 IS NOT NULL));
      CREATE UNIQUE INDEX payment_exceptions_unidentified_once ON payment_exceptions(notification_sha256)
        WHERE end_to_end_id IS NULL;
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      DELETE FROM payment_exceptions WHERE kind = 'MALFORMED';
      DROP INDEX payment_exceptions_unidentified_once;
      ALTER TABLE payment_exceptions
        DROP CONSTRAINT payment_exceptions_malformed_described,
        DROP CONSTRAINT payment_exceptions_readable,
        DROP COLUMN notification_sha256,
        DROP COLUMN problem,
        ALTER COLUMN paid_at SET NOT NULL,
        ALTER COLUMN amount_cents SET NOT NULL,
        ALTER COLUMN txid SET NOT NULL,
        DROP CONSTRAINT payment_exceptions_kind_check,
        ADD CONSTRAINT payment_exceptions_kind_check CHECK (kind IN ('UNKNOWN_TXID', 'AMOUNT_MISMATCH',
          'CHARGE_EXPIRED', 'CHARGE_CANCELLED', 'ALREADY_PAID'));
    `);
  }
}
