import { graphql } from "@/gql";

// Fragment DisputeRow, spread by name (...DisputeRow) in the queries; graphql-codegen reads it here.
graphql(`
  fragment DisputeRow on Dispute {
    id
    companyId
    chargeId
    nature
    amount
    heldAmount
    status
    outcome
    description
    merchantStatement
    contestStatement
    refundId
    returnFailureReason
    returnedByBank
    openedAt
    deadlineAt
    decidedAt
    closedAt
  }
`);

/** The queue: nearest deadline first (operators: every account; merchants: their own). */
export const DisputesDocument = graphql(`
  query Disputes($first: Int, $after: String, $status: DisputeStatus) {
    disputes(first: $first, after: $after, status: $status) {
      data {
        ...DisputeRow
      }
      total
      pageInfo {
        endCursor
        hasNextPage
      }
    }
  }
`);

/** One charge's disputes, oldest first (the operator's charge page). */
export const ChargeDisputesDocument = graphql(`
  query ChargeDisputes($chargeId: ID!) {
    chargeDisputes(chargeId: $chargeId) {
      ...DisputeRow
    }
  }
`);

export const AcceptDisputeDocument = graphql(`
  mutation AcceptDispute($id: ID!) {
    acceptDispute(id: $id) {
      ...DisputeRow
      acceptRequestedBy
    }
  }
`);

export const ContestDisputeDocument = graphql(`
  mutation ContestDispute($id: ID!, $statement: String!) {
    contestDispute(id: $id, statement: $statement) {
      ...DisputeRow
    }
  }
`);

export const CloseDisputeDocument = graphql(`
  mutation CloseDispute($id: ID!, $note: String) {
    closeDispute(id: $id, note: $note) {
      ...DisputeRow
    }
  }
`);

export const SubmitDisputeStatementDocument = graphql(`
  mutation SubmitDisputeStatement($id: ID!, $statement: String!) {
    submitDisputeStatement(id: $id, statement: $statement) {
      ...DisputeRow
    }
  }
`);
