import { ArgsType, Field, ID, ObjectType } from "type-graphql";
import { requireCompanyScope } from "../auth/model";
import { ChargeStatus, ChargeType } from "../charges/model";
import { MoneyScalar } from "../graphql/scalars";
import { declareOperations } from "../operation";
import { isSandbox, type PixProvider } from "../provider";
import type { PayerPageService } from "./payer-page.service";

interface PayerPageServices {
  payerPages: PayerPageService;
  provider: PixProvider;
}

const { operation } = declareOperations<PayerPageServices>();

@ObjectType({
  description:
    "What a charge's payer's page shows (CONTRACT §13): the account's name, the amount, the description, the due date or the expiry, the code and the status; nothing else of the account or the payer.",
})
class PayerPage {
  @Field(() => String, { description: "The merchant's display name for payers, else the account's name." })
  accountName!: string;

  @Field(() => ChargeStatus)
  status!: ChargeStatus;

  @Field(() => ChargeType)
  type!: ChargeType;

  @Field(() => MoneyScalar, {
    description: "PENDING: the amount due today (America/Sao_Paulo); PAID: what was paid; else the charge's amount.",
  })
  amount!: bigint;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => String, { nullable: true, description: "DUE_DATE: YYYY-MM-DD." })
  dueDate!: string | null;

  @Field(() => Date, { description: "The last moment it can be paid." })
  expiresAt!: Date;

  @Field(() => String, { nullable: true, description: "The copy-and-paste BR Code; null unless PENDING." })
  pixCode!: string | null;

  @Field(() => Date, { nullable: true })
  paidAt!: Date | null;

  @Field(() => Boolean, { description: "The service runs on the sandbox bank: nothing paid here is real money." })
  sandbox!: boolean;
}

@ObjectType({ description: "What the account's payers' pages show of it." })
class PayerPageSettings {
  @Field(() => String, {
    nullable: true,
    description: "Shown to payers in place of the account's name; null: the name.",
  })
  displayName!: string | null;
}

@ArgsType()
class PayerPageArgs {
  @Field(() => String, { description: "The token of the charge's payment_url (/pay/<token>)." })
  token!: string;
}

@ArgsType()
class PayerPageSettingsArgs {
  @Field(() => ID, { nullable: true, description: "Operator only." })
  companyId?: string;
}

@ArgsType()
class UpdatePayerPageSettingsArgs {
  @Field(() => String, { nullable: true, description: "At most 60 characters; null or blank: the account's name." })
  displayName?: string | null;

  @Field(() => ID, { nullable: true, description: "Operator only." })
  companyId?: string;
}

export const payerPageOperations = [
  operation({
    name: "payerPage",
    kind: "query",
    description:
      "The payer's page of a charge, by the token of its payment_url; no credential. An unknown token is NOT_FOUND; an address that looks too often, or guesses, is RATE_LIMITED.",
    access: "anyone",
    args: PayerPageArgs,
    output: () => PayerPage,
    run: async ({ token }, ctx, { payerPages, provider }) => {
      const { amountCents, ...view } = await payerPages.pageOf(token, ctx.request.address);
      return { ...view, amount: amountCents, sandbox: isSandbox(provider) };
    },
  }),

  operation({
    name: "payerPageSettings",
    kind: "query",
    access: ["MERCHANT", "VIEWER"],
    args: PayerPageSettingsArgs,
    output: () => PayerPageSettings,
    run: async ({ companyId }, ctx, { payerPages }) => ({
      displayName: await payerPages.displayName(requireCompanyScope(ctx.principal, companyId)),
    }),
  }),

  operation({
    name: "updatePayerPageSettings",
    kind: "mutation",
    description: "The name payers see on the account's payers' pages and payment links.",
    access: ["MERCHANT_ADMIN", "OPERATOR"],
    audit: "every caller",
    args: UpdatePayerPageSettingsArgs,
    output: () => PayerPageSettings,
    run: async ({ displayName, companyId }, ctx, { payerPages }) => ({
      displayName: await payerPages.setDisplayName(
        requireCompanyScope(ctx.principal, companyId),
        displayName ?? null,
        ctx.audit,
      ),
    }),
  }),
];
