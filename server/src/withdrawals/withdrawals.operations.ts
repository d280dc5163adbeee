import { ArgsType, Field, ID, InputType, ObjectType, registerEnumType } from "type-graphql";
import { companyScope, requireCompanyScope } from "../auth/model";
import { ListOrder } from "../core/pagination";
import { PageOf, PagingArgs } from "../graphql/page";
import { MoneyScalar } from "../graphql/scalars";
import { declareOperations } from "../operation";
import { BankAccountType } from "./bank-account";
import type { PixKeyType } from "./pix-key";
import { listPixParticipants } from "./pix-participants";
import { PixKeyTypeEnum, Withdrawal, WithdrawalStatus } from "./withdrawal.entity";
import type { WithdrawalApprovals } from "./withdrawal-approvals";
import type { WithdrawalBankOutcomes } from "./withdrawal-bank-outcomes";
import { WithdrawalTransition } from "./withdrawal-transition.entity";
import type { WithdrawalsService } from "./withdrawals.service";

interface WithdrawalServices {
  withdrawals: WithdrawalsService;
  withdrawalApprovals: WithdrawalApprovals;
  withdrawalOutcomes: WithdrawalBankOutcomes;
}

const { operation, idempotent } = declareOperations<WithdrawalServices>();

@InputType({ description: "An account to pay instead of a key; every field is checked (VALIDATION_ERROR)." })
class BankAccountInput {
  @Field(() => String, { description: "The institution's ISPB: 8 digits, a Pix participant's (pixParticipants)." })
  ispb!: string;

  @Field(() => String, { description: "1 to 4 digits." })
  branch!: string;

  @Field(() => String, { description: "1 to 20 digits, the check digit included." })
  account!: string;

  @Field(() => BankAccountType)
  accountType!: BankAccountType;

  @Field(() => String, { description: "1 to 140 characters." })
  holderName!: string;

  @Field(() => String, { description: "A CPF or CNPJ with valid check digits." })
  holderDocument!: string;
}

@InputType({ description: "A key (pixKeyType and pixKey) or an account (bankAccount)." })
class CreateWithdrawalInput {
  @Field(() => MoneyScalar, { description: "1.00 to 99999999.99" })
  amount!: bigint;

  @Field(() => PixKeyTypeEnum, { nullable: true })
  pixKeyType?: PixKeyType | null;

  @Field(() => String, { nullable: true })
  pixKey?: string | null;

  @Field(() => BankAccountInput, { nullable: true, description: "Instead of pixKeyType and pixKey." })
  bankAccount?: BankAccountInput | null;

  @Field(() => String, {
    nullable: true,
    description: "The CPF or CNPJ that owns the key: the bank refuses the transfer when the key is not its.",
  })
  recipientDocument?: string | null;

  @Field(() => String, {
    nullable: true,
    description: "The recipient's name (1 to 140 characters); operators are warned when the bank's holder differs.",
  })
  recipientName?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      "YYYY-MM-DD, today up to 60 days ahead (America/Sao_Paulo): the amount is reserved now, the transfer is not sent before that day (the next business day when it is a weekend or a banking holiday).",
  })
  scheduledFor?: string | null;
}

@ObjectType()
class WithdrawalPage extends PageOf(Withdrawal) {}

@ObjectType({ description: "An institution that takes part in Pix." })
class PixParticipantInfo {
  @Field(() => String)
  ispb!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String, { nullable: true, description: "The COMPE code (001), when it has one." })
  code!: string | null;
}

enum SimulatedBankOutcome {
  PAID = "PAID",
  FAILED = "FAILED",
}
registerEnumType(SimulatedBankOutcome, { name: "SimulatedBankOutcome" });

@ArgsType()
class WithdrawalIdArgs {
  @Field(() => ID)
  id!: string;
}

@ArgsType()
class WithdrawalListArgs extends PagingArgs {
  @Field(() => WithdrawalStatus, { nullable: true })
  status?: WithdrawalStatus;

  @Field(() => ID, { nullable: true, description: "Operator only: one account." })
  companyId?: string;

  @Field(() => Date, { nullable: true })
  createdFrom?: Date;

  @Field(() => Date, { nullable: true })
  createdTo?: Date;

  @Field(() => ListOrder, { nullable: true, defaultValue: ListOrder.NEWEST_FIRST })
  order?: ListOrder;
}

