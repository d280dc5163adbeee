import { Field, ID, ObjectType, registerEnumType } from "type-graphql";
import { Column, Entity, PrimaryGeneratedColumn } from "typeorm";
import { bigintColumn } from "../core/db-columns";
import { MoneyScalar } from "../graphql/scalars";

export enum LedgerEntryKind {
  CHARGE_PAID = "CHARGE_PAID",
  CHARGE_RESERVED = "CHARGE_RESERVED",
  CHARGE_RELEASED = "CHARGE_RELEASED",
  ADJUSTMENT = "ADJUSTMENT",
  WITHDRAWAL_RESERVED = "WITHDRAWAL_RESERVED",
  WITHDRAWAL_REFUNDED = "WITHDRAWAL_REFUNDED",
  /** A refund to a payer takes its amount out of the balance when it is created. */
  REFUND_RESERVED = "REFUND_RESERVED",
  /** The bank did not return it: the amount comes back. */
  REFUND_FAILED = "REFUND_FAILED",
  /** A MED dispute blocks its amount while it is open (never below zero). */
  DISPUTE_HELD = "DISPUTE_HELD",
  /** The hold ends: the dispute is closed, or its amount becomes the MED devolução. */
  DISPUTE_RELEASED = "DISPUTE_RELEASED",
}
registerEnumType(LedgerEntryKind, { name: "LedgerEntryKind" });

/** One movement of an account's balance; the running balance after it is kept beside it. */
@Entity("ledger_entries")
@ObjectType()
export class LedgerEntry {
  @PrimaryGeneratedColumn({ type: "bigint" })
  @Field(() => ID)
  id!: string;

  @Column({ name: "company_id", type: "text" })
  @Field(() => String)
  companyId!: string;

  @Column({ type: "text" })
  @Field(() => LedgerEntryKind)
  kind!: LedgerEntryKind;

  @Column({ name: "amount_cents", type: "bigint", transformer: bigintColumn })
  @Field(() => MoneyScalar, { name: "amount", description: "Signed: credits positive, debits negative." })
  amountCents!: bigint;

  @Column({ name: "balance_after_cents", type: "bigint", transformer: bigintColumn })
  @Field(() => MoneyScalar, { name: "balanceAfter" })
  balanceAfterCents!: bigint;

  @Column({ name: "charge_id", type: "text", nullable: true })
  @Field(() => String, { nullable: true })
  chargeId!: string | null;

  @Column({ name: "withdrawal_id", type: "text", nullable: true })
  @Field(() => String, { nullable: true })
  withdrawalId!: string | null;

  @Column({ name: "adjustment_id", type: "text", nullable: true })
  @Field(() => String, { nullable: true })
  adjustmentId!: string | null;

  @Column({ name: "refund_id", type: "text", nullable: true })
  @Field(() => String, { nullable: true })
  refundId!: string | null;

  @Column({ name: "dispute_id", type: "text", nullable: true })
  @Field(() => String, { nullable: true })
  disputeId!: string | null;

  /** In the schema through LedgerEntryResolver.memo (a hold's reason is for operators only). */
  @Column({ type: "text", nullable: true })
  memo!: string | null;

  @Column({ name: "created_at", type: "timestamptz" })
  @Field(() => Date)
  createdAt!: Date;
}
