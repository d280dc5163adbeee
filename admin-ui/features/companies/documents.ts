import { graphql } from "@/gql";

export const CompaniesDocument = graphql(`
  query Companies($search: String, $limit: Int, $offset: Int) {
    companies(search: $search, limit: $limit, offset: $offset) {
      total
      totalCapped
      data {
        id
        name
        cnpj
        city
        balance
        feePercent
        feeFixed
        autoApproveLimit
        createdAt
        webhookEndpointCount
      }
    }
  }
`);

/** The account's webhook endpoints as its page shows them: URL, status, events, failing state. */
export const CompanyEndpointsDocument = graphql(`
  query CompanyEndpoints($companyId: ID!) {
    webhookEndpoints(companyId: $companyId) {
      data {
        id
        url
        events
        status
        disabledReason
        disabledAt
        accountEndpoint
        consecutiveFailures
        failingSince
      }
    }
  }
`);

export const CompanyOverviewDocument = graphql(`
  query CompanyOverview($id: ID!) {
    company(id: $id) {
      id
      name
      cnpj
      city
      balance
      feePercent
      feeFixed
      autoApproveLimit
      createdAt
      updatedAt
      pendingAutoApproveLimitRequest {
        ...PendingAutoApproveLimit
      }
    }
  }
`);

// A raise of the auto-approve limit waiting for a second operator (auto-approve-limit-request.tsx).
graphql(`
  fragment PendingAutoApproveLimit on AutoApproveLimitRequest {
    id
    previousLimit
    requestedLimit
    requestedBy
    requestedByEmail
    requestedAt
    mine
  }
`);

export const ConfirmAutoApproveLimitRequestDocument = graphql(`
  mutation ConfirmAutoApproveLimitRequest($id: ID!) {
    confirmAutoApproveLimitRequest(id: $id) {
      id
      status
    }
  }
`);

export const DeclineAutoApproveLimitRequestDocument = graphql(`
  mutation DeclineAutoApproveLimitRequest($id: ID!, $reason: String) {
    declineAutoApproveLimitRequest(id: $id, reason: $reason) {
      id
      status
    }
  }
`);

/**
 * The balance formula recomputed from every charge, adjustment and withdrawal of the account:
 * a scan of the whole history (about 2 s at 10^6 charges), so the company page asks for it
 * from the browser after it painted (balance-audit-card.tsx).
 */
export const BalanceAuditDocument = graphql(`
  query BalanceAudit($companyId: ID!) {
    balanceAudit(companyId: $companyId) {
      consistent
      checkedAt
      paidChargesNet
      chargesHeld
      disputesHeld
      adjustments
      withdrawalsHeld
      refundsHeld
      recomputedBalance
      runningBalance
      ledgerSum
      lastEntryBalance
      ledgerEntries
      pendingWithdrawals
      pendingWithdrawalsCounted
    }
  }
`);

export const CompanyAdjustmentsDocument = graphql(`
  query CompanyAdjustments($companyId: ID!, $limit: Int, $offset: Int) {
    adjustments(companyId: $companyId, limit: $limit, offset: $offset) {
      total
      data {
      id
      amount
      description
      status
      createdAt
      requestedBy
      confirmedBy
      rejectedBy
      rejectionReason
      decidedAt
      }
    }
  }
`);

export const CompanyChargesDocument = graphql(`
  query CompanyCharges($companyId: ID!, $status: ChargeStatus, $limit: Int, $offset: Int) {
    charges(companyId: $companyId, status: $status, limit: $limit, offset: $offset) {
      total
      data {
        id
        txid
        amount
        fee
        netAmount
        status
        description
        reserved
        reservedReason
        refundedAmount
        disputedAmount
        payerName
        createdAt
        paidAt
        expiresAt
        type
        dueDate
        paidAmount
        payer {
          name
        }
      }
    }
  }
`);

export const UpdateCompanyDocument = graphql(`
  mutation UpdateCompany($id: ID!, $input: UpdateCompanyInput!) {
    updateCompany(id: $id, input: $input) {
      id
      name
      cnpj
      city
      feePercent
      feeFixed
      autoApproveLimit
      updatedAt
      pendingAutoApproveLimitRequest {
        id
        requestedLimit
      }
    }
  }
`);

export const CreateCompanyDocument = graphql(`
  mutation CreateCompany($input: CreateCompanyInput!) {
    createCompany(input: $input) {
      company {
        id
        name
        autoApproveLimit
      }
      autoApproveLimitRequest {
        id
        requestedLimit
      }
      clientSecret
      webhookSecret
      ownerInvite {
        inviteUrl
        user {
          email
        }
      }
    }
  }
`);

/** Accounts by the start of the name, the CNPJ or the id, for a list's company filter. */
export const CompanyPickerDocument = graphql(`
  query CompanyPicker($search: String, $limit: Int) {
    companies(search: $search, limit: $limit) {
      data {
        id
        name
        cnpj
      }
    }
  }
`);
