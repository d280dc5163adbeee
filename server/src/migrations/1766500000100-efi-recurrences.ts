import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Pix Automático with a real bank (CONTRACT §10, §12):
 * - `recurrences.bank_recurrence_id`: the bank's id of the recurrence (API Pix `idRec`, 29
 *   letters and digits), by which its notifications and listings name it; null in the sandbox.
 * - `recurrences.first_payment_txid`: the txid of the first payment's `cob` (journey 3), with
 *   `first_payment`.
 * - unconfirmed notifications of a recurrence's status or of a recurring charge's debit.
 */
export class EfiRecurrences1766500000100 implements MigrationInterface {
  name = "EfiRecurrences1766500000100";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE recurrences
        ADD COLUMN bank_recurrence_id text UNIQUE CHECK (bank_recurrence_id ~ '^[A-Za-z0-9]{29}$'),
        ADD COLUMN first_payment_txid text UNIQUE CHECK (first_payment_txid ~ '^[A-Za-z0-9]{26,35}$');
      ALTER TABLE unconfirmed_notifications DROP CONSTRAINT unconfirmed_notifications_kind_check;
      ALTER TABLE unconfirmed_notifications ADD CONSTRAINT unconfirmed_notifications_kind_check
        CHECK (kind IN ('RECEIVED_PIX', 'TRANSFER_OUTCOME', 'RETURN_OUTCOME', 'RECURRENCE_STATUS', 'RECURRING_DEBIT'));
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE unconfirmed_notifications DROP CONSTRAINT unconfirmed_notifications_kind_check;
      ALTER TABLE unconfirmed_notifications ADD CONSTRAINT unconfirmed_notifications_kind_check
        CHECK (kind IN ('RECEIVED_PIX', 'TRANSFER_OUTCOME', 'RETURN_OUTCOME'));
      ALTER TABLE recurrences DROP COLUMN bank_recurrence_id, DROP COLUMN first_payment_txid;
    `);
  }
}
