import { ArgsType, Field, ID, InputType, ObjectType, registerEnumType } from "type-graphql";
import { companyScope, requireCompanyScope } from "../auth/model";
import { CHARGE_REST_FIELDS, ChargePage } from "../charges";
import { Charge, ChargePayerInput } from "../charges/model";
import { PageOf, PagingArgs } from "../graphql/page";
import { MoneyScalar } from "../graphql/scalars";
import { declareOperations } from "../operation";
import { Recurrence, RecurrenceFrequency, RecurrenceRetryPolicy, RecurrenceStatus } from "./recurrence.entity";
import type { RecurrencesService } from "./recurrences.service";
import type { RecurringChargesService } from "./recurring-charges.service";
import { RecurringDebitAttempt } from "./recurring-debit-attempt.types";

interface RecurrenceServices {
  recurrences: RecurrencesService;
  recurringCharges: RecurringChargesService;
}

const { operation, idempotent } = declareOperations<RecurrenceServices>();

@InputType({ description: "A payment made with the authorisation (journey 3)." })
class FirstPaymentInput {
  @Field(() => MoneyScalar, { description: "0.01 to 99999999.99" })
  amount!: bigint;
}

@InputType({
  description:
    "The payer's account at their bank (journey 4): the authorisation is sent there, to appear in their bank's app. Its holder is the recurrence's payer.",
})
class PayerBankAccountInput {
  @Field(() => String, { description: "The payer's bank's ISPB: 8 digits, a Pix participant's." })
  ispb!: string;

  @Field(() => String, { nullable: true, description: "1 to 4 digits; absent when the account has no branch." })
  branch?: string | null;

  @Field(() => String, { description: "1 to 20 digits, the check digit included." })
  account!: string;
}

@InputType({ description: "customerId or payer, exactly one." })
class CreateRecurrenceInput {
  @Field(() => String, { nullable: true, description: "One of the account's customers: the payer." })
  customerId?: string | null;

  @Field(() => ChargePayerInput, { nullable: true, description: "Required unless customerId is given." })
  payer?: ChargePayerInput | null;

  @Field(() => String, { description: "The merchant's contract number: 1 to 35 characters." })
  contract!: string;

  @Field(() => String, { description: "What is paid for: 1 to 35 characters." })
  object!: string;

  @Field(() => RecurrenceFrequency)
  frequency!: RecurrenceFrequency;

  @Field(() => String, { description: "YYYY-MM-DD (America/Sao_Paulo), today or later." })
  startDate!: string;

  @Field(() => String, { nullable: true, description: "YYYY-MM-DD, not before startDate; absent: until cancelled." })
  endDate?: string | null;

  @Field(() => MoneyScalar, { nullable: true, description: "A fixed amount; absent: each charge's own." })
  amount?: bigint | null;

  @Field(() => RecurrenceRetryPolicy, { nullable: true, description: "Default NONE." })
  retryPolicy?: RecurrenceRetryPolicy | null;

  @Field(() => FirstPaymentInput, { nullable: true })
  firstPayment?: FirstPaymentInput | null;

  @Field(() => Boolean, {
    nullable: true,
    description: "Default false; with a fixed amount, the service creates each cycle's charge itself.",
  })
  autoCharge?: boolean | null;

  @Field(() => PayerBankAccountInput, {
    nullable: true,
    description: "Also send the authorisation to the payer's bank (journey 4); the pix_code still works.",
  })
  payerBankAccount?: PayerBankAccountInput | null;
}

@ObjectType()
class RecurrencePage extends PageOf(Recurrence) {}

@ObjectType()
class RecurringDebitAttemptPage extends PageOf(RecurringDebitAttempt) {}

enum RecurrenceDecisionEnum {
  APPROVED = "APPROVED",
  REJECTED = "REJECTED",
}
registerEnumType(RecurrenceDecisionEnum, { name: "RecurrenceDecision" });

@ArgsType()
class CreateRecurrenceArgs {
  @Field(() => CreateRecurrenceInput)
  input!: CreateRecurrenceInput;

