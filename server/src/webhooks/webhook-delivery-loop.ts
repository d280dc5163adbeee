import type { Client } from "pg";
import type { DatabaseLocation } from "../core/database-target";
import { describeError, type Logger } from "../core/logger";
import type { ClaimedAttempt, WebhookDispatcher } from "./webhook-dispatcher";
import { openQueueConnection } from "./webhook-queue";

export interface DeliveryLoopOptions {
  /** Attempts this process has in flight at most (WEBHOOK_CONCURRENCY). */
  concurrency: number;
  /**
   * How long a claimed event stays leased: longer than an attempt can take (the sender's
   * timeout, then the outcome's statement), so an event is claimed again only when the
   * worker that claimed it is gone.
   */
  leaseMs: number;
  /** How often to look for due events without being told (retries coming due, lost notifications). */
  pollIntervalMs: number;
  /** The service's STATEMENT_TIMEOUT_MS, for the claims' connection too. */
  statementTimeoutMs: number;
}

/**
 * A worker process's webhook deliveries: claims due events from webhook_events whenever
 * it has free slots and there may be work (a notification of a new or redelivered event,
 * a slot given back while events were left behind, the poll), sends each claimed attempt
 * and records its outcome (webhook-dispatcher.ts). One claim runs at a time: whatever
 * frees up while it runs is claimed by the next one, so under load a claim carries many
 * events. Each account's attempts in flight stay within its window
 * (webhook-account-windows.ts), so a receiver that hangs keeps its few slots and the
 * other accounts are served. Nothing here is needed for correctness after a crash: the
 * leases in the table are.
 */
export class WebhookDeliveryLoop {
  private inFlight = 0;
  private claiming: Promise<void> | null = null;
  private claimAgain = false;
  /**
   * The last claim found events: more may be due (it stopped at its free slots, or other
   * workers held the rest for a moment), so any slot given back is worth a claim. After a
   * claim that found none, only a notification or the poll starts the next.
   */
  private busy = false;
  /** Accounts the last claim left out or capped at their room: a slot of theirs given back is worth a claim. */
  private blocked = new Set<string>();
  private stopped = false;
  private poll: NodeJS.Timeout | null = null;
  /** Claims and LISTEN (openQueueConnection); null while (re)connecting. */
  private connection: Client | null = null;
  private drained: (() => void) | null = null;

  constructor(
    private readonly dispatcher: WebhookDispatcher,
    /** PostgreSQL itself (DATABASE_DIRECT_URL): the claims' LISTEN and named statement need a session. */
    private readonly database: DatabaseLocation,
    private readonly logger: Logger,
    private readonly options: DeliveryLoopOptions,
  ) {}

  async start(): Promise<void> {
    await this.connect();
    this.poll = setInterval(() => this.wake(), this.options.pollIntervalMs);
  }

  /** Claims no more; resolves once every attempt in flight has its outcome recorded. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.poll) clearInterval(this.poll);
    await this.claiming;
    await this.connection?.end().catch(() => undefined);
    if (this.inFlight > 0) await new Promise<void>((resolve) => (this.drained = resolve));
  }

  /** Claims now, or right after the claim under way. */
  private wake(): void {
    if (this.stopped) return;
    if (this.claiming) {
      this.claimAgain = true;
      return;
    }
    this.claiming = this.claimWhileWanted().finally(() => {
      this.claiming = null;
    });
  }

  private async claimWhileWanted(): Promise<void> {
    do {
      this.claimAgain = false;
      const free = this.options.concurrency - this.inFlight;
      if (free <= 0) {
        this.busy = true;
        return;
      }
      const connection = this.connection;
      if (!connection) return; // claimed once connected again
      const windows = this.dispatcher.windows;
      const rooms = windows.rooms();
      let claimed: ClaimedAttempt[];
      try {
        claimed = await this.dispatcher.claimDue(connection, free, rooms, windows.limits.initial, this.options.leaseMs);
      } catch (error) {
        this.logger.error("webhook claim failed", describeError(error));
        return; // the next poll claims again
      }
      this.busy = claimed.length > 0;
      const taken = new Map<string, number>();
      for (const attempt of claimed) {
        taken.set(attempt.company_id, (taken.get(attempt.company_id) ?? 0) + 1);
        this.send(attempt);
      }
      const roomOf = new Map(rooms.accounts.map((account, index) => [account, rooms.rooms[index]]));
      for (const account of roomOf.keys()) if (!taken.has(account)) taken.set(account, 0);
      this.blocked = new Set(
        [...taken]
          .filter(([account, count]) => count >= (roomOf.get(account) ?? windows.limits.initial))
          .map(([a]) => a),
      );
    } while (this.claimAgain && !this.stopped);
  }

  private send(attempt: ClaimedAttempt): void {
    const account = attempt.company_id;
    this.inFlight += 1;
    this.dispatcher.windows.take(account);
    const started = performance.now();
    this.dispatcher
      .deliver(attempt)
      .catch((error) =>
        // The event stays leased: it is claimed again, as a new attempt, when the lease ends.
        this.logger.error("webhook outcome not recorded", { eventId: attempt.event_id, ...describeError(error) }),
      )
      .finally(() => {
        this.inFlight -= 1;
        this.dispatcher.windows.release(account, performance.now() - started);
        if (this.inFlight === 0) this.drained?.();
        if (this.busy || this.blocked.has(account)) this.wake();
      });
  }

  /** Opens the claims' connection; a connection lost or refused is tried again a poll interval later. */
  private async connect(): Promise<void> {
    if (this.stopped) return;
    let connection: Client;
    try {
      connection = await openQueueConnection(this.database, { statementTimeoutMs: this.options.statementTimeoutMs });
    } catch (error) {
      this.logger.warn("webhook queue connection failed; trying again", describeError(error));
      setTimeout(() => void this.connect(), this.options.pollIntervalMs).unref();
      return;
    }
    connection.on("notification", () => this.wake());
    connection.on("error", (error) => this.logger.warn("webhook queue connection error", { error: error.message }));
    connection.on("end", () => {
      if (this.connection === connection) this.connection = null;
      if (!this.stopped) setTimeout(() => void this.connect(), this.options.pollIntervalMs).unref();
    });
    if (this.stopped) {
      await connection.end().catch(() => undefined);
      return;
    }
    this.connection = connection;
    this.wake();
  }
}
