import { Field, ID, ObjectType } from "type-graphql";
import { Column, Entity, PrimaryGeneratedColumn } from "typeorm";
import { WithdrawalStatus } from "./withdrawal.entity";

/** The history of a withdrawal: every status change, who made it and why. */
@Entity("withdrawal_transitions")
@ObjectType()
export class WithdrawalTransition {
  @PrimaryGeneratedColumn({ type: "bigint" })
  @Field(() => ID)
  id!: string;

  @Column({ name: "withdrawal_id", type: "text" })
  @Field(() => String)
  withdrawalId!: string;

  @Column({ name: "from_status", type: "text", nullable: true })
  @Field(() => WithdrawalStatus, { nullable: true })
  fromStatus!: WithdrawalStatus | null;

  @Column({ name: "to_status", type: "text" })
  @Field(() => WithdrawalStatus)
  toStatus!: WithdrawalStatus;

  @Column({ type: "text" })
  @Field(() => String, { description: "merchant:<credential>, operator, provider or system." })
  actor!: string;

  @Column({ type: "text", nullable: true })
  @Field(() => String, { nullable: true })
  reason!: string | null;

  @Column({ name: "created_at", type: "timestamptz" })
  @Field(() => Date)
  createdAt!: Date;
}