@ArgsType()
class CreateWithdrawalArgs {
  @Field(() => CreateWithdrawalInput)
  input!: CreateWithdrawalInput;

  @Field(() => String, { description: "A UUID, unique per withdrawal attempt." })
  idempotencyKey!: string;

  @Field(() => ID, { nullable: true, description: "Operator only." })
  companyId?: string;
}

@ArgsType()
class CancelWithdrawalArgs {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { nullable: true })
  reason?: string;
}

@ArgsType()
class RejectWithdrawalArgs {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  reason!: string;
}

@ArgsType()
class SimulateWithdrawalOutcomeArgs {
  @Field(() => ID)
  id!: string;

  @Field(() => SimulatedBankOutcome)
  outcome!: SimulatedBankOutcome;

  @Field(() => String, { nullable: true, description: 'FAILED only; default "bank error".' })
  reason?: string;
}

/** The 201 body of POST /withdrawals. */
const CREATED_FIELDS = [
  "id",
  "amount",
  "status",
  "pixKey",
  "pixKeyType",
  "queuePosition",
  "idempotencyKey",
  "createdAt",
  // The id a merchant sees everywhere (statement, console, events), from the first answer on.
  "withdrawalReference",
  // A scheduled payout's day and the day it is sent (null for one sent once approved).
  "scheduledFor",
  "sendsOn",
] as const;
/**
 * Reads add the reference, the reason, the retry count, the last change, the bank's end-to-end
 * id, the declared recipient and the holder the bank tells.
 */
const WITHDRAWAL_REST_FIELDS = [
  ...CREATED_FIELDS,
  "reason",
  "retryCount",
  "updatedAt",
  "e2eId",
  { bankAccount: ["ispb", "branch", "account", "accountType", "holderName", "holderDocument"] },
  "recipientDocument",
  "recipientName",
  { recipient: ["name", "document", "institution"] },
] as const;

