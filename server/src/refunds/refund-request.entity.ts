import { Field, ID, ObjectType, registerEnumType } from "type-graphql";
import { Column, Entity, PrimaryColumn } from "typeorm";
import { bigintColumn } from "../core/db-columns";
import { MoneyScalar } from "../graphql/scalars";

/** An operator's refund waiting for a second operator (maker-checker); operators only, never a refund status. */
export enum RefundRequestStatus {
  /** Waiting for a second, different operator; no money moved. */
  REQUESTED = "REQUESTED",
  /** Confirmed (or made alone, within the rule): the refund exists (refundId). */
  CONFIRMED = "CONFIRMED",
  /** Turned down by an operator (the requester may withdraw it too); no money moved. */
  REJECTED = "REJECTED",
  /** Nobody confirmed it within APPROVAL_SECOND_OPERATOR_WINDOW_H; no money moved. */
  EXPIRED = "EXPIRED",
}
registerEnumType(RefundRequestStatus, { name: "RefundRequestStatus" });

@Entity("refund_requests")
@ObjectType({
  description:
    "An operator's refund of a charge above APPROVAL_SECOND_OPERATOR_ABOVE (or past what the operator may move alone in the window): a second, different operator confirms it, and only the confirmation creates the refund. Operators only.",
})
export class RefundRequest {
  @PrimaryColumn({ type: "text" })
  @Field(() => ID, { description: '"rfq_" and 24 letters and digits.' })
  id!: string;

  @Column({ name: "company_id", type: "text" })
  @Field(() => ID)
  companyId!: string;

  @Column({ name: "charge_id", type: "text" })
  @Field(() => ID)
  chargeId!: string;

  @Column({ name: "amount_cents", type: "bigint", transformer: bigintColumn })
  @Field(() => MoneyScalar, { name: "amount" })
  amountCents!: bigint;

  @Column({ type: "text", nullable: true })
  @Field(() => String, { nullable: true, description: "Sent to the bank as the devolução's descricao." })
  reason!: string | null;

  /** Stored REQUESTED past expires_at reads EXPIRED (nobody can confirm it any more). */
  @Column({ type: "text" })
  @Field(() => RefundRequestStatus)
  status!: RefundRequestStatus;

  @Column({ name: "idempotency_key", type: "text" })
  @Field(() => String, { description: "The refund created on confirmation carries it: one refund per request." })
  idempotencyKey!: string;

  @Column({ name: "request_fingerprint", type: "text" })
  requestFingerprint!: string;

  @Column({ name: "requested_by", type: "text" })
  @Field(() => String, { description: "The operator who asked (operator:<user id>)." })
  requestedBy!: string;

  @Column({ name: "decided_by", type: "text", nullable: true })
  @Field(() => String, { nullable: true, description: "The operator who confirmed or rejected it." })
  decidedBy!: string | null;

  @Column({ name: "rejection_reason", type: "text", nullable: true })
  @Field(() => String, { nullable: true })
  rejectionReason!: string | null;

  @Column({ name: "refund_id", type: "text", nullable: true })
  @Field(() => ID, { nullable: true, description: "The refund the confirmation created." })
  refundId!: string | null;

  @Column({ name: "requested_at", type: "timestamptz" })
  @Field(() => Date)
  requestedAt!: Date;

  @Column({ name: "expires_at", type: "timestamptz" })
  @Field(() => Date, { description: "requestedAt + APPROVAL_SECOND_OPERATOR_WINDOW_H (24 h when 0)." })
  expiresAt!: Date;

  @Column({ name: "decided_at", type: "timestamptz", nullable: true })
  @Field(() => Date, { nullable: true })
  decidedAt!: Date | null;
}
