import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Pix Automático's request sent to the payer's bank (the API Pix `solicrec`, the issue's
 * journey 4): the payer's account the merchant gave (ISPB, branch, account; the holder is the
 * recurrence's payer), and the request's state: PENDING (queued), SENT (the bank's
 * `idSolicRec` and when), ACCEPTED or REJECTED (the payer's decision), FAILED (the bank
 * refused to send it, with its reason), CANCELLED (the recurrence ended before a decision).
 */
export class PayerBankRequests1766460000100 implements MigrationInterface {
  name = "PayerBankRequests1766460000100";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE recurrences
        ADD COLUMN payer_bank_ispb text CHECK (payer_bank_ispb ~ '^[0-9]{8}$'),
        ADD COLUMN payer_bank_branch text CHECK (payer_bank_branch ~ '^[0-9]{1,4}$'),
        ADD COLUMN payer_bank_account text CHECK (payer_bank_account ~ '^[0-9]{1,20}$'),
        ADD COLUMN payer_bank_request_status text
          CHECK (payer_bank_request_status IN ('PENDING', 'SENT', 'ACCEPTED', 'REJECTED', 'FAILED', 'CANCELLED')),
        ADD COLUMN payer_bank_request_id text,
        ADD COLUMN payer_bank_request_sent_at timestamptz,
        ADD COLUMN payer_bank_request_failure text,
        ADD CONSTRAINT recurrences_payer_bank_request_of_account CHECK (
          (payer_bank_account IS NULL) = (payer_bank_request_status IS NULL)
          AND (payer_bank_account IS NULL) = (payer_bank_ispb IS NULL)
          AND (payer_bank_branch IS NULL OR payer_bank_account IS NOT NULL));
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE recurrences
        DROP CONSTRAINT recurrences_payer_bank_request_of_account,
        DROP COLUMN payer_bank_request_failure,
        DROP COLUMN payer_bank_request_sent_at,
        DROP COLUMN payer_bank_request_id,
        DROP COLUMN payer_bank_request_status,
        DROP COLUMN payer_bank_account,
        DROP COLUMN payer_bank_branch,
        DROP COLUMN payer_bank_ispb;
    `);
  }
}
