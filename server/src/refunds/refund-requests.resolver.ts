import { Arg, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from "type-graphql";
import { operatorAudit } from "../audit/audit";
import { describedActor } from "../audit/described-actor";
import { actorOf, requirePrincipal } from "../auth/principal";
import type { RequestContext } from "../graphql/context";
import { RefundRequest } from "./refund-request.entity";
import { RefundChargeInput } from "./refunds.resolver";
import { refundableCents } from "./refunds.service";

/** Operators' refunds under maker-checker (docs/refunds.md); merchants never see these. */
@Resolver(() => RefundRequest)
export class RefundRequestsResolver {
  @Authorized("OPERATOR")
  @Mutation(() => RefundRequest, {
    description:
      "An operator's refund of a PAID charge. Within APPROVAL_SECOND_OPERATOR_ABOVE (and what the operator may move alone in the window) the refund is made at once (CONFIRMED, refundId set); above it the request waits, REQUESTED, for a second, different operator (confirmRefundRequest). Above it a console user with a second factor steps up first (STEP_UP_REQUIRED). The same idempotencyKey and input again answer the same request (Idempotent-Replayed); the key with other input, or the key of a refund made directly, is IDEMPOTENCY_KEY_REUSED.",
  })
  async requestRefund(
    @Arg("chargeId", () => ID, { description: '"K7Q2M9XA" or "chg_K7Q2M9XA".' }) chargeId: string,
    @Arg("idempotencyKey", () => String, { description: "A UUID, unique per refund attempt." })
    idempotencyKey: string,
    @Ctx() ctx: RequestContext,
    @Arg("input", () => RefundChargeInput, { nullable: true }) input?: RefundChargeInput | null,
  ) {
    const { twoFactor, config, charges } = ctx.services;
    const principal = requirePrincipal(ctx.principal);
    // The step-up names the amount that would move: the one asked, else all that remains.
    const amount = input?.amount ?? refundableCents(await charges.getCharge(null, chargeId));
    await twoFactor.requireStepUpAbove(principal, ctx.sessionToken, amount, config.approvalSecondOperatorAboveCents);
    const { request, replayed } = await ctx.services.refundRequests.requestRefund(
      chargeId,
      { amountCents: input?.amount ?? null, reason: input?.reason ?? null },
      idempotencyKey,
      actorOf(principal),
      operatorAudit(ctx),
      ctx.request.id,
    );
    if (replayed) ctx.responseHeaders["Idempotent-Replayed"] = "true";
    return request;
  }

  @Authorized("OPERATOR")
  @Mutation(() => RefundRequest, {
    description:
      "REQUESTED -> CONFIRMED by a second operator (not the requester) within the window: the refund is created now (reservation, ledger, refund.processing). The requester gets INVALID_STATE. Above APPROVAL_SECOND_OPERATOR_ABOVE a console user with a second factor steps up first (STEP_UP_REQUIRED).",
  })
  async confirmRefundRequest(@Arg("id", () => ID) id: string, @Ctx() ctx: RequestContext) {
    const { twoFactor, config, refundRequests } = ctx.services;
    const principal = requirePrincipal(ctx.principal);
    await twoFactor.requireStepUpForStored(
      principal,
      ctx.sessionToken,
      "refund_requests",
      id,
      config.approvalSecondOperatorAboveCents,
    );
    return refundRequests.confirmRequest(id, actorOf(principal), operatorAudit(ctx), ctx.request.id);
  }

  @Authorized("OPERATOR")
  @Mutation(() => RefundRequest, {
    description: "REQUESTED -> REJECTED with a reason (1 to 500 characters); no money moved.",
  })
  rejectRefundRequest(
    @Arg("id", () => ID) id: string,
    @Arg("reason", () => String) reason: string,
    @Ctx() ctx: RequestContext,
  ) {
    const principal = requirePrincipal(ctx.principal);
    return ctx.services.refundRequests.rejectRequest(id, reason, actorOf(principal), operatorAudit(ctx));
  }

  @Authorized("VIEWER")
  @Query(() => [RefundRequest], { description: "A charge's operator refund requests, newest first (at most 100)." })
  refundRequests(@Arg("chargeId", () => ID) chargeId: string, @Ctx() ctx: RequestContext) {
    return ctx.services.refundRequests.requestsOfCharge(chargeId);
  }

  @FieldResolver(() => String, { nullable: true, description: "The requesting operator's e-mail." })
  async requestedByEmail(@Root() request: RefundRequest, @Ctx() ctx: RequestContext): Promise<string | null> {
    return (await describedActor(ctx, request.requestedBy)).email;
  }

  @FieldResolver(() => String, { nullable: true, description: "The deciding operator's e-mail." })
  async decidedByEmail(@Root() request: RefundRequest, @Ctx() ctx: RequestContext): Promise<string | null> {
    return request.decidedBy === null ? null : (await describedActor(ctx, request.decidedBy)).email;
  }

  @FieldResolver(() => Boolean, { description: "Whether the viewer made this request (then cannot confirm it)." })
  mine(@Root() request: RefundRequest, @Ctx() ctx: RequestContext): boolean {
    return ctx.principal !== null && request.requestedBy === actorOf(ctx.principal);
  }
}
