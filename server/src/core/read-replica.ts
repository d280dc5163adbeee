import pg from "pg";
import type { DataSource } from "typeorm";
import { type ConnectionLimits, limitedPoolOptions } from "./data-source";
import { DatabaseTarget } from "./database-target";
import { isDatabaseUnavailable } from "./errors";
import { describeError, type Logger } from "./logger";
import { poolOf } from "./sql";

/**
 * DATABASE_READ_URL (contract §14): a streaming replica for the reads that tolerate a few
 * seconds of lag (lists, search, dashboards, statements, exports, balanceAudit). Those reads
 * ask for it by name (`readCancellable(..., { lagTolerant: true })`, `lagTolerantRows`);
 * every other read, and every write, stays on the primary. The replica is used only while it
 * answers and is at most READ_REPLICA_MAX_LAG_S behind; otherwise, and for a read the
 * replica fails under, the read runs on the primary, without an error.
 *
 * Lag is measured in time, whatever the traffic: each check reads the primary's WAL
 * position (pg_current_wal_lsn) and the replica's replayed position
 * (pg_last_wal_replay_lsn); the lag is how long ago the primary was first seen at a
 * position the replica has not replayed yet (0 when it has replayed all it was shown).
 * An idle primary therefore does not look like a lagging replica, and a replica cut off
 * from a busy primary is seen falling behind within a check.
 */
export interface ReadReplicaOptions {
  /** READ_REPLICA_MAX_LAG_S. */
  maxLagSeconds: number;
  /** How often the replica's lag is measured (READ_REPLICA_CHECK_MS). */
  checkMs: number;
  poolSize: number;
  limits: ConnectionLimits;
}

/** Where a lag-tolerant read ran: counted for /metrics and tests. */
export type ReadPoolName = "primary" | "replica";

export interface ReplicaState {
  /** Whether lag-tolerant reads go to the replica now. */
  usable: boolean;
  /** Seconds behind the primary at the last check; null when unknown (replica unreachable, not checked yet). */
  lagSeconds: number | null;
  /** Why the replica is skipped, when it is. */
  skippedBecause: string | null;
}

/** A primary WAL position and when it was read. */
interface PrimarySample {
  at: number;
  lsn: bigint;
}

/** How many primary positions are kept: beyond the longest lag that matters (READ_REPLICA_MAX_LAG_S). */
const SAMPLES_KEPT = 600;

export class ReadReplica {
  readonly target: DatabaseTarget;
  readonly pool: pg.Pool;
  /** Lag-tolerant reads by the pool that answered them. */
  readonly reads: Record<ReadPoolName, number> = { primary: 0, replica: 0 };
  private state: ReplicaState = { usable: false, lagSeconds: null, skippedBecause: "not checked yet" };
  private samples: PrimarySample[] = [];
  private timer: NodeJS.Timeout | null = null;
  private checking: Promise<void> | null = null;
  private stopped = false;

  constructor(
    url: string,
    private readonly primary: DataSource,
    private readonly options: ReadReplicaOptions,
    private readonly logger: Logger,
  ) {
    this.target = new DatabaseTarget(url);
    this.pool = new pg.Pool({
      ...this.target.poolOptions(),
      max: options.poolSize,
      ...limitedPoolOptions(options.limits),
      application_name: "pix-replica-reads",
    });
    // A replica going away is expected: its idle connections' errors are not news.
    this.pool.on("error", () => undefined);
  }

  get status(): ReplicaState {
    return { ...this.state };
  }

