import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Recurring charges (CONTRACT §12): a charge of type RECURRING belongs to a recurrence of its
 * own account and has a due date (without a due-date charge's terms).
 *
 * - `recurrence_id`, `debit_attempt` (1 on the due date, 2 to 4 the retries), `failure_reason`
 *   (the last refused debit's), `next_attempt_on` (while PENDING: the day of the next attempt).
 * - `recurring_debit_attempts`: each attempt's outcome, one per attempt and one per day (the
 *   central bank's "never twice a day"); the primary key makes an attempt's outcome recorded once.
 *
 * The charges' checks are added NOT VALID and validated apart (no write lock while rows are read);
 * `charges_due_date_terms` is replaced so that a RECURRING charge has a due date too.
 */
export class RecurringCharges1765400000200 implements MigrationInterface {
  name = "RecurringCharges1765400000200";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE charges
        ADD COLUMN recurrence_id text,
        ADD COLUMN debit_attempt integer CHECK (debit_attempt BETWEEN 1 AND 4),
        ADD COLUMN failure_reason text CHECK (char_length(failure_reason) BETWEEN 1 AND 140),
        ADD COLUMN next_attempt_on date;
      ALTER TABLE charges
        ADD CONSTRAINT charges_recurrence_of_account FOREIGN KEY (company_id, recurrence_id)
          REFERENCES recurrences(company_id, id) NOT VALID,
        ADD CONSTRAINT charges_recurring_fields CHECK (
          (type = 'RECURRING') = (recurrence_id IS NOT NULL)
          AND (type <> 'RECURRING' OR debit_attempt IS NOT NULL)) NOT VALID,
        ADD CONSTRAINT charges_due_date_and_terms CHECK (
          (type IN ('DUE_DATE', 'RECURRING')) = (due_date IS NOT NULL)
          AND (type <> 'DUE_DATE' OR (days_after_due IS NOT NULL AND debtor_name IS NOT NULL
                                      AND debtor_document IS NOT NULL AND fee_percent_centi IS NOT NULL
                                      AND fee_fixed_cents IS NOT NULL))) NOT VALID,
        DROP CONSTRAINT charges_due_date_terms;
      ALTER TABLE charges VALIDATE CONSTRAINT charges_recurrence_of_account;
      ALTER TABLE charges VALIDATE CONSTRAINT charges_recurring_fields;
      ALTER TABLE charges VALIDATE CONSTRAINT charges_due_date_and_terms;
      CREATE INDEX charges_of_recurrence ON charges(recurrence_id, created_at DESC, id DESC)
        WHERE recurrence_id IS NOT NULL;

      CREATE TABLE recurring_debit_attempts (
        charge_id text NOT NULL REFERENCES charges(id),
        attempt integer NOT NULL CHECK (attempt BETWEEN 1 AND 4),
        day date NOT NULL,
        outcome text NOT NULL CHECK (outcome IN ('PAID', 'FAILED')),
        failure_reason text CHECK ((outcome = 'FAILED') = (failure_reason IS NOT NULL)),
        recorded_at timestamptz NOT NULL,
        PRIMARY KEY (charge_id, attempt),
        CONSTRAINT recurring_debit_attempts_one_a_day UNIQUE (charge_id, day)
      );
    `);
  }

  /** Refused (the restored check fails) while recurring charges exist: their rows are money history. */
  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      DROP TABLE recurring_debit_attempts;
      ALTER TABLE charges
        DROP CONSTRAINT charges_due_date_and_terms,
        ADD CONSTRAINT charges_due_date_terms CHECK (
          (type = 'DUE_DATE') = (due_date IS NOT NULL)
          AND (due_date IS NULL OR (days_after_due IS NOT NULL AND debtor_name IS NOT NULL
                                    AND debtor_document IS NOT NULL AND fee_percent_centi IS NOT NULL
                                    AND fee_fixed_cents IS NOT NULL))),
        DROP COLUMN recurrence_id,
        DROP COLUMN debit_attempt,
        DROP COLUMN failure_reason,
        DROP COLUMN next_attempt_on;
    `);
  }
}
