import { ArgsType, Field, ID } from "type-graphql";
import type { ChargesService } from "../charges";
import { declareOperations } from "../operation";
import { RefundRequest } from "./refund-request.entity";
import type { RefundRequestsService } from "./refund-requests.service";
import { RefundChargeArgs } from "./refunds.operations";
import { refundableCents } from "./refunds.service";

interface RefundRequestServices {
  refundRequests: RefundRequestsService;
  charges: ChargesService;
}

const { operation, idempotent } = declareOperations<RefundRequestServices>();

@ArgsType()
class RefundRequestIdArgs {
  @Field(() => ID)
  id!: string;
}

@ArgsType()
class RejectRefundRequestArgs {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  reason!: string;
}

@ArgsType()
class ChargeRefundRequestsArgs {
  @Field(() => ID)
  chargeId!: string;
}

/** Operators' refunds under maker-checker (docs/refunds.md); merchants never see these. */
export const refundRequestOperations = [
  idempotent({
    name: "requestRefund",
    kind: "mutation",
    description:
      "An operator's refund of a PAID charge. Within APPROVAL_SECOND_OPERATOR_ABOVE (and what the operator may move alone in the window) the refund is made at once (CONFIRMED, refundId set); above it the request waits, REQUESTED, for a second, different operator (confirmRefundRequest). Above it a console user with a second factor steps up first (STEP_UP_REQUIRED). The same idempotencyKey and input again answer the same request (Idempotent-Replayed); the key with other input, or the key of a refund made directly, is IDEMPOTENCY_KEY_REUSED.",
    access: ["OPERATOR"],
    // The step-up names the amount that would move: the one asked, else all that remains.
    stepUp: {
      amountAbove: "second operator",
      amount: async ({ chargeId, input }, { charges }) =>
        input?.amount ?? refundableCents(await charges.getCharge(null, chargeId)),
    },
    idempotency: "required",
    args: RefundChargeArgs,
    output: () => RefundRequest,
    run: async ({ chargeId, idempotencyKey, input }, ctx, { refundRequests }) => {
      const { request, replayed } = await refundRequests.requestRefund(
        chargeId,
        { amountCents: input?.amount ?? null, reason: input?.reason ?? null },
        idempotencyKey,
        ctx,
      );
      return { result: request, replayed };
    },
  }),

  operation({
    name: "confirmRefundRequest",
    kind: "mutation",
    description:
      "REQUESTED -> CONFIRMED by a second operator (not the requester) within the window: the refund is created now (reservation, ledger, refund.processing). The requester gets INVALID_STATE. Above APPROVAL_SECOND_OPERATOR_ABOVE a console user with a second factor steps up first (STEP_UP_REQUIRED).",
    access: ["OPERATOR"],
    stepUp: { amountAbove: "second operator", stored: "refund_requests", id: ({ id }) => id },
    args: RefundRequestIdArgs,
    output: () => RefundRequest,
    run: ({ id }, ctx, { refundRequests }) => refundRequests.confirmRequest(id, ctx),
  }),

  operation({
    name: "rejectRefundRequest",
    kind: "mutation",
    description: "REQUESTED -> REJECTED with a reason (1 to 500 characters); no money moved.",
    access: ["OPERATOR"],
    args: RejectRefundRequestArgs,
    output: () => RefundRequest,
    run: ({ id, reason }, ctx, { refundRequests }) => refundRequests.rejectRequest(id, reason, ctx),
  }),

  operation({
    name: "refundRequests",
    kind: "query",
    description: "A charge's operator refund requests, newest first (at most 100).",
    access: ["VIEWER"],
    args: ChargeRefundRequestsArgs,
    output: () => [RefundRequest],
    run: ({ chargeId }, _ctx, { refundRequests }) => refundRequests.requestsOfCharge(chargeId),
  }),
];
