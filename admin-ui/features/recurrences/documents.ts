import { graphql } from "@/gql";

// Fragment RecurrenceRow, spread by name (...RecurrenceRow); graphql-codegen reads it here.
graphql(`
  fragment RecurrenceRow on Recurrence {
    id
    companyId
    status
    contract
    object
    frequency
    startDate
    endDate
    amount
    retryPolicy
    autoCharge
    reason
    customerId
    payer {
      name
      document
    }
    firstPayment {
      amount
    }
    createdAt
  }
`);

// Fragment RecurringChargeRow: a cycle's charge and its debit attempts.
graphql(`
  fragment RecurringChargeRow on Charge {
    id
    type
    amount
    status
    dueDate
    debitAttempt
    failureReason
    nextAttemptOn
    paidAt
    createdAt
  }
`);

// Fragment ChargeRecurrenceFields: what a charge's page shows of its recurrence (a cycle's charge or the first payment).
graphql(`
  fragment ChargeRecurrenceFields on Charge {
    id
    type
    status
    dueDate
    recurrenceId
    debitAttempt
    failureReason
    nextAttemptOn
    payer {
      name
      document
    }
  }
`);

// Fragment DebitAttemptRow: one debit attempt of a recurring charge.
graphql(`
  fragment DebitAttemptRow on RecurringDebitAttempt {
    chargeId
    companyId
    recurrenceId
    attempt
    day
    outcome
    failureReason
    amount
    recordedAt
  }
`);

export const RecurrenceAttemptsDocument = graphql(`
  query RecurrenceAttempts($recurrenceId: ID!, $limit: Int) {
    recurringDebitAttempts(recurrenceId: $recurrenceId, limit: $limit) {
      total
      data {
        ...DebitAttemptRow
      }
    }
  }
`);

/** The operators' failed debits of a day (America/Sao_Paulo), every account's or one's. */
export const FailedDebitsDocument = graphql(`
  query FailedDebits($day: String!, $companyId: ID, $limit: Int, $offset: Int) {
    recurringDebitAttempts(day: $day, outcome: FAILED, companyId: $companyId, limit: $limit, offset: $offset) {
      total
      totalCapped
      data {
        ...DebitAttemptRow
      }
    }
  }
`);

export const RecurrencesDocument = graphql(`
  query Recurrences($status: RecurrenceStatus, $companyId: ID, $limit: Int, $offset: Int) {
    recurrences(status: $status, companyId: $companyId, limit: $limit, offset: $offset) {
      total
      totalCapped
      data {
        ...RecurrenceRow
      }
    }
  }
`);

export const RecurrenceDetailDocument = graphql(`
  query RecurrenceDetail($id: ID!, $limit: Int, $offset: Int) {
    recurrence(id: $id) {
      ...RecurrenceRow
      pixCode
      authorisationExpiresAt
      updatedAt
      nextCycleDate
      payerBankAccount {
        ispb
        branch
        account
      }
      payerBankRequest {
        status
        sentAt
        failureReason
      }
    }
    recurrenceCharges(recurrenceId: $id, limit: $limit, offset: $offset) {
      total
      totalCapped
      data {
        ...RecurringChargeRow
      }
    }
  }
`);

export const CreateRecurrenceDocument = graphql(`
  mutation CreateRecurrence($input: CreateRecurrenceInput!, $idempotencyKey: String!) {
    createRecurrence(input: $input, idempotencyKey: $idempotencyKey) {
      id
      status
    }
  }
`);

export const CancelRecurrenceDocument = graphql(`
  mutation CancelRecurrence($id: ID!, $reason: String) {
    cancelRecurrence(id: $id, reason: $reason) {
      id
      status
    }
  }
`);

export const SimulateRecurrenceDecisionDocument = graphql(`
  mutation SimulateRecurrenceDecision($id: ID!, $decision: RecurrenceDecision!) {
    simulateRecurrenceDecision(id: $id, decision: $decision) {
      id
      status
    }
  }
`);

export const CreateRecurringChargeDocument = graphql(`
  mutation CreateRecurringCharge($recurrenceId: ID!, $input: CreateRecurringChargeInput!) {
    createRecurringCharge(recurrenceId: $recurrenceId, input: $input) {
      id
      dueDate
      amount
    }
  }
`);

export const SimulateRecurringDebitDocument = graphql(`
  mutation SimulateRecurringDebit($chargeId: ID!, $outcome: RecurringDebitOutcome!, $reason: String) {
    simulateRecurringDebit(chargeId: $chargeId, outcome: $outcome, reason: $reason) {
      id
      status
    }
  }
`);

/** The Pix participants, by name: the payer's bank of a request sent to it (journey 4). */
export const PayerBanksDocument = graphql(`
  query PayerBanks {
    pixParticipants {
      ispb
      name
      code
    }
  }
`);
