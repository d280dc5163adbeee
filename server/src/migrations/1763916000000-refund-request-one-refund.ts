import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * A refund request is confirmed into one refund, and a refund confirms one request: the
 * row lock of confirmRefundRequest orders confirmations, and this index holds whatever
 * writes the rows.
 */
export class RefundRequestOneRefund1763916000000 implements MigrationInterface {
  name = "RefundRequestOneRefund1763916000000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      "CREATE UNIQUE INDEX refund_requests_refund_once ON refund_requests(refund_id) WHERE refund_id IS NOT NULL",
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query("DROP INDEX refund_requests_refund_once");
  }
}