  @Field(() => String, { description: "A UUID, unique per recurrence." })
  idempotencyKey!: string;

  @Field(() => ID, { nullable: true, description: "Operator only." })
  companyId?: string;
}

@ArgsType()
class RecurrenceIdArgs {
  @Field(() => ID)
  id!: string;
}

@ArgsType()
class RecurrenceListArgs extends PagingArgs {
  @Field(() => RecurrenceStatus, { nullable: true })
  status?: RecurrenceStatus;

  @Field(() => String, { nullable: true })
  customerId?: string;

  @Field(() => ID, { nullable: true, description: "Operator only: one account." })
  companyId?: string;
}

@ArgsType()
class CancelRecurrenceArgs {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { nullable: true, description: "At most 140 characters." })
  reason?: string;
}

@ArgsType()
class SimulateRecurrenceDecisionArgs {
  @Field(() => ID)
  id!: string;

  @Field(() => RecurrenceDecisionEnum)
  decision!: RecurrenceDecisionEnum;
}

@ArgsType()
class SimulateRecurrenceCancelledByPayerArgs {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { nullable: true, description: 'At most 140 characters; default "cancelled by the payer".' })
  reason?: string;
}

@InputType({ description: "A cycle's charge: its due date and, for a variable recurrence, its amount." })
class CreateRecurringChargeInput {
  @Field(() => String, { description: "YYYY-MM-DD (America/Sao_Paulo): 2 to 10 days after today." })
  dueDate!: string;

  @Field(() => MoneyScalar, {
    nullable: true,
    description: "Required for a variable recurrence; a fixed one's own amount (another is refused).",
  })
  amount?: bigint | null;
}

@ArgsType()
class CreateRecurringChargeArgs {
  @Field(() => ID)
  recurrenceId!: string;

  @Field(() => CreateRecurringChargeInput)
  input!: CreateRecurringChargeInput;
}

@ArgsType()
class RecurrenceChargesArgs extends PagingArgs {
  @Field(() => ID)
  recurrenceId!: string;
}

enum RecurringDebitOutcome {
  PAID = "PAID",
  FAILED = "FAILED",
}
registerEnumType(RecurringDebitOutcome, { name: "RecurringDebitOutcome" });

@ArgsType()
class SimulateRecurringDebitArgs {
  @Field(() => ID)
  chargeId!: string;

  @Field(() => RecurringDebitOutcome)
  outcome!: RecurringDebitOutcome;

  @Field(() => String, { nullable: true, description: 'FAILED: at most 140 characters; default "insufficient funds".' })
  reason?: string;
}

@ArgsType()
class RecurringDebitAttemptsArgs extends PagingArgs {
  @Field(() => ID, { nullable: true, description: "One recurrence's attempts." })
  recurrenceId?: string;

  @Field(() => String, {
    nullable: true,
    description: "YYYY-MM-DD (America/Sao_Paulo): the attempts recorded that day.",
  })
  day?: string;

  @Field(() => RecurringDebitOutcome, { nullable: true })
  outcome?: RecurringDebitOutcome;

  @Field(() => ID, { nullable: true, description: "Operator only: one account." })
  companyId?: string;
}

const RECURRENCE_REST_FIELDS = [
  "id",
  "status",
  "pixCode",
  "customerId",
  { payer: ["name", "document"] },
  "contract",
  "object",
  "frequency",
  "startDate",
  "endDate",
  "amount",
  "retryPolicy",
  { firstPayment: ["amount"] },
  "autoCharge",
  { payerBankAccount: ["ispb", "branch", "account"] },
  { payerBankRequest: ["status", "sentAt", "failureReason"] },
  "reason",
  "authorisationExpiresAt",
  "createdAt",
  "updatedAt",
] as const;

