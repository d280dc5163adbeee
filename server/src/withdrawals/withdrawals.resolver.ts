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
  registerEnumType,
} from "type-graphql";
import { Actor } from "../audit/actor";
import { operatorAudit } from "../audit/audit";
import { describedActor } from "../audit/described-actor";
import { actorOf, companyScope, requireCompanyScope, requirePrincipal } from "../auth/principal";
import { ListOrder } from "../core/pagination";
import { RestRoute } from "../core/rest-operation";
import type { RequestContext } from "../graphql/context";
import { PageOf, PagingArgs } from "../graphql/page";
import { loadInBatch } from "../graphql/request-batch";
import { MoneyScalar } from "../graphql/scalars";
import { sandboxOnly } from "../provider/sandbox-only";
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

@ObjectType({ description: "One operator's approval of a withdrawal." })
class WithdrawalApproval {
  @Field(() => String, { description: '"operator:usr_…" or "operator:token".' })
  operator!: string;

  @Field(() => String, { nullable: true, description: "The operator's e-mail; null for the operator token." })
  operatorEmail!: string | null;

  @Field(() => Date)
  at!: Date;
}

enum SimulatedBankOutcome {
  PAID = "PAID",
  FAILED = "FAILED",
}
registerEnumType(SimulatedBankOutcome, { name: "SimulatedBankOutcome" });

/** The 201 body of POST /withdrawals. */
const CREATED_FIELDS = "id amount status pixKey pixKeyType queuePosition idempotencyKey createdAt";
/** Reads add the reference, the reason, the retry count, the last change and the bank's end-to-end id. */
const WITHDRAWAL_REST_FIELDS = `${CREATED_FIELDS} withdrawalReference reason retryCount updatedAt e2eId`;

@Resolver(() => Withdrawal)
export class WithdrawalsResolver {
  @RestRoute({
    method: "GET",
    path: "/withdrawals/:id",
    selection: `{ ${WITHDRAWAL_REST_FIELDS} }`,
    errors: ["NOT_FOUND"],
    summary: "A withdrawal of the account.",
    tag: "Withdrawals",
  })
  @Authorized()
  @Query(() => Withdrawal)
  withdrawal(@Arg("id", () => ID) id: string, @Ctx() ctx: RequestContext) {
    return ctx.services.withdrawals.getWithdrawal(companyScope(ctx.principal), id);
  }

  @RestRoute({
    method: "GET",
    path: "/withdrawals",
    selection: `{ data { ${WITHDRAWAL_REST_FIELDS} } total limit offset }`,
    args: ["status", "limit", "offset"],
    errors: ["VALIDATION_ERROR"],
    summary: "The account's withdrawals, newest first (limit 1..100, default 20; offset from 0).",
    tag: "Withdrawals",
  })
  @Authorized()
  @Query(() => WithdrawalPage, {
    description:
      "Newest first (created_at, then id). The approval queue: status PENDING, order OLDEST_FIRST. " +
      "The created range includes its start and excludes its end.",
  })
  withdrawals(
    @Ctx() ctx: RequestContext,
    @Args(() => PagingArgs) paging: PagingArgs,
    @Arg("status", () => WithdrawalStatus, { nullable: true }) status?: WithdrawalStatus,
    @Arg("companyId", () => ID, { nullable: true, description: "Operator only: one account." }) companyId?: string,
    @Arg("createdFrom", () => Date, { nullable: true }) createdFrom?: Date,
    @Arg("createdTo", () => Date, { nullable: true }) createdTo?: Date,
    @Arg("order", () => ListOrder, { nullable: true, defaultValue: ListOrder.NEWEST_FIRST }) order?: ListOrder,
  ) {
    return ctx.services.withdrawals.listWithdrawals(
      companyScope(ctx.principal, companyId),
      {
        limit: paging.limit,
        offset: paging.offset,
        first: paging.first,
        after: paging.after,
        status,
        createdFrom,
        createdTo,
        order,
      },
      ctx.request?.signal,
    );
  }

  @Authorized()
  @Query(() => [WithdrawalTransition], { description: "Every status change of a withdrawal, oldest first." })
  withdrawalHistory(@Arg("id", () => ID) id: string, @Ctx() ctx: RequestContext) {
    return ctx.services.withdrawals.listTransitions(companyScope(ctx.principal), id);
  }

  @FieldResolver(() => [WithdrawalApproval], { description: "Operators' approvals, oldest first." })
  approvals(@Root() withdrawal: Withdrawal, @Ctx() ctx: RequestContext) {
    return loadInBatch(
      ctx,
      "withdrawalApprovals",
      withdrawal.id,
      (ids) => ctx.services.withdrawalApprovals.listApprovals(ids),
      [],
    );
  }

