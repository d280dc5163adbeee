import { graphql } from "@/gql";

/**
 * What the frame of every signed-in page reads, in one request: whether the bank is the
 * sandbox (its strip), and, for a merchant admin only, the account's endpoints disabled for
 * failing (their banner, CONTRACT §15): a few columns of at most 10 rows, no secret opened.
 */
export const ShellDocument = graphql(`
  query Shell($failingEndpoints: Boolean!) {
    serviceInfo {
      sandbox
    }
    failingWebhookEndpoints @include(if: $failingEndpoints) {
      id
      url
      disabledAt
    }
  }
`);
