import { ArgsType, Field, ID, InputType, ObjectType } from "type-graphql";
import { companyScope, requireCompanyScope } from "../auth/model";
import { PageOf, PagingArgs } from "../graphql/page";
import { MoneyScalar } from "../graphql/scalars";
import { declareOperations, type RestAnswer } from "../operation";
import { isSandbox, type PixProvider } from "../provider";
import { PaymentLink, PaymentLinkStatus } from "./payment-link.entity";
import type { PaymentLinksService } from "./payment-links.service";

interface PaymentLinkServices {
  paymentLinks: PaymentLinksService;
  provider: PixProvider;
}

const { operation } = declareOperations<PaymentLinkServices>();

@InputType({ description: "A fixed amount, or none (the payer types one between minAmount and maxAmount)." })
class CreatePaymentLinkInput {
  @Field(() => String, { description: "1 to 140 characters: what is paid for; each charge's description." })
  description!: string;

  @Field(() => MoneyScalar, {
    nullable: true,
    description: "Fixed amount, 0.01 to 99999999.99; absent: the payer types it.",
  })
  amount?: bigint | null;

  @Field(() => MoneyScalar, {
    nullable: true,
    description: "Without amount: the least a payer may type; default 1.00.",
  })
  minAmount?: bigint | null;

  @Field(() => MoneyScalar, {
    nullable: true,
    description: "Without amount: the most a payer may type; default 99999999.99.",
  })
  maxAmount?: bigint | null;

  @Field(() => Boolean, { nullable: true, description: "Default false: COMPLETED at its first payment." })
  reusable?: boolean | null;

  @Field(() => Date, { nullable: true, description: "After it, the link makes no charge (EXPIRED)." })
  expiresAt?: Date | null;
}

@ObjectType()
class PaymentLinkPage extends PageOf(PaymentLink) {}

@ObjectType({ description: "What a payment link's page (/l/<token>) shows; nothing else of the account." })
class PaymentLinkView {
  @Field(() => String, { description: "The merchant's display name for payers, else the account's name." })
  accountName!: string;

  @Field(() => String)
  description!: string;

  @Field(() => PaymentLinkStatus)
  status!: PaymentLinkStatus;

  @Field(() => MoneyScalar, { nullable: true })
  amount!: bigint | null;

  @Field(() => MoneyScalar, { nullable: true })
  minAmount!: bigint | null;

  @Field(() => MoneyScalar, { nullable: true })
  maxAmount!: bigint | null;

  @Field(() => Boolean, { description: "The service runs on the sandbox bank: nothing paid here is real money." })
  sandbox!: boolean;
}

@ObjectType({ description: "The charge a payer's confirm made: where its payer's page is." })
class PaymentLinkConfirmation {
  @Field(() => String, { description: "{PUBLIC_BASE_URL}/pay/<token>" })
  paymentUrl!: string;
}

@ArgsType()
class CreatePaymentLinkArgs {
  @Field(() => CreatePaymentLinkInput)
  input!: CreatePaymentLinkInput;

  @Field(() => ID, { nullable: true, description: "Operator only." })
  companyId?: string;
}

@ArgsType()
class PaymentLinkIdArgs {
  @Field(() => ID)
  id!: string;
}

@ArgsType()
class PaymentLinkListArgs extends PagingArgs {
  @Field(() => ID, { nullable: true, description: "Operator only: one account." })
  companyId?: string;
}

@ArgsType()
class PaymentLinkTokenArgs {
  @Field(() => String, { description: "The token of the link's url (/l/<token>)." })
  token!: string;
}

@ArgsType()
class ConfirmPaymentLinkArgs {
  @Field(() => String, { description: "The token of the link's url (/l/<token>)." })
  token!: string;

  @Field(() => MoneyScalar, {
    nullable: true,
    description: "What the payer typed; absent for a link with a fixed amount.",
  })
  amount?: bigint | null;
}

/** The payment link of the REST API, in CONTRACT §13's order. */
const PAYMENT_LINK_REST_FIELDS: RestAnswer = [
  "id",
  "url",
  "status",
  "description",
  "amount",
  "minAmount",
  "maxAmount",
  "reusable",
  "expiresAt",
  "chargesCount",
  "paidCount",
  "paidTotal",
  "createdAt",
];

