import {
  Arg,
  Authorized,
  Ctx,
  Field,
  ID,
  InputType,
  Int,
  Mutation,
  ObjectType,
  Query,
  Resolver,
  registerEnumType,
} from "type-graphql";
import { operatorAudit, requestAudit } from "../audit/audit";
import { actorOf, companyScope, requirePrincipal } from "../auth/principal";
import { RestRoute } from "../core/rest-operation";
import type { RequestContext } from "../graphql/context";
import { MoneyScalar } from "../graphql/scalars";
import { sandboxOnly } from "../provider/sandbox-only";
import { Refund } from "./refund.entity";

@InputType()
export class RefundChargeInput {
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

/** The Refund object of the REST API, fields in the contract's order. */
const REFUND_CREATED_FIELDS =
  "id chargeId amount status reason returnId failureReason idempotencyKey createdAt refundedAt";
/** Reads add the retry count and the last change, as withdrawals' do. */
const REFUND_REST_FIELDS = `${REFUND_CREATED_FIELDS} retryCount updatedAt`;

/** REST checks the charge before the Idempotency-Key and the body (CONTRACT §8's order). */
const chargeFirst = (ctx: RequestContext, params: Record<string, string>) =>
  ctx.services.charges.getCharge(companyScope(ctx.principal), params.chargeId);

@Resolver(() => Refund)
export class RefundsResolver {
  @RestRoute<RequestContext>({
    method: "POST",
    path: "/charges/:chargeId/refunds",
    status: 201,
    idempotencyKey: "required",
    selection: `{ ${REFUND_CREATED_FIELDS} }`,
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
    checkFirst: chargeFirst,
  })
  @Authorized("MERCHANT", "OPERATOR")
  @Mutation(() => Refund, {
    description:
      "Refunds a PAID charge (an operator: any account's). The amount is reserved at once; the devolução goes to the bank.",
  })
  async refundCharge(
    @Arg("chargeId", () => ID, { description: '"K7Q2M9XA" or "chg_K7Q2M9XA".' }) chargeId: string,
    @Arg("idempotencyKey", () => String, { description: "A UUID, unique per refund attempt." })
    idempotencyKey: string,
    @Ctx() ctx: RequestContext,
    @Arg("input", () => RefundChargeInput, { nullable: true }) input?: RefundChargeInput | null,
  ) {
    const principal = requirePrincipal(ctx.principal);
    const { refund, replayed } = await ctx.services.refunds.createRefund(
      companyScope(principal),
      chargeId,
      { amountCents: input?.amount ?? null, reason: input?.reason ?? null },
      idempotencyKey,
      actorOf(principal),
      requestAudit(ctx),
      ctx.request.id,
    );
    if (replayed) ctx.responseHeaders["Idempotent-Replayed"] = "true";
    return refund;
  }

  @RestRoute({
    method: "GET",
    path: "/charges/:chargeId/refunds",
    selection: `{ data { ${REFUND_REST_FIELDS} } total }`,
    errors: ["NOT_FOUND"],
    summary: "The charge's refunds, oldest first.",
    tag: "Refunds",
  })
  @Authorized()
  @Query(() => RefundList, { description: "The charge's refunds, oldest first." })
  async refunds(@Arg("chargeId", () => ID) chargeId: string, @Ctx() ctx: RequestContext): Promise<RefundList> {
    const data = await ctx.services.refunds.listChargeRefunds(companyScope(ctx.principal), chargeId);
    return { data, total: data.length };
  }

  @RestRoute({
    method: "GET",
    path: "/refunds/:id",
    selection: `{ ${REFUND_REST_FIELDS} }`,
    errors: ["NOT_FOUND"],
    summary: "A refund of the account.",
    tag: "Refunds",
  })
  @Authorized()
  @Query(() => Refund)
  refund(@Arg("id", () => ID) id: string, @Ctx() ctx: RequestContext) {
    return ctx.services.refunds.getRefund(companyScope(ctx.principal), id);
  }

  @Authorized("OPERATOR")
  @Mutation(() => Refund, {
    description:
      "Sandbox: the bank returns the money (REFUNDED) or does not (FAILED, with the reason) now. With a real bank: SANDBOX_ONLY.",
  })
  simulateRefundOutcome(
    @Arg("id", () => ID) id: string,
    @Arg("outcome", () => SimulatedRefundOutcome) outcome: SimulatedRefundOutcome,
    @Ctx() ctx: RequestContext,
    @Arg("reason", () => String, { nullable: true, description: 'FAILED only; default "bank error".' }) reason?: string,
  ) {
    sandboxOnly(ctx);
    return ctx.services.refunds.simulateRefundOutcome(id, outcome, reason ?? null, operatorAudit(ctx), ctx.request.id);
  }
}
