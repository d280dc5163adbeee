import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Payment exceptions returned to the payer: a devolução of the received Pix the service
 * never credited (a duplicate, a wrong amount, a payment of an expired or cancelled charge,
 * one with an unknown txid). The return lives on the exception: its status, the devolução's
 * id at the bank (the exception's id without its underscore, plus `r<attempt>` from the
 * second attempt on, so a new attempt after a failure is a new devolução), its rtrId and
 * outcome. `companies.auto_return_exceptions` returns such payments of the account at once.
 */
export class ExceptionReturns1763905200000 implements MigrationInterface {
  name = "ExceptionReturns1763905200000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE payment_exceptions
        ADD COLUMN return_status text CHECK (return_status IN ('PROCESSING', 'RETURNED', 'FAILED')),
        ADD COLUMN return_attempt integer NOT NULL DEFAULT 0,
        ADD COLUMN return_request_id text UNIQUE,
        ADD COLUMN return_id text UNIQUE,
        ADD COLUMN return_reason text,
        ADD COLUMN return_failure_reason text,
        ADD COLUMN return_retry_count integer NOT NULL DEFAULT 0,
        ADD COLUMN return_requested_by text,
        ADD COLUMN return_requested_at timestamptz,
        ADD COLUMN returned_at timestamptz,
        ADD CONSTRAINT payment_exceptions_return_described CHECK (
          return_status IS NULL OR (return_request_id IS NOT NULL AND return_requested_at IS NOT NULL)),
        ADD CONSTRAINT payment_exceptions_returned_at CHECK (return_status IS DISTINCT FROM 'RETURNED' OR returned_at IS NOT NULL);
      CREATE INDEX payment_exceptions_returning ON payment_exceptions(return_requested_at) WHERE return_status = 'PROCESSING';

      ALTER TABLE companies ADD COLUMN auto_return_exceptions boolean NOT NULL DEFAULT false;
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE companies DROP COLUMN auto_return_exceptions;
      DROP INDEX payment_exceptions_returning;
      ALTER TABLE payment_exceptions
        DROP CONSTRAINT payment_exceptions_returned_at,
        DROP CONSTRAINT payment_exceptions_return_described,
        DROP COLUMN returned_at, DROP COLUMN return_requested_at, DROP COLUMN return_requested_by,
        DROP COLUMN return_retry_count, DROP COLUMN return_failure_reason, DROP COLUMN return_reason,
        DROP COLUMN return_id, DROP COLUMN return_request_id, DROP COLUMN return_attempt, DROP COLUMN return_status;
    `);
  }
}