  /** Measures now, then every checkMs until stop. */
  async start(): Promise<void> {
    await this.check();
    this.timer = setInterval(() => void this.check(), this.options.checkMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.checking?.catch(() => undefined);
    await this.pool.end().catch(() => undefined);
  }

  /** The pool a lag-tolerant read runs on now. */
  choose(): ReadPoolName {
    return this.state.usable ? "replica" : "primary";
  }

  /** A read on the replica failed for want of the replica (unreachable, cancelled by recovery): skip it until the next good check. */
  failed(error: unknown): void {
    if (!isDatabaseUnavailable(error)) return;
    if (this.state.usable)
      this.logger.warn("read replica failed a read; reads go to the primary", describeError(error));
    this.state = { usable: false, lagSeconds: this.state.lagSeconds, skippedBecause: "a read failed on it" };
  }

  /** One measurement; concurrent calls share it. */
  check(): Promise<void> {
    if (!this.checking) {
      this.checking = this.measure().finally(() => {
        this.checking = null;
      });
    }
    return this.checking;
  }

  private async measure(): Promise<void> {
    if (this.stopped) return;
    // The primary's position first: a replica at or past it has replayed everything committed before.
    await this.samplePrimary();
    let next: ReplicaState;
    try {
      const { rows } = await this.pool.query<{ standby: boolean; replayed: string | null }>(
        "SELECT pg_is_in_recovery() AS standby, pg_last_wal_replay_lsn()::text AS replayed",
      );
      const { standby, replayed } = rows[0];
      // Not in recovery: a server that is no replica (or one promoted by a failover) is as fresh as it gets.
      const lagSeconds = !standby || replayed === null ? 0 : this.lagOf(parseLsn(replayed));
      const tooFar = lagSeconds > this.options.maxLagSeconds;
      next = {
        usable: !tooFar,
        lagSeconds,
        skippedBecause: tooFar
          ? `${lagSeconds.toFixed(1)} s behind (READ_REPLICA_MAX_LAG_S ${this.options.maxLagSeconds})`
          : null,
      };
    } catch (error) {
      next = { usable: false, lagSeconds: null, skippedBecause: "unreachable" };
      if (this.state.usable || this.state.skippedBecause === "not checked yet")
        this.logger.warn("read replica unreachable; reads go to the primary", describeError(error));
    }
    if (this.stopped) return;
    if (next.usable && !this.state.usable && this.state.skippedBecause !== "not checked yet")
      this.logger.info("read replica back in use", { lagSeconds: next.lagSeconds });
    else if (!next.usable && this.state.usable)
      this.logger.warn("read replica skipped", { reason: next.skippedBecause });
    this.state = next;
  }

  private async samplePrimary(): Promise<void> {
    try {
      const { rows } = await poolOf(this.primary).query<{ lsn: string }>("SELECT pg_current_wal_lsn()::text AS lsn");
      this.samples.push({ at: Date.now(), lsn: parseLsn(rows[0].lsn) });
      if (this.samples.length > SAMPLES_KEPT) this.samples.splice(0, this.samples.length - SAMPLES_KEPT);
    } catch {
      // The primary unreachable (a failover): the positions seen before still tell how far the replica is.
    }
  }

  /** Seconds since the primary was first seen at a position beyond `replayed`; 0 when the replica replayed every one. */
  private lagOf(replayed: bigint): number {
    // Positions the replica has replayed are no longer needed, except the newest (the next comparison's floor).
    const firstAhead = this.samples.findIndex((sample) => sample.lsn > replayed);
    if (firstAhead < 0) {
      this.samples.splice(0, Math.max(0, this.samples.length - 1));
      return 0;
    }
    this.samples.splice(0, firstAhead);
    return (Date.now() - this.samples[0].at) / 1000;
  }
}

/** "16/B374D848" as a number. */
export function parseLsn(text: string): bigint {
  const [high, low] = text.split("/");
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

const replicas = new WeakMap<DataSource, ReadReplica>();

/** Lag-tolerant reads on `primary` may go to `replica` from now on. */
export function attachReadReplica(primary: DataSource, replica: ReadReplica): void {
  replicas.set(primary, replica);
}

/** The replica attached to the primary's DataSource, if DATABASE_READ_URL named one. */
export function replicaOf(primary: DataSource): ReadReplica | null {
  return replicas.get(primary) ?? null;
}
