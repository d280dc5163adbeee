import { graphql } from "@/gql";

/** The withdrawals list by cursor (the page itself pages by offset to jump to any page). */
export const ExportWithdrawalsDocument = graphql(`
  query ExportWithdrawals($first: Int, $after: String, $status: WithdrawalStatus, $companyId: ID, $order: ListOrder) {
    withdrawals(first: $first, after: $after, status: $status, companyId: $companyId, order: $order) {
      data {
        id
        withdrawalReference
        companyId
        amount
        status
        pixKey
        pixKeyType
        reason
        e2eId
        createdAt
        updatedAt
        scheduledFor
        sendsOn
        recipient {
          name
          document
          institution
        }
        bankAccount {
          ispb
          branch
          account
          accountType
          holderName
          holderDocument
        }
      }
      pageInfo {
        endCursor
        hasNextPage
      }
    }
  }
`);

/** A merchant's statement by cursor, São Paulo days already turned into the API's range. */
export const ExportStatementDocument = graphql(`
  query ExportStatement($first: Int, $after: String, $from: DateTimeISO, $to: DateTimeISO) {
    ledgerEntries(first: $first, after: $after, from: $from, to: $to) {
      data {
        id
        kind
        amount
        balanceAfter
        memo
        chargeId
        withdrawalId
        adjustmentId
        refundId
        createdAt
      }
      pageInfo {
        endCursor
        hasNextPage
      }
    }
  }
`);
