import { graphql } from "@/gql";

export const MerchantQrCodesDocument = graphql(`
  query MerchantQrCodes($limit: Int, $offset: Int) {
    qrCodes(limit: $limit, offset: $offset) {
      total
      data {
        id
        pixCode
        description
        amount
        active
        paidCount
        paidTotal
        createdAt
      }
    }
  }
`);

export const MerchantQrCodeDocument = graphql(`
  query MerchantQrCode($id: ID!) {
    qrCode(id: $id) {
      id
      pixCode
      description
      amount
      active
    }
    payerPageSettings {
      displayName
    }
  }
`);

export const CreateQrCodeDocument = graphql(`
  mutation CreateQrCode($input: CreateQrCodeInput!) {
    createQrCode(input: $input) {
      id
    }
  }
`);

export const DeactivateQrCodeDocument = graphql(`
  mutation DeactivateQrCode($id: ID!) {
    deactivateQrCode(id: $id) {
      id
      active
    }
  }
`);
