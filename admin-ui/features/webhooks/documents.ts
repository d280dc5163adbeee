import { graphql } from "@/gql";

// Fragment MerchantWebhookDelivery, spread by name (...MerchantWebhookDelivery) in the queries; graphql-codegen reads it here.
graphql(`
  fragment MerchantWebhookDelivery on WebhookDelivery {
    eventId
    endpointId
    endpointUrl
    event
    status
    subjectId
    createdAt
    deliveredAt
    nextAttemptAt
    attemptCount
    requestBody
    attempts {
      id
      attemptNumber
      manual
      url
      startedAt
      finishedAt
      responseStatus
      responseTimeMs
      responseBody
      error
    }
  }
`);

export const WebhookPageDocument = graphql(`
  query WebhookPage($limit: Int, $offset: Int, $endpointId: ID) {
    webhookEndpoints {
      data {
        ...MerchantWebhookEndpoint
      }
    }
    webhookSettings {
      companyId
      url
      secretHint
      secretIsBase64url
    }
    webhookDeliveries(limit: $limit, offset: $offset, endpointId: $endpointId) {
      total
      totalCapped
      data {
        ...MerchantWebhookDelivery
      }
    }
  }
`);

export const UpdateWebhookUrlDocument = graphql(`
  mutation UpdateWebhookUrl($url: String) {
    updateWebhookSettings(url: $url) {
      url
      secretHint
    }
  }
`);

export const RotateWebhookSecretDocument = graphql(`
  mutation RotateWebhookSecret {
    rotateWebhookSecret {
      webhookSecret
      settings {
        secretHint
      }
    }
  }
`);

export const RevealStandardWebhookSecretDocument = graphql(`
  mutation RevealStandardWebhookSecret {
    revealStandardWebhookSecret {
      standardBase64Secret
    }
  }
`);

export const SendTestWebhookDocument = graphql(`
  mutation SendTestWebhook {
    sendTestWebhook {
      ...MerchantWebhookDelivery
    }
  }
`);

export const PingDeliveriesDocument = graphql(`
  query PingDeliveries {
    # A ping goes to each endpoint that takes it (at most 10): the latest pings' deliveries.
    webhookDeliveries(event: "ping", limit: 20) {
      data {
        ...MerchantWebhookDelivery
      }
    }
  }
`);

export const RedeliverMerchantWebhookDocument = graphql(`
  mutation RedeliverMerchantWebhook($eventId: ID!, $endpointId: ID) {
    redeliverWebhook(eventId: $eventId, endpointId: $endpointId) {
      eventId
      status
    }
  }
`);
