import { ArgsType, Field, ID, InputType, ObjectType } from "type-graphql";
import { ConsoleUserInvite, ConsoleUserKind, type ConsoleUsersService, MerchantRoleEnum } from "../console-users";
import { PageOf, PagingArgs } from "../graphql/page";
import { MoneyScalar, PercentScalar } from "../graphql/scalars";
import { declareOperations } from "../operation";
import { AutoApproveLimitRequest } from "./auto-approve-limit-request.entity";
import type { CompaniesService } from "./companies.service";
import { Company } from "./company.entity";

interface CompanyServices {
  companies: CompaniesService;
  consoleUsers: ConsoleUsersService;
}

const { operation } = declareOperations<CompanyServices>();

@InputType()
class CreateCompanyInput {
  @Field(() => String)
  name!: string;

  @Field(() => String, { nullable: true, description: "Merchant city in the BR Code; default SAO PAULO." })
  city?: string | null;

  @Field(() => String, { nullable: true, description: "CNPJ, plain or formatted; stored without punctuation." })
  cnpj?: string | null;

  @Field(() => String, { nullable: true })
  webhookUrl?: string | null;

  @Field(() => PercentScalar, { nullable: true, description: "Default from DEFAULT_FEE_PERCENT." })
  feePercent?: bigint | null;

  @Field(() => MoneyScalar, { nullable: true, description: "Default from DEFAULT_FEE_FIXED." })
  feeFixed?: bigint | null;

  @Field(() => MoneyScalar, { nullable: true })
  autoApproveLimit?: bigint | null;

  @Field(() => Boolean, {
    nullable: true,
    description: "Return the account's payments that cannot be credited to their payers at once; default false.",
  })
  autoReturnExceptions?: boolean | null;

  @Field(() => String, {
    nullable: true,
    description: "E-mail of the company's first console user (a merchant ADMIN), invited now.",
  })
  ownerEmail?: string | null;
}

@InputType()
class UpdateCompanyInput {
  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => String, { nullable: true })
  city?: string | null;

  @Field(() => String, { nullable: true, description: "Send null to remove it." })
  cnpj?: string | null;

  @Field(() => PercentScalar, { nullable: true })
  feePercent?: bigint | null;

  @Field(() => MoneyScalar, { nullable: true })
  feeFixed?: bigint | null;

  @Field(() => MoneyScalar, { nullable: true, description: "Send null to remove the limit." })
  autoApproveLimit?: bigint | null;

  @Field(() => Boolean, {
    nullable: true,
    description: "Return the account's payments that cannot be credited to their payers at once.",
  })
  autoReturnExceptions?: boolean | null;
}

/** Whether an update touches what the account pays or what leaves it without an operator. */
function moneyTermsChange(input: UpdateCompanyInput): boolean {
  return input.feePercent !== undefined || input.feeFixed !== undefined || input.autoApproveLimit !== undefined;
}

@ObjectType()
class CompanyPage extends PageOf(Company) {}

@ObjectType({ description: "The new account and its secrets: shown only in this response." })
class CreateCompanyPayload {
  @Field(() => Company)
  company!: Company;

  @Field(() => String)
  clientSecret!: string;

  @Field(() => String)
  webhookSecret!: string;

  @Field(() => ConsoleUserInvite, { nullable: true, description: "The invite of ownerEmail, when given." })
  ownerInvite!: ConsoleUserInvite | null;

  @Field(() => AutoApproveLimitRequest, {
    nullable: true,
    description:
      "An autoApproveLimit above APPROVAL_SECOND_OPERATOR_ABOVE: the account starts at the threshold and this raise waits for a second operator.",
  })
  autoApproveLimitRequest!: AutoApproveLimitRequest | null;
}

@ArgsType()
class CreateCompanyArgs {
  @Field(() => CreateCompanyInput)
  input!: CreateCompanyInput;
}

@ArgsType()
class UpdateCompanyArgs {
  @Field(() => ID)
  id!: string;

  @Field(() => UpdateCompanyInput)
  input!: UpdateCompanyInput;
}

@ArgsType()
class CompanyIdArgs {
  @Field(() => ID)
  id!: string;
}

@ArgsType()
class LimitRequestIdArgs {
  @Field(() => ID)
  id!: string;
}

@ArgsType()
class DeclineLimitRequestArgs extends LimitRequestIdArgs {
  @Field(() => String, { nullable: true })
  reason?: string | null;
}

