import { Arg, Authorized, Ctx, ID, Int, Mutation, ObjectType, Query, Resolver } from "type-graphql";
import { actorOf, requirePrincipal } from "../auth/principal";
import type { RequestContext } from "../graphql/context";
import { PageOf } from "../graphql/page";
import { PaymentException, PaymentExceptionStatus } from "./payment-exception.entity";

@ObjectType()
class PaymentExceptionPage extends PageOf(PaymentException) {}

@Resolver()
export class ProviderResolver {
  @Authorized("OPERATOR")
  @Query(() => PaymentExceptionPage, { description: "Inbound payments that were not credited, newest first." })
  paymentExceptions(
    @Ctx() ctx: RequestContext,
    @Arg("status", () => PaymentExceptionStatus, { nullable: true }) status?: PaymentExceptionStatus,
    @Arg("companyId", () => ID, { nullable: true }) companyId?: string,
    @Arg("limit", () => Int, { nullable: true }) limit?: number,
    @Arg("offset", () => Int, { nullable: true }) offset?: number,
  ) {
    return ctx.services.inboundPix.listPaymentExceptions({ status, companyId, limit, offset });
  }

  @Authorized("OPERATOR")
  @Mutation(() => PaymentException, {
    description:
      "Marks a reviewed exception RESOLVED. Moves no money: refund at the bank or credit by createAdjustment.",
  })
  resolvePaymentException(
    @Arg("id", () => ID) id: string,
    @Arg("resolution", () => String) resolution: string,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.inboundPix.resolvePaymentException(id, resolution, actorOf(requirePrincipal(ctx.principal)));
  }
}
