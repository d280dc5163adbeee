import type { UncheckedCredential } from "../auth/credential-lookup";
import type { Principal } from "../auth/principal";
import type { RequestInfo } from "../operation/operation-context";
import type { Services } from "../services";

/** What every resolver receives: who is calling, the services, and headers to answer with. */
export interface RequestContext {
  principal: Principal | null;
  services: Services;
  /** Set by operations (Idempotent-Replayed, Set-Cookie, Retry-After); both transports send them. */
  responseHeaders: Record<string, string | string[]>;
  request: RequestInfo;
  /** The console session cookie as presented (valid or not): sign-in replaces it, sign-out deletes it. */
  sessionToken: string | null;
  /**
   * A client secret the admission left to the operation's read to check (routes declared
   * with `credentialInRead`, auth/credential-lookup.ts); `principal` is then null.
   */
  uncheckedCredential?: UncheckedCredential | null;
}
