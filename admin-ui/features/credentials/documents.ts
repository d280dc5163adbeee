import { graphql } from "@/gql";

export const MerchantCredentialsDocument = graphql(`
  query MerchantCredentials {
    clientCredentials {
      id
      secretHint
      createdAt
      expiresAt
      revokedAt
    }
  }
`);

export const IssueMerchantSecretDocument = graphql(`
  mutation IssueMerchantSecret($expiresAt: DateTimeISO) {
    issueClientSecret(expiresAt: $expiresAt) {
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
