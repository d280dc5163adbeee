import {
  Arg,
  Args,
  Authorized,
  Ctx,
  Field,
  FieldResolver,
  ID,
  Int,
  Mutation,
  ObjectType,
  Query,
  Resolver,
  Root,
} from "type-graphql";
import { operatorAudit } from "../audit/audit";
import { actorOf, requireCompanyScope, requirePrincipal, requireReadScope } from "../auth/principal";
import { ListOrder } from "../core/pagination";
import { RestRoute } from "../core/rest-operation";
import type { RequestContext } from "../graphql/context";
import { PageOf, PagingArgs } from "../graphql/page";
import { MoneyScalar } from "../graphql/scalars";
import { Adjustment, AdjustmentStatus } from "./adjustment.entity";
import { LedgerEntry, LedgerEntryKind } from "./ledger-entry.entity";

@ObjectType()
class AdjustmentPage extends PageOf(Adjustment) {}

@ObjectType()
class LedgerEntryPage extends PageOf(LedgerEntry) {}

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

  @Field(() => MoneyScalar, { description: "Net of every PAID charge, held by an operator or not." })
  paidChargesNet!: bigint;

  @Field(() => MoneyScalar, {
    description: "Taken out by operators' holds of PAID charges (each one's reservedAmount: its net less its refunds).",
  })
  chargesHeld!: bigint;

  @Field(() => MoneyScalar, { description: "POSTED adjustments only." })
  adjustments!: bigint;

  @Field(() => MoneyScalar, { description: "Withdrawals PENDING, PROCESSING or PAID." })
  withdrawalsHeld!: bigint;

  @Field(() => MoneyScalar, { description: "Refunds PROCESSING or REFUNDED." })
  refundsHeld!: bigint;

  @Field(() => MoneyScalar, {
    description:
      "Held amounts of MED disputes OPEN or REJECTED, or ACCEPTED and awaiting the bank's own return (blocked).",
  })
  disputesHeld!: bigint;

  @Field(() => MoneyScalar, {
    description: "paidChargesNet - chargesHeld + adjustments - withdrawalsHeld - refundsHeld - disputesHeld.",
  })
  recomputedBalance!: bigint;

  @Field(() => Int)
  ledgerEntries!: number;

  @Field(() => Int, { description: "The account row's count of PENDING withdrawals (queue positions)." })
  pendingWithdrawals!: number;

  @Field(() => Int, { description: "PENDING withdrawals counted row by row." })
  pendingWithdrawalsCounted!: number;

  @Field(() => Boolean, { description: "The lists' counters (their totals) agree with the rows." })
  listCountersConsistent!: boolean;

  @Field(() => Boolean, { description: "The dashboards' daily volumes agree with the paid charges and withdrawals." })
  dailyVolumesConsistent!: boolean;

  @Field(() => Boolean, {
    description: "True when the four balances agree, so do the two pending counts, the counters and the daily volumes.",
  })
  consistent!: boolean;

  @Field(() => Date)
  checkedAt!: Date;
}

@Resolver()
export class LedgerResolver {
  @RestRoute({
    method: "GET",
    path: "/charges/balance",
    selection: "{ balance currency timestamp }",
    errors: [],
    summary: "The account's available balance, kept by the ledger.",
    tag: "Charges",
    credentialInRead: true,
  })
  @Authorized()
  @Query(() => Balance)
  async balance(
    @Ctx() ctx: RequestContext,
    @Arg("companyId", () => ID, { nullable: true, description: "Operator only." }) companyId?: string,
  ): Promise<Balance> {
    const { balanceCents, timestamp } = await ctx.services.ledger.readBalance(requireReadScope(ctx, companyId));
    return { balance: balanceCents, currency: "BRL", timestamp };
  }

  @Authorized("OPERATOR")
  @Mutation(() => Adjustment, {
    description:
      "A manual credit (amount > 0) or debit (amount < 0). Above APPROVAL_SECOND_OPERATOR_ABOVE (either sign) it is REQUESTED and moves no money until a second operator confirms it; a console user with a second factor steps up first (STEP_UP_REQUIRED).",
  })
  async createAdjustment(
    @Arg("companyId", () => ID) companyId: string,
    @Arg("amount", () => MoneyScalar) amount: bigint,
    @Arg("description", () => String) description: string,
    @Ctx() ctx: RequestContext,
  ) {
    const { twoFactor, config } = ctx.services;
    await twoFactor.requireStepUpAbove(
      ctx.principal,
      ctx.sessionToken,
      amount,
      config.approvalSecondOperatorAboveCents,
    );
    return ctx.services.ledger.createAdjustment(
      companyId,
      amount,
      description,
      actorOf(requirePrincipal(ctx.principal)),
      operatorAudit(ctx),
    );
  }

