import { Field, ID, Int, ObjectType, registerEnumType } from "type-graphql";
import { Column, Entity, PrimaryColumn } from "typeorm";
import { bigintColumn } from "../core/db-columns";
import { MoneyScalar } from "../graphql/scalars";
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

  @Column({ name: "pix_key", type: "text" })
  @Field(() => String, { description: "Destination key in canonical form." })
  pixKey!: string;

  @Column({ name: "pix_key_type", type: "text" })
  @Field(() => PixKeyTypeEnum)
  pixKeyType!: PixKeyType;

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
