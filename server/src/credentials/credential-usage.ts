import type { DataSource } from "typeorm";
import type { Logger } from "../core/logger";
import { poolRows } from "../core/sql";

/** How often the uses seen in this process are written: at most once a minute per credential. */
export const CREDENTIAL_USAGE_FLUSH_MS = 60_000;

/**
 * "Last used" of merchant API credentials without a database write per request: the bearer
 * check records the credential's use in memory (one Map set), and a background flush writes
 * the latest time of each credential seen, once a minute, in one statement. Several processes
 * may flush the same credential: the row only moves forward, and not by less than a minute
 * (a write another process made within the minute is left alone), so the column is exact to
 * about a minute, and a credential costs at most about one row update a minute however many
 * processes serve it.
 */
export class CredentialUsage {
  private seen = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly db: DataSource,
    private readonly logger: Logger,
    private readonly flushEveryMs = CREDENTIAL_USAGE_FLUSH_MS,
  ) {}

  /** The point of authentication calls this for each request a credential makes. */
  touch(credentialId: string): void {
    this.seen.set(credentialId, Date.now());
    if (this.timer === null) this.schedule();
  }

  private schedule(): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.flushEveryMs);
    this.timer.unref();
  }

  /** Writes what was seen since the last flush (also on shutdown); failures are logged and retried next time. */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    if (this.seen.size === 0) return Promise.resolve();
    const batch = this.seen;
    this.seen = new Map();
    const ids = [...batch.keys()];
    const times = ids.map((id) => new Date(batch.get(id) as number).toISOString());
    this.flushing = poolRows(
      this.db,
      `UPDATE client_credentials AS c SET last_used_at = v.at
         FROM unnest($1::text[], $2::timestamptz[]) AS v(id, at)
        WHERE c.id = v.id AND (c.last_used_at IS NULL OR c.last_used_at < v.at - interval '1 minute')`,
      [ids, times],
    )
      .then(() => undefined)
      .catch((error: unknown) => {
        // Keep the uses for the next flush unless newer ones came in meanwhile.
        for (const [id, at] of batch) if (!this.seen.has(id)) this.seen.set(id, at);
        if (this.timer === null) this.schedule();
        this.logger.warn("credential last-use flush failed; retried at the next one", { error: String(error) });
      })
      .finally(() => {
        this.flushing = null;
      });
    return this.flushing;
  }

  /** Stops the timer and writes what is left. */
  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flushing;
    await this.flush();
  }
}
