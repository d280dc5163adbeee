import { Field, ID, ObjectType, registerEnumType } from "type-graphql";
import { Column, Entity, PrimaryColumn } from "typeorm";
import { bigintColumn } from "../core/db-columns";
import { MoneyScalar } from "../graphql/scalars";

export enum ChargeStatus {
  PENDING = "PENDING",
  PAID = "PAID",
  EXPIRED = "EXPIRED",
  CANCELLED = "CANCELLED",
}
registerEnumType(ChargeStatus, { name: "ChargeStatus" });

@Entity("charges")
@ObjectType({ description: "A PIX charge: a dynamic BR Code the payer pays." })
export class Charge {
  @PrimaryColumn({ type: "text" })
  @Field(() => ID, { description: '8 characters [A-Z0-9]; webhooks show it as "chg_<id>".' })
  id!: string;

  @Column({ name: "company_id", type: "text" })
  @Field(() => String)
  companyId!: string;

  @Column({ name: "amount_cents", type: "bigint", transformer: bigintColumn })
  @Field(() => MoneyScalar, { name: "amount" })
  amountCents!: bigint;

  @Column({ type: "text", nullable: true })
  @Field(() => String, { nullable: true })
  description!: string | null;

  @Column({ type: "text" })
  @Field(() => ChargeStatus)
  status!: ChargeStatus;

  @Column({ name: "pix_code", type: "text" })
  @Field(() => String, { description: "PIX copy-and-paste payload (dynamic BR Code)." })
  pixCode!: string;

  @Column({ name: "fee_cents", type: "bigint", transformer: bigintColumn })
  @Field(() => MoneyScalar, { name: "fee" })
  feeCents!: bigint;

  @Column({ name: "net_amount_cents", type: "bigint", transformer: bigintColumn })
  @Field(() => MoneyScalar, { name: "netAmount" })
  netAmountCents!: bigint;

  @Column({ name: "e2e_id", type: "text", nullable: true })
  @Field(() => String, { nullable: true, description: "Central-bank end-to-end id; null until confirmed." })
  e2eId!: string | null;

  @Column({ name: "payer_name", type: "text", nullable: true })
  @Field(() => String, { nullable: true })
  payerName!: string | null;

  @Column({ name: "payer_document", type: "text", nullable: true })
  @Field(() => String, { nullable: true })
  payerDocument!: string | null;

  @Column({ name: "paid_at", type: "timestamptz", nullable: true })
  @Field(() => Date, { nullable: true })
  paidAt!: Date | null;

  @Column({ name: "expires_at", type: "timestamptz" })
  @Field(() => Date)
  expiresAt!: Date;

  @Column({ name: "created_at", type: "timestamptz" })
  @Field(() => Date)
  createdAt!: Date;

  @Column({ type: "text" })
  @Field(() => String, { description: "API Pix transaction id (26 to 35 alphanumerics)." })
  txid!: string;

  @Column({ name: "location_id", type: "text" })
  locationId!: string;

  @Column({ name: "cancelled_at", type: "timestamptz", nullable: true })
  cancelledAt!: Date | null;

  @Column({ type: "boolean" })
  @Field(() => Boolean, { description: "Held by an operator: not counted in the balance until released." })
  reserved!: boolean;

  /** The operator's note; in the schema through ChargesResolver.reservedReason (operators only). */
  @Column({ name: "reserved_reason", type: "text", nullable: true })
  reservedReason!: string | null;

  @Column({ name: "refunded_amount_cents", type: "bigint", transformer: bigintColumn })
  @Field(() => MoneyScalar, {
    name: "refundedAmount",
    description: "Sum of the charge's refunds that are not FAILED (PROCESSING or REFUNDED).",
  })
  refundedAmountCents!: bigint;

  @Column({ name: "disputed_amount_cents", type: "bigint", transformer: bigintColumn })
  @Field(() => MoneyScalar, {
    name: "disputedAmount",
    description:
      "Held by the charge's MED disputes still OPEN or REJECTED, or ACCEPTED and awaiting the bank's own return: not refundable meanwhile.",
  })
  disputedAmountCents!: bigint;

  @Column({ name: "idempotency_key", type: "text", nullable: true })
  idempotencyKey!: string | null;

  @Column({ name: "request_fingerprint", type: "text", nullable: true })
  requestFingerprint!: string | null;

  @Column({ name: "updated_at", type: "timestamptz" })
  @Field(() => Date)
  updatedAt!: Date;
}
