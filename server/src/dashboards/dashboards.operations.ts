import { ArgsType, Field, ID } from "type-graphql";
import { requireCompanyScope } from "../auth/model";
import { declareOperations } from "../operation";
import { amountCount, MerchantOverview, OperatorDashboard, PendingApprovals } from "./dashboards.fields";
import type { DashboardsService } from "./dashboards.service";

interface DashboardServices {
  dashboards: DashboardsService;
}

const { operation } = declareOperations<DashboardServices>();

@ArgsType()
class MerchantOverviewArgs {
  @Field(() => ID, { nullable: true, description: "Operator: the account (required)." })
  companyId?: string;
}

export const dashboardOperations = [
  operation({
    name: "operatorDashboard",
    kind: "query",
    access: ["OPERATOR"],
    output: () => OperatorDashboard,
    run: async (_args, _ctx, { dashboards }): Promise<OperatorDashboard> => {
      const figures = await dashboards.operatorDashboard();
      return {
        pendingWithdrawals: {
          ...amountCount(figures.pendingWithdrawals),
          oldestCreatedAt: figures.pendingWithdrawals.oldestCreatedAt,
        },
        today: {
          paidCharges: amountCount(figures.today.paidCharges),
          withdrawals: amountCount(figures.today.withdrawals),
        },
        failedWebhookDeliveries: figures.failedWebhookDeliveries,
        openPaymentExceptions: figures.openPaymentExceptions,
      };
    },
  }),

  operation({
    name: "pendingApprovals",
    kind: "query",
    description:
      "What waits for a second operator that the caller may be (the console's overview card and sidebar counts): REQUESTED adjustments another operator asked for, PENDING withdrawals another operator approved first.",
    access: ["OPERATOR"],
    output: () => PendingApprovals,
    run: async (_args, ctx, { dashboards }): Promise<PendingApprovals> => {
      const figures = await dashboards.pendingApprovals(ctx.actor);
      return { adjustments: amountCount(figures.adjustments), withdrawals: amountCount(figures.withdrawals) };
    },
  }),

  operation({
    name: "merchantOverview",
    kind: "query",
    description: "Merchants read their own account; operators name one.",
    access: "caller",
    args: MerchantOverviewArgs,
    output: () => MerchantOverview,
    run: async ({ companyId }, ctx, { dashboards }): Promise<MerchantOverview> => {
      const figures = await dashboards.merchantOverview(requireCompanyScope(ctx.principal, companyId));
      return {
        companyId: figures.companyId,
        balance: figures.balanceCents,
        paidChargesNet: figures.paidChargesNetCents,
        adjustments: figures.adjustmentsCents,
        withdrawalsHeld: figures.withdrawalsHeldCents,
        refundsHeld: figures.refundsHeldCents,
        reserved: figures.reservedCents,
        disputesHeld: figures.disputesHeldCents,
        today: { received: amountCount(figures.today.received), sent: amountCount(figures.today.sent) },
      };
    },
  }),
];