export const withdrawalOperations = [
  operation({
    name: "withdrawal",
    kind: "query",
    access: "caller",
    args: WithdrawalIdArgs,
    output: () => Withdrawal,
    rest: {
      method: "GET",
      path: "/withdrawals/:id",
      answer: WITHDRAWAL_REST_FIELDS,
      errors: ["NOT_FOUND"],
      summary: "A withdrawal of the account.",
      tag: "Withdrawals",
    },
    run: ({ id }, ctx, { withdrawals }) => withdrawals.getWithdrawal(companyScope(ctx.principal), id),
  }),

  operation({
    name: "withdrawals",
    kind: "query",
    description:
      "Newest first (created_at, then id). The approval queue: status PENDING, order OLDEST_FIRST. " +
      "The created range includes its start and excludes its end.",
    access: "caller",
    args: WithdrawalListArgs,
    output: () => WithdrawalPage,
    rest: {
      method: "GET",
      path: "/withdrawals",
      answer: [{ data: WITHDRAWAL_REST_FIELDS }, "total", "limit", "offset"],
      args: ["status", "limit", "offset"],
      errors: ["VALIDATION_ERROR"],
      summary: "The account's withdrawals, newest first (limit 1..100, default 20; offset from 0).",
      tag: "Withdrawals",
    },
    // The filter is written field by field, not spread from the arguments (see PagingArgs).
    run: (args, ctx, { withdrawals }) =>
      withdrawals.listWithdrawals(
        companyScope(ctx.principal, args.companyId),
        {
          limit: args.limit,
          offset: args.offset,
          first: args.first,
          after: args.after,
          status: args.status,
          createdFrom: args.createdFrom,
          createdTo: args.createdTo,
          order: args.order,
        },
        ctx.signal,
      ),
  }),

  operation({
    name: "pixParticipants",
    kind: "query",
    description: "The institutions a withdrawal may pay an account at, by name: their ISPB for bankAccount.",
    access: "caller",
    output: () => [PixParticipantInfo],
    run: () => listPixParticipants(),
  }),

  operation({
    name: "withdrawalHistory",
    kind: "query",
    description: "Every status change of a withdrawal, oldest first.",
    access: "caller",
    args: WithdrawalIdArgs,
    output: () => [WithdrawalTransition],
    run: ({ id }, ctx, { withdrawals }) => withdrawals.listTransitions(companyScope(ctx.principal), id),
  }),

  idempotent({
    name: "createWithdrawal",
    kind: "mutation",
    description: "Reserves the amount and queues the transfer.",
    access: ["MERCHANT", "OPERATOR"],
    idempotency: "required",
    args: CreateWithdrawalArgs,
    output: () => Withdrawal,
    rest: {
      method: "POST",
      path: "/withdrawals",
      status: 201,
      answer: CREATED_FIELDS,
      errors: ["VALIDATION_ERROR", "INSUFFICIENT_BALANCE", "IDEMPOTENCY_KEY_REUSED"],
      summary:
        "Reserves the amount (1.00 to 99999999.99) and queues a PIX transfer to the key (pix_key_type and pix_key, optionally with the recipient_document that owns it and a recipient_name) or to a bank_account. The same Idempotency-Key and body answer the original withdrawal again.",
      tag: "Withdrawals",
    },
    run: async ({ input, idempotencyKey, companyId }, ctx, { withdrawals }) => {
      const { withdrawal, replayed } = await withdrawals.createWithdrawal(
        requireCompanyScope(ctx.principal, companyId),
        {
          amountCents: input.amount,
          pixKeyType: input.pixKeyType,
          pixKey: input.pixKey,
          bankAccount: input.bankAccount,
          recipientDocument: input.recipientDocument,
          recipientName: input.recipientName,
          scheduledFor: input.scheduledFor,
        },
        idempotencyKey,
        ctx,
      );
      return { result: withdrawal, replayed };
    },
  }),

  operation({
    name: "cancelWithdrawal",
    kind: "mutation",
    description:
      "PENDING -> CANCELLED, and an approved scheduled payout (PROCESSING) until it is sent on its day; the amount returns to the balance.",
    access: ["MERCHANT", "OPERATOR"],
    args: CancelWithdrawalArgs,
    output: () => Withdrawal,
    rest: {
      method: "POST",
      path: "/withdrawals/:id/cancel",
      answer: WITHDRAWAL_REST_FIELDS,
      errors: ["VALIDATION_ERROR", "NOT_FOUND", "INVALID_STATE"],
      summary:
        "Cancels a PENDING withdrawal, or a scheduled one not yet sent to the bank (PROCESSING before its day); its amount returns to the balance.",
      tag: "Withdrawals",
    },
    run: ({ id, reason }, ctx, { withdrawals }) =>
      withdrawals.cancelWithdrawal(companyScope(ctx.principal), id, reason ?? null, ctx),
  }),

  operation({
    name: "approveWithdrawal",
    kind: "mutation",
    description:
      "PENDING -> PROCESSING: the transfer goes to the bank. Above APPROVAL_SECOND_OPERATOR_ABOVE the first operator's approval is recorded and the withdrawal stays PENDING until a second, different operator approves. Above it a console user with a second factor steps up first (STEP_UP_REQUIRED).",
    access: ["OPERATOR"],
    stepUp: { amountAbove: "second operator", stored: "withdrawals", id: ({ id }) => id },
    args: WithdrawalIdArgs,
    output: () => Withdrawal,
    run: ({ id }, ctx, { withdrawalApprovals }) => withdrawalApprovals.approveWithdrawal(id, ctx),
  }),

  operation({
    name: "rejectWithdrawal",
    kind: "mutation",
    description: "PENDING -> CANCELLED with a reason; the amount returns to the balance.",
    access: ["OPERATOR"],
    args: RejectWithdrawalArgs,
    output: () => Withdrawal,
    run: ({ id, reason }, ctx, { withdrawalApprovals }) => withdrawalApprovals.rejectWithdrawal(id, reason, ctx),
  }),

  operation({
    name: "simulateWithdrawalOutcome",
    kind: "mutation",
    description:
      "Sandbox: the bank settles (PROCESSING -> PAID) or fails (PENDING or PROCESSING -> FAILED) now. With a real bank: SANDBOX_ONLY.",
    access: ["OPERATOR"],
    sandboxOnly: true,
    args: SimulateWithdrawalOutcomeArgs,
    output: () => Withdrawal,
    run: ({ id, outcome, reason }, ctx, { withdrawalOutcomes }) =>
      withdrawalOutcomes.simulateWithdrawalOutcome(id, outcome, reason ?? null, ctx),
  }),
];
