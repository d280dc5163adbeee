import { Field, ID, ObjectType, registerEnumType } from "type-graphql";
import { Column, Entity, PrimaryColumn } from "typeorm";
import { bigintColumn } from "../core/db-columns";
import { MoneyScalar } from "../graphql/scalars";

export enum AdjustmentStatus {
  /** Above APPROVAL_SECOND_OPERATOR_ABOVE: waits for a second operator; no ledger entry yet. */
  REQUESTED = "REQUESTED",
  /** In the ledger and the balance. */
  POSTED = "POSTED",
  /** A requested adjustment turned down; it never touched the balance. */
  REJECTED = "REJECTED",
}
registerEnumType(AdjustmentStatus, { name: "AdjustmentStatus" });

/** A manual credit (positive) or debit (negative) applied by an operator. */
@Entity("adjustments")
@ObjectType()
export class Adjustment {
  @PrimaryColumn({ type: "text" })
  @Field(() => ID)
  id!: string;

  @Column({ name: "company_id", type: "text" })
  @Field(() => String)
  companyId!: string;

  @Column({ name: "amount_cents", type: "bigint", transformer: bigintColumn })
  @Field(() => MoneyScalar, { name: "amount" })
  amountCents!: bigint;

  @Column({ type: "text" })
  @Field(() => String)
  description!: string;

  @Column({ name: "created_by", type: "text" })
  @Field(() => String)
  createdBy!: string;

  @Column({ name: "created_at", type: "timestamptz" })
  @Field(() => Date)
  createdAt!: Date;

  @Column({ type: "text" })
  @Field(() => AdjustmentStatus)
  status!: AdjustmentStatus;

  @Column({ name: "confirmed_by", type: "text", nullable: true })
  @Field(() => String, {
    nullable: true,
    description: "The second operator who confirmed it; null when posted at once.",
  })
  confirmedBy!: string | null;

  @Column({ name: "rejected_by", type: "text", nullable: true })
  @Field(() => String, { nullable: true })
  rejectedBy!: string | null;

  @Column({ name: "rejection_reason", type: "text", nullable: true })
  @Field(() => String, { nullable: true })
  rejectionReason!: string | null;

  @Column({ name: "decided_at", type: "timestamptz", nullable: true })
  @Field(() => Date, { nullable: true, description: "When it was confirmed or rejected." })
  decidedAt!: Date | null;

  @Field(() => String, { description: "The operator who asked for it (the same as createdBy)." })
  get requestedBy(): string {
    return this.createdBy;
  }
}
