import { Field, ID, Int, ObjectType } from "type-graphql";
import { MoneyScalar } from "../graphql/scalars";

/** One debit attempt of a recurring charge, as the payer's bank answered it. */
@ObjectType({ description: "A recurring charge's debit attempt: 1 on the due date, 2 to 4 the retries." })
export class RecurringDebitAttempt {
  @Field(() => ID)
  chargeId!: string;

  @Field(() => String)
  companyId!: string;

  @Field(() => String)
  recurrenceId!: string;

  @Field(() => Int)
  attempt!: number;

  @Field(() => String, { description: "YYYY-MM-DD (America/Sao_Paulo): the attempt's day." })
  day!: string;

  @Field(() => String, { description: "PAID or FAILED." })
  outcome!: string;

  @Field(() => String, { nullable: true, description: "FAILED: the payer's bank's reason." })
  failureReason!: string | null;

  @Field(() => MoneyScalar, { description: "The charge's amount." })
  amount!: bigint;

  @Field(() => Date)
  recordedAt!: Date;
}
