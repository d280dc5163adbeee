import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from "type-graphql";
import { requestAudit } from "../audit/audit";
import { companyScope, requireCompanyScope, requirePrincipal } from "../auth/principal";
import { clearedSessionCookie, sessionCookie } from "../auth/session-cookie";
import { RateLimitedError } from "../core/errors";
import type { RequestContext } from "../graphql/context";
import type { RefusedInputRecorder } from "../graphql/graphql-pipeline";
import { challengeCookie, readTrustedBrowserCookie } from "../two-factor/two-factor-cookies";
import {
  ConsoleLocale,
  ConsoleSession,
  ConsoleUser,
  ConsoleUserInvite,
  InvitePreview,
  MerchantRoleEnum,
  OperatorRoleEnum,
  SignInStepEnum,
  Viewer,
} from "./console-user.entity";
import type { ClientInfo, SignInOutcome } from "./console-users.service";

export function clientOf(ctx: RequestContext): ClientInfo {
  return { address: ctx.request.address, userAgent: ctx.request.userAgent, requestId: ctx.request.id };
}

export function secureCookies(ctx: RequestContext): boolean {
  return ctx.services.config.publicBaseUrl.startsWith("https:");
}

/**
 * A session's cookie, or, when a second factor must come first, the challenge's cookie and
 * a viewer whose signInStep says which (the console then asks for the code or enrols).
 */
async function answerSignIn(ctx: RequestContext, outcome: SignInOutcome) {
  const { consoleUsers } = ctx.services;
  const secure = secureCookies(ctx);
  if (outcome.step === "DONE") {
    ctx.responseHeaders["Set-Cookie"] = sessionCookie(outcome.token, consoleUsers.sessionMaxAgeSeconds, secure);
    return consoleUsers.viewer(outcome.principal);
  }
  ctx.responseHeaders["Set-Cookie"] = challengeCookie(outcome.challengeToken, secure);
  const viewer = await consoleUsers.viewer(outcome.principal);
  return viewer && { ...viewer, signInStep: SignInStepEnum[outcome.step] };
}

/** RATE_LIMITED answers carry Retry-After over HTTP too. */
async function withRetryAfter<T>(ctx: RequestContext, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RateLimitedError) ctx.responseHeaders["Retry-After"] = String(error.retryAfterSeconds);
    throw error;
  }
}

/**
 * Operations of this feature that record an attempt even when its input is refused as text
 * before it runs (graphql/graphql-pipeline.ts): a failed sign-in is always audited.
 */
export const consoleUsersRefusedInputRecorders: Record<string, RefusedInputRecorder> = {
  signIn: (args, ctx) =>
    withRetryAfter(ctx, () => ctx.services.consoleUsers.recordRefusedSignIn(args.email, clientOf(ctx))),
};

@Resolver()
export class ConsoleUsersResolver {
  @Query(() => Viewer, {
    nullable: true,
    description:
      "Who is calling: the signed-in console user, a synthetic viewer for bearer callers (authenticatedBy BEARER), or null.",
  })
  viewer(@Ctx() ctx: RequestContext) {
    return ctx.services.consoleUsers.viewer(ctx.principal);
  }

  @Mutation(() => Viewer, {
    description:
      "Signs in with e-mail and password and sets the session cookie (pix_session; __Host-pix_session over https; a new session each time, the oldest beyond SESSION_MAX_PER_USER ended). A wrong password and an unknown e-mail answer the same UNAUTHENTICATED; attempts are limited per address and per (address, e-mail) pair (RATE_LIMITED with extensions.retryAfter); an e-mail's attempts are slowed down after repeated failures, never refused.",
  })
  async signIn(
    @Arg("email", () => String) email: string,
    @Arg("password", () => String) password: string,
    @Ctx() ctx: RequestContext,
  ) {
    const outcome = await withRetryAfter(ctx, () =>
      ctx.services.consoleUsers.signIn(
        email,
        password,
        ctx.sessionToken,
        clientOf(ctx),
        readTrustedBrowserCookie(ctx.request.cookie),
      ),
    );
    return answerSignIn(ctx, outcome);
  }

  @Mutation(() => Boolean, {
    description: "Ends the console session and clears its cookie; false when there was none.",
  })
  signOut(@Ctx() ctx: RequestContext) {
    ctx.responseHeaders["Set-Cookie"] = clearedSessionCookie(secureCookies(ctx));
    return ctx.services.consoleUsers.signOut(ctx.sessionToken, ctx.principal, clientOf(ctx));
  }

  @Authorized()
  @Mutation(() => Boolean, { description: "Keeps this session and ends the user's other sessions." })
  async changePassword(
    @Arg("currentPassword", () => String) currentPassword: string,
    @Arg("newPassword", () => String, { description: "At least 12 characters." }) newPassword: string,
    @Ctx() ctx: RequestContext,
  ) {
    await withRetryAfter(ctx, () =>
      ctx.services.consoleUsers.changePassword(
        requirePrincipal(ctx.principal),
        ctx.sessionToken,
        currentPassword,
        newPassword,
        clientOf(ctx),
      ),
    );
    return true;
  }

  @Authorized()
  @Mutation(() => Viewer, {
    description:
      "Remembers the signed-in console user's language (the console's pages follow it from the next render). Session users only (FORBIDDEN for bearer callers).",
  })
  setConsoleLocale(@Arg("locale", () => ConsoleLocale) locale: ConsoleLocale, @Ctx() ctx: RequestContext) {
    return ctx.services.consoleUsers.setLocale(requirePrincipal(ctx.principal), locale);
  }

