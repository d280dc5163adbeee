import { createHash } from "node:crypto";
import Redis from "ioredis";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";

/**
 * Rate limits shared by every API process, on rate-limiter-flexible: counters in the
 * service's PostgreSQL (table rate_limits), or in Redis when REDIS_URL is set, with an
 * in-memory limiter standing in while the store is unreachable. A key over its limit is
 * also remembered in the process's memory until its window ends, so a flood costs the
 * store one write per window per process, and a caller can be refused before any other
 * database work. The HTTP admission uses it (server/src/http/request-admission.ts); so can
 * anything else that must limit attempts (sign-in per address and per e-mail).
 */
export type LimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface LimitSpec {
  /** Names the counters; unique per limit. */
  name: string;
  /** Points a key may spend in each window. */
  points: number;
  durationSeconds: number;
  /** Once over, the key stays refused this long (default: until its window ends). */
  blockSeconds?: number;
}

export interface Limit {
  /** Spends `points` of the key's allowance; refused when it is spent. */
  consume(key: string, points?: number): Promise<LimitVerdict>;
  /** Refused when this process already saw the key go over; asks no store. */
  refusedHere(key: string): LimitVerdict;
  /** Forgets the key (e.g. failed attempts after a successful one). */
  reset(key: string): Promise<void>;
}

export interface LimitStore {
  readonly kind: "postgres" | "redis" | "memory";
  create(spec: LimitSpec): Limit;
  /** Resolves once the store is connected (until then the in-memory insurance counts). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

const ALLOWED: LimitVerdict = { allowed: true };
const MAX_REMEMBERED = 10_000;

/**
 * Keys fit the store's column (varchar(255) with the limit's prefix before them) and never
 * hold a caller's text verbatim when long: past 128 characters, their SHA-256.
 */
export function storeKey(key: string): string {
  return key.length <= 128 ? key : createHash("sha256").update(key).digest("hex");
}

function refusal(msBeforeNext: number): LimitVerdict {
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)) };
}

function limitOn(limiter: RateLimiterAbstract): Limit {
  const refusedUntil = new Map<string, number>();
  const remember = (key: string, until: number) => {
    if (refusedUntil.size >= MAX_REMEMBERED) {
      const now = Date.now();
      for (const [k, at] of refusedUntil) if (at <= now) refusedUntil.delete(k);
      if (refusedUntil.size >= MAX_REMEMBERED) refusedUntil.clear();
    }
    refusedUntil.set(key, until);
  };
  return {
    async consume(rawKey, points = 1) {
      const key = storeKey(rawKey);
      try {
        await limiter.consume(key, points);
        return ALLOWED;
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        remember(key, Date.now() + error.msBeforeNext);
        return refusal(error.msBeforeNext);
      }
    },
    refusedHere(rawKey) {
      const until = refusedUntil.get(storeKey(rawKey));
      if (until === undefined) return ALLOWED;
      const ms = until - Date.now();
      if (ms > 0) return refusal(ms);
      refusedUntil.delete(storeKey(rawKey));
      return ALLOWED;
    },
    async reset(rawKey) {
      const key = storeKey(rawKey);
      refusedUntil.delete(key);
      await limiter.delete(key);
    },
  };
}

export interface LimitStoreOptions {
  /** A pg Pool on the service's database (used unless redisUrl is given). */
  pgPool?: unknown;
  redisUrl?: string;
}

export function createLimitStore(options: LimitStoreOptions): LimitStore {
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 })
    : null;
  // Redis reports a lost connection as an error event; the in-memory insurance takes over.
  redis?.on("error", () => undefined);
  const kind = redis ? "redis" : options.pgPool ? "postgres" : "memory";
  return {
    kind,
    create(spec) {
      const base = {
        keyPrefix: `rl:${spec.name}`,
        points: spec.points,
        duration: spec.durationSeconds,
        blockDuration: spec.blockSeconds ?? 0,
      };
      if (kind === "memory") return limitOn(new RateLimiterMemory(base));
      const store = {
        ...base,
        insuranceLimiter: new RateLimiterMemory(base),
        // Over the limit: refused from memory until the window ends, without the store.
        inMemoryBlockOnConsumed: spec.points,
      };
      if (redis) return limitOn(new RateLimiterRedis({ ...store, storeClient: redis }));
      return limitOn(
        new RateLimiterPostgres({
          ...store,
          storeClient: options.pgPool,
          tableName: "rate_limits",
          tableCreated: true,
          clearExpiredByTimeout: true,
        }),
      );
    },
    async ready() {
      if (redis && redis.status !== "ready") await new Promise((resolve) => redis.once("ready", resolve));
    },
    async close() {
      await redis?.quit().catch(() => undefined);
    },
  };
}

/**
 * RATE_LIMIT_RPS as the contract states it: `rps` requests a second, bursts of twice that.
 * A window of two seconds holding 2 x rps points gives both.
 */
export function requestRateSpec(name: string, rps: number): LimitSpec {
  return { name, points: rps * 2, durationSeconds: 2 };
}
