import { graphql } from "@/gql";

export const MerchantPaymentLinksDocument = graphql(`
  query MerchantPaymentLinks($limit: Int, $offset: Int) {
    paymentLinks(limit: $limit, offset: $offset) {
      total
      data {
        id
        url
        status
        description
        amount
        minAmount
        maxAmount
        reusable
        expiresAt
        chargesCount
        paidCount
        paidTotal
        createdAt
      }
    }
    payerPageSettings {
      displayName
    }
  }
`);

export const CreatePaymentLinkDocument = graphql(`
  mutation CreatePaymentLink($input: CreatePaymentLinkInput!) {
    createPaymentLink(input: $input) {
      id
      url
    }
  }
`);

export const DeactivatePaymentLinkDocument = graphql(`
  mutation DeactivatePaymentLink($id: ID!) {
    deactivatePaymentLink(id: $id) {
      id
      status
    }
  }
`);

export const UpdatePayerPageSettingsDocument = graphql(`
  mutation UpdatePayerPageSettings($displayName: String) {
    updatePayerPageSettings(displayName: $displayName) {
      displayName
    }
  }
`);
