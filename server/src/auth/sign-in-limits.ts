import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import type { DataSource } from "typeorm";
import { RateLimitedError } from "../core/errors";
import { storeKey } from "../core/rate-limits";

/** Sign-in attempts a minute from one address, whatever the e-mail. */
export const SIGN_IN_PER_ADDRESS_PER_MINUTE = 10;
/** Sign-in attempts a minute for one e-mail; the failure that spends the last one locks the e-mail. */
export const SIGN_IN_PER_EMAIL_PER_MINUTE = 5;
/** Lockouts of one e-mail double: 1, 2, 4, ... minutes, at most an hour, counted over a day. */
const FIRST_LOCKOUT_SECONDS = 60;
const MAX_LOCKOUT_SECONDS = 3600;
const LOCKOUT_MEMORY_SECONDS = 86_400;

const TABLE = "sign_in_rate_limits";

function retryAfter(res: RateLimiterRes): number {
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}

/** The verdict of admit(), handed back to recordFailure(). */
export interface SignInTicket {
  /** The e-mail's key in the limits (see admit). */
  email: string;
  remainingForEmail: number;
}

/**
 * Sign-in rate limits kept in PostgreSQL (rate-limiter-flexible), so every API process
 * shares them: per address, and per e-mail with a lockout that doubles each time. Each
 * attempt spends its points before the password is checked, atomically, so parallel
 * guesses cannot slip past the count; a successful sign-in gives the e-mail's back.
 */
export class SignInLimits {
  private readonly perAddress: RateLimiterPostgres;
  private readonly perEmail: RateLimiterPostgres;
  private readonly lockouts: RateLimiterPostgres;

  constructor(db: DataSource) {
    const store = { storeClient: db, storeType: "typeorm", tableName: TABLE, tableCreated: true };
    this.perAddress = new RateLimiterPostgres({
      ...store,
      keyPrefix: "signin_address",
      points: SIGN_IN_PER_ADDRESS_PER_MINUTE,
      duration: 60,
    });
    this.perEmail = new RateLimiterPostgres({
      ...store,
      keyPrefix: "signin_email",
      points: SIGN_IN_PER_EMAIL_PER_MINUTE,
      duration: 60,
    });
    this.lockouts = new RateLimiterPostgres({
      ...store,
      keyPrefix: "signin_lockouts",
      points: 1_000_000,
      duration: LOCKOUT_MEMORY_SECONDS,
    });
  }

  /**
   * Spends one attempt of the address and of the e-mail, or throws RATE_LIMITED. Keys go
   * through storeKey: an e-mail of any length (up to 254 characters are kept) fits the
   * table's key column once prefixed.
   */
  async admit(address: string, email: string): Promise<SignInTicket> {
    await this.spend(this.perAddress, storeKey(address));
    const res = await this.spend(this.perEmail, storeKey(email));
    return { email: storeKey(email), remainingForEmail: res.remainingPoints };
  }

  /** A wrong password: the attempt that spent the e-mail's last point locks it out. */
  async recordFailure(ticket: SignInTicket): Promise<void> {
    if (ticket.remainingForEmail > 0) return;
    const lockouts = await this.lockouts.consume(ticket.email);
    const seconds = Math.min(MAX_LOCKOUT_SECONDS, FIRST_LOCKOUT_SECONDS * 2 ** (lockouts.consumedPoints - 1));
    await this.perEmail.block(ticket.email, seconds);
  }

  /** A right password: the e-mail's attempts start again (its lockout history stays). */
  async recordSuccess(ticket: SignInTicket): Promise<void> {
    await this.perEmail.delete(ticket.email);
  }

  private async spend(limiter: RateLimiterPostgres, key: string): Promise<RateLimiterRes> {
    try {
      return await limiter.consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        throw new RateLimitedError(retryAfter(error), "Too many sign-in attempts; retry later");
      }
      throw error;
    }
  }
}
