import {
  Arg,
  Args,
  Authorized,
  Ctx,
  Field,
  FieldResolver,
  ID,
  InputType,
  Int,
  Mutation,
  ObjectType,
  Query,
  Resolver,
  Root,
} from "type-graphql";
import { operatorAudit } from "../audit/audit";
import { companyScope, readScope, requireCompanyScope } from "../auth/principal";
import { ListOrder } from "../core/pagination";
import { RestRoute } from "../core/rest-operation";
import type { RequestContext } from "../graphql/context";
import { PageOf, PagingArgs } from "../graphql/page";
import { MoneyScalar } from "../graphql/scalars";
import { sandboxOnly } from "../provider/sandbox-only";
import { Charge, ChargeStatus } from "./charge.entity";

@InputType()
class CreateChargeInput {
  @Field(() => MoneyScalar, { description: "0.01 to 99999999.99" })
  amount!: bigint;

  @Field(() => String, { nullable: true, description: "At most 140 characters." })
  description?: string | null;

  @Field(() => Int, { nullable: true, description: "Seconds until expiry, 60 to 2592000; default 3600." })
  expiresIn?: number | null;
}

@ObjectType()
class ChargePage extends PageOf(Charge) {}

/** The Charge object of the REST API, fields in the source document's order, then txid and refunded_amount. */
const CHARGE_REST_FIELDS =
  "id amount description status pixCode fee netAmount e2eId payerName payerDocument paidAt expiresAt createdAt txid refundedAmount";

@Resolver(() => Charge)
export class ChargesResolver {
  @RestRoute({
    method: "GET",
    path: "/charges/:id",
    selection: `{ ${CHARGE_REST_FIELDS} }`,
    errors: ["NOT_FOUND"],
    summary: 'A charge of the account, by its id ("K7Q2M9XA" or "chg_K7Q2M9XA").',
    tag: "Charges",
    credentialInRead: true,
  })
  @Authorized()
  @Query(() => Charge, { description: 'Accepts "K7Q2M9XA" or "chg_K7Q2M9XA".' })
  charge(@Arg("id", () => ID) id: string, @Ctx() ctx: RequestContext) {
    return ctx.services.charges.getCharge(readScope(ctx), id);
  }

  @RestRoute({
    method: "GET",
    path: "/charges",
    selection: `{ data { ${CHARGE_REST_FIELDS} } total limit offset }`,
    args: ["status", "limit", "offset"],
    errors: ["VALIDATION_ERROR"],
    summary: "The account's charges, newest first (limit 1..100, default 20; offset from 0).",
    tag: "Charges",
    credentialInRead: true,
  })
  @Authorized()
  @Query(() => ChargePage, {
    description:
      "Newest first (created_at, then id). A PENDING charge past expires_at is listed and counted as EXPIRED. " +
      "Time ranges include their start and exclude their end; a paid range lists PAID charges by paid_at.",
  })
  charges(
    @Ctx() ctx: RequestContext,
    @Args(() => PagingArgs) paging: PagingArgs,
    @Arg("status", () => ChargeStatus, { nullable: true }) status?: ChargeStatus,
    @Arg("companyId", () => ID, { nullable: true, description: "Operator only: one account." }) companyId?: string,
    @Arg("reserved", () => Boolean, { nullable: true, description: "Only held (true) or only not held (false)." })
    reserved?: boolean,
    @Arg("createdFrom", () => Date, { nullable: true }) createdFrom?: Date,
    @Arg("createdTo", () => Date, { nullable: true }) createdTo?: Date,
    @Arg("paidFrom", () => Date, { nullable: true }) paidFrom?: Date,
    @Arg("paidTo", () => Date, { nullable: true }) paidTo?: Date,
    @Arg("order", () => ListOrder, { nullable: true, defaultValue: ListOrder.NEWEST_FIRST }) order?: ListOrder,
  ) {
    return ctx.services.charges.listCharges(
      readScope(ctx, companyId),
      {
        limit: paging.limit,
        offset: paging.offset,
        first: paging.first,
        after: paging.after,
        status,
        reserved,
        createdFrom,
        createdTo,
        paidFrom,
        paidTo,
        order,
      },
      ctx.request?.signal,
    );
  }

