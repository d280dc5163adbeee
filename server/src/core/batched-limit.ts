import type { Limit, LimitVerdict } from "./limit";

/**
 * Request limits counted in the process and reconciled with a shared store in the
 * background: no store round trip on a request's path, yet every API process learns what
 * the others spent within one reconciliation (SYNC_INTERVAL_MS).
 *
 * Counting: a token bucket per key, kept as GCRA does it, as one number: the key's
 * theoretical arrival time (`tat`, in ms). A limit of `points` in `durationSeconds` is a
 * rate of `points / durationSeconds` a second and a burst of `points` from rest: a point
 * costs `emission` ms, and a request is admitted while `max(tat, now) + its cost` stays
 * within `durationSeconds` of now. The wait of a refused one (Retry-After) is exact.
 *
 * Sharing: the store (PostgreSQL's rate_limit_buckets, or Redis) keeps one `tat` per key for
 * every process. At each reconciliation a process adds what it admitted since the last one
 * (`tat = max(tat, now) + points × emission`, atomically) and reads back the `tat` of every
 * key it used lately: one statement whatever the traffic. In between it decides alone, from
 * the `tat` it last read plus what it admitted since.
 *
 * Overshoot: a process never holds more than `unreported` points of one key that the store
 * has not heard of, reported or on their way (10 % of `points`, at least one): a request that
 * would exceed them waits for a reconciliation first. Once a key's bucket is empty, each process therefore admits
 * at most `unreported` more before it learns so: with N processes a key gets at most
 * `points + N × unreported` in a burst (one process: exactly `points`), and the rate after
 * it stays the limit's. Reported points count from the moment they are reported, not from
 * when they were admitted (up to one interval later), which only makes the shared bucket
 * stricter. If the store cannot be reached, each process goes on limiting alone with what
 * it counted (N processes: at most N times the limit) until it can.
 */
export interface BucketReport {
  key: string;
  /** Milliseconds the reported points cost (points × emission). */
  costMs: number;
}

export interface BucketTat {
  key: string;
  tatMs: number;
}

/** The shared buckets: adds what was admitted, reads back theoretical arrival times. */
export interface BucketStore {
  /**
   * For each report, atomically `tat = max(tat, nowMs) + costMs`; answers the `tat` of every
   * reported key and of every key of `read` (absent keys need not be answered: a full bucket).
   */
  reconcile(reports: BucketReport[], read: string[], nowMs: number): Promise<BucketTat[]>;
  /** Forgets a key (its bucket is full again). */
  forget(key: string): Promise<void>;
  /** Drops buckets that are full again (their `tat` is past): nothing is lost. */
  sweep(nowMs: number): Promise<void>;
}

/** How often each process reports and reads back. */
export const SYNC_INTERVAL_MS = 100;
/** The share of a limit one process may admit before the store hears of it. */
export const UNREPORTED_SHARE = 0.1;
/** How often the store's full buckets are dropped (by each process, harmlessly twice). */
const SWEEP_INTERVAL_MS = 60_000;
/** Keys one process remembers at most; beyond, the least recently used go first. */
const MAX_KEYS = 100_000;
/** Keys reported or read in one round trip at most (a flood of keys goes over several). */
const MAX_PER_ROUND_TRIP = 5000;

interface KeyState {
  /** The theoretical arrival time this process knows: the store's, plus what it admitted since. */
  tatMs: number;
  /** Points admitted here that the store has not been told of. */
  unreported: number;
  /** Points in the round trip under way. */
  reporting: number;
  /** When the key was last used here: it is read back while its bucket may still be short. */
  usedAtMs: number;
}

const ALLOWED: LimitVerdict = { allowed: true };

export interface BatchedLimitSpec {
  name: string;
  points: number;
  durationSeconds: number;
}

/** The limits of one process that share a store, reconciled together in the background. */
export class BatchedLimits {
  private readonly limits: BatchedLimit[] = [];
  private timer: NodeJS.Timeout | null = null;
  private syncing: Promise<void> | null = null;
  private nextSync: Promise<void> | null = null;
  private lastSweepMs = 0;
  /** The last round trip failed: requests no longer wait for one. */
  storeDown = false;

