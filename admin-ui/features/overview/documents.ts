import { graphql } from "@/gql";

// Fragment PendingApprovalCounts, spread by name in the queries; graphql-codegen reads it here.
graphql(`
  fragment PendingApprovalCounts on PendingApprovals {
    adjustments {
      count
      amount
    }
    withdrawals {
      count
      amount
    }
  }
`);

/** The operator overview: what waits, today's money, and 30 days of volume (SQL aggregates). */
export const OperatorOverviewDocument = graphql(`
  query OperatorOverview {
    pendingApprovals {
      ...PendingApprovalCounts
    }
    operatorDashboard {
      pendingWithdrawals {
        count
        amount
        oldestCreatedAt
      }
      today {
        paidCharges {
          count
          amount
        }
        withdrawals {
          count
          amount
        }
      }
      openPaymentExceptions
      failedWebhookDeliveries
      daily(days: 30) {
        date
        paidAmount
        paidCount
        withdrawalAmount
        withdrawalCount
      }
    }
  }
`);

/** What waits for this operator as the second one: the sidebar's counts (fetched by the browser). */
export const PendingApprovalsDocument = graphql(`
  query PendingApprovals {
    pendingApprovals {
      ...PendingApprovalCounts
    }
  }
`);
