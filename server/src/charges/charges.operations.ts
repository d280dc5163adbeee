import { ArgsType, Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { companyScope, readScope, requireCompanyScope } from "../auth/model";
import type { AmountDue, AmountDuePreview } from "../billing";
import { ListOrder } from "../core/pagination";
import { PageOf, PagingArgs } from "../graphql/page";
import { MoneyScalar } from "../graphql/scalars";
import { declareOperations, type RestAnswer } from "../operation";
import { Charge, ChargeStatus, ChargeType } from "./charge.entity";
import { type Metadata, MetadataScalar } from "./charge-metadata";
import {
  ChargeAdjustmentInput,
  ChargeDiscountInput,
  ChargeInterestInput,
  ChargePayerInput,
} from "./charge-terms.types";
import type { ChargesService } from "./charges.service";
import type { NewCharge } from "./new-charge";

interface ChargeServices {
  charges: ChargesService;
}

const { operation, idempotent } = declareOperations<ChargeServices>();

/** POST /charges/batch: 1000 due-date charges of about 2 kB each at most. */
export const BATCH_BODY_LIMIT = 2 * 1024 * 1024;

@InputType({ description: "An immediate charge (expires_in), or a due-date charge (due_date and its terms)." })
class CreateChargeInput {
  @Field(() => MoneyScalar, { description: "0.01 to 99999999.99" })
  amount!: bigint;

  @Field(() => String, { nullable: true, description: "At most 140 characters." })
  description?: string | null;

  @Field(() => Int, {
    nullable: true,
    description: "Seconds until expiry, 60 to 2592000; default 3600. Not with dueDate.",
  })
  expiresIn?: number | null;

  @Field(() => String, {
    nullable: true,
    description: "A due-date charge: YYYY-MM-DD (America/Sao_Paulo), today to 3650 days ahead.",
  })
  dueDate?: string | null;

  @Field(() => Int, {
    nullable: true,
    description: "0 to 365, default 30: payable until the end of that many days after the due date.",
  })
  daysAfterDue?: number | null;

  @Field(() => ChargePayerInput, { nullable: true, description: "Required with dueDate unless customerId is given." })
  payer?: ChargePayerInput | null;

  @Field(() => ChargeAdjustmentInput, { nullable: true })
  fine?: ChargeAdjustmentInput | null;

  @Field(() => ChargeInterestInput, { nullable: true })
  interest?: ChargeInterestInput | null;

  @Field(() => ChargeAdjustmentInput, { nullable: true })
  abatement?: ChargeAdjustmentInput | null;

  @Field(() => ChargeDiscountInput, { nullable: true })
  discount?: ChargeDiscountInput | null;

  @Field(() => String, { nullable: true, description: "One of the account's customers: the charge's payer." })
  customerId?: string | null;

  @Field(() => String, {
    nullable: true,
    description: "1 to 64 of A-Z a-z 0-9 . _ : -, unique among the account's charges.",
  })
  externalReference?: string | null;

  @Field(() => MetadataScalar, { nullable: true })
  metadata?: Metadata | null;
}

@InputType()
class CreateChargeBatchInput {
  @Field(() => [CreateChargeInput], { description: "1 to 1000 due-date charges." })
  charges!: CreateChargeInput[];
}

@ObjectType()
export class ChargePage extends PageOf(Charge) {}

@ObjectType({ description: "The charges of a batch, in the order given." })
class ChargeBatch {
  @Field(() => [Charge])
  data!: Charge[];
}

@ObjectType({ description: "What a charge asks on a day, with its parts (CONTRACT §11)." })
class ChargeAmountDue {
  @Field(() => String, { description: "YYYY-MM-DD, America/Sao_Paulo." })
  date!: string;

  @Field(() => MoneyScalar)
  amountDue!: bigint;

  @Field(() => MoneyScalar)
  abatement!: bigint;

  @Field(() => MoneyScalar)
  discount!: bigint;

  @Field(() => MoneyScalar)
  fine!: bigint;

  @Field(() => MoneyScalar)
  interest!: bigint;
}

@InputType({ description: "A due-date charge's amount and terms, as createCharge takes them." })
class ChargeTermsPreviewInput {
  @Field(() => MoneyScalar, { description: "0.01 to 99999999.99" })
  amount!: bigint;

  @Field(() => String, { description: "YYYY-MM-DD (America/Sao_Paulo), today to 3650 days ahead." })
  dueDate!: string;

  @Field(() => Int, { nullable: true, description: "0 to 365, default 30." })
  daysAfterDue?: number | null;

  @Field(() => ChargeAdjustmentInput, { nullable: true })
  fine?: ChargeAdjustmentInput | null;

  @Field(() => ChargeInterestInput, { nullable: true })
  interest?: ChargeInterestInput | null;

  @Field(() => ChargeAdjustmentInput, { nullable: true })
  abatement?: ChargeAdjustmentInput | null;

  @Field(() => ChargeDiscountInput, { nullable: true })
  discount?: ChargeDiscountInput | null;
}

@ObjectType({ description: "What a due-date charge with these terms would ask, day by day (nothing is made)." })
class ChargeAmountDuePreview {
  @Field(() => String, { description: "The due date as given." })
  dueDate!: string;

  @Field(() => String, { description: "The last day without charges: the due date, or the next business day." })
  paymentDueDate!: string;

  @Field(() => String, { description: "The last day it can be paid on; after it, EXPIRED." })
  lastPayableDate!: string;

  @Field(() => [ChargeAmountDue])
  days!: ChargeAmountDue[];
}

@ArgsType()
class PreviewChargeAmountDueArgs {
  @Field(() => ChargeTermsPreviewInput)
  input!: ChargeTermsPreviewInput;

  @Field(() => [String], {
    nullable: true,
    description:
      "YYYY-MM-DD days from today to the last payable day (at most 31); default: today, the discount dates, the due date, the first day late, a month late and the last day.",
  })
  dates?: string[] | null;
}

@ArgsType()
class ChargeIdArgs {
  @Field(() => ID, { description: 'Accepts "K7Q2M9XA" or "chg_K7Q2M9XA".' })
  id!: string;
}

@ArgsType()
class ChargeListArgs extends PagingArgs {
  @Field(() => ChargeStatus, { nullable: true })
  status?: ChargeStatus;

  @Field(() => ID, { nullable: true, description: "Operator only: one account." })
  companyId?: string;

  @Field(() => Boolean, { nullable: true, description: "Only held (true) or only not held (false)." })
  reserved?: boolean;

  @Field(() => Boolean, {
    nullable: true,
    description: "Only charges with money returned to the payer (true), or with none (false).",
  })
  refunded?: boolean;

  @Field(() => Boolean, {
    nullable: true,
    description: "Only charges with an amount blocked by a MED dispute (true), or with none (false).",
  })
  disputed?: boolean;

  @Field(() => Date, { nullable: true })
  createdFrom?: Date;

  @Field(() => Date, { nullable: true })
  createdTo?: Date;

  @Field(() => Date, { nullable: true })
  paidFrom?: Date;

  @Field(() => Date, { nullable: true })
  paidTo?: Date;

  @Field(() => ChargeType, { nullable: true })
  type?: ChargeType;

  @Field(() => String, { nullable: true, description: "The merchant's own reference: its charge." })
  externalReference?: string;

  @Field(() => ID, { nullable: true, description: "One customer's charges." })
  customerId?: string;

  @Field(() => ListOrder, { nullable: true, defaultValue: ListOrder.NEWEST_FIRST })
  order?: ListOrder;
}

@ArgsType()
class CreateChargeArgs {
  @Field(() => CreateChargeInput)
  input!: CreateChargeInput;

  @Field(() => String, { nullable: true })
  idempotencyKey?: string;

  @Field(() => ID, { nullable: true, description: "Operator only." })
  companyId?: string;
}

@ArgsType()
class CreateChargeBatchArgs {
  @Field(() => CreateChargeBatchInput)
  input!: CreateChargeBatchInput;

  @Field(() => String, { description: "A UUID, unique per batch." })
  idempotencyKey!: string;

  @Field(() => ID, { nullable: true, description: "Operator only." })
  companyId?: string;
}

@ArgsType()
class ChargeAmountDueArgs {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { nullable: true, description: "YYYY-MM-DD; default today (America/Sao_Paulo)." })
  date?: string;
}

