import { Field, ID, ObjectType, registerEnumType } from "type-graphql";
import { Column, Entity, PrimaryColumn } from "typeorm";
import { ChargePayer, dateColumn } from "../charges/model";
import { bigintColumn } from "../core/db-columns";
import { MoneyScalar } from "../graphql/scalars";

export enum RecurrenceStatus {
  CREATED = "CREATED",
  APPROVED = "APPROVED",
  REJECTED = "REJECTED",
  EXPIRED = "EXPIRED",
  CANCELLED = "CANCELLED",
  COMPLETED = "COMPLETED",
}
registerEnumType(RecurrenceStatus, {
  name: "RecurrenceStatus",
  valuesConfig: {
    [RecurrenceStatus.CREATED]: { description: "Waiting for the payer's authorisation in their bank's app." },
    [RecurrenceStatus.APPROVED]: { description: "Authorised: its charges are debited on their due dates." },
    [RecurrenceStatus.REJECTED]: { description: "The payer refused it." },
    [RecurrenceStatus.EXPIRED]: { description: "Not authorised in time." },
    [RecurrenceStatus.CANCELLED]: { description: "Cancelled by the merchant or by the payer at their bank." },
    [RecurrenceStatus.COMPLETED]: { description: "Past its end date." },
  },
});

/** Statuses a recurrence never leaves. */
export const FINAL_RECURRENCE_STATUSES: ReadonlySet<RecurrenceStatus> = new Set([
  RecurrenceStatus.REJECTED,
  RecurrenceStatus.EXPIRED,
  RecurrenceStatus.CANCELLED,
  RecurrenceStatus.COMPLETED,
]);

export enum RecurrenceFrequency {
  WEEKLY = "WEEKLY",
  MONTHLY = "MONTHLY",
  QUARTERLY = "QUARTERLY",
  SEMIANNUAL = "SEMIANNUAL",
  ANNUAL = "ANNUAL",
}
registerEnumType(RecurrenceFrequency, {
  name: "RecurrenceFrequency",
  description: "The API Pix `periodicidade`: SEMANAL, MENSAL, TRIMESTRAL, SEMESTRAL, ANUAL.",
});

export enum RecurrenceRetryPolicy {
  NONE = "NONE",
  THREE_IN_SEVEN_DAYS = "THREE_IN_SEVEN_DAYS",
}
registerEnumType(RecurrenceRetryPolicy, {
  name: "RecurrenceRetryPolicy",
  description: "The API Pix `politicaRetentativa`: NAO_PERMITE, or PERMITE_3R_7D (3 more attempts within 7 days).",
});

export enum PayerBankRequestStatus {
  PENDING = "PENDING",
  SENT = "SENT",
  ACCEPTED = "ACCEPTED",
  REJECTED = "REJECTED",
  FAILED = "FAILED",
  CANCELLED = "CANCELLED",
}
registerEnumType(PayerBankRequestStatus, {
  name: "PayerBankRequestStatus",
  description: "The authorisation request sent to the payer's bank (API Pix `solicrec`).",
  valuesConfig: {
    [PayerBankRequestStatus.PENDING]: { description: "Queued: the service is sending it." },
    [PayerBankRequestStatus.SENT]: {
      description: "Sent: it is in the payer's bank's app until the authorisation's end.",
    },
    [PayerBankRequestStatus.ACCEPTED]: { description: "The payer authorised the recurrence." },
    [PayerBankRequestStatus.REJECTED]: { description: "The payer refused the recurrence." },
    [PayerBankRequestStatus.FAILED]: { description: "The bank did not send it (failureReason says why)." },
    [PayerBankRequestStatus.CANCELLED]: { description: "The recurrence ended before the payer decided." },
  },
});

@ObjectType({ description: "The payer's account at their bank, where the authorisation is sent (journey 4)." })
export class RecurrencePayerBankAccount {
  @Field(() => String, { description: "The payer's bank's ISPB: 8 digits." })
  ispb!: string;

