import { graphql } from "@/gql";

// Fragment MerchantWebhookEndpoint, spread by name in the queries; graphql-codegen reads it here.
graphql(`
  fragment MerchantWebhookEndpoint on WebhookEndpoint {
    id
    url
    events
    status
    accountEndpoint
    secretHint
    createdAt
    disabledReason
    disabledAt
    consecutiveFailures
    failingSince
  }
`);

export const CreateWebhookEndpointDocument = graphql(`
  mutation CreateWebhookEndpoint($url: String!, $events: [String!]!) {
    createWebhookEndpoint(url: $url, events: $events) {
      id
      secret
    }
  }
`);

export const UpdateWebhookEndpointDocument = graphql(`
  mutation UpdateWebhookEndpoint($id: ID!, $events: [String!], $status: WebhookEndpointStatus) {
    updateWebhookEndpoint(id: $id, events: $events, status: $status) {
      ...MerchantWebhookEndpoint
    }
  }
`);

export const RotateWebhookEndpointSecretDocument = graphql(`
  mutation RotateWebhookEndpointSecret($id: ID!) {
    rotateWebhookEndpointSecret(id: $id) {
      id
      secret
    }
  }
`);

export const DeleteWebhookEndpointDocument = graphql(`
  mutation DeleteWebhookEndpoint($id: ID!) {
    deleteWebhookEndpoint(id: $id) {
      id
    }
  }
`);