@ArgsType()
class SimulateChargePaymentArgs {
  @Field(() => ID)
  chargeId!: string;

  @Field(() => String, { nullable: true })
  payerName?: string;

  @Field(() => String, { nullable: true })
  payerDocument?: string;

  @Field(() => Date, {
    nullable: true,
    description: "When it is paid: from the charge's creation to the end of its last payable day; default now.",
  })
  paidAt?: Date;
}

@ArgsType()
class ReserveChargeArgs {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  reason!: string;
}

/**
 * The Charge object of the REST API: the source document's fields in its order, then txid,
 * refunded_amount and the fields of CONTRACT §11.
 */
export const CHARGE_REST_FIELDS: RestAnswer = [
  "id",
  "amount",
  "description",
  "status",
  "pixCode",
  "fee",
  "netAmount",
  "e2eId",
  "payerName",
  "payerDocument",
  "paidAt",
  "expiresAt",
  "createdAt",
  "txid",
  "refundedAmount",
  "type",
  "dueDate",
  "daysAfterDue",
  { payer: ["name", "document"] },
  { fine: ["mode", "value"] },
  { interest: ["mode", "value"] },
  { abatement: ["mode", "value"] },
  { discount: ["mode", "value", { dates: ["date", "value"] }] },
  "amountDue",
  "paidAmount",
  "customerId",
  "externalReference",
  "metadata",
  "paymentUrl",
  "paymentLinkId",
  "qrcodeId",
  // CONTRACT §12
  "recurrenceId",
  "debitAttempt",
  "failureReason",
  "nextAttemptOn",
];

