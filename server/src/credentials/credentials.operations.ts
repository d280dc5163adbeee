import { ArgsType, Field, ID, ObjectType } from "type-graphql";
import type { AuthService } from "../auth";
import { ClientCredential, companyScope, requireCompanyScope } from "../auth/model";
import { declareOperations } from "../operation";

interface CredentialServices {
  auth: AuthService;
}

const { operation } = declareOperations<CredentialServices>();

@ObjectType({ description: "A new client secret: shown only in this response." })
class IssuedClientSecret {
  @Field(() => ClientCredential)
  credential!: ClientCredential;

  @Field(() => String)
  clientSecret!: string;
}

@ArgsType()
class IssueClientSecretArgs {
  @Field(() => ID, { nullable: true })
  companyId?: string;

  @Field(() => Date, { nullable: true })
  expiresAt?: Date | null;

  @Field(() => String, { nullable: true, description: "A name for it, at most 60 characters." })
  label?: string | null;
}

@ArgsType()
class LabelClientCredentialArgs {
  @Field(() => ID)
  credentialId!: string;

  @Field(() => String, { nullable: true })
  label!: string | null;
}

@ArgsType()
class CredentialIdArgs {
  @Field(() => ID)
  credentialId!: string;
}

@ArgsType()
class ClientCredentialsArgs {
  @Field(() => ID, { nullable: true })
  companyId?: string;
}

/** A company's client credentials (the REST API's client secrets), as operators and merchant ADMINs manage them. */
export const credentialOperations = [
  operation({
    name: "issueClientSecret",
    kind: "mutation",
    description:
      "Operators name the company; a merchant ADMIN issues for its own. A client secret moves the account's money: steps up first (STEP_UP_REQUIRED).",
    access: ["ADMIN", "MERCHANT_ADMIN"],
    stepUp: "always",
    audit: "every caller",
    args: IssueClientSecretArgs,
    output: () => IssuedClientSecret,
    run: ({ companyId, expiresAt, label }, ctx, { auth }) =>
      auth.issueClientSecret(
        requireCompanyScope(ctx.principal, companyId),
        expiresAt ?? null,
        ctx.audit,
        label ?? null,
      ),
  }),

  operation({
    name: "labelClientCredential",
    kind: "mutation",
    description: "Names a credential (null or blank removes the name). A merchant ADMIN names only its own.",
    access: ["ADMIN", "MERCHANT_ADMIN"],
    audit: "every caller",
    args: LabelClientCredentialArgs,
    output: () => ClientCredential,
    run: ({ credentialId, label }, ctx, { auth }) =>
      auth.labelClientCredential(credentialId, label, companyScope(ctx.principal), ctx.audit),
  }),

  operation({
    name: "revokeClientSecret",
    kind: "mutation",
    description: "A merchant ADMIN revokes only its own company's credentials. Steps up first (STEP_UP_REQUIRED).",
    access: ["ADMIN", "MERCHANT_ADMIN"],
    stepUp: "always",
    audit: "every caller",
    args: CredentialIdArgs,
    output: () => ClientCredential,
    run: ({ credentialId }, ctx, { auth }) =>
      auth.revokeClientSecret(credentialId, companyScope(ctx.principal), ctx.audit),
  }),

  operation({
    name: "clientCredentials",
    kind: "query",
    description: "Operators name the company; a merchant ADMIN sees its own.",
    access: ["VIEWER", "MERCHANT_ADMIN"],
    args: ClientCredentialsArgs,
    output: () => [ClientCredential],
    run: ({ companyId }, ctx, { auth }) => auth.listClientCredentials(requireCompanyScope(ctx.principal, companyId)),
  }),
];
