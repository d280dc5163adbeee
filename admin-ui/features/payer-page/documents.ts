import { graphql } from "@/gql";

/** What a charge's payer's page shows (no credential: the token is the page's own address). */
export const PayerPageDocument = graphql(`
  query PayerPage($token: String!) {
    payerPage(token: $token) {
      accountName
      status
      type
      amount
      description
      dueDate
      expiresAt
      pixCode
      paidAt
      sandbox
    }
  }
`);