export const paymentLinkOperations = [
  operation({
    name: "createPaymentLink",
    kind: "mutation",
    description: "A link to send payers: each confirm on its page makes a charge of the account, payable for an hour.",
    access: ["MERCHANT", "OPERATOR"],
    args: CreatePaymentLinkArgs,
    output: () => PaymentLink,
    rest: {
      method: "POST",
      path: "/payment-links",
      status: 201,
      answer: PAYMENT_LINK_REST_FIELDS,
      errors: ["VALIDATION_ERROR"],
      summary:
        "Creates a payment link (url /l/<token>): a fixed amount or one the payer types between min_amount and max_amount; reusable or single-use.",
      tag: "Payment links",
    },
    run: ({ input, companyId }, ctx, { paymentLinks }) =>
      paymentLinks.createPaymentLink(
        requireCompanyScope(ctx.principal, companyId),
        {
          description: input.description,
          amountCents: input.amount,
          minAmountCents: input.minAmount,
          maxAmountCents: input.maxAmount,
          reusable: input.reusable,
          expiresAt: input.expiresAt,
        },
        ctx.audit,
      ),
  }),

  operation({
    name: "paymentLinks",
    kind: "query",
    description: "Newest first, with each link's counts and paid total.",
    access: "caller",
    args: PaymentLinkListArgs,
    output: () => PaymentLinkPage,
    rest: {
      method: "GET",
      path: "/payment-links",
      answer: [{ data: PAYMENT_LINK_REST_FIELDS }, "total", "limit", "offset"],
      args: ["limit", "offset"],
      errors: ["VALIDATION_ERROR"],
      summary: "The account's payment links, newest first (limit 1..100, default 20; offset from 0).",
      tag: "Payment links",
    },
    run: (args, ctx, { paymentLinks }) =>
      paymentLinks.listPaymentLinks(
        companyScope(ctx.principal, args.companyId),
        { limit: args.limit, offset: args.offset, first: args.first, after: args.after },
        ctx.signal,
      ),
  }),

  operation({
    name: "paymentLink",
    kind: "query",
    access: "caller",
    args: PaymentLinkIdArgs,
    output: () => PaymentLink,
    rest: {
      method: "GET",
      path: "/payment-links/:id",
      answer: PAYMENT_LINK_REST_FIELDS,
      errors: ["NOT_FOUND"],
      summary: "A payment link of the account, with its counts and paid total.",
      tag: "Payment links",
    },
    run: ({ id }, ctx, { paymentLinks }) => paymentLinks.getPaymentLink(companyScope(ctx.principal), id),
  }),

  operation({
    name: "deactivatePaymentLink",
    kind: "mutation",
    description: "ACTIVE -> INACTIVE (409 INVALID_STATE otherwise): no charge is made from it any more.",
    access: ["MERCHANT", "OPERATOR"],
    args: PaymentLinkIdArgs,
    output: () => PaymentLink,
    rest: {
      method: "POST",
      path: "/payment-links/:id/deactivate",
      answer: PAYMENT_LINK_REST_FIELDS,
      errors: ["NOT_FOUND", "INVALID_STATE"],
      summary: "Deactivates a payment link: its page makes no charge any more (charges already made stay payable).",
      tag: "Payment links",
    },
    run: ({ id }, ctx, { paymentLinks }) =>
      paymentLinks.deactivatePaymentLink(companyScope(ctx.principal), id, ctx.audit),
  }),

  operation({
    name: "paymentLinkPage",
    kind: "query",
    description: "What a payment link's page shows, by its token; no credential (the payers' pages' limits apply).",
    access: "anyone",
    args: PaymentLinkTokenArgs,
    output: () => PaymentLinkView,
    run: async ({ token }, ctx, { paymentLinks, provider }) => {
      const view = await paymentLinks.pageOf(token, ctx.request.address);
      return {
        accountName: view.accountName,
        description: view.description,
        status: view.status,
        amount: view.amountCents,
        minAmount: view.minAmountCents,
        maxAmount: view.maxAmountCents,
        sandbox: isSandbox(provider),
      };
    },
  }),

  operation({
    name: "confirmPaymentLink",
    kind: "mutation",
    description:
      "A payer confirms a payment link: a charge of its account, payable for an hour; answers its payer's page. No credential; limited per address and per link (RATE_LIMITED).",
    access: "anyone",
    args: ConfirmPaymentLinkArgs,
    output: () => PaymentLinkConfirmation,
    run: async ({ token, amount }, ctx, { paymentLinks }) => ({
      paymentUrl: (await paymentLinks.confirmPaymentLink(token, amount ?? null, ctx.request.address)).paymentUrl,
    }),
  }),
];