  @Authorized("OPERATOR")
  @Mutation(() => Adjustment, {
    description:
      "REQUESTED -> POSTED by a second operator (not the requester): the balance moves now. Above APPROVAL_SECOND_OPERATOR_ABOVE a console user with a second factor steps up first (STEP_UP_REQUIRED).",
  })
  async confirmAdjustment(@Arg("id", () => ID) id: string, @Ctx() ctx: RequestContext) {
    const { twoFactor, config } = ctx.services;
    await twoFactor.requireStepUpForStored(
      ctx.principal,
      ctx.sessionToken,
      "adjustments",
      id,
      config.approvalSecondOperatorAboveCents,
    );
    return ctx.services.ledger.confirmAdjustment(id, actorOf(requirePrincipal(ctx.principal)), operatorAudit(ctx));
  }

  @Authorized("VIEWER")
  @Query(() => AdjustmentPage, { description: "Newest first; every account's unless companyId is given." })
  adjustments(
    @Ctx() ctx: RequestContext,
    @Args(() => PagingArgs) paging: PagingArgs,
    @Arg("companyId", () => ID, { nullable: true }) companyId?: string,
    @Arg("status", () => AdjustmentStatus, { nullable: true }) status?: AdjustmentStatus,
  ) {
    return ctx.services.ledger.listAdjustments(companyId ?? null, paging, status ?? null);
  }

  @Authorized()
  @Query(() => LedgerEntryPage, {
    description:
      "The account's statement: every movement of the balance with the running balance after it, newest first. " +
      "The range includes from and excludes to. Merchants read their own account; operators name one.",
  })
  ledgerEntries(
    @Ctx() ctx: RequestContext,
    @Args(() => PagingArgs) paging: PagingArgs,
    @Arg("companyId", () => ID, { nullable: true, description: "Operator: the account (required)." })
    companyId?: string,
    @Arg("from", () => Date, { nullable: true }) from?: Date,
    @Arg("to", () => Date, { nullable: true }) to?: Date,
    @Arg("order", () => ListOrder, { nullable: true, defaultValue: ListOrder.NEWEST_FIRST }) order?: ListOrder,
  ) {
    return ctx.services.ledger.listEntries(requireCompanyScope(ctx.principal, companyId), {
      limit: paging.limit,
      offset: paging.offset,
      first: paging.first,
      after: paging.after,
      from,
      to,
      order,
    });
  }

  @Authorized("OPERATOR")
  @Mutation(() => Adjustment, { description: "REQUESTED -> REJECTED with a reason; the balance never moved." })
  rejectAdjustment(
    @Arg("id", () => ID) id: string,
    @Arg("reason", () => String) reason: string,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.ledger.rejectAdjustment(
      id,
      reason,
      actorOf(requirePrincipal(ctx.principal)),
      operatorAudit(ctx),
    );
  }

  @Authorized("VIEWER")
  @Query(() => BalanceAudit)
  async balanceAudit(@Arg("companyId", () => ID) companyId: string, @Ctx() ctx: RequestContext): Promise<BalanceAudit> {
    const audit = await ctx.services.ledger.auditBalance(companyId);
    return {
      companyId: audit.companyId,
      runningBalance: audit.runningBalanceCents,
      ledgerSum: audit.ledgerSumCents,
      lastEntryBalance: audit.lastEntryBalanceCents,
      paidChargesNet: audit.paidChargesNetCents,
      chargesHeld: audit.chargesHeldCents,
      adjustments: audit.adjustmentsCents,
      withdrawalsHeld: audit.withdrawalsHeldCents,
      refundsHeld: audit.refundsHeldCents,
      disputesHeld: audit.disputesHeldCents,
      recomputedBalance: audit.recomputedBalanceCents,
      ledgerEntries: audit.ledgerEntries,
      pendingWithdrawals: audit.pendingWithdrawals,
      pendingWithdrawalsCounted: audit.pendingWithdrawalsCounted,
      listCountersConsistent: audit.listCountersConsistent,
      dailyVolumesConsistent: audit.dailyVolumesConsistent,
      consistent: audit.consistent,
      checkedAt: audit.checkedAt,
    };
  }
}

@Resolver(() => LedgerEntry)
export class LedgerEntryResolver {
  @FieldResolver(() => String, {
    nullable: true,
    description:
      "A note on the movement. A hold's (CHARGE_RESERVED) is the operator's reason, written for operators: null for merchants.",
  })
  memo(@Root() entry: LedgerEntry, @Ctx() ctx: RequestContext): string | null {
    if (entry.kind === LedgerEntryKind.CHARGE_RESERVED && ctx.principal?.kind !== "operator") return null;
    return entry.memo;
  }
}
