import { type Acting, type AuditContext, auditContextFor } from "../audit";
import type { Principal, UncheckedCredential } from "../auth/model";
import type { CancelSignal } from "../core/cancellable-read";

/** The HTTP request behind an operation. */
export interface RequestInfo {
  /** X-Request-Id when the caller sent a sensible one, else generated; sent back in the answer. */
  id: string;
  /** The client's address (X-Forwarded-For believed only from TRUST_PROXY's proxies). */
  address: string;
  /** Aborts when the client goes away before its answer. */
  signal: CancelSignal;
  userAgent: string | null;
  /** The Cookie header (the second factor's sign-in challenge and trusted-browser cookies); absent in-process. */
  cookie?: string | null;
}

/** What an adapter knows of the request, once per request: who calls, the request, headers to answer with. */
export interface RequestScope {
  principal: Principal | null;
  /**
   * A client secret the admission left to the operation's read to check (operations
   * declared with `credentialInRead`, auth/credential-lookup.ts); `principal` is then null.
   */
  uncheckedCredential?: UncheckedCredential | null;
  request: RequestInfo;
  /** The console session cookie as presented (valid or not): sign-in replaces it, sign-out deletes it. */
  sessionToken: string | null;
  /** Headers to answer with (Set-Cookie, Retry-After, Idempotent-Replayed); both transports send them. */
  responseHeaders: Record<string, string | string[]>;
}

/**
 * What an operation's `run` is handed: who calls (the principal, its actor and audit
 * context), the request's id and cancel signal, and the headers to answer with. Services take
 * it (as `Acting`) instead of positional actor, audit and request id.
 */
export interface OperationContext extends Acting {
  readonly principal: Principal | null;
  /** Set for a `credentialInRead` operation's read: hand `readScope(ctx)` to the read. */
  readonly uncheckedCredential: UncheckedCredential | null;
  /** Who acts, as history rows name them ("merchant:cred_…", "operator:usr_…"); "anonymous" without a caller. */
  readonly actor: string;
  /** The audit context of the declared policy: null when this caller's action is not audited. */
  readonly audit: AuditContext | null;
  readonly requestId: string;
  /** Aborts when the client goes away before its answer (the cancellable reads take it). */
  readonly signal: CancelSignal;
  readonly request: RequestInfo;
  readonly sessionToken: string | null;
  readonly responseHeaders: Record<string, string | string[]>;
}

/**
 * The context of one operation's run, over the request's scope. A class with getters: the
 * audit context and the cancel signal are made only when an operation asks for them (a read
 * never does, and a signal listens on the connection).
 */
export class CallContext implements OperationContext {
  private auditContext: AuditContext | null | undefined;

  constructor(
    private readonly scope: RequestScope,
    private readonly auditPolicy: "operators" | "every caller",
  ) {}

  get principal(): Principal | null {
    return this.scope.principal;
  }

  get uncheckedCredential(): UncheckedCredential | null {
    return this.scope.uncheckedCredential ?? null;
  }

  get actor(): string {
    return this.scope.principal?.actor ?? "anonymous";
  }

  get audit(): AuditContext | null {
    if (this.auditContext === undefined) {
      const { principal } = this.scope;
      this.auditContext =
        this.auditPolicy === "every caller" || principal?.kind === "operator"
          ? auditContextFor(principal, this.scope.request)
          : null;
    }
    return this.auditContext;
  }

  get requestId(): string {
    return this.scope.request.id;
  }

  get signal(): CancelSignal {
    return this.scope.request.signal;
  }

  get request(): RequestInfo {
    return this.scope.request;
  }

  get sessionToken(): string | null {
    return this.scope.sessionToken;
  }

  get responseHeaders(): Record<string, string | string[]> {
    return this.scope.responseHeaders;
  }
}
