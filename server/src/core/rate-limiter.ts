/**
 * Token buckets per key (a credential, or an address when there is none): `ratePerSecond`
 * tokens a second, bursts up to `burst`. Kept in the process's memory: with several API
 * processes each enforces the limit on its share of the traffic. It protects the service
 * from floods; it holds no money state, so nothing is lost when a process restarts.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; updatedAt: number }>();

  constructor(
    private readonly ratePerSecond: number,
    private readonly burst: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Takes one token; answers how many seconds to wait when there is none. */
  take(key: string): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, updatedAt: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.updatedAt) / 1000) * this.ratePerSecond);
    bucket.updatedAt = now;
    this.buckets.set(key, bucket);
    if (this.buckets.size > 100_000) this.forgetFullBuckets();
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true };
    }
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / this.ratePerSecond)) };
  }

  /** Buckets that refilled completely carry no information: drop them to bound memory. */
  private forgetFullBuckets(): void {
    const now = this.now();
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.updatedAt) / 1000) * this.ratePerSecond >= this.burst)
        this.buckets.delete(key);
    }
  }
}
