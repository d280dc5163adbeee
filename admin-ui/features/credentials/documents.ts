import { graphql } from "@/gql";

export const MerchantCredentialsDocument = graphql(`
  query MerchantCredentials {
    clientCredentials {
      id
      label
      lastUsedAt
      secretHint
      createdAt
      expiresAt
      revokedAt
    }
  }
`);

export const IssueMerchantSecretDocument = graphql(`
  mutation IssueMerchantSecret($expiresAt: DateTimeISO, $label: String) {
    issueClientSecret(expiresAt: $expiresAt, label: $label) {
      clientSecret
      credential {
        id
        secretHint
        expiresAt
      }
    }
  }
`);

export const RevokeMerchantSecretDocument = graphql(`
  mutation RevokeMerchantSecret($credentialId: ID!) {
    revokeClientSecret(credentialId: $credentialId) {
      id
      revokedAt
    }
  }
`);

export const LabelMerchantSecretDocument = graphql(`
  mutation LabelMerchantSecret($credentialId: ID!, $label: String) {
    labelClientCredential(credentialId: $credentialId, label: $label) {
      id
      label
    }
  }
`);
