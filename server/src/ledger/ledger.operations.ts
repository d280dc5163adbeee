import { ArgsType, Field, ID, Int, ObjectType } from "type-graphql";
import { requireCompanyScope, requireReadScope } from "../auth/model";
import { ListOrder } from "../core/pagination";
import { PageOf, PagingArgs } from "../graphql/page";
import { MoneyScalar } from "../graphql/scalars";
import { declareOperations } from "../operation";
import { Adjustment, AdjustmentStatus } from "./adjustment.entity";
import type { LedgerService } from "./ledger.service";
import { LedgerEntry } from "./ledger-entry.entity";

interface LedgerServices {
  ledger: LedgerService;
}

const { operation } = declareOperations<LedgerServices>();

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

@ArgsType()
class BalanceArgs {
  @Field(() => ID, { nullable: true, description: "Operator only." })
  companyId?: string;
}

@ArgsType()
class CreateAdjustmentArgs {
  @Field(() => ID)
  companyId!: string;

  @Field(() => MoneyScalar)
  amount!: bigint;

  @Field(() => String)
  description!: string;
}

@ArgsType()
class AdjustmentIdArgs {
  @Field(() => ID)
  id!: string;
}

@ArgsType()
class RejectAdjustmentArgs {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  reason!: string;
}

@ArgsType()
class AdjustmentListArgs extends PagingArgs {
  @Field(() => ID, { nullable: true })
  companyId?: string;

  @Field(() => AdjustmentStatus, { nullable: true })
  status?: AdjustmentStatus;
}

@ArgsType()
class LedgerEntryListArgs extends PagingArgs {
  @Field(() => ID, { nullable: true, description: "Operator: the account (required)." })
  companyId?: string;

  @Field(() => Date, { nullable: true })
  from?: Date;

  @Field(() => Date, { nullable: true })
  to?: Date;

  @Field(() => ListOrder, { nullable: true, defaultValue: ListOrder.NEWEST_FIRST })
  order?: ListOrder;
}

@ArgsType()
class BalanceAuditArgs {
  @Field(() => ID)
  companyId!: string;
}

/** The balance, the statement and operators' manual adjustments (maker-checker: maker-checker.ts). */
export const ledgerOperations = [
  operation({
    name: "balance",
    kind: "query",
    access: "caller",
    credentialInRead: true,
    args: BalanceArgs,
    output: () => Balance,
    rest: {
      method: "GET",
      path: "/charges/balance",
      answer: ["balance", "currency", "timestamp"],
      errors: [],
      summary: "The account's available balance, kept by the ledger.",
      tag: "Charges",
    },
    run: async ({ companyId }, ctx, { ledger }): Promise<Balance> => {
      const { balanceCents, timestamp } = await ledger.readBalance(requireReadScope(ctx, companyId));
      return { balance: balanceCents, currency: "BRL", timestamp };
    },
  }),

  operation({
    name: "createAdjustment",
    kind: "mutation",
    description:
      "A manual credit (amount > 0) or debit (amount < 0). Above APPROVAL_SECOND_OPERATOR_ABOVE (either sign) it is REQUESTED and moves no money until a second operator confirms it; a console user with a second factor steps up first (STEP_UP_REQUIRED).",
    access: ["OPERATOR"],
    stepUp: { amountAbove: "second operator", amount: ({ amount }) => amount },
    args: CreateAdjustmentArgs,
    output: () => Adjustment,
    run: ({ companyId, amount, description }, ctx, { ledger }) =>
      ledger.createAdjustment(companyId, amount, description, ctx),
  }),

  operation({
    name: "confirmAdjustment",
    kind: "mutation",
    description:
      "REQUESTED -> POSTED by a second operator (not the requester): the balance moves now. Above APPROVAL_SECOND_OPERATOR_ABOVE a console user with a second factor steps up first (STEP_UP_REQUIRED).",
    access: ["OPERATOR"],
    stepUp: { amountAbove: "second operator", stored: "adjustments", id: ({ id }) => id },
    args: AdjustmentIdArgs,
    output: () => Adjustment,
    run: ({ id }, ctx, { ledger }) => ledger.confirmAdjustment(id, ctx),
  }),

  operation({
    name: "adjustments",
    kind: "query",
    description: "Newest first; every account's unless companyId is given.",
    access: ["VIEWER"],
    args: AdjustmentListArgs,
    output: () => AdjustmentPage,
    // The paging is written field by field, not spread from the arguments (see PagingArgs).
    run: (args, _ctx, { ledger }) =>
      ledger.listAdjustments(
        args.companyId ?? null,
        { limit: args.limit, offset: args.offset, first: args.first, after: args.after },
        args.status ?? null,
      ),
  }),

  operation({
    name: "ledgerEntries",
    kind: "query",
    description:
      "The account's statement: every movement of the balance with the running balance after it, newest first. " +
      "The range includes from and excludes to. Merchants read their own account; operators name one.",
    access: "caller",
    args: LedgerEntryListArgs,
    output: () => LedgerEntryPage,
    run: (args, ctx, { ledger }) =>
      ledger.listEntries(requireCompanyScope(ctx.principal, args.companyId), {
        limit: args.limit,
        offset: args.offset,
        first: args.first,
        after: args.after,
        from: args.from,
        to: args.to,
        order: args.order,
      }),
  }),

  operation({
    name: "rejectAdjustment",
    kind: "mutation",
    description: "REQUESTED -> REJECTED with a reason; the balance never moved.",
    access: ["OPERATOR"],
    args: RejectAdjustmentArgs,
    output: () => Adjustment,
    run: ({ id, reason }, ctx, { ledger }) => ledger.rejectAdjustment(id, reason, ctx),
  }),

  operation({
    name: "balanceAudit",
    kind: "query",
    access: ["VIEWER"],
    args: BalanceAuditArgs,
    output: () => BalanceAudit,
    run: async ({ companyId }, _ctx, { ledger }): Promise<BalanceAudit> => {
      const audit = await ledger.auditBalance(companyId);
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
    },
  }),
];
