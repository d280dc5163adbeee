import { ArgsType, Field, ID, Int } from "type-graphql";
import { requestAudit } from "../audit";
import {
  clearedSessionCookie,
  companyScope,
  requireCompanyScope,
  requirePrincipal,
  sessionCookie,
} from "../auth/model";
import type { AppConfig } from "../core/config";
import type { RequestContext } from "../graphql/context";
import type { RefusedInputRecorder } from "../graphql/graphql-pipeline";
import { declareOperations, type OperationContext } from "../operation";
import { challengeCookie, readTrustedBrowserCookie } from "../two-factor";
import { clientOf, secureCookies, withRetryAfter } from "./console-client";
import {
  ConsoleLocale,
  ConsoleSession,
  ConsoleUser,
  ConsoleUserInvite,
  ConsoleUserKind,
  InvitePreview,
  MerchantRoleEnum,
  OperatorRoleEnum,
  SignInStepEnum,
  Viewer,
} from "./console-user.entity";
import type { ConsoleUsersService, SignInOutcome } from "./console-users.service";

interface ConsoleUserServices {
  consoleUsers: ConsoleUsersService;
  config: Pick<AppConfig, "publicBaseUrl">;
}

const { operation } = declareOperations<ConsoleUserServices>();

/**
 * A session's cookie, or, when a second factor must come first, the challenge's cookie and
 * a viewer whose signInStep alone says which (the console then asks for the code or enrols).
 */
async function answerSignIn(
  ctx: OperationContext,
  { consoleUsers, config }: ConsoleUserServices,
  outcome: SignInOutcome,
) {
  const secure = secureCookies(config);
  if (outcome.step === "DONE") {
    ctx.responseHeaders["Set-Cookie"] = sessionCookie(outcome.token, consoleUsers.sessionMaxAgeSeconds, secure);
    return consoleUsers.viewer(outcome.principal);
  }
  ctx.responseHeaders["Set-Cookie"] = challengeCookie(outcome.challengeToken, secure);
  return viewerBeforeSecondFactor(outcome.step);
}

/**
 * A right password is not yet a sign-in: until the second factor is given (or enrolled) the
 * answer says only which step comes next, nothing of who the user is (id and role empty).
 */
function viewerBeforeSecondFactor(step: Exclude<SignInOutcome["step"], "DONE">): Viewer {
  return {
    id: "",
    email: null,
    name: null,
    kind: ConsoleUserKind.MERCHANT,
    role: "",
    companyId: null,
    companyName: null,
    locale: null,
    authenticatedBy: "SESSION",
    signInStep: SignInStepEnum[step],
  };
}

/**
 * Operations of this feature that record an attempt even when its input is refused as text
 * before it runs (graphql/graphql-pipeline.ts): a failed sign-in is always audited.
 */
export const consoleUsersRefusedInputRecorders: Record<string, RefusedInputRecorder> = {
  signIn: (args, ctx: RequestContext) =>
    withRetryAfter(ctx, () => ctx.services.consoleUsers.recordRefusedSignIn(args.email, clientOf(ctx))),
};

@ArgsType()
class SignInArgs {
  @Field(() => String)
  email!: string;

  @Field(() => String)
  password!: string;
}

@ArgsType()
class ChangePasswordArgs {
  @Field(() => String)
  currentPassword!: string;

  @Field(() => String, { description: "At least 12 characters." })
  newPassword!: string;
}

@ArgsType()
class SetConsoleLocaleArgs {
  @Field(() => ConsoleLocale)
  locale!: ConsoleLocale;
}

@ArgsType()
class IdArgs {
  @Field(() => ID)
  id!: string;
}

@ArgsType()
class InviteTokenArgs {
  @Field(() => String)
  token!: string;
}

@ArgsType()
class AcceptInviteArgs {
  @Field(() => String)
  token!: string;

  @Field(() => String)
  password!: string;

  @Field(() => String, { nullable: true })
  name?: string;
}

@ArgsType()
class InviteOperatorArgs {
  @Field(() => String)
  email!: string;

  @Field(() => OperatorRoleEnum)
  role!: OperatorRoleEnum;

  @Field(() => String, { nullable: true })
  name?: string;
}

@ArgsType()
class UpdateOperatorArgs {
  @Field(() => ID)
  id!: string;

  @Field(() => OperatorRoleEnum, { nullable: true })
  role?: OperatorRoleEnum;

  @Field(() => Boolean, { nullable: true })
  disabled?: boolean;
}

