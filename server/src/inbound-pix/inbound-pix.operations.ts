import { ArgsType, Field, ID, ObjectType } from "type-graphql";
import { PageOf, PagingArgs } from "../graphql/page";
import { declareOperations } from "../operation";
import type { ExceptionReturnsService } from "../refunds";
import type { InboundPixService } from "./inbound-pix.service";
import { PaymentException, PaymentExceptionStatus } from "./payment-exception.entity";

interface InboundPixServices {
  inboundPix: InboundPixService;
  exceptionReturns: ExceptionReturnsService;
}

const { operation } = declareOperations<InboundPixServices>();

@ObjectType()
class PaymentExceptionPage extends PageOf(PaymentException) {}

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

/** The payments the bank sent that no charge took (payment exceptions): operators review, return or resolve them. */
export const inboundPixOperations = [
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
      exceptionReturns.returnPaymentException(id, reason ?? null, ctx),
  }),

  operation({
    name: "resolvePaymentException",
    kind: "mutation",
    description:
      "Marks a reviewed exception RESOLVED. Moves no money: return it (returnPaymentException) or credit it by createAdjustment.",
    access: ["OPERATOR"],
    args: ResolvePaymentExceptionArgs,
    output: () => PaymentException,
    run: ({ id, resolution }, ctx, { inboundPix }) => inboundPix.resolvePaymentException(id, resolution, ctx),
  }),
];
