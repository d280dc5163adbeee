/**
 * What a rate limit answers, apart from how it counts (core/rate-limits.ts picks the store,
 * core/batched-limit.ts counts in the process): the types every side shares, so that none
 * of them imports another for its types.
 */
export type LimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface Limit {
  /** Spends `points` of the key's allowance; refused when it is spent. */
  consume(key: string, points?: number): Promise<LimitVerdict>;
  /** As consume, but answers at once (no promise) when the process can decide alone: batched limits almost always. */
  take(key: string, points?: number): LimitVerdict | Promise<LimitVerdict>;
  /** Refused when this process already knows the key is over; asks no store. */
  refusedHere(key: string): LimitVerdict;
  /** Forgets the key (e.g. failed attempts after a successful one). */
  reset(key: string): Promise<void>;
}