@ArgsType()
class CompanyUsersArgs {
  @Field(() => ID, { nullable: true })
  companyId?: string;
}

@ArgsType()
class InviteCompanyUserArgs {
  @Field(() => String)
  email!: string;

  @Field(() => MerchantRoleEnum)
  role!: MerchantRoleEnum;

  @Field(() => String, { nullable: true })
  name?: string;

  @Field(() => ID, { nullable: true, description: "Operators: the company." })
  companyId?: string;
}

export const consoleUserOperations = [
  operation({
    name: "viewer",
    kind: "query",
    description:
      "Who is calling: the signed-in console user, a synthetic viewer for bearer callers (authenticatedBy BEARER), or null.",
    access: "anyone",
    output: () => Viewer,
    nullable: true,
    run: (_args, ctx, { consoleUsers }) => consoleUsers.viewer(ctx.principal),
  }),

  operation({
    name: "signIn",
    kind: "mutation",
    description:
      "Signs in with e-mail and password and sets the session cookie (pix_session; __Host-pix_session over https; a new session each time, the oldest beyond SESSION_MAX_PER_USER ended). A wrong password and an unknown e-mail answer the same UNAUTHENTICATED; attempts are limited per address and per (address, e-mail) pair (RATE_LIMITED with extensions.retryAfter); an e-mail's attempts are slowed down after repeated failures, never refused.",
    access: "anyone",
    args: SignInArgs,
    output: () => Viewer,
    run: async ({ email, password }, ctx, deps) => {
      const outcome = await withRetryAfter(ctx, () =>
        deps.consoleUsers.signIn(
          email,
          password,
          ctx.sessionToken,
          clientOf(ctx),
          readTrustedBrowserCookie(ctx.request.cookie, secureCookies(deps.config)),
        ),
      );
      return answerSignIn(ctx, deps, outcome);
    },
  }),

  operation({
    name: "signOut",
    kind: "mutation",
    description: "Ends the console session and clears its cookie; false when there was none.",
    access: "anyone",
    output: () => Boolean,
    run: (_args, ctx, { consoleUsers, config }) => {
      ctx.responseHeaders["Set-Cookie"] = clearedSessionCookie(secureCookies(config));
      return consoleUsers.signOut(ctx.sessionToken, ctx.principal, clientOf(ctx));
    },
  }),

  operation({
    name: "changePassword",
    kind: "mutation",
    description:
      "Keeps this session and ends the user's other sessions; every browser the user trusted asks for a code again. Steps up first (STEP_UP_REQUIRED) when the user has a second factor.",
    access: "caller",
    stepUp: "always",
    args: ChangePasswordArgs,
    output: () => Boolean,
    run: async ({ currentPassword, newPassword }, ctx, { consoleUsers }) => {
      await withRetryAfter(ctx, () =>
        consoleUsers.changePassword(
          requirePrincipal(ctx.principal),
          ctx.sessionToken,
          currentPassword,
          newPassword,
          clientOf(ctx),
        ),
      );
      return true;
    },
  }),

  operation({
    name: "setConsoleLocale",
    kind: "mutation",
    description:
      "Remembers the signed-in console user's language (the console's pages follow it from the next render). Session users only (FORBIDDEN for bearer callers).",
    access: "caller",
    args: SetConsoleLocaleArgs,
    output: () => Viewer,
    run: ({ locale }, ctx, { consoleUsers }) => consoleUsers.setLocale(requirePrincipal(ctx.principal), locale),
  }),

  operation({
    name: "mySessions",
    kind: "query",
    description:
      "The signed-in console user's live sessions, the calling one first (current), then by last use. Session users only (FORBIDDEN for bearer callers).",
    access: "caller",
    output: () => [ConsoleSession],
    run: (_args, ctx, { consoleUsers }) => consoleUsers.sessions(requirePrincipal(ctx.principal), ctx.sessionToken),
  }),

  operation({
    name: "revokeSession",
    kind: "mutation",
    description:
      "Ends one of the signed-in user's sessions by its id (that browser is signed out at its next request); the calling session's own id signs out and clears the cookie. Another user's session is NOT_FOUND.",
    access: "caller",
    args: IdArgs,
    output: () => Boolean,
    run: async ({ id }, ctx, { consoleUsers, config }) => {
      const { current } = await consoleUsers.revokeSession(
        requirePrincipal(ctx.principal),
        ctx.sessionToken,
        id,
        clientOf(ctx),
      );
      if (current) ctx.responseHeaders["Set-Cookie"] = clearedSessionCookie(secureCookies(config));
      return true;
    },
  }),

  operation({
    name: "revokeOtherSessions",
    kind: "mutation",
    description: "Ends every session of the signed-in user but the calling one; answers how many.",
    access: "caller",
    output: () => Int,
    run: (_args, ctx, { consoleUsers }) =>
      consoleUsers.revokeOtherSessions(requirePrincipal(ctx.principal), ctx.sessionToken, clientOf(ctx)),
  }),

  operation({
    name: "invitePreview",
    kind: "query",
    description:
      "Who an invite is for (e-mail, role, company), to show on its page before the password is chosen. Null alike for an unknown, used, expired or withdrawn token.",
    access: "anyone",
    args: InviteTokenArgs,
    output: () => InvitePreview,
    nullable: true,
    run: ({ token }, _ctx, { consoleUsers }) => consoleUsers.invitePreview(token),
  }),

  operation({
    name: "acceptInvite",
    kind: "mutation",
    description: "Sets the invited user's password (at least 12 characters) and signs them in.",
    access: "anyone",
    args: AcceptInviteArgs,
    output: () => Viewer,
    run: async ({ token, password, name }, ctx, deps) => {
      const outcome = await deps.consoleUsers.acceptInvite(
        token,
        password,
        name ?? null,
        ctx.sessionToken,
        clientOf(ctx),
      );
      return answerSignIn(ctx, deps, outcome);
    },
  }),

  operation({
    name: "operators",
    kind: "query",
    description: "Every operator, oldest first.",
    access: ["ADMIN"],
    output: () => [ConsoleUser],
    run: (_args, _ctx, { consoleUsers }) => consoleUsers.listOperators(),
  }),

  operation({
    name: "inviteOperator",
    kind: "mutation",
    description: "Invites an operator. A console user with a second factor steps up first (STEP_UP_REQUIRED).",
    access: ["ADMIN"],
    stepUp: "always",
    audit: "every caller",
    args: InviteOperatorArgs,
    output: () => ConsoleUserInvite,
    run: ({ email, role, name }, ctx, { consoleUsers }) =>
      consoleUsers.inviteOperator(email, role, name ?? null, requestAudit(ctx)),
  }),

  operation({
    name: "updateOperator",
    kind: "mutation",
    description:
      "Changes an operator's role or disables them (their sessions end). The last active ADMIN stays. A console user with a second factor steps up first (STEP_UP_REQUIRED).",
    access: ["ADMIN"],
    stepUp: "always",
    audit: "every caller",
    args: UpdateOperatorArgs,
    output: () => ConsoleUser,
    run: ({ id, role, disabled }, ctx, { consoleUsers }) =>
      consoleUsers.updateOperator(id, { role, disabled }, requestAudit(ctx)),
  }),

  operation({
    name: "companyUsers",
    kind: "query",
    description: "A company's users. Operators name the company; a merchant ADMIN sees its own.",
    access: ["VIEWER", "MERCHANT_ADMIN"],
    args: CompanyUsersArgs,
    output: () => [ConsoleUser],
    run: ({ companyId }, ctx, { consoleUsers }) =>
      consoleUsers.listCompanyUsers(requireCompanyScope(ctx.principal, companyId)),
  }),

  operation({
    name: "inviteCompanyUser",
    kind: "mutation",
    access: ["ADMIN", "MERCHANT_ADMIN"],
    audit: "every caller",
    args: InviteCompanyUserArgs,
    output: () => ConsoleUserInvite,
    run: ({ email, role, name, companyId }, ctx, { consoleUsers }) =>
      consoleUsers.inviteCompanyUser(
        requireCompanyScope(ctx.principal, companyId),
        email,
        role,
        name ?? null,
        requestAudit(ctx),
        ctx.principal?.kind === "merchant",
      ),
  }),

  operation({
    name: "removeCompanyUser",
    kind: "mutation",
    description: "Disables a company user and ends their sessions.",
    access: ["ADMIN", "MERCHANT_ADMIN"],
    audit: "every caller",
    args: IdArgs,
    output: () => ConsoleUser,
    run: ({ id }, ctx, { consoleUsers }) => {
      const principal = requirePrincipal(ctx.principal);
      return consoleUsers.removeCompanyUser(id, companyScope(principal), requestAudit(ctx), principal.userId);
    },
  }),
];