/** A charge as the service takes it, from the operation's input. */
function newChargeOf(input: CreateChargeInput): NewCharge {
  return {
    amountCents: input.amount,
    description: input.description,
    expiresInSeconds: input.expiresIn,
    dueDate: input.dueDate,
    daysAfterDue: input.daysAfterDue,
    payer: input.payer,
    fine: input.fine,
    interest: input.interest,
    abatement: input.abatement,
    discount: input.discount,
    customerId: input.customerId,
    externalReference: input.externalReference,
    metadata: input.metadata,
  };
}

const amountDueOf = (due: AmountDue): ChargeAmountDue => ({
  date: due.date,
  amountDue: due.amountDueCents,
  abatement: due.abatementCents,
  discount: due.discountCents,
  fine: due.fineCents,
  interest: due.interestCents,
});

const previewOf = (preview: AmountDuePreview): ChargeAmountDuePreview => ({
  dueDate: preview.dueDate,
  paymentDueDate: preview.paymentDueDate,
  lastPayableDate: preview.lastPayableDate,
  days: preview.days.map(amountDueOf),
});

export const chargeOperations = [
  operation({
    name: "charge",
    kind: "query",
    access: "caller",
    credentialInRead: true,
    args: ChargeIdArgs,
    output: () => Charge,
    rest: {
      method: "GET",
      path: "/charges/:id",
      answer: CHARGE_REST_FIELDS,
      errors: ["NOT_FOUND"],
      summary: 'A charge of the account, by its id ("K7Q2M9XA" or "chg_K7Q2M9XA").',
      tag: "Charges",
    },
    run: ({ id }, ctx, { charges }) => charges.getCharge(readScope(ctx), id),
  }),

  operation({
    name: "charges",
    kind: "query",
    description:
      "Newest first (created_at, then id). A PENDING charge past expires_at is listed and counted as EXPIRED. " +
      "Time ranges include their start and exclude their end; a paid range lists PAID charges by paid_at.",
    access: "caller",
    credentialInRead: true,
    args: ChargeListArgs,
    output: () => ChargePage,
    rest: {
      method: "GET",
      path: "/charges",
      answer: [{ data: CHARGE_REST_FIELDS }, "total", "limit", "offset"],
      args: ["status", "limit", "offset", "externalReference"],
      errors: ["VALIDATION_ERROR"],
      summary:
        "The account's charges, newest first (limit 1..100, default 20; offset from 0); external_reference finds one.",
      tag: "Charges",
    },
    // The filter is written field by field, not spread from the arguments (see PagingArgs).
    run: (args, ctx, { charges }) =>
      charges.listCharges(
        readScope(ctx, args.companyId),
        {
          limit: args.limit,
          offset: args.offset,
          first: args.first,
          after: args.after,
          status: args.status,
          reserved: args.reserved,
          refunded: args.refunded,
          disputed: args.disputed,
          createdFrom: args.createdFrom,
          createdTo: args.createdTo,
          paidFrom: args.paidFrom,
          paidTo: args.paidTo,
          type: args.type,
          externalReference: args.externalReference,
          customerId: args.customerId,
          order: args.order,
        },
        ctx.signal,
      ),
  }),

  operation({
    name: "chargeAmountDue",
    kind: "query",
    description: "What the charge asks on a day, with its parts; a day it cannot be paid on is a 400.",
    access: "caller",
    args: ChargeAmountDueArgs,
    output: () => ChargeAmountDue,
    rest: {
      method: "GET",
      path: "/charges/:id/amount-due",
      answer: ["date", "amountDue", "abatement", "discount", "fine", "interest"],
      errors: ["NOT_FOUND", "VALIDATION_ERROR"],
      summary:
        "The amount due on a day (date=YYYY-MM-DD, default today): a due-date charge's by its fine, interest, abatement and discount.",
      tag: "Charges",
    },
    run: async ({ id, date }, ctx, { charges }) =>
      amountDueOf(await charges.getAmountDue(companyScope(ctx.principal), id, date)),
  }),

  operation({
    name: "previewChargeAmountDue",
    kind: "query",
    description:
      "What a due-date charge with these terms would ask on each day, by the rules it is paid by; nothing is made. Invalid terms are a VALIDATION_ERROR, as createCharge's.",
    access: ["MERCHANT", "OPERATOR"],
    args: PreviewChargeAmountDueArgs,
    output: () => ChargeAmountDuePreview,
    run: ({ input, dates }, _ctx, { charges }) => {
      const { amount, ...terms } = input;
      return previewOf(charges.previewAmountDue(amount, terms, dates));
    },
  }),

  idempotent({
    name: "createCharge",
    kind: "mutation",
    access: ["MERCHANT", "OPERATOR"],
    idempotency: "optional",
    args: CreateChargeArgs,
    output: () => Charge,
    rest: {
      method: "POST",
      path: "/charges",
      status: 201,
      answer: CHARGE_REST_FIELDS,
      errors: ["VALIDATION_ERROR", "IDEMPOTENCY_KEY_REUSED", "EXTERNAL_REFERENCE_TAKEN"],
      summary:
        "Creates a PENDING charge with its dynamic BR Code (amount 0.01 to 99999999.99): immediate (expires_in) or with a due date (due_date, payer or customer_id, fine, interest, abatement, discount).",
      tag: "Charges",
    },
    run: async ({ input, idempotencyKey, companyId }, ctx, { charges }) => {
      const { charge, replayed } = await charges.createCharge(
        requireCompanyScope(ctx.principal, companyId),
        newChargeOf(input),
        idempotencyKey,
        ctx.audit,
      );
      return { result: charge, replayed };
    },
  }),

  idempotent({
    name: "createChargeBatch",
    kind: "mutation",
    description:
      "1 to 1000 due-date charges, all or nothing: a refusal lists every refused item (extensions.items); made in one transaction, in the given order.",
    access: ["MERCHANT", "OPERATOR"],
    idempotency: "required",
    args: CreateChargeBatchArgs,
    output: () => ChargeBatch,
    rest: {
      method: "POST",
      path: "/charges/batch",
      status: 201,
      // 1000 charges with their terms (and metadata) do not fit the API's 100 kB.
      bodyLimit: BATCH_BODY_LIMIT,
      answer: [{ data: CHARGE_REST_FIELDS }],
      errors: ["VALIDATION_ERROR", "IDEMPOTENCY_KEY_REUSED"],
      summary:
        "Creates 1 to 1000 due-date charges at once, all or nothing: a 400 lists every refused item as items [{index, error, code}].",
      tag: "Charges",
    },
    run: async ({ input, idempotencyKey, companyId }, ctx, { charges }) => {
      const made = await charges.createChargeBatch(
        requireCompanyScope(ctx.principal, companyId),
        input.charges.map(newChargeOf),
        idempotencyKey,
        ctx.audit,
      );
      return { result: { data: made.charges }, replayed: made.replayed };
    },
  }),

  operation({
    name: "cancelCharge",
    kind: "mutation",
    description: "PENDING -> CANCELLED (409 INVALID_STATE otherwise); the charge is taken off the bank.",
    access: ["MERCHANT", "OPERATOR"],
    args: ChargeIdArgs,
    output: () => Charge,
    rest: {
      method: "POST",
      path: "/charges/:id/cancel",
      answer: CHARGE_REST_FIELDS,
      errors: ["NOT_FOUND", "INVALID_STATE"],
      summary:
        "Cancels a PENDING charge: it can no longer be paid (a payment that still arrives is refused and kept for review).",
      tag: "Charges",
    },
    run: ({ id }, ctx, { charges }) => charges.cancelCharge(companyScope(ctx.principal), id, ctx.audit, ctx.requestId),
  }),

  operation({
    name: "simulateChargePayment",
    kind: "mutation",
    description:
      "Sandbox: the payer pays a PENDING charge, now or at paidAt, at that day's amount due. With a real bank: SANDBOX_ONLY.",
    access: ["OPERATOR"],
    sandboxOnly: true,
    args: SimulateChargePaymentArgs,
    output: () => Charge,
    run: ({ chargeId, payerName, payerDocument, paidAt }, ctx, { charges }) =>
      charges.simulateChargePayment(chargeId, { payerName, payerDocument, paidAt }, ctx.audit, ctx.requestId),
  }),

  operation({
    name: "simulateOwnChargePayment",
    kind: "mutation",
    description:
      "Sandbox, for merchants and their integrators: the payer pays one of the account's own PENDING charges, as simulateChargePayment does (another account's charge is NOT_FOUND). With a real bank: SANDBOX_ONLY.",
    access: ["MERCHANT"],
    sandboxOnly: true,
    args: SimulateChargePaymentArgs,
    output: () => Charge,
    run: ({ chargeId, payerName, payerDocument, paidAt }, ctx, { charges }) =>
      charges.simulateChargePayment(
        chargeId,
        { payerName, payerDocument, paidAt },
        ctx.audit,
        ctx.requestId,
        requireCompanyScope(ctx.principal, undefined),
      ),
  }),

  operation({
    name: "reserveCharge",
    kind: "mutation",
    description: "Holds the charge out of the balance until released.",
    access: ["OPERATOR"],
    args: ReserveChargeArgs,
    output: () => Charge,
    run: ({ id, reason }, ctx, { charges }) => charges.reserveCharge(id, reason, ctx.audit),
  }),

  operation({
    name: "releaseCharge",
    kind: "mutation",
    access: ["OPERATOR"],
    args: ChargeIdArgs,
    output: () => Charge,
    run: ({ id }, ctx, { charges }) => charges.releaseCharge(id, ctx.audit),
  }),
];
