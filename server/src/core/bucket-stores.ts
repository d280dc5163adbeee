import type Redis from "ioredis";
import type pg from "pg";
import type { BucketStore, BucketTat } from "./batched-limit";

/**
 * Where the batched limits of every process meet (core/batched-limit.ts): PostgreSQL's
 * rate_limit_buckets (UNLOGGED: it guards against floods and holds no money state), or
 * Redis when REDIS_URL is set. Each keeps one theoretical arrival time per key.
 */

/**
 * One statement per reconciliation: the reported keys' `tat` moved (in key order, so that
 * two processes lock shared rows in the same order), the others read.
 */
const RECONCILE_SQL = `
  WITH reported AS (
    INSERT INTO rate_limit_buckets AS b (key, tat_ms)
    SELECT r.key, $3::float8 + r.cost FROM unnest($1::text[], $2::float8[]) AS r(key, cost)
    ON CONFLICT (key) DO UPDATE SET tat_ms = GREATEST(b.tat_ms, $3::float8) + (EXCLUDED.tat_ms - $3::float8)
    RETURNING key, tat_ms)
  SELECT key, tat_ms FROM reported
  UNION ALL
  SELECT key, tat_ms FROM rate_limit_buckets WHERE key = ANY($4::text[])`;

export function postgresBucketStore(pool: pg.Pool): BucketStore {
  return {
    async reconcile(reports, read, nowMs) {
      const sorted = [...reports].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      const { rows } = await pool.query<{ key: string; tat_ms: number }>(RECONCILE_SQL, [
        sorted.map((report) => report.key),
        sorted.map((report) => report.costMs),
        nowMs,
        read,
      ]);
      return rows.map((row) => ({ key: row.key, tatMs: row.tat_ms }));
    },
    async forget(key) {
      await pool.query("DELETE FROM rate_limit_buckets WHERE key = $1", [key]);
    },
    async sweep(nowMs) {
      await pool.query("DELETE FROM rate_limit_buckets WHERE tat_ms < $1", [nowMs]);
    },
  };
}

/**
 * The same in one Lua script (atomic in Redis): KEYS are the reported keys then the read
 * ones; ARGV the time, the count of reported keys and their costs. A bucket expires once
 * it is full again.
 */
const RECONCILE_LUA = `
local now = tonumber(ARGV[1])
local reported = tonumber(ARGV[2])
local tats = {}
for i = 1, #KEYS do
  local tat = tonumber(redis.call('GET', KEYS[i]) or '0') or 0
  if i <= reported then
    tat = math.max(tat, now) + tonumber(ARGV[2 + i])
    redis.call('SET', KEYS[i], string.format('%.17g', tat), 'PX', math.ceil(tat - now) + 1000)
  end
  tats[i] = string.format('%.17g', tat)
end
return tats`;

const REDIS_PREFIX = "rl:bucket:";

type ReconcileCommand = (keyCount: number, ...args: Array<string | number>) => Promise<string[]>;

export function redisBucketStore(redis: Redis): BucketStore {
  redis.defineCommand("pixReconcileBuckets", { lua: RECONCILE_LUA });
  const reconcile = (redis as unknown as { pixReconcileBuckets: ReconcileCommand }).pixReconcileBuckets.bind(redis);
  return {
    async reconcile(reports, read, nowMs) {
      const keys = [...reports.map((report) => report.key), ...read];
      const tats = await reconcile(
        keys.length,
        ...keys.map((key) => REDIS_PREFIX + key),
        nowMs,
        reports.length,
        ...reports.map((report) => report.costMs),
      );
      return keys.map((key, index): BucketTat => ({ key, tatMs: Number(tats[index]) }));
    },
    async forget(key) {
      await redis.del(REDIS_PREFIX + key);
    },
    async sweep() {
      // Redis expires full buckets by itself.
    },
  };
}