@ArgsType()
class CompanyListArgs extends PagingArgs {
  @Field(() => String, { nullable: true })
  search?: string;
}

export const companyOperations = [
  operation({
    name: "createCompany",
    kind: "mutation",
    description:
      "Issues the account's first client secret: steps up first (STEP_UP_REQUIRED). An autoApproveLimit above APPROVAL_SECOND_OPERATOR_ABOVE starts at the threshold; the value asked for waits for a second operator (autoApproveLimitRequest).",
    access: ["ADMIN"],
    stepUp: "always",
    audit: "every caller",
    args: CreateCompanyArgs,
    output: () => CreateCompanyPayload,
    run: async ({ input }, ctx, { companies, consoleUsers }): Promise<CreateCompanyPayload> => {
      const { ownerEmail } = input;
      const created = await companies.createCompany(
        {
          name: input.name,
          city: input.city,
          cnpj: input.cnpj,
          webhookUrl: input.webhookUrl,
          feePercentCenti: input.feePercent,
          feeFixedCents: input.feeFixed,
          autoApproveLimitCents: input.autoApproveLimit,
          autoReturnExceptions: input.autoReturnExceptions,
        },
        ctx,
        ownerEmail
          ? (em, companyId) =>
              consoleUsers.inviteInTransaction(
                em,
                { kind: ConsoleUserKind.MERCHANT, role: MerchantRoleEnum.ADMIN, companyId, email: ownerEmail },
                ctx.audit,
              )
          : undefined,
      );
      return { ...created, ownerInvite: created.owner };
    },
  }),

  operation({
    name: "updateCompany",
    kind: "mutation",
    description:
      "Changing the fees or the auto-approve limit (what leaves without an operator) steps up first (STEP_UP_REQUIRED). Raising the limit above APPROVAL_SECOND_OPERATOR_ABOVE raises it to the threshold now and the value asked for waits for a second, different operator (pendingAutoApproveLimitRequest, confirmAutoApproveLimitRequest); one raise waits at a time (INVALID_STATE). Lowering it applies at once.",
    access: ["ADMIN"],
    stepUp: { when: ({ input }) => moneyTermsChange(input) },
    audit: "every caller",
    args: UpdateCompanyArgs,
    output: () => Company,
    run: ({ id, input }, ctx, { companies }) =>
      companies.updateCompany(
        id,
        {
          name: input.name,
          city: input.city,
          cnpj: input.cnpj,
          feePercentCenti: input.feePercent,
          feeFixedCents: input.feeFixed,
          autoApproveLimitCents: input.autoApproveLimit,
          autoReturnExceptions: input.autoReturnExceptions,
        },
        ctx,
      ),
  }),

  operation({
    name: "confirmAutoApproveLimitRequest",
    kind: "mutation",
    description:
      "REQUESTED -> CONFIRMED by a second operator (not the requester, who gets INVALID_STATE): the account's auto-approve limit becomes requestedLimit now. Steps up first (STEP_UP_REQUIRED).",
    access: ["ADMIN"],
    stepUp: "always",
    audit: "every caller",
    args: LimitRequestIdArgs,
    output: () => AutoApproveLimitRequest,
    run: ({ id }, ctx, { companies }) => companies.confirmLimitRaise(id, ctx),
  }),

  operation({
    name: "declineAutoApproveLimitRequest",
    kind: "mutation",
    description:
      "REQUESTED -> DECLINED (by any ADMIN, its requester too), with an optional reason; the limit stays as it is.",
    access: ["ADMIN"],
    audit: "every caller",
    args: DeclineLimitRequestArgs,
    output: () => AutoApproveLimitRequest,
    run: ({ id, reason }, ctx, { companies }) => companies.declineLimitRaise(id, reason ?? null, ctx),
  }),

  operation({
    name: "companies",
    kind: "query",
    description: "Newest first. search matches the id, the CNPJ (any punctuation) or the start of the name (any case).",
    access: ["VIEWER"],
    args: CompanyListArgs,
    output: () => CompanyPage,
    // The filter is written field by field, not spread from the arguments (see PagingArgs).
    run: (args, _ctx, { companies }) =>
      companies.listCompanies({
        limit: args.limit,
        offset: args.offset,
        first: args.first,
        after: args.after,
        search: args.search,
      }),
  }),

  operation({
    name: "company",
    kind: "query",
    access: ["VIEWER"],
    args: CompanyIdArgs,
    output: () => Company,
    run: ({ id }, _ctx, { companies }) => companies.getCompany(id),
  }),
];
