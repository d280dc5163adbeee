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

// Operators' refunds above APPROVAL_SECOND_OPERATOR_ABOVE: a request a second operator confirms.
graphql(`
  fragment RefundRequestRow on RefundRequest {
    id
    chargeId
    amount
    reason
    status
    mine
    requestedByEmail
    decidedBy
    decidedByEmail
    rejectionReason
    refundId
    requestedAt
    expiresAt
    decidedAt
  }
`);

/** With the charge's payer: the confirming operator's dialog names who gets the money back. */
export const ChargeRefundRequestsDocument = graphql(`
  query ChargeRefundRequests($chargeId: ID!) {
    refundRequests(chargeId: $chargeId) {
      ...RefundRequestRow
    }
    charge(id: $chargeId) {
      id
      payerName
      payerDocument
    }
  }
`);

export const RequestRefundDocument = graphql(`
  mutation RequestRefund($chargeId: ID!, $idempotencyKey: String!, $input: RefundChargeInput) {
    requestRefund(chargeId: $chargeId, idempotencyKey: $idempotencyKey, input: $input) {
      ...RefundRequestRow
    }
  }
`);

export const ConfirmRefundRequestDocument = graphql(`
  mutation ConfirmRefundRequest($id: ID!) {
    confirmRefundRequest(id: $id) {
      ...RefundRequestRow
    }
  }
`);

export const RejectRefundRequestDocument = graphql(`
  mutation RejectRefundRequest($id: ID!, $reason: String!) {
    rejectRefundRequest(id: $id, reason: $reason) {
      ...RefundRequestRow
    }
  }
`);
