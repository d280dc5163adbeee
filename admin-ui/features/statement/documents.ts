import { graphql } from "@/gql";

export const StatementDocument = graphql(`
  query Statement($from: DateTimeISO, $to: DateTimeISO, $limit: Int, $offset: Int) {
    ledgerEntries(from: $from, to: $to, limit: $limit, offset: $offset) {
      total
      totalCapped
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
    }
    balance {
      balance
    }
  }
`);
