import { graphql } from "@/gql";

// Fragment RefundRow, spread by name (...RefundRow) in the queries; graphql-codegen reads it here.
graphql(`
  fragment RefundRow on Refund {
    id
    chargeId
    amount
    status
    reason
    failureReason
    returnId
    createdAt
    refundedAt
    updatedAt
  }
`);

/** A charge's refunds, oldest first (operators: any account's; merchants: their own). */
export const ChargeRefundsDocument = graphql(`
  query ChargeRefunds($chargeId: ID!) {
    refunds(chargeId: $chargeId) {
      total
      data {
        ...RefundRow
      }
    }
  }
`);

export const RefundChargeDocument = graphql(`
  mutation RefundCharge($chargeId: ID!, $idempotencyKey: String!, $input: RefundChargeInput) {
    refundCharge(chargeId: $chargeId, idempotencyKey: $idempotencyKey, input: $input) {
      ...RefundRow
    }
  }
`);
