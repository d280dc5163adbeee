import { ArgsType, Field, ID, ObjectType } from "type-graphql";
import type { AuditContext } from "../audit/audit";
import { PageOf, PagingArgs } from "../graphql/page";
import { declareOperations } from "../operation/operation";
import type { InboundPixService } from "./inbound-pix.service";
import { PaymentException, PaymentExceptionStatus } from "./payment-exception.entity";
import type { PixProvider } from "./pix-provider";
import { isSandbox } from "./sandbox-only";

interface ProviderServices {
  provider: PixProvider;
  inboundPix: InboundPixService;
  /** refunds/exception-returns.service.ts: the devolução of a payment never credited (named by its shape: refunds stand above provider/). */
  exceptionReturns: {
    returnPaymentException(
      id: string,
      reason: string | null,
      actor: string,
      audit: AuditContext | null,
      requestId: string | null,
    ): Promise<PaymentException>;
  };
}

const { operation } = declareOperations<ProviderServices>();

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

@ArgsType()
class PaymentExceptionListArgs extends PagingArgs {
  @Field(() => PaymentExceptionStatus, { nullable: true })
  status?: PaymentExceptionStatus;

  @Field(() => ID, { nullable: true })
  companyId?: string;
}

@ArgsType()
class ReturnPaymentExceptionArgs {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { nullable: true, description: "At most 140 characters, shown to the payer." })
  reason?: string;
}

@ArgsType()
class ResolvePaymentExceptionArgs {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  resolution!: string;
}

export const providerOperations = [
  operation({
    name: "serviceInfo",
    kind: "query",
    description: "Which bank the service uses: the sandbox, or a real one.",
    access: "caller",
    output: () => ServiceInfo,
    run: (_args, _ctx, { provider }): ServiceInfo => ({ pixProvider: provider.name, sandbox: isSandbox(provider) }),
  }),

  operation({
    name: "paymentExceptions",
    kind: "query",
    description: "Inbound payments that were not credited, newest first.",
    access: ["VIEWER"],
    args: PaymentExceptionListArgs,
    output: () => PaymentExceptionPage,
    // The filter is written field by field, not spread from the arguments (see PagingArgs).
    run: (args, ctx, { inboundPix }) =>
      inboundPix.listPaymentExceptions(
        {
          limit: args.limit,
          offset: args.offset,
          first: args.first,
          after: args.after,
          status: args.status,
          companyId: args.companyId,
        },
        ctx.signal,
      ),
  }),

  operation({
    name: "returnPaymentException",
    kind: "mutation",
    description:
      "Returns the exception's payment to its payer: a devolução of the received Pix (no balance moves: it was never credited). RETURNED resolves the exception; FAILED leaves it open for another attempt.",
    access: ["OPERATOR"],
    args: ReturnPaymentExceptionArgs,
    output: () => PaymentException,
    run: ({ id, reason }, ctx, { exceptionReturns }) =>
      exceptionReturns.returnPaymentException(id, reason ?? null, ctx.actor, ctx.audit, ctx.requestId),
  }),

  operation({
    name: "resolvePaymentException",
    kind: "mutation",
    description:
      "Marks a reviewed exception RESOLVED. Moves no money: return it (returnPaymentException) or credit it by createAdjustment.",
    access: ["OPERATOR"],
    args: ResolvePaymentExceptionArgs,
    output: () => PaymentException,
    run: ({ id, resolution }, ctx, { inboundPix }) =>
      inboundPix.resolvePaymentException(id, resolution, ctx.actor, ctx.audit),
  }),
];
