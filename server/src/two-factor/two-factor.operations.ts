import { ArgsType, Field, ID } from "type-graphql";
import { requestAudit } from "../audit";
import { principalOfUser, requireCompanyScope, requirePrincipal, sessionCookie } from "../auth/model";
import {
  type ConsoleUsersService,
  clientOf,
  SignInStepEnum,
  secureCookies,
  Viewer,
  withRetryAfter,
} from "../console-users";
import type { AppConfig } from "../core/config";
import { notFound } from "../core/errors";
import { declareOperations } from "../operation";
import { TwoFactorEnrolled, TwoFactorEnrolment, TwoFactorStatus } from "./two-factor.entity";
import type { TwoFactorService } from "./two-factor.service";
import { clearedChallengeCookie, readChallengeCookie, trustedBrowserCookie } from "./two-factor-cookies";

interface TwoFactorServices {
  twoFactor: TwoFactorService;
  consoleUsers: ConsoleUsersService;
  config: Pick<AppConfig, "publicBaseUrl">;
}

const { operation } = declareOperations<TwoFactorServices>();

@ArgsType()
class CodeArgs {
  @Field(() => String)
  code!: string;
}

@ArgsType()
class CompleteSignInArgs extends CodeArgs {
  @Field(() => Boolean, { nullable: true })
  trustBrowser?: boolean;
}

@ArgsType()
class UserIdArgs {
  @Field(() => ID)
  userId!: string;
}

@ArgsType()
class CompanyArgs {
  @Field(() => ID, { nullable: true, description: "Operators: the company." })
  companyId?: string;
}

@ArgsType()
class SetCompanyTwoFactorRequiredArgs extends CompanyArgs {
  @Field(() => Boolean)
  required!: boolean;
}

/**
 * The second factor (two-factor.service.ts): the sign-in's code step and the enrolment at a
 * first sign-in (both by the challenge cookie, before any session), the signed-in user's own
 * factor (status, enrolment, recovery codes, trusted browsers, step-up), an operator ADMIN's
 * reset of another user's factor, and a company's requirement.
 */
