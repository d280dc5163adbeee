import { setTimeout as sleep } from "node:timers/promises";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import type { DataSource } from "typeorm";
import { RateLimitedError } from "../core/errors";
import { storeKey } from "../core/rate-limits";

/** Sign-in attempts a minute from one address, whatever the e-mail (SIGN_IN_PER_ADDRESS_PER_MINUTE's default). */
export const SIGN_IN_PER_ADDRESS_PER_MINUTE = 10;
/** Failed sign-ins from one address in an hour; the one that spends the last blocks the address for an hour. */
export const SIGN_IN_FAILURES_PER_ADDRESS_PER_HOUR = 50;
/** Sign-in attempts a minute for one e-mail from one address; the failure that spends the last one locks that pair. */
export const SIGN_IN_PER_PAIR_PER_MINUTE = 5;
/** Lockouts of one (address, e-mail) pair double: 1, 2, 4, ... minutes, at most an hour, counted over a day. */
const FIRST_LOCKOUT_SECONDS = 60;
const MAX_LOCKOUT_SECONDS = 3600;
const LOCKOUT_MEMORY_SECONDS = 86_400;

/**
 * The e-mail alone is never refused (anyone could then lock anyone out): past this many
 * failures in the window every attempt for it waits, 250 ms doubling up to 10 s.
 */
export const SLOW_DOWN_AFTER_FAILURES = 5;
const SLOW_DOWN_FIRST_MS = 250;
const SLOW_DOWN_MAX_MS = 10_000;
export const EMAIL_FAILURE_WINDOW_SECONDS = 900;

/** A spray: failures from this many addresses for one e-mail, or for this many e-mails from one address, in the window. */
export const SPRAY_ADDRESSES_PER_EMAIL = 5;
export const SPRAY_EMAILS_PER_ADDRESS = 10;
export const SPRAY_WINDOW_SECONDS = 900;
/** The audit action of a spray alert (operators filter the audit log by it). */
export const SIGN_IN_SPRAY_ACTION = "alert.sign_in_spray";

const TABLE = "sign_in_rate_limits";

function retryAfter(res: RateLimiterRes): number {
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}

/** How long an attempt for an e-mail with this many recent failures waits before its password is checked. */
export function slowDownMs(failures: number): number {
  if (failures < SLOW_DOWN_AFTER_FAILURES) return 0;
  return Math.min(SLOW_DOWN_MAX_MS, SLOW_DOWN_FIRST_MS * 2 ** (failures - SLOW_DOWN_AFTER_FAILURES));
}

/** The verdict of admit(), handed back to recordFailure() and recordSuccess(). */
export interface SignInTicket {
  /** Keys in the limits (see admit). */
  address: string;
  email: string;
  pair: string;
  remainingForPair: number;
  /** The wait this attempt made for its e-mail's recent failures. */
  delayedMs: number;
}

/** A password spray seen by recordFailure(), for the audit log: on the attempt's e-mail, or from its address. */
export type SprayAlert = { target: "EMAIL"; addresses: number } | { target: "ADDRESS"; emails: number };

/**
 * Sign-in limits kept in PostgreSQL (rate-limiter-flexible), so every API process shares
 * them. Refused with RATE_LIMITED: too many attempts from one address, too many failures
 * from one address, and too many attempts for one e-mail from one address (with a lockout
 * that doubles each time). The e-mail alone is only slowed down, never refused: failures
 * from other addresses cannot lock its owner out. Each attempt spends its points before the
 * password is checked, atomically, so parallel guesses cannot slip past the count; a
 * successful sign-in gives the pair's back.
 */
export class SignInLimits {
  private readonly perAddress: RateLimiterPostgres;
  private readonly addressFailures: RateLimiterPostgres;
  private readonly perPair: RateLimiterPostgres;
  private readonly lockouts: RateLimiterPostgres;
  private readonly emailFailures: RateLimiterPostgres;
  private readonly sprayPairs: RateLimiterPostgres;
  private readonly sprayByEmail: RateLimiterPostgres;
  private readonly sprayByAddress: RateLimiterPostgres;

