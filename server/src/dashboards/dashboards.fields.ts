import { Arg, Ctx, Field, FieldResolver, ID, Int, ObjectType, Resolver, Root } from "type-graphql";
import type { RequestContext } from "../graphql/context";
import { MoneyScalar } from "../graphql/scalars";
import type { AmountCount as AmountCountFigure, DailyVolume as DailyVolumeFigure } from "./dashboards.service";

@ObjectType({ description: "How many, and how much in BRL." })
class AmountCount {
  @Field(() => Int)
  count!: number;

  @Field(() => MoneyScalar)
  amount!: bigint;
}

@ObjectType({ description: "Withdrawals waiting for an operator, across every account." })
class PendingWithdrawals extends AmountCount {
  @Field(() => Date, { nullable: true, description: "Creation time of the oldest one (the head of the queue)." })
  oldestCreatedAt!: Date | null;
}

@ObjectType({ description: "Since midnight in America/Sao_Paulo." })
class OperatorToday {
  @Field(() => AmountCount, { description: "Charges paid today (amount paid by the payers)." })
  paidCharges!: AmountCount;

  @Field(() => AmountCount, { description: "Withdrawals the bank settled (PAID) today." })
  withdrawals!: AmountCount;
}

@ObjectType({ description: "One calendar day in America/Sao_Paulo." })
class DailyVolume {
  @Field(() => String, { description: "YYYY-MM-DD" })
  date!: string;

  @Field(() => Int, { description: "Charges paid that day." })
  paidCount!: number;

  @Field(() => MoneyScalar, { description: "Their amount (paid by the payers, before fees)." })
  paidAmount!: bigint;

  @Field(() => Int, { description: "Withdrawals the bank settled (PAID) that day." })
  withdrawalCount!: number;

  @Field(() => MoneyScalar)
  withdrawalAmount!: bigint;
}

@ObjectType({
  description:
    "What waits for a second operator that the caller may be: adjustments someone else requested, withdrawals someone else approved first.",
})
export class PendingApprovals {
  @Field(() => AmountCount, {
    description: "REQUESTED adjustments by other operators; the amount is their size (credits and debits alike).",
  })
  adjustments!: AmountCount;

  @Field(() => AmountCount, { description: "PENDING withdrawals with a first approval by another operator." })
  withdrawals!: AmountCount;
}

@ObjectType({ description: "The operator's home page." })
export class OperatorDashboard {
  @Field(() => PendingWithdrawals)
  pendingWithdrawals!: PendingWithdrawals;

  @Field(() => OperatorToday)
  today!: OperatorToday;

  @Field(() => Int, { description: "Deliveries whose every retry failed (not redelivered since); at most 10,000." })
  failedWebhookDeliveries!: number;

  @Field(() => Int, { description: "Inbound payments not credited and not yet resolved; at most 10,000." })
  openPaymentExceptions!: number;
}

@ObjectType({ description: "Since midnight in America/Sao_Paulo." })
class MerchantToday {
  @Field(() => AmountCount, { description: "Charges paid today (amount paid by the payers)." })
  received!: AmountCount;

  @Field(() => AmountCount, { description: "Withdrawals the bank settled (PAID) today." })
  sent!: AmountCount;
}

@ObjectType({
  description:
    "An account's home page: balance = paidChargesNet - reserved - disputesHeld + adjustments - withdrawalsHeld - refundsHeld.",
})
export class MerchantOverview {
  @Field(() => ID)
  companyId!: string;

  @Field(() => MoneyScalar, { description: "The available balance (the ledger's running balance)." })
  balance!: bigint;

  @Field(() => MoneyScalar, { description: "Net of fees, of every PAID charge (held or not)." })
  paidChargesNet!: bigint;

  @Field(() => MoneyScalar, {
    description: "Taken out of the balance by operators' holds of PAID charges (each one's net less its refunds).",
  })
  reserved!: bigint;

  @Field(() => MoneyScalar, { description: "Held by MED disputes not yet decided (blocked, not in the balance)." })
  disputesHeld!: bigint;

  @Field(() => MoneyScalar, {
    description:
      "Sum of POSTED adjustments (credits positive, debits negative); one awaiting a second operator is not in it.",
  })
  adjustments!: bigint;

  @Field(() => MoneyScalar, { description: "Withdrawals PENDING, PROCESSING or PAID." })
  withdrawalsHeld!: bigint;

  @Field(() => MoneyScalar, { description: "Refunds to payers PROCESSING or REFUNDED." })
  refundsHeld!: bigint;

  @Field(() => MerchantToday)
  today!: MerchantToday;
}

export const amountCount = (figure: AmountCountFigure): AmountCount => ({
  count: figure.count,
  amount: figure.amountCents,
});
const dailyVolume = (figure: DailyVolumeFigure): DailyVolume => ({
  date: figure.date,
  paidCount: figure.paidCount,
  paidAmount: figure.paidAmountCents,
  withdrawalCount: figure.withdrawalCount,
  withdrawalAmount: figure.withdrawalAmountCents,
});
const DAYS_ARG = { defaultValue: 30, description: "How many days up to today, 1 to 366." } as const;

/** GraphQL's computed fields of the dashboards: the daily volumes, read only when asked for. */
@Resolver(() => OperatorDashboard)
export class OperatorDashboardFields {
  @FieldResolver(() => [DailyVolume], { description: "Every account's paid volume per day, oldest first." })
  async daily(@Ctx() ctx: RequestContext, @Arg("days", () => Int, DAYS_ARG) days: number): Promise<DailyVolume[]> {
    return (await ctx.services.dashboards.dailyVolumes(null, days)).map(dailyVolume);
  }
}

@Resolver(() => MerchantOverview)
export class MerchantOverviewFields {
  @FieldResolver(() => [DailyVolume], { description: "The account's paid volume per day, oldest first." })
  async daily(
    @Root() overview: MerchantOverview,
    @Ctx() ctx: RequestContext,
    @Arg("days", () => Int, DAYS_ARG) days: number,
  ): Promise<DailyVolume[]> {
    return (await ctx.services.dashboards.dailyVolumes(overview.companyId, days)).map(dailyVolume);
  }
}