  @RestRoute({
    method: "POST",
    path: "/charges",
    status: 201,
    idempotencyKey: "optional",
    selection: `{ ${CHARGE_REST_FIELDS} }`,
    errors: ["VALIDATION_ERROR", "IDEMPOTENCY_KEY_REUSED"],
    summary: "Creates a PENDING charge with its dynamic BR Code (amount 0.01 to 99999999.99).",
    tag: "Charges",
  })
  @Authorized("MERCHANT", "OPERATOR")
  @Mutation(() => Charge)
  async createCharge(
    @Arg("input", () => CreateChargeInput) input: CreateChargeInput,
    @Ctx() ctx: RequestContext,
    @Arg("idempotencyKey", () => String, { nullable: true }) idempotencyKey?: string,
    @Arg("companyId", () => ID, { nullable: true, description: "Operator only." }) companyId?: string,
  ) {
    const { charge, replayed } = await ctx.services.charges.createCharge(
      requireCompanyScope(ctx.principal, companyId),
      { amountCents: input.amount, description: input.description, expiresInSeconds: input.expiresIn },
      idempotencyKey,
      operatorAudit(ctx),
    );
    if (replayed) ctx.responseHeaders["Idempotent-Replayed"] = "true";
    return charge;
  }

  @RestRoute({
    method: "POST",
    path: "/charges/:id/cancel",
    selection: `{ ${CHARGE_REST_FIELDS} }`,
    errors: ["NOT_FOUND", "INVALID_STATE"],
    summary:
      "Cancels a PENDING charge: it can no longer be paid (a payment that still arrives is refused and kept for review).",
    tag: "Charges",
  })
  @Authorized("MERCHANT", "OPERATOR")
  @Mutation(() => Charge, {
    description: "PENDING -> CANCELLED (409 INVALID_STATE otherwise); the charge is taken off the bank.",
  })
  cancelCharge(@Arg("id", () => ID) id: string, @Ctx() ctx: RequestContext) {
    return ctx.services.charges.cancelCharge(companyScope(ctx.principal), id, operatorAudit(ctx), ctx.request.id);
  }

  @Authorized("OPERATOR")
  @Mutation(() => Charge, {
    description: "Sandbox: the payer pays a PENDING charge now. With a real bank: SANDBOX_ONLY.",
  })
  simulateChargePayment(
    @Arg("chargeId", () => ID) chargeId: string,
    @Ctx() ctx: RequestContext,
    @Arg("payerName", () => String, { nullable: true }) payerName?: string,
    @Arg("payerDocument", () => String, { nullable: true }) payerDocument?: string,
  ) {
    sandboxOnly(ctx);
    return ctx.services.charges.simulateChargePayment(
      chargeId,
      { payerName, payerDocument },
      operatorAudit(ctx),
      ctx.request.id,
    );
  }

  @FieldResolver(() => String, {
    nullable: true,
    description:
      "Why an operator holds the charge: written for operators, so null for merchants (they see only that it is held).",
  })
  reservedReason(@Root() charge: Charge, @Ctx() ctx: RequestContext): string | null {
    return ctx.principal?.kind === "operator" ? charge.reservedReason : null;
  }

  @Authorized("OPERATOR")
  @Mutation(() => Charge, { description: "Holds the charge out of the balance until released." })
  reserveCharge(
    @Arg("id", () => ID) id: string,
    @Arg("reason", () => String) reason: string,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.charges.reserveCharge(id, reason, operatorAudit(ctx));
  }

  @Authorized("OPERATOR")
  @Mutation(() => Charge)
  releaseCharge(@Arg("id", () => ID) id: string, @Ctx() ctx: RequestContext) {
    return ctx.services.charges.releaseCharge(id, operatorAudit(ctx));
  }
}
