import { Field, ID, ObjectType, registerEnumType } from "type-graphql";
import { Column, Entity, PrimaryColumn } from "typeorm";
import { bigintColumn } from "../core/db-columns";
import { MoneyScalar } from "../graphql/scalars";

export enum AutoApproveLimitRequestStatus {
  /** Waits for a second, different operator; the account's limit is not raised yet. */
  REQUESTED = "REQUESTED",
  /** A second operator confirmed it: the account's limit became requestedLimit. */
  CONFIRMED = "CONFIRMED",
  /** Turned down (by any operator, its requester too); the limit never rose. */
  DECLINED = "DECLINED",
}
registerEnumType(AutoApproveLimitRequestStatus, { name: "AutoApproveLimitRequestStatus" });

@Entity("auto_approve_limit_requests")
@ObjectType({
  description:
    "A raise of an account's auto-approve limit above APPROVAL_SECOND_OPERATOR_ABOVE: a second, different operator confirms it (confirmAutoApproveLimitRequest), and only the confirmation raises the limit.",
})
export class AutoApproveLimitRequest {
  @PrimaryColumn({ type: "text" })
  @Field(() => ID)
  id!: string;

  @Column({ name: "company_id", type: "text" })
  @Field(() => String)
  companyId!: string;

  @Column({ name: "previous_limit_cents", type: "bigint", nullable: true, transformer: bigintColumn })
  @Field(() => MoneyScalar, {
    name: "previousLimit",
    nullable: true,
    description: "The account's limit when it was asked for (null: no limit, every withdrawal waits).",
  })
  previousLimitCents!: bigint | null;

  @Column({ name: "requested_limit_cents", type: "bigint", transformer: bigintColumn })
  @Field(() => MoneyScalar, { name: "requestedLimit" })
  requestedLimitCents!: bigint;

  @Column({ type: "text" })
  @Field(() => AutoApproveLimitRequestStatus)
  status!: AutoApproveLimitRequestStatus;

  @Column({ name: "requested_by", type: "text" })
  @Field(() => String)
  requestedBy!: string;

  @Column({ name: "requested_at", type: "timestamptz" })
  @Field(() => Date)
  requestedAt!: Date;

  @Column({ name: "decided_by", type: "text", nullable: true })
  @Field(() => String, { nullable: true })
  decidedBy!: string | null;

  @Column({ name: "decided_at", type: "timestamptz", nullable: true })
  @Field(() => Date, { nullable: true })
  decidedAt!: Date | null;

  @Column({ name: "decline_reason", type: "text", nullable: true })
  @Field(() => String, { nullable: true })
  declineReason!: string | null;
}
