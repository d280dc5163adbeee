import { Arg, Args, Authorized, Ctx, Field, ID, InputType, Mutation, ObjectType, Query, Resolver } from "type-graphql";
import { requestAudit } from "../audit/audit";
import { ClientCredential } from "../auth/client-credential.entity";
import { companyScope, requireCompanyScope } from "../auth/principal";
import { ConsoleUserInvite, ConsoleUserKind, MerchantRoleEnum } from "../console-users/console-user.entity";
import type { RequestContext } from "../graphql/context";
import { PageOf, PagingArgs } from "../graphql/page";
import { MoneyScalar, PercentScalar } from "../graphql/scalars";
import { Company } from "./company.entity";

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
}

@ObjectType({ description: "A new client secret: shown only in this response." })
class IssuedClientSecret {
  @Field(() => ClientCredential)
  credential!: ClientCredential;

  @Field(() => String)
  clientSecret!: string;
}

@Resolver(() => Company)
export class CompaniesResolver {
  @Authorized("ADMIN")
  @Mutation(() => CreateCompanyPayload)
  async createCompany(
    @Arg("input", () => CreateCompanyInput) input: CreateCompanyInput,
    @Ctx() ctx: RequestContext,
  ): Promise<CreateCompanyPayload> {
    const audit = requestAudit(ctx);
    const { ownerEmail } = input;
    const created = await ctx.services.companies.createCompany(
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
      audit,
      ownerEmail
        ? (em, companyId) =>
            ctx.services.consoleUsers.inviteInTransaction(
              em,
              { kind: ConsoleUserKind.MERCHANT, role: MerchantRoleEnum.ADMIN, companyId, email: ownerEmail },
              audit,
            )
        : undefined,
    );
    return { ...created, ownerInvite: created.owner };
  }

  @Authorized("ADMIN")
  @Mutation(() => Company)
  updateCompany(
    @Arg("id", () => ID) id: string,
    @Arg("input", () => UpdateCompanyInput) input: UpdateCompanyInput,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.companies.updateCompany(
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
      requestAudit(ctx),
    );
  }

  @Authorized("VIEWER")
  @Query(() => CompanyPage, {
    description: "Newest first. search matches the id, the CNPJ (any punctuation) or the start of the name (any case).",
  })
  companies(
    @Ctx() ctx: RequestContext,
    @Args(() => PagingArgs) paging: PagingArgs,
    @Arg("search", () => String, { nullable: true }) search?: string,
  ) {
    return ctx.services.companies.listCompanies({
      limit: paging.limit,
      offset: paging.offset,
      first: paging.first,
      after: paging.after,
      search,
    });
  }

  @Authorized("VIEWER")
  @Query(() => Company)
  company(@Arg("id", () => ID) id: string, @Ctx() ctx: RequestContext) {
    return ctx.services.companies.getCompany(id);
  }

  @Authorized("ADMIN", "MERCHANT_ADMIN")
  @Mutation(() => IssuedClientSecret, {
    description: "Operators name the company; a merchant ADMIN issues for its own.",
  })
  issueClientSecret(
    @Ctx() ctx: RequestContext,
    @Arg("companyId", () => ID, { nullable: true }) companyId?: string,
    @Arg("expiresAt", () => Date, { nullable: true }) expiresAt?: Date | null,
    @Arg("label", () => String, { nullable: true, description: "A name for it, at most 60 characters." })
    label?: string | null,
  ) {
    return ctx.services.auth.issueClientSecret(
      requireCompanyScope(ctx.principal, companyId),
      expiresAt ?? null,
      requestAudit(ctx),
      label ?? null,
    );
  }

  @Authorized("ADMIN", "MERCHANT_ADMIN")
  @Mutation(() => ClientCredential, {
    description: "Names a credential (null or blank removes the name). A merchant ADMIN names only its own.",
  })
  labelClientCredential(
    @Arg("credentialId", () => ID) credentialId: string,
    @Arg("label", () => String, { nullable: true }) label: string | null,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.auth.labelClientCredential(credentialId, label, companyScope(ctx.principal), requestAudit(ctx));
  }

  @Authorized("ADMIN", "MERCHANT_ADMIN")
  @Mutation(() => ClientCredential, { description: "A merchant ADMIN revokes only its own company's credentials." })
  revokeClientSecret(@Arg("credentialId", () => ID) credentialId: string, @Ctx() ctx: RequestContext) {
    return ctx.services.auth.revokeClientSecret(credentialId, companyScope(ctx.principal), requestAudit(ctx));
  }

  @Authorized("VIEWER", "MERCHANT_ADMIN")
  @Query(() => [ClientCredential], { description: "Operators name the company; a merchant ADMIN sees its own." })
  clientCredentials(@Ctx() ctx: RequestContext, @Arg("companyId", () => ID, { nullable: true }) companyId?: string) {
    return ctx.services.auth.listClientCredentials(requireCompanyScope(ctx.principal, companyId));
  }
}
