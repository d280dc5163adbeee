import { Field, ID, ObjectType, registerEnumType } from "type-graphql";
import { Column, Entity, PrimaryColumn } from "typeorm";
import { bigintColumn } from "../core/db-columns";
import { MoneyScalar } from "../graphql/scalars";

export enum DisputeStatus {
  /** The amount is held; an operator accepts, contests or closes it. */
  OPEN = "OPEN",
  /**
   * Accepted: the held amount became a MED devolução (closed when the bank returns it); or,
   * with a bank that returns the money itself (Efí), answered to it and still held, with no
   * refund yet, until its decision is read back.
   */
  ACCEPTED = "ACCEPTED",
  /** Contested with a statement: still held until closed. */
  REJECTED = "REJECTED",
  /** Ended without a devolução: the hold was released. */
  CLOSED = "CLOSED",
}
registerEnumType(DisputeStatus, { name: "DisputeStatus" });

/** The MED reason the payer's bank gave (and the natureza of the devolução, if accepted). */
export enum DisputeNature {
  MED_FRAUDE = "MED_FRAUDE",
  MED_OPERACIONAL = "MED_OPERACIONAL",
}
registerEnumType(DisputeNature, {
  name: "DisputeNature",
  valuesConfig: {
    MED_FRAUDE: { description: "Fundada suspeita de fraude (fraud or scam)." },
    MED_OPERACIONAL: { description: "Falha operacional of a participant (a Pix made by mistake of a PSP)." },
  },
});

export enum DisputeOutcome {
  /** The MED devolução returned the held amount to the payer. */
  RETURNED = "RETURNED",
  /** The hold was released to the merchant's balance. */
  RELEASED = "RELEASED",
}
registerEnumType(DisputeOutcome, { name: "DisputeOutcome" });

@Entity("disputes")
@ObjectType({
  description:
    "A MED claim (Mecanismo Especial de Devolução) of the payer's bank on a PAID charge: while it is open its held amount is blocked.",
})
export class Dispute {
  @PrimaryColumn({ type: "text" })
  @Field(() => ID, { description: '"dsp_" and 24 letters and digits.' })
  id!: string;

  @Column({ name: "company_id", type: "text" })
  @Field(() => String)
  companyId!: string;

  @Column({ name: "charge_id", type: "text" })
  @Field(() => String, { description: "The disputed charge (8 characters)." })
  chargeId!: string;

  @Column({ name: "report_id", type: "text" })
  @Field(() => String, { description: "The bank's id of the infraction notification (one dispute per notification)." })
  reportId!: string;

  @Column({ type: "text" })
  @Field(() => DisputeNature)
  nature!: DisputeNature;

  @Column({ name: "amount_cents", type: "bigint", transformer: bigintColumn })
  @Field(() => MoneyScalar, { name: "amount", description: "What the payer's bank claims." })
  amountCents!: bigint;

  @Column({ name: "held_amount_cents", type: "bigint", transformer: bigintColumn })
  @Field(() => MoneyScalar, {
    name: "heldAmount",
    description: "What was blocked: the claim, or the balance at opening when it was smaller.",
  })
  heldAmountCents!: bigint;

  @Column({ type: "text" })
  @Field(() => DisputeStatus)
  status!: DisputeStatus;

  @Column({ type: "text", nullable: true })
  @Field(() => DisputeOutcome, { nullable: true, description: "Set when the dispute is closed." })
  outcome!: DisputeOutcome | null;

  @Column({ type: "text", nullable: true })
  @Field(() => String, { nullable: true, description: "What the payer's bank reported." })
  description!: string | null;

  @Column({ name: "merchant_statement", type: "text", nullable: true })
  @Field(() => String, { nullable: true, description: "The merchant's account of the payment." })
  merchantStatement!: string | null;

  @Column({ name: "contest_statement", type: "text", nullable: true })
  @Field(() => String, { nullable: true, description: "Why the operator contested the claim (REJECTED)." })
  contestStatement!: string | null;

  @Column({ name: "refund_id", type: "text", nullable: true })
  @Field(() => String, { nullable: true, description: "The MED devolução of an accepted dispute (a refund)." })
  refundId!: string | null;

  @Column({ name: "return_failure_reason", type: "text", nullable: true })
  @Field(() => String, {
    nullable: true,
    description: "Why the last MED devolução failed (the dispute was then OPEN again, the amount held again).",
  })
  returnFailureReason!: string | null;

  @Column({ name: "opened_by", type: "text" })
  @Field(() => String)
  openedBy!: string;

  @Column({ name: "decided_by", type: "text", nullable: true })
  @Field(() => String, { nullable: true })
  decidedBy!: string | null;

  @Column({ name: "accept_requested_by", type: "text", nullable: true })
  @Field(() => String, {
    nullable: true,
    description:
      "Above what one operator may return alone (APPROVAL_SECOND_OPERATOR_ABOVE): the operator who accepted first; a second, different operator's acceptDispute returns the money.",
  })
  acceptRequestedBy!: string | null;

  @Column({ name: "accept_requested_at", type: "timestamptz", nullable: true })
  @Field(() => Date, { nullable: true })
  acceptRequestedAt!: Date | null;

  @Column({ name: "closed_by", type: "text", nullable: true })
  @Field(() => String, { nullable: true })
  closedBy!: string | null;

  @Column({ name: "opened_at", type: "timestamptz" })
  @Field(() => Date)
  openedAt!: Date;

  @Column({ name: "deadline_at", type: "timestamptz" })
  @Field(() => Date, { description: "When the analysis must be concluded: 7 days after opening (MED rules)." })
  deadlineAt!: Date;

  @Column({ name: "decided_at", type: "timestamptz", nullable: true })
  @Field(() => Date, { nullable: true, description: "When it was accepted or contested." })
  decidedAt!: Date | null;

  @Column({ name: "closed_at", type: "timestamptz", nullable: true })
  @Field(() => Date, { nullable: true })
  closedAt!: Date | null;

  @Column({ name: "updated_at", type: "timestamptz" })
  @Field(() => Date)
  updatedAt!: Date;
}
