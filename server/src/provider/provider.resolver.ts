import { Arg, Args, Authorized, Ctx, ID, Mutation, ObjectType, Query, Resolver } from "type-graphql";
import { operatorAudit } from "../audit/audit";
import { actorOf, requirePrincipal } from "../auth/principal";
import type { RequestContext } from "../graphql/context";
import { PageOf, PagingArgs } from "../graphql/page";
import { PaymentException, PaymentExceptionStatus } from "./payment-exception.entity";

@ObjectType()
class PaymentExceptionPage extends PageOf(PaymentException) {}

@Resolver()
export class ProviderResolver {
  @Authorized("VIEWER")
  @Query(() => PaymentExceptionPage, { description: "Inbound payments that were not credited, newest first." })
  paymentExceptions(
    @Ctx() ctx: RequestContext,
    @Args(() => PagingArgs) paging: PagingArgs,
    @Arg("status", () => PaymentExceptionStatus, { nullable: true }) status?: PaymentExceptionStatus,
    @Arg("companyId", () => ID, { nullable: true }) companyId?: string,
  ) {
    return ctx.services.inboundPix.listPaymentExceptions(
      { limit: paging.limit, offset: paging.offset, first: paging.first, after: paging.after, status, companyId },
      ctx.request?.signal,
    );
  }

  @Authorized("OPERATOR")
  @Mutation(() => PaymentException, {
    description:
      "Returns the exception's payment to its payer: a devolução of the received Pix (no balance moves: it was never credited). RETURNED resolves the exception; FAILED leaves it open for another attempt.",
  })
  returnPaymentException(
    @Arg("id", () => ID) id: string,
    @Ctx() ctx: RequestContext,
    @Arg("reason", () => String, { nullable: true, description: "At most 140 characters, shown to the payer." })
    reason?: string,
  ) {
    return ctx.services.exceptionReturns.returnPaymentException(
      id,
      reason ?? null,
      actorOf(requirePrincipal(ctx.principal)),
      operatorAudit(ctx),
      ctx.request.id,
    );
  }

  @Authorized("OPERATOR")
  @Mutation(() => PaymentException, {
    description:
      "Marks a reviewed exception RESOLVED. Moves no money: return it (returnPaymentException) or credit it by createAdjustment.",
  })
  resolvePaymentException(
    @Arg("id", () => ID) id: string,
    @Arg("resolution", () => String) resolution: string,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.inboundPix.resolvePaymentException(
      id,
      resolution,
      actorOf(requirePrincipal(ctx.principal)),
      operatorAudit(ctx),
    );
  }
}
