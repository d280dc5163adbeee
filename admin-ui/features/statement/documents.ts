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

/** A withdrawal's reference (WDR_…), the id a merchant sees for it everywhere. */
export const WithdrawalReferenceDocument = graphql(`
  query WithdrawalReference($id: ID!) {
    withdrawal(id: $id) {
      id
      withdrawalReference
    }
  }
`);
