import { graphql } from "@/gql";

export const MerchantHomeDocument = graphql(`
  query MerchantHome {
    merchantOverview {
      balance
      paidChargesNet
      adjustments
      withdrawalsHeld
      refundsHeld
      reserved
      disputesHeld
      today {
        received {
          count
          amount
        }
        sent {
          count
          amount
        }
      }
      daily(days: 30) {
        date
        paidAmount
        withdrawalAmount
      }
    }
    recent: charges(limit: 5) {
      total
      data {
        id
        amount
        netAmount
        status
        description
        createdAt
      }
    }
  }
`);