  @Field(() => String, { nullable: true, description: "1 to 4 digits, when the account has a branch." })
  branch!: string | null;

  @Field(() => String, { description: "1 to 20 digits, the check digit included." })
  account!: string;
}

@ObjectType({ description: "The authorisation request sent to the payer's bank (API Pix `solicrec`)." })
export class RecurrencePayerBankRequest {
  @Field(() => PayerBankRequestStatus)
  status!: PayerBankRequestStatus;

  @Field(() => Date, { nullable: true, description: "When the bank took it; null until sent." })
  sentAt!: Date | null;

  @Field(() => String, { nullable: true, description: "FAILED: why the bank did not send it." })
  failureReason!: string | null;
}

@ObjectType({ description: "A payment made with the authorisation (the central bank's journey 3)." })
export class RecurrenceFirstPayment {
  @Field(() => MoneyScalar)
  amount!: bigint;
}

@Entity("recurrences")
@ObjectType({ description: "A Pix Automático authorisation: the payer lets the account charge them on a schedule." })
export class Recurrence {
  @PrimaryColumn({ type: "text" })
  @Field(() => ID, { description: '"rec_" and 24 letters and digits.' })
  id!: string;

  @Column({ name: "company_id", type: "text" })
  @Field(() => String)
  companyId!: string;

  @Column({ type: "text" })
  @Field(() => RecurrenceStatus)
  status!: RecurrenceStatus;

  @Column({ name: "pix_code", type: "text" })
  @Field(() => String, { description: "The BR Code the payer scans in their bank's app to authorise it." })
  pixCode!: string;

  @Column({ name: "customer_id", type: "text", nullable: true })
  @Field(() => String, { nullable: true })
  customerId!: string | null;

  @Column({ name: "payer_name", type: "text" })
  payerName!: string;

  @Column({ name: "payer_document", type: "text" })
  payerDocument!: string;

  @Column({ type: "text" })
  @Field(() => String, { description: "The merchant's contract number (API Pix `vinculo.contrato`)." })
  contract!: string;

  @Column({ type: "text" })
  @Field(() => String, { description: "What is paid for (API Pix `vinculo.objeto`)." })
  object!: string;

  @Column({ type: "text" })
  @Field(() => RecurrenceFrequency)
  frequency!: RecurrenceFrequency;

  @Column({ name: "start_date", type: "date", transformer: dateColumn })
  @Field(() => String, { description: "YYYY-MM-DD (America/Sao_Paulo): the first cycle's day." })
  startDate!: string;

  @Column({ name: "end_date", type: "date", nullable: true, transformer: dateColumn })
  @Field(() => String, { nullable: true, description: "YYYY-MM-DD; null: until cancelled." })
  endDate!: string | null;

  @Column({ name: "amount_cents", type: "bigint", nullable: true, transformer: bigintColumn })
  @Field(() => MoneyScalar, { name: "amount", nullable: true, description: "Fixed amount; null: each charge's own." })
  amountCents!: bigint | null;

  @Column({ name: "retry_policy", type: "text" })
  @Field(() => RecurrenceRetryPolicy)
  retryPolicy!: RecurrenceRetryPolicy;

  @Column({ name: "first_payment_cents", type: "bigint", nullable: true, transformer: bigintColumn })
  firstPaymentCents!: bigint | null;

  @Column({ name: "auto_charge", type: "boolean" })
  @Field(() => Boolean, { description: "The service creates each cycle's charge itself, 7 days before its due date." })
  autoCharge!: boolean;

  /**
   * auto_charge: the next cycle the service's schedule has not taken yet, from which its sweep
   * looks for the cycle to charge (its index finds the recurrences due); null otherwise.
   */
  @Column({ name: "next_auto_cycle_on", type: "date", nullable: true, transformer: dateColumn })
  nextAutoCycleOn!: string | null;

  @Column({ name: "status_reason", type: "text", nullable: true })
  @Field(() => String, { name: "reason", nullable: true, description: "Why it was rejected, cancelled or expired." })
  statusReason!: string | null;

