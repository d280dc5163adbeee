import { ArgsType, Field, ID, InputType, Int, ObjectType, registerEnumType } from "type-graphql";
import { companyScope } from "../auth/model";
import type { ChargesService } from "../charges";
import { MoneyScalar } from "../graphql/scalars";
import { declareOperations } from "../operation";
import { Refund } from "./refund.entity";
import type { RefundsService } from "./refunds.service";

interface RefundServices {
  refunds: RefundsService;
  charges: ChargesService;
}

const { operation, idempotent } = declareOperations<RefundServices>();

@InputType()
class RefundChargeInput {
  @Field(() => MoneyScalar, {
    nullable: true,
    description: "0.01 up to what remains refundable; omitted: all that remains.",
  })
  amount?: bigint | null;

  @Field(() => String, { nullable: true, description: "At most 140 characters; sent to the bank as descricao." })
  reason?: string | null;
}

@ObjectType({ description: "A charge's refunds, oldest first." })
class RefundList {
  @Field(() => [Refund])
  data!: Refund[];

  @Field(() => Int)
  total!: number;
}

enum SimulatedRefundOutcome {
  REFUNDED = "REFUNDED",
  FAILED = "FAILED",
}
registerEnumType(SimulatedRefundOutcome, { name: "SimulatedRefundOutcome" });

/** The arguments of a refund of a charge: by a merchant or an operator (refundCharge), or an operator's request (requestRefund). */
@ArgsType()
export class RefundChargeArgs {
  @Field(() => ID, { description: '"K7Q2M9XA" or "chg_K7Q2M9XA".' })
  chargeId!: string;

  @Field(() => String, { description: "A UUID, unique per refund attempt." })
  idempotencyKey!: string;

  @Field(() => RefundChargeInput, { nullable: true })
  input?: RefundChargeInput | null;
}

@ArgsType()
class ChargeRefundsArgs {
  @Field(() => ID)
  chargeId!: string;
}

@ArgsType()
class RefundIdArgs {
  @Field(() => ID)
  id!: string;
}

@ArgsType()
class SimulateRefundOutcomeArgs {
  @Field(() => ID)
  id!: string;

  @Field(() => SimulatedRefundOutcome)
  outcome!: SimulatedRefundOutcome;

  @Field(() => String, { nullable: true, description: 'FAILED only; default "bank error".' })
  reason?: string;
}

/** The Refund object of the REST API, fields in the contract's order. */
const REFUND_CREATED_FIELDS = [
  "id",
  "chargeId",
  "amount",
  "status",
  "reason",
  "returnId",
  "failureReason",
  "idempotencyKey",
  "createdAt",
  "refundedAt",
] as const;
/** Reads add the retry count and the last change, as withdrawals' do. */
const REFUND_REST_FIELDS = [...REFUND_CREATED_FIELDS, "retryCount", "updatedAt"] as const;

export const refundOperations = [
  idempotent({
    name: "refundCharge",
    kind: "mutation",
    description:
      "Refunds a PAID charge (an operator: any account's). The amount is reserved at once; the devolução goes to the bank.",
    access: ["MERCHANT", "OPERATOR"],
    idempotency: "required",
    // Every management action is audited, whoever acts (a merchant's refund too).
    audit: "every caller",
    args: RefundChargeArgs,
    output: () => Refund,
    rest: {
      method: "POST",
      path: "/charges/:chargeId/refunds",
      status: 201,
      answer: REFUND_CREATED_FIELDS,
      errors: [
        "VALIDATION_ERROR",
        "NOT_FOUND",
        "IDEMPOTENCY_KEY_REUSED",
        "INVALID_STATE",
        "CHARGE_RESERVED",
        "REFUND_WINDOW_CLOSED",
        "REFUND_EXCEEDS_CHARGE",
        "INSUFFICIENT_BALANCE",
      ],
      summary:
        "Returns all or part of a PAID charge to its payer (a PIX devolução): the amount leaves the balance now; the refund is PROCESSING until the bank returns it (REFUNDED) or not (FAILED, the amount comes back). The same Idempotency-Key and body answer the original refund again.",
      tag: "Refunds",
      // The charge is checked before the Idempotency-Key and the body (CONTRACT §8's order).
      findFirst: (params, ctx, { charges }) => charges.getCharge(companyScope(ctx.principal), params.chargeId),
    },
    run: async ({ chargeId, idempotencyKey, input }, ctx, { refunds }) => {
      const { refund, replayed } = await refunds.createRefund(
        companyScope(ctx.principal),
        chargeId,
        { amountCents: input?.amount ?? null, reason: input?.reason ?? null },
        idempotencyKey,
        ctx,
      );
      return { result: refund, replayed };
    },
  }),

  operation({
    name: "refunds",
    kind: "query",
    description: "The charge's refunds, oldest first.",
    access: "caller",
    args: ChargeRefundsArgs,
    output: () => RefundList,
    rest: {
      method: "GET",
      path: "/charges/:chargeId/refunds",
      answer: [{ data: REFUND_REST_FIELDS }, "total"],
      errors: ["NOT_FOUND"],
      summary: "The charge's refunds, oldest first.",
      tag: "Refunds",
    },
    run: async ({ chargeId }, ctx, { refunds }): Promise<RefundList> => {
      const data = await refunds.listChargeRefunds(companyScope(ctx.principal), chargeId);
      return { data, total: data.length };
    },
  }),

  operation({
    name: "refund",
    kind: "query",
    access: "caller",
    args: RefundIdArgs,
    output: () => Refund,
    rest: {
      method: "GET",
      path: "/refunds/:id",
      answer: REFUND_REST_FIELDS,
      errors: ["NOT_FOUND"],
      summary: "A refund of the account.",
      tag: "Refunds",
    },
    run: ({ id }, ctx, { refunds }) => refunds.getRefund(companyScope(ctx.principal), id),
  }),

  operation({
    name: "simulateRefundOutcome",
    kind: "mutation",
    description:
      "Sandbox: the bank returns the money (REFUNDED) or does not (FAILED, with the reason) now. With a real bank: SANDBOX_ONLY.",
    access: ["OPERATOR"],
    sandboxOnly: true,
    args: SimulateRefundOutcomeArgs,
    output: () => Refund,
    run: ({ id, outcome, reason }, ctx, { refunds }) => refunds.simulateRefundOutcome(id, outcome, reason ?? null, ctx),
  }),
];
