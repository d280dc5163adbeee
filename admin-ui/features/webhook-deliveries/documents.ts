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
