import { graphql } from "@/gql";

// Fragment WithdrawalRow, spread by name (...WithdrawalRow) in the queries; graphql-codegen reads it here.
graphql(`
  fragment WithdrawalRow on Withdrawal {
    id
    companyId
    amount
    status
    pixKey
    pixKeyType
    bankAccount {
      ispb
      branch
      account
      accountType
      holderName
      holderDocument
    }
    recipientDocument
    recipientName
    recipient {
      name
      document
      institution
    }
    recipientWarnings
    queuePosition
    scheduledFor
    sendsOn
    cancellable
    reason
    rejected
    retryCount
    withdrawalReference
    createdAt
    updatedAt
    approvalsRequired
    approvals {
      operator
      operatorEmail
      operatorInfo {
        id
        kind
        displayName
        email
        credentialHint
      }
      at
    }
  }
`);

export const WithdrawalsDocument = graphql(`
  query Withdrawals($status: WithdrawalStatus, $companyId: ID, $order: ListOrder, $limit: Int, $offset: Int) {
    withdrawals(status: $status, companyId: $companyId, order: $order, limit: $limit, offset: $offset) {
      total
      totalCapped
      limit
      offset
      data {
        ...WithdrawalRow
      }
    }
  }
`);

export const CompanyNamesDocument = graphql(`
  query CompanyNames {
    companies(limit: 100) {
      data {
        id
        name
      }
    }
  }
`);

export const CompanyNameDocument = graphql(`
  query CompanyName($id: ID!) {
    company(id: $id) {
      id
      name
    }
  }
`);

export const ApproveWithdrawalDocument = graphql(`
  mutation ApproveWithdrawal($id: ID!) {
    approveWithdrawal(id: $id) {
      ...WithdrawalRow
    }
  }
`);

export const RejectWithdrawalDocument = graphql(`
  mutation RejectWithdrawal($id: ID!, $reason: String!) {
    rejectWithdrawal(id: $id, reason: $reason) {
      ...WithdrawalRow
    }
  }
`);

export const CancelScheduledWithdrawalDocument = graphql(`
  mutation CancelScheduledWithdrawal($id: ID!, $reason: String!) {
    cancelWithdrawal(id: $id, reason: $reason) {
      ...WithdrawalRow
    }
  }
`);

export const WithdrawalDetailDocument = graphql(`
  query WithdrawalDetail($id: ID!) {
    withdrawal(id: $id) {
      ...WithdrawalRow
      idempotencyKey
      e2eId
      paidAt
    }
    withdrawalHistory(id: $id) {
      id
      fromStatus
      toStatus
      actor
      actorInfo {
        id
        kind
        displayName
        email
        credentialHint
      }
      reason
      createdAt
    }
  }
`);
