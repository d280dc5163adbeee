import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from "type-graphql";
import { requestAudit } from "../audit/audit";
import { requireCompanyScope, requirePrincipal } from "../auth/principal";
import { sessionCookie } from "../auth/session-cookie";
import { principalOfUser } from "../auth/sessions";
import { SignInStepEnum, Viewer } from "../console-users/console-user.entity";
import { clientOf, secureCookies } from "../console-users/console-users.resolver";
import { notFound, RateLimitedError } from "../core/errors";
import type { RequestContext } from "../graphql/context";
import { TwoFactorEnrolled, TwoFactorEnrolment, TwoFactorStatus } from "./two-factor.entity";
import { clearedChallengeCookie, readChallengeCookie, trustedBrowserCookie } from "./two-factor-cookies";

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
 * The second factor (two-factor.service.ts): the sign-in's code step and the enrolment at a
 * first sign-in (both by the challenge cookie, before any session), the signed-in user's own
 * factor (status, enrolment, recovery codes, trusted browsers, step-up), an operator ADMIN's
 * reset of another user's factor, and a company's requirement.
 */
@Resolver()
export class TwoFactorResolver {
  @Authorized()
  @Query(() => TwoFactorStatus, { description: "The signed-in console user's second factor." })
  twoFactorStatus(@Ctx() ctx: RequestContext) {
    return ctx.services.twoFactor.status(requirePrincipal(ctx.principal), ctx.sessionToken);
  }

  @Mutation(() => Viewer, {
    description:
      "The sign-in's second step (after signIn answered SECOND_FACTOR): a code from the authenticator app or a recovery code. Opens the session; trustBrowser skips the code in this browser for 30 days. A wrong code is VALIDATION_ERROR; codes are limited per user (RATE_LIMITED).",
  })
  async completeSignIn(
    @Arg("code", () => String) code: string,
    @Ctx() ctx: RequestContext,
    @Arg("trustBrowser", () => Boolean, { nullable: true }) trustBrowser?: boolean,
  ) {
    const { twoFactor, consoleUsers } = ctx.services;
    const challenge = readChallengeCookie(ctx.request.cookie);
    const userId = await twoFactor.challengeUser(challenge, "CODE");
    const method = await withRetryAfter(ctx, () => twoFactor.completeChallenge(challenge, code, clientOf(ctx)));
    const user = await consoleUsers.findUser(userId);
    if (!user) throw notFound("Console user");
    const opened = await consoleUsers.openSession(user, ctx.sessionToken, clientOf(ctx), method);
    const secure = secureCookies(ctx);
    const cookies = [
      sessionCookie(opened.token, consoleUsers.sessionMaxAgeSeconds, secure),
      clearedChallengeCookie(secure),
    ];
    if (trustBrowser)
      cookies.push(trustedBrowserCookie(await twoFactor.trustBrowser(userId, ctx.request.userAgent), secure));
    ctx.responseHeaders["Set-Cookie"] = cookies;
    return consoleUsers.viewer(opened.principal);
  }

  @Mutation(() => TwoFactorEnrolment, {
    description:
      "A new TOTP secret for the signed-in user, or for a first sign-in that must enrol (signIn answered ENROL_SECOND_FACTOR). Confirm it with confirmTwoFactorEnrolment; CONFLICT when a factor is already on.",
  })
  async startTwoFactorEnrolment(@Ctx() ctx: RequestContext) {
    const userId = ctx.principal?.userId ?? (await this.enrollingUser(ctx));
    return ctx.services.twoFactor.startEnrolment(userId);
  }

  @Mutation(() => TwoFactorEnrolled, {
    description:
      "The first code of the new secret turns the factor on and answers ten recovery codes, shown only now. At a first sign-in it opens the session.",
  })
  async confirmTwoFactorEnrolment(@Arg("code", () => String) code: string, @Ctx() ctx: RequestContext) {
    const { twoFactor, consoleUsers } = ctx.services;
    const client = clientOf(ctx);
    if (ctx.principal?.userId) {
      const principal = ctx.principal;
      const recoveryCodes = await withRetryAfter(ctx, () =>
        twoFactor.confirmEnrolment(principal.userId as string, code, requestAudit(ctx), client, async (em) => {
          // The code just given counts as this session's step-up.
          if (ctx.sessionToken) await twoFactor.markSessionVerified(em, ctx.sessionToken);
        }),
      );
      return { recoveryCodes, viewer: await consoleUsers.viewer(principal) };
    }
    const challenge = readChallengeCookie(ctx.request.cookie);
    const userId = await twoFactor.challengeUser(challenge, "ENROL");
    const user = await consoleUsers.findUser(userId);
    if (!user) throw notFound("Console user");
    let token = "";
    const audit = {
      actor: `${user.kind === "OPERATOR" ? "operator" : "merchant"}:${user.id}`,
      actorKind: user.kind === "OPERATOR" ? ("OPERATOR" as const) : ("MERCHANT" as const),
      address: client.address,
      requestId: client.requestId,
    };
    const recoveryCodes = await withRetryAfter(ctx, () =>
      twoFactor.confirmEnrolment(userId, code, audit, client, async (em) => {
        await twoFactor.deleteChallenge(em, challenge as string);
        token = (await consoleUsers.openSession(user, ctx.sessionToken, client, "TOTP", em)).token;
      }),
    );
    const secure = secureCookies(ctx);
    ctx.responseHeaders["Set-Cookie"] = [
      sessionCookie(token, consoleUsers.sessionMaxAgeSeconds, secure),
      clearedChallengeCookie(secure),
    ];
    const viewer = await consoleUsers.viewer(principalOfUser(user));
    return { recoveryCodes, viewer: viewer && { ...viewer, signInStep: SignInStepEnum.DONE } };
  }

