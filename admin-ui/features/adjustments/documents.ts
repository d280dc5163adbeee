import { graphql } from "@/gql";

// Fragment AdjustmentRow, spread by name (...AdjustmentRow) in the queries; graphql-codegen reads it here.
graphql(`
  fragment AdjustmentRow on Adjustment {
    id
    companyId
    amount
    description
    status
    createdAt
    requestedBy
    requestedByInfo {
      id
      kind
      displayName
      email
      credentialHint
    }
    confirmedBy
    rejectedBy
    rejectionReason
    decidedAt
  }
`);

export const AdjustmentsListDocument = graphql(`
  query AdjustmentsList($first: Int, $after: String, $status: AdjustmentStatus, $companyId: ID) {
    adjustments(first: $first, after: $after, status: $status, companyId: $companyId) {
      data {
        ...AdjustmentRow
      }
      pageInfo {
        endCursor
        hasNextPage
      }
    }
  }
`);

export const CreateAdjustmentDocument = graphql(`
  mutation CreateAdjustment($companyId: ID!, $amount: Money!, $description: String!) {
    createAdjustment(companyId: $companyId, amount: $amount, description: $description) {
      ...AdjustmentRow
    }
  }
`);

export const ConfirmAdjustmentDocument = graphql(`
  mutation ConfirmAdjustment($id: ID!) {
    confirmAdjustment(id: $id) {
      ...AdjustmentRow
    }
  }
`);

export const RejectAdjustmentDocument = graphql(`
  mutation RejectAdjustment($id: ID!, $reason: String!) {
    rejectAdjustment(id: $id, reason: $reason) {
      ...AdjustmentRow
    }
  }
`);
