import { createHash } from "node:crypto";
import Redis from "ioredis";
import type pg from "pg";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";
import { BatchedLimits } from "./batched-limit";
import { postgresBucketStore, redisBucketStore } from "./bucket-stores";
import type { Limit, LimitVerdict } from "./limit";

/**
 * Rate limits shared by every API process, counted one of two ways (LimitSpec.counting):
 * - "batched", for limits on every request (the HTTP admission): counted in the process and
 *   reconciled with the shared store in the background, with a bounded overshoot
 *   (core/batched-limit.ts): no store round trip on a request's path;
 * - "exact" (the default), for attempts that must be counted one by one across processes
 *   (sign-in per address and per e-mail): each one is spent in the store, atomically
 *   (rate-limiter-flexible), with an in-memory limiter standing in while the store is
 *   unreachable; a key over its limit is remembered in the process until its window ends.
 * The store is the service's PostgreSQL (tables rate_limit_buckets and rate_limits), or
 * Redis when REDIS_URL is set.
 */
export interface LimitSpec {
  /** Names the counters; unique per limit. */
  name: string;
  /** Points a key may spend in `durationSeconds` (batched: the burst, refilled at points / duration a second). */
  points: number;
  durationSeconds: number;
  /** Exact only: once over, the key stays refused this long (default: until its window ends). */
  blockSeconds?: number;
  /** "exact" (default) or "batched": see above. */
  counting?: "exact" | "batched";
}

export interface LimitStore {
  readonly kind: "postgres" | "redis" | "memory";
  create(spec: LimitSpec): Limit;
  /** Resolves once the store is connected (until then the in-memory insurance counts). */
  ready(): Promise<void>;
  /** Reports what the batched limits still hold, then disconnects. */
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
  const consume = async (rawKey: string, points = 1): Promise<LimitVerdict> => {
    const key = storeKey(rawKey);
    try {
      await limiter.consume(key, points);
      return ALLOWED;
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      remember(key, Date.now() + error.msBeforeNext);
      return refusal(error.msBeforeNext);
    }
  };
  return {
    consume,
    take: consume,
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
  pgPool?: pg.Pool;
  redisUrl?: string;
  /** Milliseconds since the epoch, for the batched limits (tests move it). */
  now?: () => number;
  /** How often the batched limits reconcile (default SYNC_INTERVAL_MS). */
  syncIntervalMs?: number;
}

export function createLimitStore(options: LimitStoreOptions): LimitStore {
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 })
    : null;
  // Redis reports a lost connection as an error event; the in-memory insurance takes over.
  redis?.on("error", () => undefined);
  const kind = redis ? "redis" : options.pgPool ? "postgres" : "memory";
  const buckets = redis ? redisBucketStore(redis) : options.pgPool ? postgresBucketStore(options.pgPool) : null;
  const batched = new BatchedLimits(buckets, options.now, options.syncIntervalMs);
  return {
    kind,
    create(spec) {
      if (spec.counting === "batched") {
        if (spec.blockSeconds !== undefined) throw new Error(`limit ${spec.name}: blockSeconds needs exact counting`);
        return batched.create(spec);
      }
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
      await batched.close().catch(() => undefined);
      await redis?.quit().catch(() => undefined);
    },
  };
}

/**
 * RATE_LIMIT_RPS as the contract states it: `rps` requests a second, bursts of twice that.
 * A bucket of 2 x rps points refilled over two seconds gives both; counted batched.
 */
export function requestRateSpec(name: string, rps: number): LimitSpec {
  return { name, points: rps * 2, durationSeconds: 2, counting: "batched" };
}
