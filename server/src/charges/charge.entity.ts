import { Field, ID, Int, ObjectType, registerEnumType } from "type-graphql";
import { Column, Entity, PrimaryColumn } from "typeorm";
import type { AdjustmentTerm, DiscountTerm, InterestTerm } from "../billing";
import { bigintColumn } from "../core/db-columns";
import { MoneyScalar } from "../graphql/scalars";
import { type Metadata, MetadataScalar } from "./charge-metadata";
import { ChargeAdjustment, ChargeDiscount, ChargeInterest, ChargePayer } from "./charge-terms.types";
import { amountDueAt } from "./due-date-charge";
import { adjustmentColumn, dateColumn, discountColumn, interestColumn } from "./due-date-columns";
import { paymentUrlOf } from "./payment-url";

export enum ChargeStatus {
  PENDING = "PENDING",
  PAID = "PAID",
  EXPIRED = "EXPIRED",
  CANCELLED = "CANCELLED",
}
registerEnumType(ChargeStatus, { name: "ChargeStatus" });

/** IMMEDIATE (API Pix `cob`), DUE_DATE (`cobv`, CONTRACT §11), RECURRING (Pix Automático, §12). */
export enum ChargeType {
  IMMEDIATE = "IMMEDIATE",
  DUE_DATE = "DUE_DATE",
  RECURRING = "RECURRING",
}
registerEnumType(ChargeType, {
  name: "ChargeType",
  valuesConfig: {
    [ChargeType.IMMEDIATE]: { description: "Paid once before it expires (API Pix cob)." },
    [ChargeType.DUE_DATE]: { description: "A due date, with fine, interest and discount (API Pix cobv)." },
    [ChargeType.RECURRING]: { description: "A cycle of a Pix Automático recurrence." },
  },
});

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

  @Column({ name: "pix_code", type: "text", nullable: true })
  @Field(() => String, {
    nullable: true,
    description:
      "PIX copy-and-paste payload (dynamic BR Code); null for a RECURRING charge, which the payer's bank debits (nothing to scan).",
  })
  pixCode!: string | null;

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

  @Column({ name: "reserved_amount_cents", type: "bigint", transformer: bigintColumn })
  @Field(() => MoneyScalar, {
    name: "reservedAmount",
    description:
      "What the operator's hold took out of the balance and its release gives back: net amount minus the refunds at the hold (never below 0); 0 when not held or not PAID.",
  })
  reservedAmountCents!: bigint;

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

  @Column({ type: "text" })
  @Field(() => ChargeType)
  type!: ChargeType;

  @Column({ name: "due_date", type: "date", nullable: true, transformer: dateColumn })
  @Field(() => String, {
    nullable: true,
    description: "DUE_DATE and RECURRING: YYYY-MM-DD, a day in America/Sao_Paulo.",
  })
  dueDate!: string | null;

  @Column({ name: "days_after_due", type: "integer", nullable: true })
  @Field(() => Int, {
    nullable: true,
    description: "DUE_DATE: payable until the end of that many days after the due date.",
  })
  daysAfterDue!: number | null;

  /** Who the charge is addressed to (a due-date charge's `devedor`); in the schema as `payer`. */
  @Column({ name: "debtor_name", type: "text", nullable: true })
  debtorName!: string | null;

  @Column({ name: "debtor_document", type: "text", nullable: true })
  debtorDocument!: string | null;

  @Column({ type: "jsonb", nullable: true, transformer: adjustmentColumn })
  @Field(() => ChargeAdjustment, {
    nullable: true,
    description: "After the due date, once (PERCENT: of the amount less the abatement).",
  })
  fine!: AdjustmentTerm | null;

  @Column({ type: "jsonb", nullable: true, transformer: interestColumn })
  @Field(() => ChargeInterest, {
    nullable: true,
    description: "For each day late, counted from the due date as given.",
  })
  interest!: InterestTerm | null;

  @Column({ type: "jsonb", nullable: true, transformer: adjustmentColumn })
  @Field(() => ChargeAdjustment, {
    nullable: true,
    description: "Taken off the amount whenever it is paid (PERCENT: of the amount).",
  })
  abatement!: AdjustmentTerm | null;

  @Column({ type: "jsonb", nullable: true, transformer: discountColumn })
  @Field(() => ChargeDiscount, { nullable: true, description: "For paying on or before the due date." })
  discount!: DiscountTerm | null;

  @Column({ name: "customer_id", type: "text", nullable: true })
  @Field(() => String, { nullable: true })
  customerId!: string | null;

  @Column({ name: "external_reference", type: "text", nullable: true })
  @Field(() => String, {
    nullable: true,
    description: "The merchant's own reference: unique among the account's charges.",
  })
  externalReference!: string | null;

  @Column({ type: "jsonb", nullable: true })
  @Field(() => MetadataScalar, { nullable: true })
  metadata!: Metadata | null;

  /** What the charge brought when paid; null on charges paid before it was kept (their amount). */
  @Column({ name: "paid_amount_cents", type: "bigint", nullable: true, transformer: bigintColumn })
  paidAmountCents!: bigint | null;

  /** The account's fee plan when the charge was made: a due-date charge's fee is of the amount paid. */
  @Column({ name: "fee_percent_centi", type: "bigint", nullable: true, transformer: bigintColumn })
  feePercentCenti!: bigint | null;

  @Column({ name: "fee_fixed_cents", type: "bigint", nullable: true, transformer: bigintColumn })
  feeFixedCents!: bigint | null;

  /** The batch (POST /charges/batch) it was made in. */
  @Column({ name: "batch_id", type: "bigint", nullable: true, transformer: bigintColumn })
  batchId!: bigint | null;

  /** Its place in the batch (0-based): a replay answers the batch in the order it was given. */
  @Column({ name: "batch_index", type: "integer", nullable: true })
  batchIndex!: number | null;

  @Column({ name: "payment_link_id", type: "text", nullable: true })
  @Field(() => String, { nullable: true, description: "The payment link it was made from." })
  paymentLinkId!: string | null;

  @Column({ name: "qrcode_id", type: "text", nullable: true })
  @Field(() => String, { nullable: true, description: "The static QR code it was paid through." })
  qrcodeId!: string | null;

  @Column({ name: "recurrence_id", type: "text", nullable: true })
  @Field(() => String, { nullable: true, description: "RECURRING: the Pix Automático recurrence it charges." })
  recurrenceId!: string | null;

  @Column({ name: "debit_attempt", type: "integer", nullable: true })
  @Field(() => Int, {
    nullable: true,
    description: "RECURRING: the debit attempt in progress or last made (1 on the due date, then each retry).",
  })
  debitAttempt!: number | null;

  @Column({ name: "failure_reason", type: "text", nullable: true })
  @Field(() => String, { nullable: true, description: "RECURRING: why the payer's bank refused the last debit." })
  failureReason!: string | null;

  /** The day of the attempt in progress or next; in the schema as `nextAttemptOn` while PENDING. */
  @Column({ name: "next_attempt_on", type: "date", nullable: true, transformer: dateColumn })
  nextAttemptDay!: string | null;

  /** The random part of the payer's page's address (`payment_url`); the page finds the charge by it. */
  @Column({ name: "payment_token", type: "text" })
  paymentToken!: string;

  @Field(() => String, {
    nullable: true,
    description: "RECURRING and PENDING: the day (America/Sao_Paulo) of the debit attempt in progress or next.",
  })
  get nextAttemptOn(): string | null {
    return this.status === ChargeStatus.PENDING ? this.nextAttemptDay : null;
  }

  @Field(() => ChargePayer, {
    nullable: true,
    description: "Who the charge is addressed to; null for a charge without one.",
  })
  get payer(): ChargePayer | null {
    return this.debtorName !== null && this.debtorDocument !== null
      ? { name: this.debtorName, document: this.debtorDocument }
      : null;
  }

  @Field(() => MoneyScalar, {
    nullable: true,
    description:
      "Today's amount due (America/Sao_Paulo): a due-date charge's by its terms, else the amount; null unless PENDING.",
  })
  get amountDue(): bigint | null {
    if (this.status !== ChargeStatus.PENDING) return null;
    return amountDueAt(this, new Date())?.amountDueCents ?? this.amountCents;
  }

  @Field(() => MoneyScalar, { nullable: true, description: "What the payment brought; null until PAID." })
  get paidAmount(): bigint | null {
    return this.status === ChargeStatus.PAID ? (this.paidAmountCents ?? this.amountCents) : null;
  }

  @Field(() => String, {
    description: "The payer's page: {PUBLIC_BASE_URL}/pay/<token>, public, in Portuguese, live until paid.",
  })
  get paymentUrl(): string {
    return paymentUrlOf(this.paymentToken);
  }
}
