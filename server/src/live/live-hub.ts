import type pg from "pg";
import type { DataSource } from "typeorm";
import { liveSessionSql } from "../auth/model";
import type { DatabaseTarget } from "../core/database-target";
import { LIVE_CHANNEL, type LiveNotice, parseLiveNotice } from "../core/live-events";
import type { Logger } from "../core/logger";
import { poolRows } from "../core/sql";

/**
 * Live pages: one LISTEN connection per process, fanned out to the server-sent-event streams
 * of the console pages this process serves (live.route.ts). Every outbox row is announced on
 * LIVE_CHANNEL when its transaction commits, by whichever process wrote it, so a browser
 * connected to any API process hears every change. Nothing here runs on an ordinary
 * request: the connection is opened when the first stream arrives, and its timers run only
 * while streams are open.
 */

/** The topics a page may ask for: the first word of an outbox event's type. */
export const LIVE_TOPICS = ["charge", "withdrawal", "refund", "dispute", "recurrence"] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

/**
 * Who holds a stream: a console user, as their session said when it opened, or a payer on a
 * charge's payer's page (payer-page/), who has no session and follows that one charge.
 */
export type LiveViewer = ConsoleViewer | PayerViewer | ListenerViewer;

export interface ConsoleViewer {
  kind: "operator" | "merchant";
  role: string;
  /** The merchant's own company; null for operators, who see every company's changes. */
  companyId: string | null;
  /** hashSecret of the session token: its console_sessions.id_hash. */
  sessionHash: string;
}

export interface PayerViewer {
  kind: "payer";
  /** The one charge the page shows: only its own changes reach the stream. */
  chargeId: string;
  /** What its streams are counted by: a key of the payer's address (many payers may share one, behind a carrier's NAT). */
  addressKey: string;
}

/**
 * A merchant's client secret on the webhook listener's stream (`pix-webhooks listen`,
 * server/src/cli/): every event of its account, with the body its webhooks carry.
 */
export interface ListenerViewer {
  kind: "listener";
  companyId: string;
  /** The client secret's credential: its stream ends when it is revoked or expires. */
  credentialId: string;
  /** Its webhook_listeners row (registerListener): the outbox keeps, while it is there, what no endpoint takes. */
  presenceId: string;
}

/** One open stream; `send` writes SSE text, `end` closes it with a last `end` event. */
export interface LiveStream {
  viewer: LiveViewer;
  /** null: every topic. */
  topics: ReadonlySet<LiveTopic> | null;
  send(chunk: string): void;
  end(reason: "session" | "credential" | "shutdown" | "slow" | "final"): void;
}

export interface LiveOptions {
  /** Streams one session may hold at once (tabs); beyond, refused with 429. */
  maxStreamsPerSession: number;
  /** Streams of this process; beyond, refused with 503 (the pages poll instead). */
  maxStreams: number;
  /** A comment line this often keeps proxies and browsers from closing an idle stream. */
  heartbeatMs: number;
  /** Sessions of the open streams are checked this often: a revoked or idle one is closed. */
  sessionCheckMs: number;
  /** Reconnecting the LISTEN connection: first wait, doubled up to the last. */
  reconnectMinMs: number;
  reconnectMaxMs: number;
  /** Payers' streams of one address at once; beyond, refused with 429 (the page polls). */
  maxPayerStreamsPerAddress: number;
  /** Payers' streams of this process: a share of maxStreams, so that payers never crowd out the console. */
  maxPayerStreams: number;
}

export const DEFAULT_LIVE_OPTIONS: LiveOptions = {
  maxStreamsPerSession: 6,
  maxStreams: 1000,
  heartbeatMs: 20_000,
  sessionCheckMs: 15_000,
  reconnectMinMs: 500,
  reconnectMaxMs: 30_000,
  maxPayerStreamsPerAddress: 30,
  maxPayerStreams: 500,
};

export type LiveRefusal = "SESSION_STREAMS" | "PROCESS_STREAMS";

/** What a stream is counted by: its console session, its payer's address, or its client secret. */
function holderOf(viewer: LiveViewer): string {
  if (viewer.kind === "payer") return `payer:${viewer.addressKey}`;
  if (viewer.kind === "listener") return `credential:${viewer.credentialId}`;
  return viewer.sessionHash;
}