  /** The recurrence's location (API Pix `locrec`) on the bank: the payer's bank reads it from the BR Code. */
  @Column({ name: "location_id", type: "text" })
  locationId!: string;

  /** The first payment's location (API Pix `cob`), with `first_payment`. */
  @Column({ name: "first_payment_location_id", type: "text", nullable: true })
  firstPaymentLocationId!: string | null;

  /** The bank's id of the recurrence (API Pix `idRec`), which its notifications name; null in the sandbox. */
  @Column({ name: "bank_recurrence_id", type: "text", nullable: true })
  bankRecurrenceId!: string | null;

  /** The first payment's `cob` txid at the bank (journey 3), with `first_payment`. */
  @Column({ name: "first_payment_txid", type: "text", nullable: true })
  firstPaymentTxid!: string | null;

  /** Journey 4: the payer's account the authorisation is sent to (the holder is the payer); null without one. */
  @Column({ name: "payer_bank_ispb", type: "text", nullable: true })
  payerBankIspb!: string | null;

  @Column({ name: "payer_bank_branch", type: "text", nullable: true })
  payerBankBranch!: string | null;

  @Column({ name: "payer_bank_account", type: "text", nullable: true })
  payerBankAccountNumber!: string | null;

  @Column({ name: "payer_bank_request_status", type: "text", nullable: true })
  payerBankRequestStatus!: PayerBankRequestStatus | null;

  /** The bank's id of the request (API Pix `idSolicRec`), once sent; null in the sandbox's own. */
  @Column({ name: "payer_bank_request_id", type: "text", nullable: true })
  payerBankRequestId!: string | null;

  @Column({ name: "payer_bank_request_sent_at", type: "timestamptz", nullable: true })
  payerBankRequestSentAt!: Date | null;

  @Column({ name: "payer_bank_request_failure", type: "text", nullable: true })
  payerBankRequestFailure!: string | null;

  /** The end of the last day the payer may authorise it: then EXPIRED. */
  @Column({ name: "authorisation_expires_at", type: "timestamptz" })
  @Field(() => Date, { description: "Not authorised by then: EXPIRED." })
  authorisationExpiresAt!: Date;

  @Column({ name: "idempotency_key", type: "text" })
  idempotencyKey!: string;

  @Column({ name: "request_fingerprint", type: "text" })
  requestFingerprint!: string;

  @Column({ name: "created_at", type: "timestamptz" })
  @Field(() => Date)
  createdAt!: Date;

  @Column({ name: "updated_at", type: "timestamptz" })
  @Field(() => Date)
  updatedAt!: Date;

  @Field(() => ChargePayer, { description: "Who authorises and is charged (the API Pix `devedor`)." })
  get payer(): ChargePayer {
    return { name: this.payerName, document: this.payerDocument };
  }

  @Field(() => RecurrencePayerBankAccount, {
    nullable: true,
    description: "The payer's account the authorisation was sent to (journey 4); null: the code only.",
  })
  get payerBankAccount(): RecurrencePayerBankAccount | null {
    if (this.payerBankIspb === null || this.payerBankAccountNumber === null) return null;
    return { ispb: this.payerBankIspb, branch: this.payerBankBranch, account: this.payerBankAccountNumber };
  }

  @Field(() => RecurrencePayerBankRequest, {
    nullable: true,
    description: "The request sent to the payer's bank and its state; null without payerBankAccount.",
  })
  get payerBankRequest(): RecurrencePayerBankRequest | null {
    if (this.payerBankRequestStatus === null) return null;
    return {
      status: this.payerBankRequestStatus,
      sentAt: this.payerBankRequestSentAt,
      failureReason: this.payerBankRequestFailure,
    };
  }

  @Field(() => RecurrenceFirstPayment, { nullable: true, description: "Paid with the authorisation, when asked." })
  get firstPayment(): RecurrenceFirstPayment | null {
    return this.firstPaymentCents === null ? null : { amount: this.firstPaymentCents };
  }
}