export const twoFactorOperations = [
  operation({
    name: "twoFactorStatus",
    kind: "query",
    description: "The signed-in console user's second factor.",
    access: "caller",
    output: () => TwoFactorStatus,
    run: (_args, ctx, { twoFactor }) => twoFactor.status(requirePrincipal(ctx.principal), ctx.sessionToken),
  }),

  operation({
    name: "completeSignIn",
    kind: "mutation",
    description:
      "The sign-in's second step (after signIn answered SECOND_FACTOR): a code from the authenticator app or a recovery code. Opens the session; trustBrowser skips the code in this browser for 30 days. A wrong code is VALIDATION_ERROR; codes are limited per user (RATE_LIMITED).",
    access: "anyone",
    args: CompleteSignInArgs,
    output: () => Viewer,
    run: async ({ code, trustBrowser }, ctx, { twoFactor, consoleUsers, config }) => {
      const challenge = readChallengeCookie(ctx.request.cookie, secureCookies(config));
      const userId = await twoFactor.challengeUser(challenge, "CODE");
      const method = await withRetryAfter(ctx, () => twoFactor.completeChallenge(challenge, code, clientOf(ctx)));
      const user = await consoleUsers.findUser(userId);
      if (!user) throw notFound("Console user");
      const opened = await consoleUsers.openSession(user, ctx.sessionToken, clientOf(ctx), method);
      const secure = secureCookies(config);
      const cookies = [
        sessionCookie(opened.token, consoleUsers.sessionMaxAgeSeconds, secure),
        clearedChallengeCookie(secure),
      ];
      if (trustBrowser)
        cookies.push(trustedBrowserCookie(await twoFactor.trustBrowser(userId, ctx.request.userAgent), secure));
      ctx.responseHeaders["Set-Cookie"] = cookies;
      return consoleUsers.viewer(opened.principal);
    },
  }),

  operation({
    name: "startTwoFactorEnrolment",
    kind: "mutation",
    description:
      "A new TOTP secret for the signed-in user, or for a first sign-in that must enrol (signIn answered ENROL_SECOND_FACTOR). Confirm it with confirmTwoFactorEnrolment; CONFLICT when a factor is already on.",
    access: "anyone",
    output: () => TwoFactorEnrolment,
    run: async (_args, ctx, { twoFactor, config }) => {
      const userId =
        ctx.principal?.userId ??
        (await twoFactor.challengeUser(readChallengeCookie(ctx.request.cookie, secureCookies(config)), "ENROL"));
      return twoFactor.startEnrolment(userId);
    },
  }),

  operation({
    name: "confirmTwoFactorEnrolment",
    kind: "mutation",
    description:
      "The first code of the new secret turns the factor on and answers ten recovery codes, shown only now. At a first sign-in it opens the session.",
    access: "anyone",
    audit: "every caller",
    args: CodeArgs,
    output: () => TwoFactorEnrolled,
    run: async ({ code }, ctx, { twoFactor, consoleUsers, config }) => {
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
      const challenge = readChallengeCookie(ctx.request.cookie, secureCookies(config));
      const userId = await twoFactor.challengeUser(challenge, "ENROL");
      const user = await consoleUsers.findUser(userId);
      if (!user) throw notFound("Console user");
      let token = "";
      // Not signed in yet: the user enrolling is who acts.
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
      const secure = secureCookies(config);
      ctx.responseHeaders["Set-Cookie"] = [
        sessionCookie(token, consoleUsers.sessionMaxAgeSeconds, secure),
        clearedChallengeCookie(secure),
      ];
      const viewer = await consoleUsers.viewer(principalOfUser(user));
      return { recoveryCodes, viewer: viewer && { ...viewer, signInStep: SignInStepEnum.DONE } };
    },
  }),

  operation({
    name: "verifyStepUp",
    kind: "mutation",
    description:
      "Step-up: a code (or a recovery code) lets this session approve amounts above APPROVAL_SECOND_OPERATOR_ABOVE and manage operators for 10 minutes. Answers until when.",
    access: "caller",
    args: CodeArgs,
    output: () => Date,
    run: ({ code }, ctx, { twoFactor }) =>
      withRetryAfter(ctx, () =>
        twoFactor.stepUp(requirePrincipal(ctx.principal), ctx.sessionToken, code, clientOf(ctx)),
      ),
  }),

  operation({
    name: "regenerateRecoveryCodes",
    kind: "mutation",
    description: "Ten new recovery codes after a right code; the old ones stop working. Shown only now.",
    access: "caller",
    args: CodeArgs,
    output: () => [String],
    run: ({ code }, ctx, { twoFactor }) =>
      withRetryAfter(ctx, () =>
        twoFactor.regenerateRecoveryCodes(requirePrincipal(ctx.principal), code, clientOf(ctx)),
      ),
  }),

  operation({
    name: "disableTwoFactor",
    kind: "mutation",
    description: "Turns the signed-in user's second factor off after a right code; INVALID_STATE while it is required.",
    access: "caller",
    args: CodeArgs,
    output: () => Boolean,
    run: async ({ code }, ctx, { twoFactor }) => {
      await withRetryAfter(ctx, () => twoFactor.disable(requirePrincipal(ctx.principal), code, clientOf(ctx)));
      return true;
    },
  }),

  operation({
    name: "forgetTrustedBrowsers",
    kind: "mutation",
    description: "Every browser trusted for 30 days asks for a code again; answers how many.",
    access: "caller",
    output: () => Number,
    run: (_args, ctx, { twoFactor }) => twoFactor.forgetTrustedBrowsers(requirePrincipal(ctx.principal), clientOf(ctx)),
  }),

  operation({
    name: "resetTwoFactor",
    kind: "mutation",
    description:
      "Removes another console user's second factor (lost phone and recovery codes): their sessions end and they enrol again at the next sign-in when it is required. Audited; steps up first (STEP_UP_REQUIRED).",
    access: ["ADMIN"],
    stepUp: "always",
    audit: "every caller",
    args: UserIdArgs,
    output: () => Boolean,
    run: async ({ userId }, ctx, { twoFactor }) => {
      await twoFactor.reset(userId, requestAudit(ctx), requirePrincipal(ctx.principal).userId);
      return true;
    },
  }),

  operation({
    name: "companyTwoFactorRequired",
    kind: "query",
    description: "Whether the company requires a second factor of its users.",
    access: ["VIEWER", "MERCHANT_ADMIN"],
    args: CompanyArgs,
    output: () => Boolean,
    run: ({ companyId }, ctx, { twoFactor }) =>
      twoFactor.companyRequirement(requireCompanyScope(ctx.principal, companyId)),
  }),

  operation({
    name: "setCompanyTwoFactorRequired",
    kind: "mutation",
    description:
      "Requires (or no longer requires) a second factor of the company's users; turning it on ends the sessions of those without one. A merchant admin enrols their own first; turning it off steps up first (STEP_UP_REQUIRED).",
    access: ["ADMIN", "MERCHANT_ADMIN"],
    stepUp: { when: ({ required }) => !required },
    audit: "every caller",
    args: SetCompanyTwoFactorRequiredArgs,
    output: () => Boolean,
    run: ({ required, companyId }, ctx, { twoFactor }) => {
      const principal = requirePrincipal(ctx.principal);
      return twoFactor.setCompanyRequirement(
        requireCompanyScope(principal, companyId),
        required,
        principal,
        requestAudit(ctx),
      );
    },
  }),
];
