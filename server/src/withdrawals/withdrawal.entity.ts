import { Field, ID, Int, ObjectType, registerEnumType } from "type-graphql";
import { Column, Entity, PrimaryColumn } from "typeorm";
import { dateColumn } from "../charges/model";
import { bigintColumn } from "../core/db-columns";
import { MoneyScalar } from "../graphql/scalars";
import { type BankAccount, BankAccountType } from "./bank-account";
import { PIX_KEY_TYPES, type PixKeyType } from "./pix-key";

export enum WithdrawalStatus {
  PENDING = "PENDING",
  PROCESSING = "PROCESSING",
  PAID = "PAID",
  FAILED = "FAILED",
  CANCELLED = "CANCELLED",
}
registerEnumType(WithdrawalStatus, { name: "WithdrawalStatus" });

export const PixKeyTypeEnum = Object.fromEntries(PIX_KEY_TYPES.map((type) => [type, type])) as {
  [K in PixKeyType]: K;
};
registerEnumType(PixKeyTypeEnum, { name: "PixKeyType" });

@ObjectType({ description: "Who the bank says a withdrawal pays." })
export class WithdrawalRecipient {
  @Field(() => String, { description: "The holder's name as the bank has it." })
  name!: string;

  @Field(() => String, {
    description: "The holder's CPF masked as the central bank masks it (***.456.789-**), or its CNPJ.",
  })
  document!: string;

  @Field(() => String, { nullable: true, description: "The holder's institution; null when the bank did not say." })
  institution!: string | null;
}

registerEnumType(BankAccountType, {
  name: "BankAccountType",
  description: "CHECKING (conta corrente), SAVINGS (poupança), PAYMENT (conta de pagamento).",
});

@ObjectType("BankAccount", { description: "The account a withdrawal pays, when it pays one instead of a key." })
class BankAccountFields implements BankAccount {
  @Field(() => String, { description: "The institution's ISPB: 8 digits, a Pix participant's." })
  ispb!: string;

  @Field(() => String, { description: "The branch (agência): 1 to 4 digits, no check digit." })
  branch!: string;

  @Field(() => String, { description: "The account number: 1 to 20 digits, its check digit included." })
  account!: string;

  @Field(() => BankAccountType)
  accountType!: BankAccountType;

  @Field(() => String, { description: "The holder's name as the merchant declared it." })
  holderName!: string;

  @Field(() => String, { description: "The holder's CPF or CNPJ (canonical)." })
  holderDocument!: string;
}

@Entity("withdrawals")
@ObjectType({ description: "A PIX transfer out of the account's balance." })
export class Withdrawal {
  @PrimaryColumn({ type: "text" })
  @Field(() => ID)
  id!: string;

  @Column({ name: "company_id", type: "text" })
  @Field(() => String)
  companyId!: string;

  @Column({ type: "text" })
  @Field(() => String, { name: "withdrawalReference" })
  reference!: string;

  @Column({ name: "amount_cents", type: "bigint", transformer: bigintColumn })
  @Field(() => MoneyScalar, { name: "amount" })
  amountCents!: bigint;

  @Column({ type: "text" })
  @Field(() => WithdrawalStatus)
  status!: WithdrawalStatus;

  @Column({ name: "pix_key", type: "text", nullable: true })
  @Field(() => String, { nullable: true, description: "Destination key in canonical form; null for an account." })
  pixKey!: string | null;

  @Column({ name: "pix_key_type", type: "text", nullable: true })
  @Field(() => PixKeyTypeEnum, { nullable: true, description: "Null for a payout to an account." })
  pixKeyType!: PixKeyType | null;

  @Column({ name: "bank_account", type: "jsonb", nullable: true })
  @Field(() => BankAccountFields, { nullable: true, description: "The account it pays instead of a key." })
  bankAccount!: BankAccount | null;

  @Column({ name: "recipient_document", type: "text", nullable: true })
  @Field(() => String, {
    nullable: true,
    description: "The CPF or CNPJ the merchant says owns the key (canonical); the bank refuses a key that is not its.",
  })
  recipientDocument!: string | null;

  @Column({ name: "recipient_name", type: "text", nullable: true })
  @Field(() => String, {
    nullable: true,
    description: "The recipient's name as the merchant declared it; the approval queue compares the bank's with it.",
  })
  recipientName!: string | null;

  @Column({ type: "jsonb", nullable: true })
  @Field(() => WithdrawalRecipient, {
    nullable: true,
    description: "The holder as the bank tells it (the sandbox at creation, a real bank when it answers the send).",
  })
  recipient!: WithdrawalRecipient | null;

  @Column({ name: "scheduled_for", type: "date", nullable: true, transformer: dateColumn })
  @Field(() => String, {
    nullable: true,
    description:
      "YYYY-MM-DD (America/Sao_Paulo): not sent to the bank before that day, even once approved; null for a payout sent once approved.",
  })
  scheduledFor!: string | null;

  @Column({ name: "sends_on", type: "date", nullable: true, transformer: dateColumn })
  @Field(() => String, {
    nullable: true,
    description:
      "The day a scheduled payout goes to the bank: scheduledFor, or the next business day when that is a weekend or a banking holiday.",
  })
  sendsOn!: string | null;

  /** When the day's job handed a scheduled payout to the bank; until then it can be cancelled. */
  @Column({ name: "released_at", type: "timestamptz", nullable: true })
  releasedAt!: Date | null;

  /** Place among the account's PENDING withdrawals, oldest first; filled by the service on reads. */
  @Field(() => Int, { nullable: true })
  queuePosition!: number | null;

  @Column({ name: "idempotency_key", type: "text" })
  @Field(() => String)
  idempotencyKey!: string;

  @Column({ name: "request_fingerprint", type: "text" })
  requestFingerprint!: string;

  @Column({ name: "initial_status", type: "text" })
  initialStatus!: WithdrawalStatus;

  @Column({ name: "initial_queue_position", type: "integer", nullable: true })
  initialQueuePosition!: number | null;

  @Column({ type: "text", nullable: true })
  @Field(() => String, { nullable: true, description: "Why it FAILED or was CANCELLED." })
  reason!: string | null;

  @Column({ name: "retry_count", type: "integer" })
  @Field(() => Int, { description: "Bank submissions retried after a transient bank error." })
  retryCount!: number;

  @Column({ name: "e2e_id", type: "text", nullable: true })
  @Field(() => String, {
    nullable: true,
    description: "Central-bank end-to-end id of the transfer, assigned when the bank accepts it; null until then.",
  })
  e2eId!: string | null;

  @Column({ name: "paid_at", type: "timestamptz", nullable: true })
  @Field(() => Date, { nullable: true, description: "When the bank settled it (PAID)." })
  paidAt!: Date | null;

  @Column({ name: "created_at", type: "timestamptz" })
  @Field(() => Date)
  createdAt!: Date;

  @Column({ name: "updated_at", type: "timestamptz" })
  @Field(() => Date)
  updatedAt!: Date;
}