export const recurrenceOperations = [
  idempotent({
    name: "createRecurrence",
    kind: "mutation",
    description:
      "A Pix Automático recurrence, CREATED with the BR Code the payer scans to authorise it (and pay firstPayment now).",
    access: ["MERCHANT", "OPERATOR"],
    idempotency: "required",
    audit: "every caller",
    args: CreateRecurrenceArgs,
    output: () => Recurrence,
    rest: {
      method: "POST",
      path: "/recurrences",
      status: 201,
      answer: RECURRENCE_REST_FIELDS,
      errors: ["VALIDATION_ERROR", "IDEMPOTENCY_KEY_REUSED"],
      summary: "Creates a Pix Automático recurrence and the BR Code (pix_code) the payer scans to authorise it.",
      tag: "Recurrences",
    },
    run: async ({ input, idempotencyKey, companyId }, ctx, { recurrences }) => {
      const { recurrence, replayed } = await recurrences.createRecurrence(
        requireCompanyScope(ctx.principal, companyId),
        {
          customerId: input.customerId,
          payer: input.payer,
          contract: input.contract,
          object: input.object,
          frequency: input.frequency,
          startDate: input.startDate,
          endDate: input.endDate,
          amountCents: input.amount,
          retryPolicy: input.retryPolicy,
          firstPaymentCents: input.firstPayment?.amount ?? null,
          autoCharge: input.autoCharge,
          payerBankAccount: input.payerBankAccount,
        },
        idempotencyKey,
        ctx,
      );
      return { result: recurrence, replayed };
    },
  }),

  operation({
    name: "recurrence",
    kind: "query",
    access: "caller",
    args: RecurrenceIdArgs,
    output: () => Recurrence,
    rest: {
      method: "GET",
      path: "/recurrences/:id",
      answer: RECURRENCE_REST_FIELDS,
      errors: ["NOT_FOUND"],
      summary: "A recurrence of the account.",
      tag: "Recurrences",
    },
    run: ({ id }, ctx, { recurrences }) => recurrences.getRecurrence(companyScope(ctx.principal), id),
  }),

  operation({
    name: "recurrences",
    kind: "query",
    description: "Newest first; by status or customer when asked.",
    access: "caller",
    args: RecurrenceListArgs,
    output: () => RecurrencePage,
    rest: {
      method: "GET",
      path: "/recurrences",
      answer: [{ data: RECURRENCE_REST_FIELDS }, "total", "limit", "offset"],
      args: ["status", "customerId", "limit", "offset"],
      errors: ["VALIDATION_ERROR"],
      summary: "The account's recurrences, newest first (limit 1..100, default 20; offset from 0).",
      tag: "Recurrences",
    },
    run: (args, ctx, { recurrences }) =>
      recurrences.listRecurrences(
        companyScope(ctx.principal, args.companyId),
        {
          limit: args.limit,
          offset: args.offset,
          first: args.first,
          after: args.after,
          status: args.status,
          customerId: args.customerId,
        },
        ctx.signal,
      ),
  }),

  operation({
    name: "cancelRecurrence",
    kind: "mutation",
    description: "CREATED or APPROVED -> CANCELLED (409 INVALID_STATE once final): no charge is made after it.",
    access: ["MERCHANT", "OPERATOR"],
    audit: "every caller",
    args: CancelRecurrenceArgs,
    output: () => Recurrence,
    rest: {
      method: "POST",
      path: "/recurrences/:id/cancel",
      answer: RECURRENCE_REST_FIELDS,
      errors: ["VALIDATION_ERROR", "NOT_FOUND", "INVALID_STATE"],
      summary: "Cancels a recurrence that is CREATED or APPROVED.",
      tag: "Recurrences",
    },
    run: ({ id, reason }, ctx, { recurrences }) =>
      recurrences.cancelRecurrence(companyScope(ctx.principal), id, reason, ctx),
  }),

  operation({
    name: "createRecurringCharge",
    kind: "mutation",
    description:
      "A cycle's charge (type RECURRING) of an APPROVED recurrence, debited by the payer's bank on its due date.",
    access: ["MERCHANT", "OPERATOR"],
    args: CreateRecurringChargeArgs,
    output: () => Charge,
    rest: {
      method: "POST",
      path: "/recurrences/:recurrenceId/charges",
      status: 201,
      answer: CHARGE_REST_FIELDS,
      errors: ["VALIDATION_ERROR", "NOT_FOUND", "INVALID_STATE"],
      summary:
        "Charges a cycle of an APPROVED recurrence: due 2 to 10 days after today, the recurrence's fixed amount or, when variable, the amount given.",
      tag: "Recurrences",
    },
    run: ({ recurrenceId, input }, ctx, { recurringCharges }) =>
      recurringCharges.createRecurringCharge(
        companyScope(ctx.principal),
        recurrenceId,
        { dueDate: input.dueDate, amountCents: input.amount },
        ctx,
      ),
  }),

  operation({
    name: "recurrenceCharges",
    kind: "query",
    description: "A recurrence's charges, newest first.",
    access: "caller",
    args: RecurrenceChargesArgs,
    output: () => ChargePage,
    rest: {
      method: "GET",
      path: "/recurrences/:recurrenceId/charges",
      answer: [{ data: CHARGE_REST_FIELDS }, "total", "limit", "offset"],
      args: ["limit", "offset"],
      errors: ["VALIDATION_ERROR", "NOT_FOUND"],
      summary: "A recurrence's charges, newest first (limit 1..100, default 20; offset from 0).",
      tag: "Recurrences",
    },
    run: (args, ctx, { recurringCharges }) =>
      recurringCharges.listRecurrenceCharges(
        companyScope(ctx.principal),
        args.recurrenceId,
        { limit: args.limit, offset: args.offset, first: args.first, after: args.after },
        ctx.signal,
      ),
  }),

  operation({
    name: "recurringDebitAttempts",
    kind: "query",
    description:
      "Recurring charges' debit attempts, newest first: a recurrence's, or by day and outcome (the day's failed debits).",
    access: "caller",
    args: RecurringDebitAttemptsArgs,
    output: () => RecurringDebitAttemptPage,
    run: (args, ctx, { recurringCharges }) =>
      recurringCharges.listDebitAttempts(
        companyScope(ctx.principal, args.companyId),
        {
          limit: args.limit,
          offset: args.offset,
          first: args.first,
          after: args.after,
          recurrenceId: args.recurrenceId,
          day: args.day,
          outcome: args.outcome,
        },
        ctx.signal,
      ),
  }),

  operation({
    name: "simulateRecurringDebit",
    kind: "mutation",
    description:
      "Sandbox: the payer's bank debits a PENDING recurring charge (PAID) or refuses the attempt (FAILED, retried by the recurrence's policy). With a real bank: SANDBOX_ONLY.",
    access: ["MERCHANT", "OPERATOR"],
    sandboxOnly: true,
    audit: "every caller",
    args: SimulateRecurringDebitArgs,
    output: () => Charge,
    run: ({ chargeId, outcome, reason }, ctx, { recurringCharges }) =>
      recurringCharges.simulateRecurringDebit(companyScope(ctx.principal), chargeId, outcome, reason, ctx),
  }),

  operation({
    name: "simulateRecurrenceDecision",
    kind: "mutation",
    description:
      "Sandbox: the payer authorises (APPROVED) or refuses (REJECTED) a CREATED recurrence. With a real bank: SANDBOX_ONLY.",
    access: ["MERCHANT", "OPERATOR"],
    sandboxOnly: true,
    audit: "every caller",
    args: SimulateRecurrenceDecisionArgs,
    output: () => Recurrence,
    run: ({ id, decision }, ctx, { recurrences }) =>
      recurrences.simulateDecision(companyScope(ctx.principal), id, decision, ctx),
  }),

  operation({
    name: "simulateRecurrenceCancelledByPayer",
    kind: "mutation",
    description: "Sandbox: the payer cancels the recurrence at their bank. With a real bank: SANDBOX_ONLY.",
    access: ["MERCHANT", "OPERATOR"],
    sandboxOnly: true,
    audit: "every caller",
    args: SimulateRecurrenceCancelledByPayerArgs,
    output: () => Recurrence,
    run: ({ id, reason }, ctx, { recurrences }) =>
      recurrences.simulateCancelledByPayer(companyScope(ctx.principal), id, reason ?? "", ctx),
  }),
];
