import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Payouts that know who they pay (CONTRACT §15).
 *
 * - `recipient_document`: the CPF or CNPJ the merchant says owns the key (canonical), sent to the
 *   bank, which refuses a key that is not that document's.
 * - `recipient_name`: the name the merchant declares for the recipient; the operators' queue
 *   warns when the bank's holder name does not look like it.
 * - `bank_account`: a payout to an account instead of a key (`{ispb, branch, account,
 *   accountType, holderName, holderDocument}`); then `pix_key` and `pix_key_type` are null.
 * - `recipient`: what the bank tells of the holder (`{name, document (masked), institution}`),
 *   from the sandbox's directory at creation or from a real bank's answer to the send.
 *
 * The checks are added NOT VALID and validated apart, so that the table is not locked against
 * writes while its rows are read (every row there has a key and none of the new columns).
 */
export class WithdrawalRecipients1764800000100 implements MigrationInterface {
  name = "WithdrawalRecipients1764800000100";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE withdrawals
        ADD COLUMN recipient_document text,
        ADD COLUMN recipient_name text,
        ADD COLUMN bank_account jsonb,
        ADD COLUMN recipient jsonb,
        ALTER COLUMN pix_key DROP NOT NULL,
        ALTER COLUMN pix_key_type DROP NOT NULL;
      ALTER TABLE withdrawals
        ADD CONSTRAINT withdrawals_recipient_document_format
          CHECK (recipient_document ~ '^([0-9]{11}|[0-9A-Z]{12}[0-9]{2})$') NOT VALID,
        ADD CONSTRAINT withdrawals_recipient_name_length
          CHECK (char_length(recipient_name) BETWEEN 1 AND 140) NOT VALID,
        ADD CONSTRAINT withdrawals_bank_account_shape
          CHECK (bank_account IS NULL OR (jsonb_typeof(bank_account) = 'object'
            AND bank_account->>'ispb' ~ '^[0-9]{8}$'
            AND bank_account->>'branch' ~ '^[0-9]{1,4}$'
            AND bank_account->>'account' ~ '^[0-9]{1,20}$'
            AND bank_account->>'accountType' IN ('CHECKING', 'SAVINGS', 'PAYMENT')
            AND bank_account->>'holderDocument' ~ '^([0-9]{11}|[0-9A-Z]{12}[0-9]{2})$'
            AND char_length(bank_account->>'holderName') BETWEEN 1 AND 140)) NOT VALID,
        ADD CONSTRAINT withdrawals_recipient_shape
          CHECK (recipient IS NULL OR (jsonb_typeof(recipient) = 'object'
            AND jsonb_typeof(recipient->'name') = 'string'
            AND jsonb_typeof(recipient->'document') = 'string')) NOT VALID,
        ADD CONSTRAINT withdrawals_one_destination
          CHECK ((pix_key IS NOT NULL AND pix_key_type IS NOT NULL AND bank_account IS NULL)
              OR (pix_key IS NULL AND pix_key_type IS NULL AND bank_account IS NOT NULL)) NOT VALID;
      ALTER TABLE withdrawals VALIDATE CONSTRAINT withdrawals_recipient_document_format;
      ALTER TABLE withdrawals VALIDATE CONSTRAINT withdrawals_recipient_name_length;
      ALTER TABLE withdrawals VALIDATE CONSTRAINT withdrawals_bank_account_shape;
      ALTER TABLE withdrawals VALIDATE CONSTRAINT withdrawals_recipient_shape;
      ALTER TABLE withdrawals VALIDATE CONSTRAINT withdrawals_one_destination;
    `);
  }

  /** Refused (SET NOT NULL fails) while bank-account payouts exist: their rows are money history. */
  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE withdrawals
        DROP COLUMN recipient_document,
        DROP COLUMN recipient_name,
        DROP COLUMN bank_account,
        DROP COLUMN recipient,
        ALTER COLUMN pix_key SET NOT NULL,
        ALTER COLUMN pix_key_type SET NOT NULL;
    `);
  }
}