  constructor(
    /** null: the process counts alone (no store to share with). */
    readonly store: BucketStore | null,
    readonly now: () => number = Date.now,
    private readonly intervalMs = SYNC_INTERVAL_MS,
  ) {}

  create(spec: BatchedLimitSpec): BatchedLimit {
    const limit = new BatchedLimit(spec, this);
    this.limits.push(limit);
    if (this.store !== null && this.timer === null) {
      this.timer = setInterval(() => void this.sync(), this.intervalMs);
      this.timer.unref();
    }
    return limit;
  }

  /** Reports and reads back now; one round trip at a time (a request asked during one gets the next). */
  sync(): Promise<void> {
    if (this.store === null) return Promise.resolve();
    if (this.syncing === null) {
      this.syncing = this.reconcile().finally(() => {
        this.syncing = null;
      });
      return this.syncing;
    }
    this.nextSync ??= this.syncing.then(() => {
      this.nextSync = null;
      return this.sync();
    });
    return this.nextSync;
  }

  /** The round trip under way, or a new one. */
  inFlight(): Promise<void> {
    return this.syncing ?? this.sync();
  }

  /** Stops the timer after a last report. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.sync();
  }

  private async reconcile(): Promise<void> {
    const store = this.store as BucketStore;
    const now = this.now();
    const rounds = this.limits.map((limit) => limit.collect(now));
    const reports = rounds.flatMap((round) => round.reports);
    const read = rounds.flatMap((round) => round.read);
    if (reports.length === 0 && read.length === 0) return;
    let tats: BucketTat[];
    try {
      tats = await store.reconcile(reports, read, now);
      if (now - this.lastSweepMs >= SWEEP_INTERVAL_MS) {
        this.lastSweepMs = now;
        await store.sweep(now);
      }
    } catch {
      this.storeDown = true;
      for (const [index, limit] of this.limits.entries()) limit.unreport(rounds[index].reported);
      return;
    }
    this.storeDown = false;
    const byKey = new Map<string, number>();
    for (const tat of tats) byKey.set(tat.key, tat.tatMs);
    for (const [index, limit] of this.limits.entries()) limit.apply(rounds[index].reported, byKey);
  }
}

interface Collected {
  reports: BucketReport[];
  read: string[];
  /** The keys reported and their points, to settle when the answer comes. */
  reported: Array<[KeyState, number]>;
}

export class BatchedLimit implements Limit {
  /** Milliseconds one point costs. */
  readonly emissionMs: number;
  /** How far ahead of now a key's `tat` may run: the burst. */
  readonly toleranceMs: number;
  /** Points of one key this process may hold unreported. */
  readonly unreported: number;
  /**
   * The burst plus a rounding margin: a point's cost is rarely a whole number of ms, and
   * times near 1.7e12 ms carry about 1e-4 ms of error, yet `points` must fit exactly.
   */
  private readonly slackMs: number;
  private readonly keys = new Map<string, KeyState>();
  private readonly prefix: string;

  constructor(
    spec: BatchedLimitSpec,
    private readonly shared: BatchedLimits,
  ) {
    this.toleranceMs = spec.durationSeconds * 1000;
    this.emissionMs = this.toleranceMs / spec.points;
    this.unreported = Math.max(1, Math.floor(spec.points * UNREPORTED_SHARE));
    this.slackMs = this.toleranceMs + Math.max(this.emissionMs / 100, 0.001);
    this.prefix = `${spec.name}:`;
  }

