import { Arg, Args, Authorized, Ctx, Field, ID, Mutation, ObjectType, Query, Resolver } from "type-graphql";
import { operatorAudit } from "../audit/audit";
import { actorOf, requirePrincipal } from "../auth/principal";
import type { RequestContext } from "../graphql/context";
import { PageOf, PagingArgs } from "../graphql/page";
import { PaymentException, PaymentExceptionStatus } from "./payment-exception.entity";
import { isSandbox } from "./sandbox-only";

@ObjectType()
class PaymentExceptionPage extends PageOf(PaymentException) {}

@ObjectType({ description: "What kind of service answers: what a console shows depends on it." })
class ServiceInfo {
  @Field({ description: 'The PIX provider (PIX_PROVIDER): "sandbox" or "efi".' })
  pixProvider!: string;

  @Field({
    description:
      "True when the bank is the built-in sandbox: no real money moves, and the simulate* operations work (only then; otherwise they answer SANDBOX_ONLY).",
  })
  sandbox!: boolean;
}

@Resolver()
export class ProviderResolver {
  @Authorized()
  @Query(() => ServiceInfo, { description: "Which bank the service uses: the sandbox, or a real one." })
  serviceInfo(@Ctx() ctx: RequestContext): ServiceInfo {
    return { pixProvider: ctx.services.provider.name, sandbox: isSandbox(ctx.services.provider) };
  }

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