  @Authorized()
  @Query(() => [ConsoleSession], {
    description:
      "The signed-in console user's live sessions, the calling one first (current), then by last use. Session users only (FORBIDDEN for bearer callers).",
  })
  mySessions(@Ctx() ctx: RequestContext) {
    return ctx.services.consoleUsers.sessions(requirePrincipal(ctx.principal), ctx.sessionToken);
  }

  @Authorized()
  @Mutation(() => Boolean, {
    description:
      "Ends one of the signed-in user's sessions by its id (that browser is signed out at its next request); the calling session's own id signs out and clears the cookie. Another user's session is NOT_FOUND.",
  })
  async revokeSession(@Arg("id", () => ID) id: string, @Ctx() ctx: RequestContext) {
    const { current } = await ctx.services.consoleUsers.revokeSession(
      requirePrincipal(ctx.principal),
      ctx.sessionToken,
      id,
      clientOf(ctx),
    );
    if (current) ctx.responseHeaders["Set-Cookie"] = clearedSessionCookie(secureCookies(ctx));
    return true;
  }

  @Authorized()
  @Mutation(() => Int, {
    description: "Ends every session of the signed-in user but the calling one; answers how many.",
  })
  revokeOtherSessions(@Ctx() ctx: RequestContext) {
    return ctx.services.consoleUsers.revokeOtherSessions(
      requirePrincipal(ctx.principal),
      ctx.sessionToken,
      clientOf(ctx),
    );
  }

  @Query(() => InvitePreview, {
    nullable: true,
    description:
      "Who an invite is for (e-mail, role, company), to show on its page before the password is chosen. Null alike for an unknown, used, expired or withdrawn token.",
  })
  invitePreview(@Arg("token", () => String) token: string, @Ctx() ctx: RequestContext) {
    return ctx.services.consoleUsers.invitePreview(token);
  }

  @Mutation(() => Viewer, {
    description: "Sets the invited user's password (at least 12 characters) and signs them in.",
  })
  async acceptInvite(
    @Arg("token", () => String) token: string,
    @Arg("password", () => String) password: string,
    @Ctx() ctx: RequestContext,
    @Arg("name", () => String, { nullable: true }) name?: string,
  ) {
    const outcome = await ctx.services.consoleUsers.acceptInvite(
      token,
      password,
      name ?? null,
      ctx.sessionToken,
      clientOf(ctx),
    );
    return answerSignIn(ctx, outcome);
  }

  @Authorized("ADMIN")
  @Query(() => [ConsoleUser], { description: "Every operator, oldest first." })
  operators(@Ctx() ctx: RequestContext) {
    return ctx.services.consoleUsers.listOperators();
  }

  @Authorized("ADMIN")
  @Mutation(() => ConsoleUserInvite, {
    description: "Invites an operator. A console user with a second factor steps up first (STEP_UP_REQUIRED).",
  })
  async inviteOperator(
    @Arg("email", () => String) email: string,
    @Arg("role", () => OperatorRoleEnum) role: OperatorRoleEnum,
    @Ctx() ctx: RequestContext,
    @Arg("name", () => String, { nullable: true }) name?: string,
  ) {
    await ctx.services.twoFactor.requireStepUp(ctx.principal, ctx.sessionToken);
    return ctx.services.consoleUsers.inviteOperator(email, role, name ?? null, requestAudit(ctx));
  }

  @Authorized("ADMIN")
  @Mutation(() => ConsoleUser, {
    description:
      "Changes an operator's role or disables them (their sessions end). The last active ADMIN stays. A console user with a second factor steps up first (STEP_UP_REQUIRED).",
  })
  async updateOperator(
    @Arg("id", () => ID) id: string,
    @Ctx() ctx: RequestContext,
    @Arg("role", () => OperatorRoleEnum, { nullable: true }) role?: OperatorRoleEnum,
    @Arg("disabled", () => Boolean, { nullable: true }) disabled?: boolean,
  ) {
    await ctx.services.twoFactor.requireStepUp(ctx.principal, ctx.sessionToken);
    return ctx.services.consoleUsers.updateOperator(id, { role, disabled }, requestAudit(ctx));
  }

  @Authorized("VIEWER", "MERCHANT_ADMIN")
  @Query(() => [ConsoleUser], {
    description: "A company's users. Operators name the company; a merchant ADMIN sees its own.",
  })
  companyUsers(@Ctx() ctx: RequestContext, @Arg("companyId", () => ID, { nullable: true }) companyId?: string) {
    return ctx.services.consoleUsers.listCompanyUsers(requireCompanyScope(ctx.principal, companyId));
  }

  @Authorized("ADMIN", "MERCHANT_ADMIN")
  @Mutation(() => ConsoleUserInvite)
  inviteCompanyUser(
    @Arg("email", () => String) email: string,
    @Arg("role", () => MerchantRoleEnum) role: MerchantRoleEnum,
    @Ctx() ctx: RequestContext,
    @Arg("name", () => String, { nullable: true }) name?: string,
    @Arg("companyId", () => ID, { nullable: true, description: "Operators: the company." }) companyId?: string,
  ) {
    return ctx.services.consoleUsers.inviteCompanyUser(
      requireCompanyScope(ctx.principal, companyId),
      email,
      role,
      name ?? null,
      requestAudit(ctx),
      ctx.principal?.kind === "merchant",
    );
  }

  @Authorized("ADMIN", "MERCHANT_ADMIN")
  @Mutation(() => ConsoleUser, { description: "Disables a company user and ends their sessions." })
  removeCompanyUser(@Arg("id", () => ID) id: string, @Ctx() ctx: RequestContext) {
    const principal = requirePrincipal(ctx.principal);
    return ctx.services.consoleUsers.removeCompanyUser(
      id,
      companyScope(principal),
      requestAudit(ctx),
      principal.userId,
    );
  }
}