  @Authorized()
  @Mutation(() => Date, {
    description:
      "Step-up: a code (or a recovery code) lets this session approve amounts above APPROVAL_SECOND_OPERATOR_ABOVE and manage operators for 10 minutes. Answers until when.",
  })
  verifyStepUp(@Arg("code", () => String) code: string, @Ctx() ctx: RequestContext) {
    return withRetryAfter(ctx, () =>
      ctx.services.twoFactor.stepUp(requirePrincipal(ctx.principal), ctx.sessionToken, code, clientOf(ctx)),
    );
  }

  @Authorized()
  @Mutation(() => [String], {
    description: "Ten new recovery codes after a right code; the old ones stop working. Shown only now.",
  })
  regenerateRecoveryCodes(@Arg("code", () => String) code: string, @Ctx() ctx: RequestContext) {
    return withRetryAfter(ctx, () =>
      ctx.services.twoFactor.regenerateRecoveryCodes(requirePrincipal(ctx.principal), code, clientOf(ctx)),
    );
  }

  @Authorized()
  @Mutation(() => Boolean, {
    description: "Turns the signed-in user's second factor off after a right code; INVALID_STATE while it is required.",
  })
  async disableTwoFactor(@Arg("code", () => String) code: string, @Ctx() ctx: RequestContext) {
    await withRetryAfter(ctx, () =>
      ctx.services.twoFactor.disable(requirePrincipal(ctx.principal), code, clientOf(ctx)),
    );
    return true;
  }

  @Authorized()
  @Mutation(() => Number, { description: "Every browser trusted for 30 days asks for a code again; answers how many." })
  forgetTrustedBrowsers(@Ctx() ctx: RequestContext) {
    return ctx.services.twoFactor.forgetTrustedBrowsers(requirePrincipal(ctx.principal), clientOf(ctx));
  }

  @Authorized("ADMIN")
  @Mutation(() => Boolean, {
    description:
      "Removes another console user's second factor (lost phone and recovery codes): their sessions end and they enrol again at the next sign-in when it is required. Audited; steps up first (STEP_UP_REQUIRED).",
  })
  async resetTwoFactor(@Arg("userId", () => ID) userId: string, @Ctx() ctx: RequestContext) {
    const principal = requirePrincipal(ctx.principal);
    await ctx.services.twoFactor.requireStepUp(principal, ctx.sessionToken);
    await ctx.services.twoFactor.reset(userId, requestAudit(ctx), principal.userId);
    return true;
  }

  @Authorized("VIEWER", "MERCHANT_ADMIN")
  @Query(() => Boolean, { description: "Whether the company requires a second factor of its users." })
  companyTwoFactorRequired(
    @Ctx() ctx: RequestContext,
    @Arg("companyId", () => ID, { nullable: true, description: "Operators: the company." }) companyId?: string,
  ) {
    return ctx.services.twoFactor.companyRequirement(requireCompanyScope(ctx.principal, companyId));
  }

  @Authorized("ADMIN", "MERCHANT_ADMIN")
  @Mutation(() => Boolean, {
    description:
      "Requires (or no longer requires) a second factor of the company's users; turning it on ends the sessions of those without one. A merchant admin enrols their own first.",
  })
  setCompanyTwoFactorRequired(
    @Arg("required", () => Boolean) required: boolean,
    @Ctx() ctx: RequestContext,
    @Arg("companyId", () => ID, { nullable: true, description: "Operators: the company." }) companyId?: string,
  ) {
    const principal = requirePrincipal(ctx.principal);
    return ctx.services.twoFactor.setCompanyRequirement(
      requireCompanyScope(principal, companyId),
      required,
      principal,
      requestAudit(ctx),
    );
  }

  private async enrollingUser(ctx: RequestContext): Promise<string> {
    return ctx.services.twoFactor.challengeUser(readChallengeCookie(ctx.request.cookie), "ENROL");
  }
}