  take(key: string, points = 1): LimitVerdict | Promise<LimitVerdict> {
    const now = this.shared.now();
    let state = this.keys.get(key);
    if (state === undefined) state = this.remember(key, now);
    else state.usedAtMs = now;
    const tat = Math.max(state.tatMs, now) + points * this.emissionMs;
    if (tat - now > this.slackMs) return this.refusal(tat - now);
    if (this.shared.store !== null) {
      const unheard = state.unreported + state.reporting;
      if (unheard > 0 && unheard + points > this.unreported && !this.shared.storeDown) {
        // This process has admitted its share of the key unheard: the store hears of it first
        // (the round trip under way when it carries them all, else the next).
        const heard = state.unreported === 0 ? this.shared.inFlight() : this.shared.sync();
        return heard.then(() => this.take(key, points));
      }
      state.unreported += points;
    }
    state.tatMs = tat;
    return ALLOWED;
  }

  async consume(key: string, points = 1): Promise<LimitVerdict> {
    return this.take(key, points);
  }

  refusedHere(key: string): LimitVerdict {
    const state = this.keys.get(key);
    if (state === undefined) return ALLOWED;
    const now = this.shared.now();
    const tat = Math.max(state.tatMs, now) + this.emissionMs;
    return tat - now > this.slackMs ? this.refusal(tat - now) : ALLOWED;
  }

  async reset(key: string): Promise<void> {
    this.keys.delete(key);
    await this.shared.store?.forget(this.prefix + key);
  }

  /** Keys this process remembers. */
  get size(): number {
    return this.keys.size;
  }

  private refusal(aheadMs: number): LimitVerdict {
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((aheadMs - this.toleranceMs) / 1000)) };
  }

  private remember(key: string, now: number): KeyState {
    if (this.keys.size >= MAX_KEYS) this.forgetIdle(now, true);
    const state: KeyState = { tatMs: 0, unreported: 0, reporting: 0, usedAtMs: now };
    this.keys.set(key, state);
    return state;
  }

  /** What goes to the store now: every key's unreported points, and the keys to read back. */
  collect(now: number): Collected {
    this.forgetIdle(now, false);
    const collected: Collected = { reports: [], read: [], reported: [] };
    for (const [key, state] of this.keys) {
      if (collected.reports.length + collected.read.length >= MAX_PER_ROUND_TRIP) break;
      if (state.unreported > 0) {
        collected.reports.push({ key: this.prefix + key, costMs: state.unreported * this.emissionMs });
        collected.reported.push([state, state.unreported]);
        state.reporting += state.unreported;
        state.unreported = 0;
      } else {
        collected.read.push(this.prefix + key);
      }
    }
    return collected;
  }

  /** The store answered: each key's `tat` is the store's plus what was admitted here meanwhile. */
  apply(reported: Array<[KeyState, number]>, tats: Map<string, number>): void {
    for (const [state, points] of reported) state.reporting -= points;
    for (const [key, state] of this.keys) {
      const stored = tats.get(this.prefix + key);
      if (stored === undefined) continue;
      // The points admitted during the round trip are not in the store's answer yet.
      const known = stored + state.unreported * this.emissionMs;
      if (known > state.tatMs) state.tatMs = known;
    }
  }

  /** The round trip failed: its points are unreported again, for the next one. */
  unreport(reported: Array<[KeyState, number]>): void {
    for (const [state, points] of reported) {
      state.reporting -= points;
      state.unreported += points;
    }
  }

  /**
   * Forgets keys unused for longer than the burst takes to refill (whatever another process
   * spent on them since, this one starts again within its unreported share), or under
   * pressure of new keys, the least recently used half.
   */
  private forgetIdle(now: number, pressed: boolean): void {
    for (const [key, state] of this.keys) {
      if (state.unreported > 0 || state.reporting > 0) continue;
      if (now - state.usedAtMs > this.toleranceMs && state.tatMs <= now) this.keys.delete(key);
    }
    if (!pressed || this.keys.size < MAX_KEYS) return;
    // A flood of new keys (addresses): Map order is insertion order, near enough to least recent.
    for (const [key, state] of this.keys) {
      if (this.keys.size < MAX_KEYS / 2) break;
      if (state.unreported === 0 && state.reporting === 0) this.keys.delete(key);
    }
  }
}
