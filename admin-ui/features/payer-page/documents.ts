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

/** What a payment link's page shows (no credential). */
export const PaymentLinkPageDocument = graphql(`
  query PaymentLinkPage($token: String!) {
    paymentLinkPage(token: $token) {
      accountName
      description
      status
      amount
      minAmount
      maxAmount
      sandbox
    }
  }
`);

/** The payer confirms: a charge is made, and its payer's page is where to go. */
export const ConfirmPaymentLinkDocument = graphql(`
  mutation ConfirmPaymentLink($token: String!, $amount: Money) {
    confirmPaymentLink(token: $token, amount: $amount) {
      paymentUrl
    }
  }
`);
