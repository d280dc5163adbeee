import { Arg, Authorized, Ctx, Field, ID, InputType, Int, Mutation, ObjectType, Query, Resolver } from "type-graphql";
import { companyScope, requireCompanyScope } from "../auth/principal";
import type { RequestContext } from "../graphql/context";
import { PageOf } from "../graphql/page";
import { MoneyScalar } from "../graphql/scalars";
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

@Resolver(() => Charge)
export class ChargesResolver {
  @Authorized()
  @Query(() => Charge, { description: 'Accepts "K7Q2M9XA" or "chg_K7Q2M9XA".' })
  charge(@Arg("id", () => ID) id: string, @Ctx() ctx: RequestContext) {
    return ctx.services.charges.getCharge(companyScope(ctx.principal), id);
  }

  @Authorized()
  @Query(() => ChargePage, { description: "Newest first." })
  charges(
    @Ctx() ctx: RequestContext,
    @Arg("status", () => ChargeStatus, { nullable: true }) status?: ChargeStatus,
    @Arg("limit", () => Int, { nullable: true }) limit?: number,
    @Arg("offset", () => Int, { nullable: true }) offset?: number,
    @Arg("companyId", () => ID, { nullable: true, description: "Operator only: one account." }) companyId?: string,
  ) {
    return ctx.services.charges.listCharges(companyScope(ctx.principal, companyId), { status, limit, offset });
  }

  @Authorized()
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
    );
    if (replayed) ctx.responseHeaders["Idempotent-Replayed"] = "true";
    return charge;
  }

  @Authorized()
  @Mutation(() => Charge, { description: "PENDING -> CANCELLED." })
  cancelCharge(@Arg("id", () => ID) id: string, @Ctx() ctx: RequestContext) {
    return ctx.services.charges.cancelCharge(companyScope(ctx.principal), id);
  }

  @Authorized("OPERATOR")
  @Mutation(() => Charge, { description: "Sandbox: the payer pays a PENDING charge now." })
  simulateChargePayment(
    @Arg("chargeId", () => ID) chargeId: string,
    @Ctx() ctx: RequestContext,
    @Arg("payerName", () => String, { nullable: true }) payerName?: string,
    @Arg("payerDocument", () => String, { nullable: true }) payerDocument?: string,
  ) {
    return ctx.services.charges.simulateChargePayment(chargeId, { payerName, payerDocument });
  }

  @Authorized("OPERATOR")
  @Mutation(() => Charge, { description: "Holds the charge out of the balance until released." })
  reserveCharge(
    @Arg("id", () => ID) id: string,
    @Arg("reason", () => String) reason: string,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.charges.reserveCharge(id, reason);
  }

  @Authorized("OPERATOR")
  @Mutation(() => Charge)
  releaseCharge(@Arg("id", () => ID) id: string, @Ctx() ctx: RequestContext) {
    return ctx.services.charges.releaseCharge(id);
  }
}
