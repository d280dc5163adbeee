import { graphql } from "@/gql";

/** The operator overview: what waits, today's money, and 30 days of volume (SQL aggregates). */
export const OperatorOverviewDocument = graphql(`
  query OperatorOverview {
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
