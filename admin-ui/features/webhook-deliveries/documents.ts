import { graphql } from "@/gql";

// Fragment WebhookDeliveryRow, spread by name (...WebhookDeliveryRow) in the queries; graphql-codegen reads it here.
graphql(`
  fragment WebhookDeliveryRow on WebhookDelivery {
    eventId
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
  ) {
    webhookDeliveries(
      first: $first
      after: $after
      status: $status
      event: $event
      subjectId: $subjectId
      companyId: $companyId
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

export const RedeliverWebhookDocument = graphql(`
  mutation RedeliverWebhook($eventId: ID!) {
    redeliverWebhook(eventId: $eventId) {
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
