import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * What the matched charge asked for, kept beside what the payer sent, so an operator
 * reviewing a wrong amount sees both without opening the charge. Existing exceptions take
 * it from their charge (a charge's amount never changes).
 */
export class PaymentExceptionExpectedAmount1763801100000 implements MigrationInterface {
  name = "PaymentExceptionExpectedAmount1763801100000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE payment_exceptions ADD COLUMN expected_amount_cents bigint;
      UPDATE payment_exceptions pe SET expected_amount_cents = c.amount_cents
        FROM charges c WHERE c.id = pe.charge_id;
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query("ALTER TABLE payment_exceptions DROP COLUMN expected_amount_cents");
  }
}
