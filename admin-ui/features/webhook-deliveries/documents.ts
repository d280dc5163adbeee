import { graphql } from "@/gql";

// Fragment WebhookDeliveryRow, spread by name (...WebhookDeliveryRow) in the queries; graphql-codegen reads it here.
graphql(`
  fragment WebhookDeliveryRow on WebhookDelivery {
    eventId
    endpointId
    endpointUrl
    event
    status
    companyId
    subjectId
    createdAt
    deliveredAt
    lastAttemptAt
    nextAttemptAt
    attemptCount
    requestBody
    attempts {
      id
      attemptNumber
      manual
      url
      responseStatus
      responseTimeMs
      responseBody
      requestBody
      error
      startedAt
      finishedAt
    }
  }
`);

export const WebhookDeliveriesDocument = graphql(`
  query WebhookDeliveries(
    $first: Int
    $after: String
    $status: WebhookDeliveryStatus
    $event: String
    $subjectId: ID
    $companyId: ID
    $endpointId: ID
  ) {
    webhookDeliveries(
      first: $first
      after: $after
      status: $status
      event: $event
      subjectId: $subjectId
      companyId: $companyId
      endpointId: $endpointId
    ) {
      data {
        ...WebhookDeliveryRow
      }
      pageInfo {
        endCursor
        hasNextPage
      }
    }
  }
`);

/** One account's endpoints, for the filter by endpoint once an account is chosen. */
export const CompanyWebhookEndpointsDocument = graphql(`
  query CompanyWebhookEndpoints($companyId: ID!) {
    webhookEndpoints(companyId: $companyId) {
      data {
        id
        url
      }
    }
  }
`);

export const RedeliverWebhookDocument = graphql(`
  mutation RedeliverWebhook($eventId: ID!, $endpointId: ID) {
    redeliverWebhook(eventId: $eventId, endpointId: $endpointId) {
      ...WebhookDeliveryRow
    }
  }
`);

/**
 * The FAILED deliveries bulk redelivery would take (one account's or every account's): how
 * many, and whose among the first hundred.
 */
export const FailedDeliveriesDocument = graphql(`
  query FailedDeliveries($companyId: ID, $first: Int) {
    webhookDeliveries(status: FAILED, companyId: $companyId, first: $first) {
      total
      totalCapped
      data {
        companyId
      }
    }
  }
`);

export const RedeliverFailedWebhooksDocument = graphql(`
  mutation RedeliverFailedWebhooks($companyId: ID, $max: Int!) {
    redeliverFailedWebhooks(companyId: $companyId, max: $max) {
      count
      eventIds
    }
  }
`);
