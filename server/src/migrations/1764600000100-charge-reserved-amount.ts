import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * An operator's hold of a PAID charge takes out of the balance what remains of it,
 * `net_amount − refunded_amount` (never below zero: CONTRACT §8), not the whole net: a partly
 * refunded charge's refund already left the balance. What the hold took is kept on the charge,
 * `reserved_amount_cents`, so that its release gives back exactly that (a refund that fails
 * while the charge is held gives its own amount back) and balanceAudit can recompute it.
 * Charges held before this migration took their whole net: that is what they keep.
 */
export class ChargeReservedAmount1764600000100 implements MigrationInterface {
  name = "ChargeReservedAmount1764600000100";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE charges ADD COLUMN reserved_amount_cents bigint NOT NULL DEFAULT 0;
      UPDATE charges SET reserved_amount_cents = net_amount_cents
       WHERE reserved AND status = 'PAID' AND net_amount_cents > 0;
      ALTER TABLE charges ADD CONSTRAINT charges_reserved_amount_check
        CHECK (reserved_amount_cents >= 0 AND (reserved OR reserved_amount_cents = 0)
               AND reserved_amount_cents <= net_amount_cents);
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query("ALTER TABLE charges DROP COLUMN reserved_amount_cents");
  }
}
