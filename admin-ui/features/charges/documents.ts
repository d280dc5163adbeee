import { graphql } from "@/gql";

// Fragment ChargeRow, spread by name (...ChargeRow) in the queries; graphql-codegen reads it here.
graphql(`
  fragment ChargeRow on Charge {
    id
    companyId
    txid
    e2eId
    amount
    fee
    netAmount
    status
    description
    reserved
    reservedReason
    reservedAmount
    refundedAmount
    disputedAmount
    payerName
    payerDocument
    createdAt
    paidAt
    expiresAt
    type
    dueDate
    paidAmount
    payer {
      name
      document
    }
  }
`);

export const ChargesListDocument = graphql(`
  query ChargesList(
    $first: Int
    $after: String
    $status: ChargeStatus
    $reserved: Boolean
    $refunded: Boolean
    $disputed: Boolean
    $companyId: ID
    $createdFrom: DateTimeISO
    $createdTo: DateTimeISO
    $type: ChargeType
  ) {
    charges(
      first: $first
      after: $after
      status: $status
      reserved: $reserved
      refunded: $refunded
      disputed: $disputed
      companyId: $companyId
      createdFrom: $createdFrom
      createdTo: $createdTo
      type: $type
    ) {
      data {
        ...ChargeRow
      }
      pageInfo {
        endCursor
        hasNextPage
      }
    }
  }
`);

/** The charges the search finds by id, chg_ id, txid or e2e id (the API's search). */
export const ChargeSearchDocument = graphql(`
  query ChargeSearch($query: String!) {
    search(query: $query) {
      charges {
        ...ChargeRow
      }
    }
  }
`);

export const ChargeDetailDocument = graphql(`
  query ChargeDetail($id: ID!) {
    charge(id: $id) {
      ...ChargeRow
      pixCode
      updatedAt
      ...ChargeBillingFields
      ...ChargeRecurrenceFields
    }
  }
`);

export const ChargeTimelineDocument = graphql(`
  query ChargeTimeline($id: ID!) {
    auditTrail(objectType: "charge", objectId: $id) {
      id
      at
      actor
      actorInfo {
        id
        kind
        displayName
        email
        credentialHint
      }
      action
      reason
    }
    webhookDeliveries(subjectId: $id, first: 20) {
      data {
        eventId
        endpointId
        endpointUrl
        event
        status
        createdAt
        attemptCount
      }
    }
  }
`);

export const ReserveChargeDocument = graphql(`
  mutation ReserveCharge($id: ID!, $reason: String!) {
    reserveCharge(id: $id, reason: $reason) {
      ...ChargeRow
    }
  }
`);

export const ReleaseChargeDocument = graphql(`
  mutation ReleaseCharge($id: ID!) {
    releaseCharge(id: $id) {
      ...ChargeRow
    }
  }
`);

export const SimulateChargePaymentDocument = graphql(`
  mutation SimulateChargePayment($chargeId: ID!, $payerName: String, $payerDocument: String) {
    simulateChargePayment(chargeId: $chargeId, payerName: $payerName, payerDocument: $payerDocument) {
      ...ChargeRow
    }
  }
`);
