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
import { actorOf, companyScope, requireCompanyScope, requirePrincipal } from "../auth/principal";
import type { RequestContext } from "../graphql/context";
import { PageOf } from "../graphql/page";
import { MoneyScalar } from "../graphql/scalars";
import type { PixKeyType } from "./pix-key";
import { PixKeyTypeEnum, Withdrawal, WithdrawalStatus } from "./withdrawal.entity";
import { WithdrawalTransition } from "./withdrawal-transition.entity";

@InputType()
class CreateWithdrawalInput {
  @Field(() => MoneyScalar, { description: "1.00 to 99999999.99" })
  amount!: bigint;

  @Field(() => PixKeyTypeEnum)
  pixKeyType!: PixKeyType;

  @Field(() => String)
  pixKey!: string;
}

@ObjectType()
class WithdrawalPage extends PageOf(Withdrawal) {}

enum SimulatedBankOutcome {
  PAID = "PAID",
  FAILED = "FAILED",
}
registerEnumType(SimulatedBankOutcome, { name: "SimulatedBankOutcome" });

@Resolver(() => Withdrawal)
export class WithdrawalsResolver {
  @Authorized()
  @Query(() => Withdrawal)
  withdrawal(@Arg("id", () => ID) id: string, @Ctx() ctx: RequestContext) {
    return ctx.services.withdrawals.getWithdrawal(companyScope(ctx.principal), id);
  }

  @Authorized()
  @Query(() => WithdrawalPage, { description: "Newest first." })
  withdrawals(
    @Ctx() ctx: RequestContext,
    @Arg("status", () => WithdrawalStatus, { nullable: true }) status?: WithdrawalStatus,
    @Arg("limit", () => Int, { nullable: true }) limit?: number,
    @Arg("offset", () => Int, { nullable: true }) offset?: number,
    @Arg("companyId", () => ID, { nullable: true, description: "Operator only: one account." }) companyId?: string,
  ) {
    return ctx.services.withdrawals.listWithdrawals(companyScope(ctx.principal, companyId), { status, limit, offset });
  }

  @Authorized()
  @Query(() => [WithdrawalTransition], { description: "Every status change of a withdrawal, oldest first." })
  withdrawalHistory(@Arg("id", () => ID) id: string, @Ctx() ctx: RequestContext) {
    return ctx.services.withdrawals.listTransitions(companyScope(ctx.principal), id);
  }

  @Authorized()
  @Mutation(() => Withdrawal, { description: "Reserves the amount and queues the transfer." })
  async createWithdrawal(
    @Arg("input", () => CreateWithdrawalInput) input: CreateWithdrawalInput,
    @Arg("idempotencyKey", () => String, { description: "A UUID, unique per withdrawal attempt." })
    idempotencyKey: string,
    @Ctx() ctx: RequestContext,
    @Arg("companyId", () => ID, { nullable: true, description: "Operator only." }) companyId?: string,
  ) {
    const principal = requirePrincipal(ctx.principal);
    const { withdrawal, replayed } = await ctx.services.withdrawals.createWithdrawal(
      requireCompanyScope(principal, companyId),
      { amountCents: input.amount, pixKeyType: input.pixKeyType, pixKey: input.pixKey },
      idempotencyKey,
      actorOf(principal),
    );
    if (replayed) ctx.responseHeaders["Idempotent-Replayed"] = "true";
    return withdrawal;
  }

  @Authorized()
  @Mutation(() => Withdrawal, { description: "PENDING -> CANCELLED; the amount returns to the balance." })
  cancelWithdrawal(
    @Arg("id", () => ID) id: string,
    @Ctx() ctx: RequestContext,
    @Arg("reason", () => String, { nullable: true }) reason?: string,
  ) {
    const principal = requirePrincipal(ctx.principal);
    return ctx.services.withdrawals.cancelWithdrawal(companyScope(principal), id, reason ?? null, actorOf(principal));
  }

  @Authorized("OPERATOR")
  @Mutation(() => Withdrawal, { description: "PENDING -> PROCESSING: the transfer goes to the bank." })
  approveWithdrawal(@Arg("id", () => ID) id: string, @Ctx() ctx: RequestContext) {
    return ctx.services.withdrawals.approveWithdrawal(id, actorOf(requirePrincipal(ctx.principal)));
  }

  @Authorized("OPERATOR")
  @Mutation(() => Withdrawal, { description: "PENDING -> CANCELLED with a reason; the amount returns to the balance." })
  rejectWithdrawal(
    @Arg("id", () => ID) id: string,
    @Arg("reason", () => String) reason: string,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.withdrawals.rejectWithdrawal(id, reason, actorOf(requirePrincipal(ctx.principal)));
  }

  @Authorized("OPERATOR")
  @Mutation(() => Withdrawal, {
    description: "Sandbox: the bank settles (PROCESSING -> PAID) or fails (PENDING or PROCESSING -> FAILED) now.",
  })
  simulateWithdrawalOutcome(
    @Arg("id", () => ID) id: string,
    @Arg("outcome", () => SimulatedBankOutcome) outcome: SimulatedBankOutcome,
    @Ctx() ctx: RequestContext,
    @Arg("reason", () => String, { nullable: true, description: 'FAILED only; default "bank error".' }) reason?: string,
  ) {
    return ctx.services.withdrawals.simulateWithdrawalOutcome(id, outcome, reason ?? null);
  }
}
