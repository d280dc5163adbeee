import { graphql } from "@/gql";

// Fragment MerchantChargeRow, spread by name (...MerchantChargeRow) in the queries; graphql-codegen reads it here.
graphql(`
  fragment MerchantChargeRow on Charge {
    id
    txid
    e2eId
    amount
    fee
    netAmount
    status
    description
    reserved
    refundedAmount
    disputedAmount
    createdAt
    expiresAt
    paidAt
    payerName
    type
    dueDate
    paidAmount
    payer {
      name
    }
  }
`);

export const MerchantChargesDocument = graphql(`
  query MerchantCharges(
    $status: ChargeStatus
    $type: ChargeType
    $refunded: Boolean
    $disputed: Boolean
    $createdFrom: DateTimeISO
    $createdTo: DateTimeISO
    $limit: Int
    $offset: Int
  ) {
    charges(
      status: $status
      type: $type
      refunded: $refunded
      disputed: $disputed
      createdFrom: $createdFrom
      createdTo: $createdTo
      limit: $limit
      offset: $offset
    ) {
      total
      totalCapped
      data {
        ...MerchantChargeRow
      }
    }
  }
`);

export const MerchantChargeSearchDocument = graphql(`
  query MerchantChargeSearch($query: String!) {
    search(query: $query) {
      charges {
        ...MerchantChargeRow
      }
    }
  }
`);

export const MerchantChargeDetailDocument = graphql(`
  query MerchantChargeDetail($id: ID!) {
    charge(id: $id) {
      ...MerchantChargeRow
      pixCode
      payerDocument
      updatedAt
      reservedAmount
      paymentLinkId
      qrcodeId
      ...ChargeBillingFields
      ...ChargeRecurrenceFields
    }
    refunds(chargeId: $id) {
      total
      data {
        ...RefundRow
      }
    }
    webhookDeliveries(subjectId: $id, limit: 20) {
      data {
        eventId
        endpointId
        endpointUrl
        event
        status
        createdAt
        deliveredAt
        attemptCount
        requestBody
      }
    }
    # Where its events go: the account's endpoints (CONTRACT §15), counted beside its events.
    webhookEndpoints {
      data {
        id
        status
      }
    }
  }
`);

export const CreateMerchantChargeDocument = graphql(`
  mutation CreateMerchantCharge($input: CreateChargeInput!, $idempotencyKey: String) {
    createCharge(input: $input, idempotencyKey: $idempotencyKey) {
      id
      amount
      pixCode
      expiresAt
      status
    }
  }
`);

export const CancelMerchantChargeDocument = graphql(`
  mutation CancelMerchantCharge($id: ID!) {
    cancelCharge(id: $id) {
      id
      status
    }
  }
`);

/** Sandbox only: the merchant's own charge paid as a payer would (SANDBOX_ONLY with a real bank). */
export const SimulateOwnChargePaymentDocument = graphql(`
  mutation SimulateOwnChargePayment($chargeId: ID!, $payerName: String) {
    simulateOwnChargePayment(chargeId: $chargeId, payerName: $payerName) {
      id
      status
    }
  }
`);
