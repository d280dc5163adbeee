import { Arg, Authorized, Ctx, Field, ID, InputType, Mutation, ObjectType, Query, Resolver } from "type-graphql";
import { ClientCredential } from "../auth/client-credential.entity";
import type { RequestContext } from "../graphql/context";
import { MoneyScalar, PercentScalar } from "../graphql/scalars";
import { Company } from "./company.entity";

@InputType()
class CreateCompanyInput {
  @Field(() => String)
  name!: string;

  @Field(() => String, { nullable: true, description: "Merchant city in the BR Code; default SAO PAULO." })
  city?: string | null;

  @Field(() => String, { nullable: true })
  webhookUrl?: string | null;

  @Field(() => PercentScalar, { nullable: true, description: "Default from DEFAULT_FEE_PERCENT." })
  feePercent?: bigint | null;

  @Field(() => MoneyScalar, { nullable: true, description: "Default from DEFAULT_FEE_FIXED." })
  feeFixed?: bigint | null;

  @Field(() => MoneyScalar, { nullable: true })
  autoApproveLimit?: bigint | null;
}

@InputType()
class UpdateCompanyInput {
  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => String, { nullable: true })
  city?: string | null;

  @Field(() => PercentScalar, { nullable: true })
  feePercent?: bigint | null;

  @Field(() => MoneyScalar, { nullable: true })
  feeFixed?: bigint | null;

  @Field(() => MoneyScalar, { nullable: true, description: "Send null to remove the limit." })
  autoApproveLimit?: bigint | null;
}

@ObjectType({ description: "The new account and its secrets: shown only in this response." })
class CreateCompanyPayload {
  @Field(() => Company)
  company!: Company;

  @Field(() => String)
  clientSecret!: string;

  @Field(() => String)
  webhookSecret!: string;
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
  @Authorized("OPERATOR")
  @Mutation(() => CreateCompanyPayload)
  createCompany(@Arg("input", () => CreateCompanyInput) input: CreateCompanyInput, @Ctx() ctx: RequestContext) {
    return ctx.services.companies.createCompany({
      name: input.name,
      city: input.city,
      webhookUrl: input.webhookUrl,
      feePercentCenti: input.feePercent,
      feeFixedCents: input.feeFixed,
      autoApproveLimitCents: input.autoApproveLimit,
    });
  }

  @Authorized("OPERATOR")
  @Mutation(() => Company)
  updateCompany(
    @Arg("id", () => ID) id: string,
    @Arg("input", () => UpdateCompanyInput) input: UpdateCompanyInput,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.companies.updateCompany(id, {
      name: input.name,
      city: input.city,
      feePercentCenti: input.feePercent,
      feeFixedCents: input.feeFixed,
      autoApproveLimitCents: input.autoApproveLimit,
    });
  }

  @Authorized("OPERATOR")
  @Query(() => [Company])
  companies(@Ctx() ctx: RequestContext) {
    return ctx.services.companies.listCompanies();
  }

  @Authorized("OPERATOR")
  @Query(() => Company)
  company(@Arg("id", () => ID) id: string, @Ctx() ctx: RequestContext) {
    return ctx.services.companies.getCompany(id);
  }

  @Authorized("OPERATOR")
  @Mutation(() => IssuedClientSecret)
  issueClientSecret(
    @Arg("companyId", () => ID) companyId: string,
    @Arg("expiresAt", () => Date, { nullable: true }) expiresAt: Date | null,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.auth.issueClientSecret(companyId, expiresAt ?? null);
  }

  @Authorized("OPERATOR")
  @Mutation(() => ClientCredential)
  revokeClientSecret(@Arg("credentialId", () => ID) credentialId: string, @Ctx() ctx: RequestContext) {
    return ctx.services.auth.revokeClientSecret(credentialId);
  }

  @Authorized("OPERATOR")
  @Query(() => [ClientCredential])
  clientCredentials(@Arg("companyId", () => ID) companyId: string, @Ctx() ctx: RequestContext) {
    return ctx.services.auth.listClientCredentials(companyId);
  }
}
