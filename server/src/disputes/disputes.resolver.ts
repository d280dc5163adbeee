import {
  Arg,
  Args,
  Authorized,
  Ctx,
  FieldResolver,
  ID,
  Mutation,
  ObjectType,
  Query,
  Resolver,
  Root,
} from "type-graphql";
import { operatorAudit, requestAudit } from "../audit/audit";
import { actorOf, companyScope, requirePrincipal } from "../auth/principal";
import { RestRoute } from "../core/rest-operation";
import type { RequestContext } from "../graphql/context";
import { PageOf, PagingArgs } from "../graphql/page";
import { MoneyScalar } from "../graphql/scalars";
import { sandboxOnly } from "../provider/sandbox-only";
import { Dispute, DisputeNature, DisputeStatus } from "./dispute.entity";

@ObjectType()
class DisputePage extends PageOf(Dispute) {}

/** The Dispute object of the REST API (snake_case there), in this order. */
const DISPUTE_REST_FIELDS =
  "id chargeId nature amount heldAmount status outcome description merchantStatement contestStatement refundId " +
  "returnFailureReason openedAt deadlineAt decidedAt closedAt updatedAt";

@Resolver(() => Dispute)
export class DisputesResolver {
  @RestRoute({
    method: "GET",
    path: "/disputes",
    selection: `{ data { ${DISPUTE_REST_FIELDS} } total limit offset }`,
    args: ["status", "limit", "offset"],
    errors: ["VALIDATION_ERROR"],
    summary: "The account's MED disputes, nearest deadline first (limit 1..100, default 20; offset from 0).",
    tag: "Disputes",
  })
  @Authorized()
  @Query(() => DisputePage, {
    description: "MED disputes, nearest deadline first; a merchant sees its own, an operator all (or one account's).",
  })
  disputes(
    @Ctx() ctx: RequestContext,
    @Args(() => PagingArgs) paging: PagingArgs,
    @Arg("status", () => DisputeStatus, { nullable: true }) status?: DisputeStatus,
    @Arg("companyId", () => ID, { nullable: true, description: "Operator only: one account." }) companyId?: string,
  ) {
    return ctx.services.disputes.listDisputes(companyScope(ctx.principal, companyId), {
      limit: paging.limit,
      offset: paging.offset,
      first: paging.first,
      after: paging.after,
      status: status ?? null,
    });
  }

  @RestRoute({
    method: "GET",
    path: "/disputes/:id",
    selection: `{ ${DISPUTE_REST_FIELDS} }`,
    errors: ["NOT_FOUND"],
    summary: "A MED dispute of the account.",
    tag: "Disputes",
  })
  @Authorized()
  @Query(() => Dispute)
  dispute(@Arg("id", () => ID) id: string, @Ctx() ctx: RequestContext) {
    return ctx.services.disputes.getDispute(companyScope(ctx.principal), id);
  }

  @Authorized()
  @Query(() => [Dispute], { description: "The charge's MED disputes, oldest first." })
  chargeDisputes(@Arg("chargeId", () => ID) chargeId: string, @Ctx() ctx: RequestContext) {
    return ctx.services.disputes.disputesOfCharge(companyScope(ctx.principal), chargeId);
  }

  @FieldResolver(() => Boolean, {
    description:
      "True when the bank that notified the claim returns the held amount itself once it is accepted (Efí's MED): accepting answers the bank and sends no devolução; the dispute is then ACCEPTED, still held, with no refund until the bank's decision is read back.",
  })
  returnedByBank(@Root() dispute: Dispute, @Ctx() ctx: RequestContext): boolean {
    return ctx.services.disputes.returnedByBank(dispute);
  }

  @Authorized("OPERATOR")
  @Mutation(() => Dispute, {
    description:
      "Accepts the claim: the held amount is returned to the payer by a devolução of the dispute's MED nature (a refund); when the bank returns it itself (returnedByBank), the bank is answered, nothing is sent, and the amount stays held until the bank's decision.",
  })
  acceptDispute(@Arg("id", () => ID) id: string, @Ctx() ctx: RequestContext) {
    const principal = requirePrincipal(ctx.principal);
    return ctx.services.disputes.acceptDispute(id, actorOf(principal), operatorAudit(ctx), ctx.request.id);
  }

  @Authorized("OPERATOR")
  @Mutation(() => Dispute, { description: "Contests the claim with a statement: REJECTED, still held until closed." })
  contestDispute(
    @Arg("id", () => ID) id: string,
    @Arg("statement", () => String, { description: "1 to 2000 characters." }) statement: string,
    @Ctx() ctx: RequestContext,
  ) {
    const principal = requirePrincipal(ctx.principal);
    return ctx.services.disputes.contestDispute(id, statement, actorOf(principal), operatorAudit(ctx));
  }

  @Authorized("OPERATOR")
  @Mutation(() => Dispute, {
    description:
      "Ends an OPEN or REJECTED dispute without a devolução: CLOSED, the hold returns to the balance. Not for a claim the bank decides and returns itself (returnedByBank: INVALID_STATE); its decision closes it.",
  })
  closeDispute(
    @Arg("id", () => ID) id: string,
    @Ctx() ctx: RequestContext,
    @Arg("note", () => String, { nullable: true, description: "At most 500 characters; kept in the ledger entry." })
    note?: string,
  ) {
    const principal = requirePrincipal(ctx.principal);
    return ctx.services.disputes.closeDispute(id, note ?? null, actorOf(principal), operatorAudit(ctx), ctx.request.id);
  }

  @Authorized("MERCHANT")
  @Mutation(() => Dispute, { description: "The merchant's account of the payment, while the dispute is OPEN." })
  submitDisputeStatement(
    @Arg("id", () => ID) id: string,
    @Arg("statement", () => String, { description: "1 to 2000 characters." }) statement: string,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.disputes.submitStatement(companyScope(ctx.principal), id, statement, requestAudit(ctx));
  }

  @Authorized("OPERATOR")
  @Mutation(() => Dispute, {
    description:
      "Sandbox: the payer's bank notifies a MED infraction on a PAID charge, as a real PSP would; the same reportId again answers the same dispute. With a real bank: SANDBOX_ONLY.",
  })
  async simulateDispute(
    @Arg("chargeId", () => ID, { description: '"K7Q2M9XA" or "chg_K7Q2M9XA".' }) chargeId: string,
    @Arg("nature", () => DisputeNature) nature: DisputeNature,
    @Ctx() ctx: RequestContext,
    @Arg("amount", () => MoneyScalar, { nullable: true, description: "Default: all that is still refundable." })
    amount?: bigint | null,
    @Arg("reportId", () => String, { nullable: true, description: "The notification's id; default a new one." })
    reportId?: string | null,
    @Arg("description", () => String, { nullable: true, description: "What the payer's bank reports." })
    description?: string | null,
  ) {
    sandboxOnly(ctx);
    const { dispute } = await ctx.services.disputes.openDispute(
      { chargeId, amountCents: amount ?? null, nature, reportId: reportId ?? null, description: description ?? null },
      undefined,
      operatorAudit(ctx),
      ctx.request.id,
    );
    return dispute;
  }
}
