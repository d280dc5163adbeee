import type { RateLimiter } from "../core/rate-limiter";
import type { AuthService } from "./auth.service";
import type { Principal } from "./principal";

export type Admission =
  | { admitted: true; principal: Principal | null }
  | { admitted: false; retryAfterSeconds: number };

/**
 * Who is calling, and whether they may call now: the bearer credential is resolved, then
 * one token of its rate limit is spent (per credential; per address without one). Every
 * request goes through here once, whichever way it is served.
 */
export class RequestAdmission {
  constructor(
    private readonly auth: AuthService,
    private readonly limiter: RateLimiter | null,
  ) {}

  async admit(authorization: string | undefined, address: string | undefined): Promise<Admission> {
    const principal = await this.auth.authenticateBearer(authorization);
    if (this.limiter) {
      const key = principal ? (principal.kind === "operator" ? "operator" : principal.credentialId) : `ip:${address}`;
      const verdict = this.limiter.take(key);
      if (!verdict.allowed) return { admitted: false, retryAfterSeconds: verdict.retryAfterSeconds };
    }
    return { admitted: true, principal };
  }
}

export const RATE_LIMITED = { code: "RATE_LIMITED", message: "Too many requests; retry later" } as const;