/** A charge's events that end its life: a payer's page has nothing more to wait for. */
const FINAL_CHARGE_EVENTS = new Set(["charge.paid", "charge.expired", "charge.cancelled"]);

/**
 * A listener's webhook_listeners row lives this long unless renewed (each sessionCheckMs while
 * its stream is open): a crashed process's listeners stop costing the outbox within a minute.
 */
const LISTENER_PRESENCE_TTL_S = 60;
/** What webhook_listener_events keeps: a stream reads its event as soon as the notice arrives. */
const LISTENED_EVENTS_KEPT_MINUTES = 10;

/** A stream whose client reads slower than this much buffered text is closed (it reconnects and refetches). */
const MAX_BUFFERED_STREAM_CHUNKS = 200;

export class LiveHub {
  readonly options: LiveOptions;
  private readonly streams = new Set<LiveStream>();
  private readonly perSession = new Map<string, number>();
  private payerStreams = 0;
  private readonly buffered = new WeakMap<LiveStream, number>();
  private client: pg.Client | null = null;
  private listening = false;
  private connecting = false;
  private everListened = false;
  private reconnectDelay: number;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private sessionCheck: NodeJS.Timeout | null = null;
  private closed = false;
  /** Listeners' rows being removed (unregisterListener): close() waits for them. */
  private readonly leaving = new Set<Promise<void>>();
  /** The listeners' body reads, one after the other (sendToListeners). */
  private listenerReads: Promise<void> = Promise.resolve();
  /** Counters for tests and /metrics-like probes. */
  readonly stats = { notices: 0, delivered: 0, reconnects: 0 };

  constructor(
    /** PostgreSQL itself (DATABASE_DIRECT_URL): LISTEN needs a session of its own. */
    private readonly database: DatabaseTarget,
    private readonly db: DataSource,
    private readonly logger: Logger,
    private readonly sessionIdleMinutes: number,
    options: Partial<LiveOptions> = {},
  ) {
    this.options = { ...DEFAULT_LIVE_OPTIONS, ...options };
    this.reconnectDelay = this.options.reconnectMinMs;
  }

  get streamCount(): number {
    return this.streams.size;
  }

  get isListening(): boolean {
    return this.listening;
  }

  /** Whether one more stream may open for this viewer; the refusal otherwise. */
  refusal(viewer: LiveViewer): LiveRefusal | null {
    if (this.closed || this.streams.size >= this.options.maxStreams) return "PROCESS_STREAMS";
    const held = this.perSession.get(holderOf(viewer)) ?? 0;
    if (viewer.kind === "payer") {
      if (this.payerStreams >= this.options.maxPayerStreams) return "PROCESS_STREAMS";
      return held >= this.options.maxPayerStreamsPerAddress ? "SESSION_STREAMS" : null;
    }
    if (held >= this.options.maxStreamsPerSession) return "SESSION_STREAMS";
    return null;
  }

  /**
   * Writes a listener's webhook_listeners row before its stream opens (so that every event
   * written after its `ready` is kept for it, whichever process writes it); a failure is the
   * caller's to answer (the stream is not opened).
   */
  async registerListener(viewer: ListenerViewer): Promise<void> {
    await this.db.query(
      `INSERT INTO webhook_listeners (id, company_id, expires_at)
       VALUES ($1, $2, now() + make_interval(secs => $3))`,
      [viewer.presenceId, viewer.companyId, LISTENER_PRESENCE_TTL_S],
    );
  }

  /** The row of a listener whose stream closed (best effort: it expires anyway). */
  async unregisterListener(viewer: ListenerViewer): Promise<void> {
    await this.db.query("DELETE FROM webhook_listeners WHERE id = $1", [viewer.presenceId]).catch((error) => {
      this.logger.warn("live updates: a listener's row could not be removed", { error: (error as Error).message });
    });
  }

