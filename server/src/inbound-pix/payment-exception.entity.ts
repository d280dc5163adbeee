import { Field, ID, Int, ObjectType, registerEnumType } from "type-graphql";
import { Column, Entity, PrimaryColumn } from "typeorm";
import { bigintColumn } from "../core/db-columns";
import { MoneyScalar } from "../graphql/scalars";

/** Why an inbound payment was not credited. */
export enum PaymentExceptionKind {
  UNKNOWN_TXID = "UNKNOWN_TXID",
  AMOUNT_MISMATCH = "AMOUNT_MISMATCH",
  CHARGE_EXPIRED = "CHARGE_EXPIRED",
  CHARGE_CANCELLED = "CHARGE_CANCELLED",
  ALREADY_PAID = "ALREADY_PAID",
  /** An entry of the provider's batch that could not be read; `problem` says why. */
  MALFORMED = "MALFORMED",
  /** A devolução the bank reported that is not one the service asked for, or disagrees with it; `problem` says how. */
  UNKNOWN_RETURN = "UNKNOWN_RETURN",
  /** A Pix received with a static QR code's identifier after the code was deactivated. */
  QRCODE_INACTIVE = "QRCODE_INACTIVE",
}
registerEnumType(PaymentExceptionKind, { name: "PaymentExceptionKind" });

export enum PaymentExceptionStatus {
  OPEN = "OPEN",
  RESOLVED = "RESOLVED",
}
registerEnumType(PaymentExceptionStatus, { name: "PaymentExceptionStatus" });

/** Where the return of an exception's payment to its payer stands (a devolução, as a refund's). */
export enum PaymentReturnStatus {
  PROCESSING = "PROCESSING",
  RETURNED = "RETURNED",
  FAILED = "FAILED",
}
registerEnumType(PaymentReturnStatus, { name: "PaymentReturnStatus" });

/**
 * Money the bank reports as received that the service did not credit: the operator
 * reviews it and returns it to the payer (a devolução: returnPaymentException, or at once
 * for accounts with autoReturnExceptions), credits it by an adjustment, or marks it resolved.
 */
@Entity("payment_exceptions")
@ObjectType()
export class PaymentException {
  @PrimaryColumn({ type: "text" })
  @Field(() => ID)
  id!: string;

  @Column({ type: "text" })
  @Field(() => PaymentExceptionKind)
  kind!: PaymentExceptionKind;

  @Column({ type: "text" })
  @Field(() => PaymentExceptionStatus)
  status!: PaymentExceptionStatus;

  @Column({ name: "end_to_end_id", type: "text", nullable: true })
  @Field(() => String, { nullable: true })
  endToEndId!: string | null;

  @Column({ type: "text", nullable: true })
  @Field(() => String, { nullable: true, description: "Null only when MALFORMED and unreadable." })
  txid!: string | null;

  @Column({ name: "amount_cents", type: "bigint", transformer: bigintColumn, nullable: true })
  @Field(() => MoneyScalar, { name: "amount", nullable: true, description: "Null only when MALFORMED and unreadable." })
  amountCents!: bigint | null;

  @Column({ name: "expected_amount_cents", type: "bigint", transformer: bigintColumn, nullable: true })
  @Field(() => MoneyScalar, {
    name: "expectedAmount",
    nullable: true,
    description: "What the matched charge asked for; null when no charge matched.",
  })
  expectedAmountCents!: bigint | null;

  @Column({ name: "charge_id", type: "text", nullable: true })
  @Field(() => String, { nullable: true })
  chargeId!: string | null;

  @Column({ name: "company_id", type: "text", nullable: true })
  @Field(() => String, { nullable: true })
  companyId!: string | null;

  @Column({ name: "payer_name", type: "text", nullable: true })
  @Field(() => String, { nullable: true })
  payerName!: string | null;

  @Column({ name: "payer_document", type: "text", nullable: true })
  @Field(() => String, { nullable: true })
  payerDocument!: string | null;

  @Column({ name: "paid_at", type: "timestamptz", nullable: true })
  @Field(() => Date, { nullable: true, description: "Null only when MALFORMED and unreadable." })
  paidAt!: Date | null;

  /** The notification item as received (NUL characters taken out: PostgreSQL cannot store them). */
  @Column({ type: "jsonb" })
  notification!: unknown;

  @Column({ type: "text", nullable: true })
  @Field(() => String, { nullable: true, description: "MALFORMED: what could not be read." })
  problem!: string | null;

  @Column({ type: "text", nullable: true })
  @Field(() => String, { nullable: true })
  resolution!: string | null;

  @Column({ name: "resolved_by", type: "text", nullable: true })
  @Field(() => String, { nullable: true })
  resolvedBy!: string | null;

  @Column({ name: "resolved_at", type: "timestamptz", nullable: true })
  @Field(() => Date, { nullable: true })
  resolvedAt!: Date | null;

  @Column({ name: "created_at", type: "timestamptz" })
  @Field(() => Date)
  createdAt!: Date;

  @Column({ name: "return_status", type: "text", nullable: true })
  @Field(() => PaymentReturnStatus, { nullable: true, description: "Null until the payment is returned to its payer." })
  returnStatus!: PaymentReturnStatus | null;

  /** How many returns were asked for (a new one after a FAILED one is a new devolução). */
  @Column({ name: "return_attempt", type: "int" })
  returnAttempt!: number;

  @Column({ name: "return_request_id", type: "text", nullable: true })
  @Field(() => String, { nullable: true, description: "The devolução's id at the bank." })
  returnRequestId!: string | null;

  @Column({ name: "return_id", type: "text", nullable: true })
  @Field(() => String, { nullable: true, description: "The devolução's rtrId, once the bank has taken it." })
  returnId!: string | null;

  @Column({ name: "return_reason", type: "text", nullable: true })
  @Field(() => String, { nullable: true, description: "Sent to the payer as the devolução's descricao." })
  returnReason!: string | null;

  @Column({ name: "return_failure_reason", type: "text", nullable: true })
  @Field(() => String, { nullable: true })
  returnFailureReason!: string | null;

  @Column({ name: "return_retry_count", type: "int" })
  @Field(() => Int)
  returnRetryCount!: number;

  @Column({ name: "return_requested_by", type: "text", nullable: true })
  @Field(() => String, { nullable: true, description: 'Who asked: "operator:…", or "system:auto-return".' })
  returnRequestedBy!: string | null;

  @Column({ name: "return_requested_at", type: "timestamptz", nullable: true })
  @Field(() => Date, { nullable: true })
  returnRequestedAt!: Date | null;

  @Column({ name: "returned_at", type: "timestamptz", nullable: true })
  @Field(() => Date, { nullable: true })
  returnedAt!: Date | null;
}
