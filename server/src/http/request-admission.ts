import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AuthService } from "../auth/auth.service";
import type { UncheckedCredential } from "../auth/credential-lookup";
import { checkSessionOrigin, requestChangesState } from "../auth/csrf";
import { clientSecretPrincipal, type Principal } from "../auth/principal";
import { readCookie, sessionCookieName } from "../auth/session-cookie";
import { AppError, type PublicError, RateLimitedError, toPublicError, unauthenticated } from "../core/errors";
import type { Limit, LimitVerdict } from "../core/limit";
import { type LimitStore, requestRateSpec } from "../core/rate-limits";
import { isConsoleExport, pathOf } from "./api-paths";
import { sendError } from "./http-errors";
import { ANONYMOUS_BODY_LIMIT } from "./json-body";
import { routeOf } from "./request-scope";

/**
 * Who may call a route:
 * - credential: a bearer credential or a console session (REST);
 * - optional: resolved when given, anonymous otherwise (GraphQL, the console's pages);
 * - public: never looks at credentials (API Pix locations, the OpenAPI document);
 * - provider: the bank's signed notifications, with a limit of their own;
 * - health: probes, never limited.
 */
export type Access = "credential" | "optional" | "public" | "provider" | "health";

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
    /** "graphql": errors answer in GraphQL's shape. */
    errorShape?: "graphql";
    /** The route's read checks a client secret itself (auth/credential-lookup.ts): admission does not look it up. */
    credentialInRead?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
    /** The console session cookie as presented (valid or not). */
    sessionToken: string | null;
    /** The principal came from the session cookie: state changes then need the CSRF check. */
    viaSession: boolean;
    /** A client secret left to the route's read to check (`credentialInRead`); null once checked. */
    uncheckedCredential: UncheckedCredential | null;
    /**
     * Looks up an unchecked credential now: null when it is live (then `principal`), else the
     * refusal to answer (401, or 429 once the address's failed-auth budget is spent).
     * `notLive`: the read already found it not live.
     */
    checkCredential(notLive?: boolean): Promise<PublicError | null>;
    /**
     * The error a request is about to be refused with, once its unchecked credential is
     * settled: see registerAdmission. Every error answer of the HTTP stack goes through it.
     */
    settleCredential(error: PublicError): Promise<PublicError>;
  }
}

/**
 * Presented credentials that were not valid, per address, before we look them up again:
 * counted exactly (each failure is spent in the store), as sign-in attempts are.
 */
const FAILED_AUTH = { points: 30, durationSeconds: 60 };
/**
 * The console's CSV exports (/api/export/…), per credential: a budget of their own, apart from
 * the interactive one (so clicking around never cuts a download short, and three downloads at
 * once never spend the pages' budget). An export's pages are read in process, without
 * spending anything (console/page-operations.ts); this counts the downloads themselves:
 * 10 at once, then one every 6 s.
 */
export const EXPORT_BUDGET = { name: "export", points: 10, durationSeconds: 60, counting: "batched" } as const;
/** Signed provider notifications: generous, and apart from everyone else's traffic. */
const PROVIDER_RATE_FACTOR = 10;

/** The request limits are batched (core/batched-limit.ts): no store round trip on a request's path. */
export interface AdmissionLimits {
  /** Per presented credential (the SHA-256 of a client secret, else of what was presented: no lookup needed to pick it). */
  credential: Limit;
  /** Per presented credential, the console's exports. */
  export: Limit;
  /** Per address, callers without a credential. */
  anonymous: Limit;
  /** Per address, POST /provider/pix. */
  provider: Limit;
  /** Per address, credentials that turned out not to be valid. */
  failedAuth: Limit;
}

