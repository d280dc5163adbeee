import { Arg, Authorized, Ctx, Field, ID, Int, Mutation, ObjectType, Query, Resolver } from "type-graphql";
import { actorOf, requireCompanyScope, requirePrincipal } from "../auth/principal";
import type { RequestContext } from "../graphql/context";
import { MoneyScalar } from "../graphql/scalars";
import { Adjustment } from "./adjustment.entity";

@ObjectType({ description: "The available balance, kept by the ledger." })
class Balance {
  @Field(() => MoneyScalar)
  balance!: bigint;

  @Field(() => String)
  currency!: "BRL";

  @Field(() => Date, { description: "When the balance was read." })
  timestamp!: Date;
}

@ObjectType({ description: "The balance recomputed from source rows and compared with the ledger." })
class BalanceAudit {
  @Field(() => String)
  companyId!: string;

  @Field(() => MoneyScalar, { description: "The account row's running balance." })
  runningBalance!: bigint;

  @Field(() => MoneyScalar, { description: "Sum of all ledger entries." })
  ledgerSum!: bigint;

  @Field(() => MoneyScalar, { description: "balance_after of the newest ledger entry." })
  lastEntryBalance!: bigint;

  @Field(() => MoneyScalar, { description: "Net of PAID charges that are not reserved." })
  paidChargesNet!: bigint;

  @Field(() => MoneyScalar)
  adjustments!: bigint;

  @Field(() => MoneyScalar, { description: "Withdrawals PENDING, PROCESSING or PAID." })
  withdrawalsHeld!: bigint;

  @Field(() => MoneyScalar, { description: "paidChargesNet + adjustments - withdrawalsHeld." })
  recomputedBalance!: bigint;

  @Field(() => Int)
  ledgerEntries!: number;

  @Field(() => Int, { description: "The account row's count of PENDING withdrawals (queue positions)." })
  pendingWithdrawals!: number;

  @Field(() => Int, { description: "PENDING withdrawals counted row by row." })
  pendingWithdrawalsCounted!: number;

  @Field(() => Boolean, { description: "True when the four balances agree and so do the two pending counts." })
  consistent!: boolean;

  @Field(() => Date)
  checkedAt!: Date;
}

@Resolver()
export class LedgerResolver {
  @Authorized()
  @Query(() => Balance)
  async balance(
    @Ctx() ctx: RequestContext,
    @Arg("companyId", () => ID, { nullable: true, description: "Operator only." }) companyId?: string,
  ): Promise<Balance> {
    const { balanceCents, timestamp } = await ctx.services.ledger.readBalance(
      requireCompanyScope(ctx.principal, companyId),
    );
    return { balance: balanceCents, currency: "BRL", timestamp };
  }

  @Authorized("OPERATOR")
  @Mutation(() => Adjustment, { description: "A manual credit (amount > 0) or debit (amount < 0)." })
  createAdjustment(
    @Arg("companyId", () => ID) companyId: string,
    @Arg("amount", () => MoneyScalar) amount: bigint,
    @Arg("description", () => String) description: string,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.ledger.createAdjustment(
      companyId,
      amount,
      description,
      actorOf(requirePrincipal(ctx.principal)),
    );
  }

  @Authorized("OPERATOR")
  @Query(() => [Adjustment], { description: "Newest first, at most 500." })
  adjustments(@Ctx() ctx: RequestContext, @Arg("companyId", () => ID, { nullable: true }) companyId?: string) {
    return ctx.services.ledger.listAdjustments(companyId ?? null);
  }

  @Authorized("OPERATOR")
  @Query(() => BalanceAudit)
  async balanceAudit(@Arg("companyId", () => ID) companyId: string, @Ctx() ctx: RequestContext): Promise<BalanceAudit> {
    const audit = await ctx.services.ledger.auditBalance(companyId);
    return {
      companyId: audit.companyId,
      runningBalance: audit.runningBalanceCents,
      ledgerSum: audit.ledgerSumCents,
      lastEntryBalance: audit.lastEntryBalanceCents,
      paidChargesNet: audit.paidChargesNetCents,
      adjustments: audit.adjustmentsCents,
      withdrawalsHeld: audit.withdrawalsHeldCents,
      recomputedBalance: audit.recomputedBalanceCents,
      ledgerEntries: audit.ledgerEntries,
      pendingWithdrawals: audit.pendingWithdrawals,
      pendingWithdrawalsCounted: audit.pendingWithdrawalsCounted,
      consistent: audit.consistent,
      checkedAt: audit.checkedAt,
    };
  }
}
