import { graphql } from "@/gql";

// Fragment PaymentExceptionRow, spread by name (...PaymentExceptionRow) in the queries; graphql-codegen reads it here.
graphql(`
  fragment PaymentExceptionRow on PaymentException {
    id
    kind
    status
    amount
    expectedAmount
    txid
    endToEndId
    chargeId
    companyId
    payerName
    payerDocument
    paidAt
    problem
    resolution
    resolvedAt
    resolvedBy
    createdAt
    returnStatus
    returnId
    returnReason
    returnFailureReason
    returnedAt
  }
`);

export const PaymentExceptionsDocument = graphql(`
  query PaymentExceptions($first: Int, $after: String, $status: PaymentExceptionStatus) {
    paymentExceptions(first: $first, after: $after, status: $status) {
      data {
        ...PaymentExceptionRow
      }
      pageInfo {
        endCursor
        hasNextPage
      }
    }
  }
`);

export const ResolvePaymentExceptionDocument = graphql(`
  mutation ResolvePaymentException($id: ID!, $resolution: String!) {
    resolvePaymentException(id: $id, resolution: $resolution) {
      ...PaymentExceptionRow
    }
  }
`);

export const ReturnPaymentExceptionDocument = graphql(`
  mutation ReturnPaymentException($id: ID!, $reason: String) {
    returnPaymentException(id: $id, reason: $reason) {
      ...PaymentExceptionRow
    }
  }
`);
