import { Field, ID, Int, ObjectType, registerEnumType } from "type-graphql";
import { Column, Entity, PrimaryColumn } from "typeorm";
import { bigintColumn } from "../core/db-columns";
import { MoneyScalar } from "../graphql/scalars";

export enum RefundStatus {
  PROCESSING = "PROCESSING",
  REFUNDED = "REFUNDED",
  FAILED = "FAILED",
}
registerEnumType(RefundStatus, { name: "RefundStatus" });

/** The devolução's natureza: ORIGINAL (a refund asked for), or the MED reason of an accepted dispute. */
export enum RefundNature {
  ORIGINAL = "ORIGINAL",
  MED_FRAUDE = "MED_FRAUDE",
  MED_OPERACIONAL = "MED_OPERACIONAL",
}
registerEnumType(RefundNature, { name: "RefundNature" });

@Entity("refunds")
@ObjectType({ description: "All or part of a PAID charge given back to its payer (a PIX devolução)." })
export class Refund {
  @PrimaryColumn({ type: "text" })
  @Field(() => ID, { description: '"rf_" and 24 letters and digits; at the bank, the devolução id is it without "_".' })
  id!: string;

  @Column({ name: "company_id", type: "text" })
  @Field(() => String)
  companyId!: string;

  @Column({ name: "charge_id", type: "text" })
  @Field(() => String, { description: "The refunded charge (8 characters)." })
  chargeId!: string;

  @Column({ name: "amount_cents", type: "bigint", transformer: bigintColumn })
  @Field(() => MoneyScalar, { name: "amount" })
  amountCents!: bigint;

  @Column({ type: "text" })
  @Field(() => RefundStatus)
  status!: RefundStatus;

  @Column({ type: "text", nullable: true })
  @Field(() => String, { nullable: true, description: "Sent to the bank as the devolução's descricao." })
  reason!: string | null;

  @Column({ name: "return_id", type: "text", nullable: true })
  @Field(() => String, {
    nullable: true,
    description:
      "The devolução's rtrId (D + ISPB + yyyyMMddHHmm + 11 alphanumerics); null until the bank has taken it.",
  })
  returnId!: string | null;

  @Column({ name: "failure_reason", type: "text", nullable: true })
  @Field(() => String, { nullable: true, description: "Why the bank did not return the money (FAILED only)." })
  failureReason!: string | null;

  @Column({ name: "retry_count", type: "int" })
  @Field(() => Int, { description: "Submissions retried after a transient bank error." })
  retryCount!: number;

  @Column({ type: "text" })
  @Field(() => RefundNature, {
    description: "ORIGINAL, or MED_FRAUDE / MED_OPERACIONAL: an accepted MED dispute's devolução.",
  })
  nature!: RefundNature;

  @Column({ name: "dispute_id", type: "text", nullable: true })
  @Field(() => String, { nullable: true, description: "The MED dispute this devolução settles." })
  disputeId!: string | null;

  @Column({ name: "idempotency_key", type: "text", nullable: true })
  @Field(() => String, { nullable: true })
  idempotencyKey!: string | null;

  @Column({ name: "request_fingerprint", type: "text", nullable: true })
  requestFingerprint!: string | null;

  @Column({ name: "requested_by", type: "text" })
  @Field(() => String, { description: 'Who asked for it: "merchant:…" or "operator:…".' })
  requestedBy!: string;

  @Column({ name: "submitted_at", type: "timestamptz", nullable: true })
  @Field(() => Date, { nullable: true, description: "When the bank first took the devolução." })
  submittedAt!: Date | null;

  @Column({ name: "refunded_at", type: "timestamptz", nullable: true })
  @Field(() => Date, { nullable: true })
  refundedAt!: Date | null;

  @Column({ name: "created_at", type: "timestamptz" })
  @Field(() => Date)
  createdAt!: Date;

  @Column({ name: "updated_at", type: "timestamptz" })
  @Field(() => Date)
  updatedAt!: Date;
}

/** The devolução's id at the bank: the refund's id without its underscore ([a-zA-Z0-9], as API Pix requires). */
export function refundReturnRequestId(refundId: string): string {
  return refundId.replace("_", "");
}

/** The refund a devolução id names ("rfAbC…" → "rf_AbC…"), or null when it is not a refund's. */
export function refundIdOfReturnRequest(returnRequestId: string): string | null {
  return /^rf[A-Za-z0-9]{24}$/.test(returnRequestId) ? `rf_${returnRequestId.slice(2)}` : null;
}