  @FieldResolver(() => Int, {
    description:
      "Different operators whose approval it needs: 2 above APPROVAL_SECOND_OPERATOR_ABOVE, and 2 once a first approval was not enough alone (the approver's amount over the window, or the operator who created it on the merchant's behalf); else 1.",
  })
  async approvalsRequired(@Root() withdrawal: Withdrawal, @Ctx() ctx: RequestContext) {
    const approvals = ctx.services.withdrawalApprovals.makerCheckerOn ? await this.approvals(withdrawal, ctx) : [];
    return ctx.services.withdrawalApprovals.approvalsRequired(
      withdrawal.amountCents,
      withdrawal.status,
      approvals.length,
    );
  }

  @RestRoute({
    method: "POST",
    path: "/withdrawals",
    status: 201,
    idempotencyKey: "required",
    selection: `{ ${CREATED_FIELDS} }`,
    errors: ["VALIDATION_ERROR", "INSUFFICIENT_BALANCE", "IDEMPOTENCY_KEY_REUSED"],
    summary:
      "Reserves the amount (1.00 to 99999999.99) and queues a PIX transfer to the key. The same Idempotency-Key and body answer the original withdrawal again.",
    tag: "Withdrawals",
  })
  @Authorized("MERCHANT", "OPERATOR")
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
      operatorAudit(ctx),
      ctx.request.id,
    );
    if (replayed) ctx.responseHeaders["Idempotent-Replayed"] = "true";
    return withdrawal;
  }

  @RestRoute({
    method: "POST",
    path: "/withdrawals/:id/cancel",
    selection: `{ ${WITHDRAWAL_REST_FIELDS} }`,
    errors: ["VALIDATION_ERROR", "NOT_FOUND", "INVALID_STATE"],
    summary: "Cancels a PENDING withdrawal; its amount returns to the balance.",
    tag: "Withdrawals",
  })
  @Authorized("MERCHANT", "OPERATOR")
  @Mutation(() => Withdrawal, { description: "PENDING -> CANCELLED; the amount returns to the balance." })
  cancelWithdrawal(
    @Arg("id", () => ID) id: string,
    @Ctx() ctx: RequestContext,
    @Arg("reason", () => String, { nullable: true }) reason?: string,
  ) {
    const principal = requirePrincipal(ctx.principal);
    return ctx.services.withdrawals.cancelWithdrawal(
      companyScope(principal),
      id,
      reason ?? null,
      actorOf(principal),
      operatorAudit(ctx),
      ctx.request.id,
    );
  }

  @Authorized("OPERATOR")
  @Mutation(() => Withdrawal, {
    description:
      "PENDING -> PROCESSING: the transfer goes to the bank. Above APPROVAL_SECOND_OPERATOR_ABOVE the first operator's approval is recorded and the withdrawal stays PENDING until a second, different operator approves. Above it a console user with a second factor steps up first (STEP_UP_REQUIRED).",
  })
  async approveWithdrawal(@Arg("id", () => ID) id: string, @Ctx() ctx: RequestContext) {
    const { twoFactor, config } = ctx.services;
    await twoFactor.requireStepUpForStored(
      ctx.principal,
      ctx.sessionToken,
      "withdrawals",
      id,
      config.approvalSecondOperatorAboveCents,
    );
    return ctx.services.withdrawalApprovals.approveWithdrawal(
      id,
      actorOf(requirePrincipal(ctx.principal)),
      operatorAudit(ctx),
      ctx.request.id,
    );
  }

  @Authorized("OPERATOR")
  @Mutation(() => Withdrawal, { description: "PENDING -> CANCELLED with a reason; the amount returns to the balance." })
  rejectWithdrawal(
    @Arg("id", () => ID) id: string,
    @Arg("reason", () => String) reason: string,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.withdrawalApprovals.rejectWithdrawal(
      id,
      reason,
      actorOf(requirePrincipal(ctx.principal)),
      operatorAudit(ctx),
      ctx.request.id,
    );
  }

  @Authorized("OPERATOR")
  @Mutation(() => Withdrawal, {
    description:
      "Sandbox: the bank settles (PROCESSING -> PAID) or fails (PENDING or PROCESSING -> FAILED) now. With a real bank: SANDBOX_ONLY.",
  })
  simulateWithdrawalOutcome(
    @Arg("id", () => ID) id: string,
    @Arg("outcome", () => SimulatedBankOutcome) outcome: SimulatedBankOutcome,
    @Ctx() ctx: RequestContext,
    @Arg("reason", () => String, { nullable: true, description: 'FAILED only; default "bank error".' }) reason?: string,
  ) {
    sandboxOnly(ctx);
    return ctx.services.withdrawalOutcomes.simulateWithdrawalOutcome(
      id,
      outcome,
      reason ?? null,
      operatorAudit(ctx),
      ctx.request.id,
    );
  }
}

@Resolver(() => WithdrawalTransition)
export class WithdrawalTransitionFieldsResolver {
  @FieldResolver(() => Actor, {
    description:
      "The actor for people: a console user's name and e-mail, an API credential's hint; operators' names only for operators.",
  })
  actorInfo(@Root() transition: WithdrawalTransition, @Ctx() ctx: RequestContext): Promise<Actor> {
    return describedActor(ctx, transition.actor);
  }
}
