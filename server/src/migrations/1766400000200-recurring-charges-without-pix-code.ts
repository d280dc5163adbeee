import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * A recurring charge (the API Pix `cobr`, CONTRACT §12) is debited by the payer's bank on its
 * due date: nothing is scanned, the API Pix `CobR` has no `pixCopiaECola` and no location, so
 * its `pix_code` is null rather than an empty string (Efí) or a scannable code no bank would
 * honour (the sandbox). Every other charge keeps its BR Code, as the check says.
 */
export class RecurringChargesWithoutPixCode1766400000200 implements MigrationInterface {
  name = "RecurringChargesWithoutPixCode1766400000200";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE charges ALTER COLUMN pix_code DROP NOT NULL;
      UPDATE charges SET pix_code = NULL WHERE recurrence_id IS NOT NULL AND type = 'RECURRING';
      ALTER TABLE charges
        ADD CONSTRAINT charges_pix_code_unless_recurring CHECK ((pix_code IS NULL) = (type = 'RECURRING')) NOT VALID;
      ALTER TABLE charges VALIDATE CONSTRAINT charges_pix_code_unless_recurring;
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE charges DROP CONSTRAINT charges_pix_code_unless_recurring;
      UPDATE charges SET pix_code = '' WHERE pix_code IS NULL;
      ALTER TABLE charges ALTER COLUMN pix_code SET NOT NULL;
    `);
  }
}
