import { Field, ID, Int, ObjectType, registerEnumType } from "type-graphql";
import { Column, Entity, PrimaryColumn } from "typeorm";
import { bigintColumn } from "../core/db-columns";
import { MoneyScalar } from "../graphql/scalars";

/** What an unconfirmed notification claimed. */
export enum UnconfirmedNotificationKind {
  /** A received Pix (credits a charge). */
  RECEIVED_PIX = "RECEIVED_PIX",
  /** A Pix Send's outcome (settles or fails a withdrawal). */
  TRANSFER_OUTCOME = "TRANSFER_OUTCOME",
  /** A devolução's outcome (settles or fails a refund or a payment's return). */
  RETURN_OUTCOME = "RETURN_OUTCOME",
  /** A Pix Automático recurrence's status (approves, rejects or cancels a recurrence). */
  RECURRENCE_STATUS = "RECURRENCE_STATUS",
  /** A recurring charge's debit (pays it, or records a refused attempt). */
  RECURRING_DEBIT = "RECURRING_DEBIT",
}
registerEnumType(UnconfirmedNotificationKind, { name: "UnconfirmedNotificationKind" });

export enum UnconfirmedNotificationStatus {
  OPEN = "OPEN",
  RESOLVED = "RESOLVED",
}
registerEnumType(UnconfirmedNotificationStatus, { name: "UnconfirmedNotificationStatus" });

/**
 * A bank's notification that the bank, read back, did not confirm (CONTRACT §10): it changed
 * nothing. Kept for an operator with who sent it (the caller's address): a forged one means
 * the webhook URL's secret has leaked and must be changed.
 */
@Entity("unconfirmed_notifications")
@ObjectType({ description: "A bank notification the bank did not confirm when read back: nothing was applied." })
export class UnconfirmedNotification {
  @PrimaryColumn({ type: "text" })
  @Field(() => ID)
  id!: string;

  @Column({ type: "text" })
  @Field(() => String, { description: 'The provider it claimed to come from ("efi").' })
  provider!: string;

  @Column({ type: "text" })
  @Field(() => UnconfirmedNotificationKind)
  kind!: UnconfirmedNotificationKind;

  @Column({ type: "text" })
  @Field(() => UnconfirmedNotificationStatus)
  status!: UnconfirmedNotificationStatus;

  @Column({ type: "text" })
  @Field(() => String, { description: "What the bank said instead (or that it has no such operation)." })
  problem!: string;

  @Column({ name: "end_to_end_id", type: "text", nullable: true })
  @Field(() => String, { nullable: true })
  endToEndId!: string | null;

  @Column({ type: "text", nullable: true })
  @Field(() => String, { nullable: true })
  txid!: string | null;

  @Column({ name: "amount_cents", type: "bigint", transformer: bigintColumn, nullable: true })
  @Field(() => MoneyScalar, { name: "amount", nullable: true, description: "The amount the notification claimed." })
  amountCents!: bigint | null;

  @Column({ name: "claimed_status", type: "text", nullable: true })
  @Field(() => String, {
    nullable: true,
    description: "The outcome it claimed (REALIZADO, NAO_REALIZADO, DEVOLVIDO…), for a send or a devolução.",
  })
  claimedStatus!: string | null;

  @Column({ name: "withdrawal_id", type: "text", nullable: true })
  @Field(() => String, { nullable: true })
  withdrawalId!: string | null;

  @Column({ name: "return_request_id", type: "text", nullable: true })
  @Field(() => String, { nullable: true, description: "The devolução's id at the bank." })
  returnRequestId!: string | null;

  @Column({ name: "company_id", type: "text", nullable: true })
  @Field(() => String, { nullable: true, description: "The account whose charge or withdrawal it named, if any." })
  companyId!: string | null;

  /** What the bank answered when read back (null: it has none). */
  @Column({ name: "bank_answer", type: "jsonb", nullable: true })
  bankAnswer!: unknown;

  /** The notification's entry as received. */
  @Column({ type: "jsonb" })
  notification!: unknown;

  @Column({ name: "caller_address", type: "text", nullable: true })
  @Field(() => String, { nullable: true, description: "The address that first sent it." })
  callerAddress!: string | null;

  @Column({ name: "request_id", type: "text", nullable: true })
  @Field(() => String, { nullable: true })
  requestId!: string | null;

  @Column({ name: "times_seen", type: "int" })
  @Field(() => Int, { description: "How many times this same claim came." })
  timesSeen!: number;

  @Column({ name: "last_seen_at", type: "timestamptz" })
  @Field(() => Date)
  lastSeenAt!: Date;

  @Column({ name: "last_caller_address", type: "text", nullable: true })
  @Field(() => String, { nullable: true, description: "The address that sent it last, when it came again." })
  lastCallerAddress!: string | null;

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
}