  constructor(db: DataSource, perAddressPerMinute = SIGN_IN_PER_ADDRESS_PER_MINUTE) {
    const store = { storeClient: db, storeType: "typeorm", tableName: TABLE, tableCreated: true };
    const limiter = (keyPrefix: string, points: number, duration: number) =>
      new RateLimiterPostgres({ ...store, keyPrefix, points, duration });
    this.perAddress = limiter("signin_address", perAddressPerMinute, 60);
    this.addressFailures = limiter("signin_address_failures", SIGN_IN_FAILURES_PER_ADDRESS_PER_HOUR, 3600);
    this.perPair = limiter("signin_pair", SIGN_IN_PER_PAIR_PER_MINUTE, 60);
    this.lockouts = limiter("signin_lockouts", 1_000_000, LOCKOUT_MEMORY_SECONDS);
    this.emailFailures = limiter("signin_email_failures", 1_000_000, EMAIL_FAILURE_WINDOW_SECONDS);
    this.sprayPairs = limiter("signin_spray_pair", 1_000_000, SPRAY_WINDOW_SECONDS);
    this.sprayByEmail = limiter("signin_spray_email", 1_000_000, SPRAY_WINDOW_SECONDS);
    this.sprayByAddress = limiter("signin_spray_address", 1_000_000, SPRAY_WINDOW_SECONDS);
  }

  /**
   * Spends one attempt of the address and of the (address, e-mail) pair, or throws
   * RATE_LIMITED; then waits as long as the e-mail's recent failures ask (slowDownMs). Keys
   * go through storeKey: an e-mail of any length fits the table's key column once prefixed.
   */
  async admit(address: string, email: string): Promise<SignInTicket> {
    const ticket = { address: storeKey(address), email: storeKey(email), pair: storeKey(`${address} ${email}`) };
    await this.spend(this.perAddress, ticket.address);
    await this.refuseWhenBlocked(this.addressFailures, ticket.address);
    const pair = await this.spend(this.perPair, ticket.pair);
    const failures = (await this.emailFailures.get(ticket.email))?.consumedPoints ?? 0;
    const delayedMs = slowDownMs(failures);
    if (delayedMs > 0) await sleep(delayedMs);
    return { ...ticket, remainingForPair: pair.remainingPoints, delayedMs };
  }

  /**
   * A wrong password: counted for the address and the e-mail; the attempt that spent the
   * pair's last point locks the pair out. Answers the sprays this failure revealed (once per
   * window each: the counters are atomic, exactly one failure reaches the threshold).
   */
  async recordFailure(ticket: SignInTicket): Promise<SprayAlert[]> {
    if (ticket.remainingForPair <= 0) {
      const lockouts = await this.lockouts.consume(ticket.pair);
      const seconds = Math.min(MAX_LOCKOUT_SECONDS, FIRST_LOCKOUT_SECONDS * 2 ** (lockouts.consumedPoints - 1));
      await this.perPair.block(ticket.pair, seconds);
    }
    await this.emailFailures.consume(ticket.email);
    const addressFailures = await this.addressFailures.consume(ticket.address).catch((error: unknown) => {
      if (error instanceof RateLimiterRes) return error;
      throw error;
    });
    if (addressFailures.consumedPoints === SIGN_IN_FAILURES_PER_ADDRESS_PER_HOUR) {
      await this.addressFailures.block(ticket.address, 3600);
    }
    const alerts: SprayAlert[] = [];
    // Distinct pairs only: one address retrying one e-mail is not a spray.
    if ((await this.sprayPairs.consume(ticket.pair)).consumedPoints !== 1) return alerts;
    const addresses = (await this.sprayByEmail.consume(ticket.email)).consumedPoints;
    if (addresses === SPRAY_ADDRESSES_PER_EMAIL) {
      alerts.push({ target: "EMAIL", addresses });
    }
    const emails = (await this.sprayByAddress.consume(ticket.address)).consumedPoints;
    if (emails === SPRAY_EMAILS_PER_ADDRESS) {
      alerts.push({ target: "ADDRESS", emails });
    }
    return alerts;
  }

  /** A right password: the pair's attempts start again (its lockout history and the e-mail's failures stay). */
  async recordSuccess(ticket: SignInTicket): Promise<void> {
    await this.perPair.delete(ticket.pair);
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

  /** Refuses while the key is blocked (or spent), without spending a point. */
  private async refuseWhenBlocked(limiter: RateLimiterPostgres, key: string): Promise<void> {
    const res = await limiter.get(key);
    if (res && res.consumedPoints >= limiter.points && res.msBeforeNext > 0) {
      throw new RateLimitedError(retryAfter(res), "Too many sign-in attempts; retry later");
    }
  }
}