  /** Adds a stream; answers its removal (idempotent), to call when its client goes away. */
  add(stream: LiveStream): () => void {
    this.streams.add(stream);
    const holder = holderOf(stream.viewer);
    this.perSession.set(holder, (this.perSession.get(holder) ?? 0) + 1);
    if (stream.viewer.kind === "payer") this.payerStreams += 1;
    this.startTimers();
    if (this.listening) stream.send(READY);
    else void this.listen();
    let removed = false;
    return () => {
      if (removed) return;
      removed = true;
      this.streams.delete(stream);
      if (stream.viewer.kind === "payer") this.payerStreams -= 1;
      if (stream.viewer.kind === "listener") {
        const leaving = this.unregisterListener(stream.viewer);
        this.leaving.add(leaving);
        void leaving.finally(() => this.leaving.delete(leaving));
      }
      const left = (this.perSession.get(holder) ?? 1) - 1;
      if (left <= 0) this.perSession.delete(holder);
      else this.perSession.set(holder, left);
      if (this.streams.size === 0) this.stopTimers();
    };
  }

  /** Ends every stream and the LISTEN connection (the process is stopping). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.stopTimers();
    for (const stream of [...this.streams]) stream.end("shutdown");
    // Ending a listener's stream removes its row: done before the pool closes.
    await Promise.all([...this.leaving]);
    this.streams.clear();
    this.perSession.clear();
    this.payerStreams = 0;
    const client = this.client;
    this.client = null;
    this.listening = false;
    await client?.end().catch(() => undefined);
  }

  /** Opens the LISTEN connection, once; after a loss, again with backoff, and the pages refetch. */
  private async listen(): Promise<void> {
    if (this.closed || this.listening || this.connecting || this.reconnectTimer) return;
    this.connecting = true;
    const client = new this.database.Client({
      connectionString: this.database.url,
      application_name: "pix-live-listener",
    });
    const lost = (error?: Error) => this.lost(client, error);
    client.on("error", lost);
    client.on("end", lost);
    client.on("notification", (message) => {
      if (message.channel === LIVE_CHANNEL) this.fanOut(parseLiveNotice(message.payload));
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${LIVE_CHANNEL}`);
    } catch (error) {
      this.connecting = false;
      client.removeAllListeners();
      client.on("error", () => undefined);
      await client.end().catch(() => undefined);
      this.logger.warn("live updates: could not listen", { error: (error as Error).message });
      this.scheduleReconnect();
      return;
    }
    this.connecting = false;
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.listening = true;
    this.reconnectDelay = this.options.reconnectMinMs;
    // Changes made while nobody listened were missed: every open page refetches once.
    const chunk = this.everListened ? RESYNC : READY;
    if (this.everListened) this.stats.reconnects += 1;
    this.everListened = true;
    for (const stream of this.streams) this.write(stream, chunk);
  }

  private lost(client: pg.Client, error?: Error): void {
    if (this.client !== client) return;
    this.client = null;
    this.listening = false;
    client.removeAllListeners();
    client.on("error", () => undefined);
    void client.end().catch(() => undefined);
    if (this.closed) return;
    this.logger.warn("live updates: LISTEN connection lost", { error: error?.message ?? "ended" });
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    const delay = this.reconnectDelay;
    this.reconnectDelay = Math.min(this.reconnectDelay * 2, this.options.reconnectMaxMs);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.listen();
    }, delay);
    this.reconnectTimer.unref();
  }

  private fanOut(notice: LiveNotice | null): void {
    if (!notice) return;
    this.stats.notices += 1;
    const topic = notice.type.split(".")[0] as LiveTopic;
    // The pages' topics only; a listener hears every event of its account (ping too).
    const pageTopic = (LIVE_TOPICS as readonly string[]).includes(topic);
    // Built once per notice, not once per stream.
    const consoleChunk = `id: ${notice.id}\nevent: change\ndata: ${JSON.stringify({
      type: notice.type,
      resourceId: notice.resourceId,
    })}\n\n`;
    const payerChunk = `event: change\ndata: ${JSON.stringify({ type: notice.type })}\n\n`;
    const listeners: LiveStream[] = [];
    for (const stream of this.streams) {
      if (!mayReceive(stream.viewer, notice)) continue;
      if (stream.viewer.kind === "listener") {
        listeners.push(stream);
        continue;
      }
      if (!pageTopic) continue;
      if (stream.topics && !stream.topics.has(topic)) continue;
      // Ids only: the page refetches what it shows through its own (authorized) queries. A
      // payer's page is told only that its charge changed: no event id, no charge id (its
      // page shows neither).
      const text = stream.viewer.kind === "payer" ? payerChunk : consoleChunk;
      this.write(stream, text);
      this.stats.delivered += 1;
      // The charge is paid, expired or cancelled: the page shows it after its refetch, and waits no more.
      if (stream.viewer.kind === "payer" && FINAL_CHARGE_EVENTS.has(notice.type)) stream.end("final");
    }
    if (listeners.length > 0) this.sendToListeners(notice, listeners);
  }

  /**
   * A listener's stream carries the event's body as stored (the notice holds ids only), read
   * once per notice for all of the account's listeners. The reads are chained so that events
   * reach a listener in the order they were announced.
   */
  private sendToListeners(notice: LiveNotice, streams: LiveStream[]): void {
    this.listenerReads = this.listenerReads.then(async () => {
      let chunk: string;
      try {
        const rows = await poolRows<{ body: string; request_id: string | null; created_at: Date }>(
          this.db,
          // One row per endpoint that takes the event, the same body signed for each: any one will do.
          // None takes it: the body kept for the listeners (the second branch runs only then).
          `(SELECT body, request_id, created_at FROM webhook_events WHERE id = $1 AND company_id = $2 LIMIT 1)
           UNION ALL
           (SELECT body, request_id, created_at FROM webhook_listener_events WHERE id = $1 AND company_id = $2)
           LIMIT 1`,
          [notice.id, notice.companyId],
        );
        chunk =
          rows.length === 0
            ? missedChunk(notice, "no_endpoint")
            : `id: ${notice.id}\nevent: webhook\ndata: ${JSON.stringify({
                id: notice.id,
                type: notice.type,
                created_at: rows[0].created_at.toISOString(),
                request_id: rows[0].request_id,
                body: rows[0].body,
              })}\n\n`;
      } catch (error) {
        // The database is away: the listener is told which event it did not get.
        this.logger.warn("live updates: a listener's event could not be read", { error: (error as Error).message });
        chunk = missedChunk(notice, "unreadable");
      }
      for (const stream of streams) {
        if (!this.streams.has(stream)) continue;
        this.write(stream, chunk);
        this.stats.delivered += 1;
      }
    });
  }

  private write(stream: LiveStream, chunk: string): void {
    try {
      stream.send(chunk);
    } catch {
      stream.end("slow");
    }
  }

  /** Called by a stream whose socket buffer grows: too many unread chunks closes it. */
  noteBuffered(stream: LiveStream, pending: boolean): void {
    const count = pending ? (this.buffered.get(stream) ?? 0) + 1 : 0;
    this.buffered.set(stream, count);
    if (count > MAX_BUFFERED_STREAM_CHUNKS) stream.end("slow");
  }

  private startTimers(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      for (const stream of this.streams) this.write(stream, HEARTBEAT);
    }, this.options.heartbeatMs);
    this.heartbeat.unref();
    this.sessionCheck = setInterval(() => void this.checkSessions(), this.options.sessionCheckMs);
    this.sessionCheck.unref();
  }

  private stopTimers(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.sessionCheck) clearInterval(this.sessionCheck);
    this.heartbeat = null;
    this.sessionCheck = null;
  }

  /**
   * One statement for every open stream of the process: a stream whose session was signed
   * out, revoked, expired or went idle, or whose user was disabled or changed role or
   * company, is closed. It does not touch last_seen_at: an open page is no activity.
   */
  async checkSessions(): Promise<void> {
    await this.checkCredentials();
    const consoleStreams = [...this.streams].filter(
      (stream): stream is LiveStream & { viewer: ConsoleViewer } =>
        stream.viewer.kind === "operator" || stream.viewer.kind === "merchant",
    );
    if (consoleStreams.length === 0) return;
    const hashes = [...new Set(consoleStreams.map((stream) => stream.viewer.sessionHash))];
    let rows: Array<{ id_hash: string; kind: string; role: string; company_id: string | null }>;
    try {
      rows = await poolRows(
        this.db,
        `SELECT s.id_hash, u.kind, u.role, u.company_id
           FROM console_sessions s JOIN console_users u ON u.id = s.user_id
          WHERE s.id_hash = ANY($1) AND ${liveSessionSql("$2")}`,
        [hashes, this.sessionIdleMinutes],
      );
    } catch (error) {
      // The database is away: the streams stay (the LISTEN connection tells them to refetch).
      this.logger.warn("live updates: session check failed", { error: (error as Error).message });
      return;
    }
    const live = new Map(rows.map((row) => [row.id_hash, row]));
    for (const stream of consoleStreams) {
      const viewer = stream.viewer;
      const row = live.get(viewer.sessionHash);
      const same =
        row !== undefined &&
        row.kind.toLowerCase() === viewer.kind &&
        row.role === viewer.role &&
        (viewer.kind === "operator" || row.company_id === viewer.companyId);
      if (!same) stream.end("session");
    }
  }

  /** The same for the listeners' streams: one whose client secret was revoked or expired is closed. */
  private async checkCredentials(): Promise<void> {
    const listenerStreams = [...this.streams].filter(
      (stream): stream is LiveStream & { viewer: ListenerViewer } => stream.viewer.kind === "listener",
    );
    if (listenerStreams.length === 0) return;
    let live: Set<string>;
    try {
      // One statement: the credentials read, the open listeners' rows renewed, and what no open
      // listener needs any more (rows of crashed processes, bodies already read) pruned.
      const rows = await poolRows<{ id: string }>(
        this.db,
        `WITH renewed AS (
           UPDATE webhook_listeners SET expires_at = now() + make_interval(secs => $3) WHERE id = ANY($2)
         ), expired AS (
           DELETE FROM webhook_listeners WHERE expires_at < now()
         ), pruned AS (
           DELETE FROM webhook_listener_events WHERE created_at < now() - make_interval(mins => $4)
         )
         SELECT id FROM client_credentials
          WHERE id = ANY($1) AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())`,
        [
          [...new Set(listenerStreams.map((stream) => stream.viewer.credentialId))],
          listenerStreams.map((stream) => stream.viewer.presenceId),
          LISTENER_PRESENCE_TTL_S,
          LISTENED_EVENTS_KEPT_MINUTES,
        ],
      );
      live = new Set(rows.map((row) => row.id));
    } catch (error) {
      this.logger.warn("live updates: credential check failed", { error: (error as Error).message });
      return;
    }
    for (const stream of listenerStreams) if (!live.has(stream.viewer.credentialId)) stream.end("credential");
  }
}

/**
 * What a viewer may see: a payer only their charge's; a merchant user only their own company's changes; an operator every
 * company's (every operator role, VIEWER included, may read charges, withdrawals, refunds and
 * disputes of every company).
 */
export function mayReceive(viewer: LiveViewer, notice: LiveNotice): boolean {
  // A payer hears only their own charge's changes (charge.* with its id), never another's.
  if (viewer.kind === "payer") return notice.resourceId === viewer.chargeId && notice.type.startsWith("charge.");
  if (viewer.kind === "operator") return true;
  if (viewer.kind === "listener") return viewer.companyId === notice.companyId;
  return viewer.companyId !== null && viewer.companyId === notice.companyId;
}

/** The stream is listening: changes from now on arrive. */
const READY = "event: ready\ndata: {}\n\n";
/** The process lost its LISTEN connection and has it back: refetch, changes may have been missed. */
const RESYNC = "event: resync\ndata: {}\n\n";
const HEARTBEAT = ": keep-alive\n\n";

/**
 * A listener's event without its body: no endpoint of the account takes the event and it was
 * written before any listener of the account was registered (no body was kept), or the
 * database could not be read (resend it by hand).
 */
function missedChunk(notice: LiveNotice, reason: "no_endpoint" | "unreadable"): string {
  return `id: ${notice.id}\nevent: missed\ndata: ${JSON.stringify({ id: notice.id, type: notice.type, reason })}\n\n`;
}
