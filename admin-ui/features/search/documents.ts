import { graphql } from "@/gql";

export const GlobalSearchDocument = graphql(`
  query GlobalSearch($query: String!) {
    search(query: $query) {
      charges {
        id
        txid
        amount
        status
        description
      }
      withdrawals {
        id
        withdrawalReference
        amount
        status
        rejected
        scheduledFor
        cancellable
      }
      companies {
        id
        name
        cnpj
      }
    }
  }
`);
