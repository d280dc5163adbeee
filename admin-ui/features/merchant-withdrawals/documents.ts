import { graphql } from "@/gql";

// Fragment MerchantWithdrawalRow, spread by name (...MerchantWithdrawalRow) in the queries; graphql-codegen reads it here.
graphql(`
  fragment MerchantWithdrawalRow on Withdrawal {
    id
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
    withdrawalReference
    e2eId
    createdAt
    updatedAt
    paidAt
  }
`);

export const MerchantWithdrawalsDocument = graphql(`
  query MerchantWithdrawals($status: WithdrawalStatus, $limit: Int, $offset: Int) {
    withdrawals(status: $status, limit: $limit, offset: $offset) {
      total
      totalCapped
      data {
        ...MerchantWithdrawalRow
      }
    }
    balance {
      balance
    }
  }
`);

export const MerchantWithdrawalDetailDocument = graphql(`
  query MerchantWithdrawalDetail($id: ID!) {
    withdrawal(id: $id) {
      ...MerchantWithdrawalRow
      idempotencyKey
      retryCount
      approvalsRequired
      approvals {
        at
      }
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

export const MerchantBalanceDocument = graphql(`
  query MerchantBalance {
    balance {
      balance
    }
  }
`);

export const CreateMerchantWithdrawalDocument = graphql(`
  mutation CreateMerchantWithdrawal($idempotencyKey: String!, $input: CreateWithdrawalInput!) {
    createWithdrawal(idempotencyKey: $idempotencyKey, input: $input) {
      id
      status
      withdrawalReference
      queuePosition
    }
  }
`);

export const CancelMerchantWithdrawalDocument = graphql(`
  mutation CancelMerchantWithdrawal($id: ID!, $reason: String) {
    cancelWithdrawal(id: $id, reason: $reason) {
      id
      status
    }
  }
`);

export const PixParticipantsDocument = graphql(`
  query PixParticipants {
    pixParticipants {
      ispb
      name
      code
    }
  }
`);