/** RATE_LIMIT_RPS = 0 switches every request limit off. */
export function createAdmissionLimits(store: LimitStore, rps: number): AdmissionLimits | null {
  if (rps <= 0) return null;
  return {
    credential: store.create(requestRateSpec("credential", rps)),
    export: store.create(EXPORT_BUDGET),
    anonymous: store.create(requestRateSpec("address", rps)),
    provider: store.create(requestRateSpec("provider", rps * PROVIDER_RATE_FACTOR)),
    failedAuth: store.create({ name: "failed-auth", ...FAILED_AUTH }),
  };
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

const RATE_LIMITED = new AppError("RATE_LIMITED", "Too many requests; retry later");

function refuse(request: FastifyRequest, reply: FastifyReply, verdict: LimitVerdict): FastifyReply {
  const seconds = verdict.allowed ? 1 : verdict.retryAfterSeconds;
  return sendError(request, reply, RATE_LIMITED, { "Retry-After": String(seconds) });
}

/** Admits a request, or answers it (401, 429): see registerAdmission. */
export type Admission = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> | undefined;

/** Methods that may change state: their routes get the CSRF check of session callers. */
const STATE_CHANGING_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The one admission of every request, before its body is read: the credential (bearer or
 * session cookie) is resolved and the rate limit spent, in an order that makes no database
 * lookup for callers who are already refused. Returns the admission for the request's first
 * hook to call; a route that takes state-changing methods gets the CSRF check of session
 * callers (it needs the body, so it runs once the body is read).
 */
export function registerAdmission(
  app: FastifyInstance,
  auth: AuthService,
  limits: AdmissionLimits | null,
  publicBaseUrl: string,
): Admission {
  const cookieName = sessionCookieName(publicBaseUrl.startsWith("https:"));
  app.decorateRequest("principal", null);
  app.decorateRequest("sessionToken", null);
  app.decorateRequest("viaSession", false);
  app.decorateRequest("uncheckedCredential", null);
  app.decorateRequest("checkCredential", checkCredential);
  app.decorateRequest("settleCredential", settleCredential);
  // CSRF: a state change authenticated by the session cookie must come from our own origin.
  const refuseCrossSiteSessionWrites = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (!request.viaSession) return done();
    const path = request.url.split("?")[0];
    if (!requestChangesState(request.method, path, request.body)) return done();
    const refused = checkSessionOrigin(
      { origin: request.headers.origin, referer: request.headers.referer },
      publicBaseUrl,
    );
    if (!refused) return done();
    sendError(request, reply, refused);
  };

  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((method) => STATE_CHANGING_METHODS.has(method))) return;
    const own = route.preHandler ?? [];
    route.preHandler = [...(Array.isArray(own) ? own : [own]), refuseCrossSiteSessionWrites];
  });

  return (request, reply) => {
    const access = routeOf(request).config?.access ?? "optional";
    if (access === "health") return undefined;
    return admitCaller(request, reply, access);
  };

  async function checkCredential(this: FastifyRequest, notLive = false): Promise<PublicError | null> {
    const unchecked = this.uncheckedCredential;
    if (unchecked === null) return null;
    this.uncheckedCredential = null;
    if (!notLive) {
      try {
        this.principal = await auth.lookupClientSecret(unchecked);
      } catch (lookupFailed) {
        return toPublicError(lookupFailed);
      }
      if (this.principal) return null;
    }
    const failed = await limits?.failedAuth.consume(this.ip);
    if (failed && !failed.allowed) return toPublicError(new RateLimitedError(failed.retryAfterSeconds));
    return toPublicError(unauthenticated());
  }

  /**
   * A request whose client secret was left to its read and that is refused: its answer is
   * decided once the credential is settled, so a bad or revoked credential answers 401
   * before anything else (a bad query parameter, a missing row), as on every other route.
   * The read answered UNAUTHENTICATED: the credential is not live. Anything else came
   * before the read or from it: the credential is looked up (a second statement, on error
   * paths only; a database that failed the read fails the lookup too, and that is the
   * answer). A credential found not live spends the address's failed-auth budget, as the
   * admission's own lookup does.
   */
  async function settleCredential(this: FastifyRequest, error: PublicError): Promise<PublicError> {
    return (await this.checkCredential(error.code === "UNAUTHENTICATED")) ?? error;
  }

  /**
   * Synchronous as far as it can be: a client secret left to the route's read, with the
   * limiter answering in the process (it almost always does), is admitted without a promise
   * (each await and each promise handed to the hook is a hop of the event loop on every
   * request). Lookups and refusals go on in admitIdentified / refusal, which return promises.
   */
  function admitCaller(request: FastifyRequest, reply: FastifyReply, access: Access): Promise<unknown> | undefined {
    const address = request.ip;
    if (access === "public" || access === "provider") return admitUnidentified(request, reply, access, address);

    const authorization = request.headers.authorization;
    // What a bearer header presents, read once: a client secret's SHA-256 is its lookup key
    // and its rate-limit key alike (one digest per request, not two).
    const bearer = authorization === undefined ? null : auth.readBearer(authorization);
    // The REST routes take bearer credentials only (docs/security.md): the console's cookie
    // is not read for them, so a page of another site can never make a browser call them.
    const session = access === "credential" ? null : readCookie(request.headers.cookie, cookieName);
    request.sessionToken = session;
    const presented = authorization ?? session;
    if (presented === undefined || presented === null)
      return admitIdentified(request, reply, access, address, authorization, bearer, session);
    if (limits) {
      // An address that keeps presenting bad credentials is refused before another lookup.
      const failed = limits.failedAuth.refusedHere(address);
      if (!failed.allowed) return refusal(request, reply, failed);
      const budget = isConsoleExport(pathOf(request.url)) ? limits.export : limits.credential;
      const clientSecret = bearer !== null && bearer !== "operator" ? bearer : null;
      const verdict = budget.take(clientSecret ? clientSecret.secretHash : sha256(presented));
      if (verdict instanceof Promise)
        return verdict.then((heard) =>
          heard.allowed
            ? admitPresented(request, reply, access, address, authorization, bearer, session)
            : refuse(request, reply, heard),
        );
      if (!verdict.allowed) return refusal(request, reply, verdict);
    }
    return admitPresented(request, reply, access, address, authorization, bearer, session);
  }

  /** A refusal as the admission's promise: it settles once the answer is written (a reply is thenable). */
  async function refusal(request: FastifyRequest, reply: FastifyReply, verdict: LimitVerdict): Promise<unknown> {
    return refuse(request, reply, verdict);
  }

  async function admitUnidentified(
    request: FastifyRequest,
    reply: FastifyReply,
    access: "public" | "provider",
    address: string,
  ): Promise<unknown> {
    const verdict = await limits?.[access === "public" ? "anonymous" : "provider"].take(address);
    if (verdict && !verdict.allowed) return refuse(request, reply, verdict);
  }

  /** A credential was presented and its rate limit spent. */
  function admitPresented(
    request: FastifyRequest,
    reply: FastifyReply,
    access: Access,
    address: string,
    authorization: string | undefined,
    bearer: ReturnType<AuthService["readBearer"]>,
    session: string | null,
  ): Promise<unknown> | undefined {
    // The route's read checks a client secret in its own statement (auth/credential-lookup.ts).
    // Only for a small body: a large one is read once the caller is known (json-body.ts).
    if (
      authorization !== undefined &&
      bearer !== null &&
      bearer !== "operator" &&
      routeOf(request).config?.credentialInRead === true &&
      hasSmallBody(request)
    ) {
      request.uncheckedCredential = {
        secretHash: bearer.secretHash,
        // The read found it live: the request is authenticated (no second lookup on its error paths).
        found: (credentialId, companyId) => {
          bearer.found(credentialId, companyId);
          request.principal = clientSecretPrincipal(companyId, credentialId);
          request.uncheckedCredential = null;
        },
      };
      return undefined;
    }
    return admitIdentified(request, reply, access, address, authorization, bearer, session);
  }

  /** Looks the credential up (when one was presented), then admits or refuses. */
  async function admitIdentified(
    request: FastifyRequest,
    reply: FastifyReply,
    access: Access,
    address: string,
    authorization: string | undefined,
    bearer: ReturnType<AuthService["readBearer"]>,
    session: string | null,
  ): Promise<unknown> {
    let principal: Principal | null = null;
    if (authorization !== undefined || session !== null) {
      principal =
        authorization !== undefined
          ? await auth.principalOfBearer(bearer)
          : await auth.authenticateSession(session as string);
      if (!principal) {
        const failed = await limits?.failedAuth.consume(address);
        if (failed && !failed.allowed) return refuse(request, reply, failed);
        // A stale session cookie is no credential at all (one may sign in again with it);
        // a bearer credential that is not valid is refused.
        if (authorization !== undefined) return sendError(request, reply, unauthenticated());
      }
    }
    request.principal = principal;
    request.viaSession = principal !== null && authorization === undefined;
    if (principal) return;
    if (access === "credential") return sendError(request, reply, unauthenticated());
    const verdict = await limits?.anonymous.take(address);
    if (verdict && !verdict.allowed) return refuse(request, reply, verdict);
    // Nothing an anonymous caller may do needs a large body: refused unread.
    if (Number(request.headers["content-length"] ?? 0) > ANONYMOUS_BODY_LIMIT)
      return sendError(request, reply, unauthenticated());
  }
}

/** A request whose body, if any, is within what an anonymous caller may send (declared up front). */
function hasSmallBody(request: FastifyRequest): boolean {
  const length = request.headers["content-length"];
  if (length !== undefined) return Number(length) <= ANONYMOUS_BODY_LIMIT;
  // No length: no body, unless it comes in chunks of a length not known yet.
  return request.headers["transfer-encoding"] === undefined;
}
