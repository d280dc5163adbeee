import pg from "pg";

/**
 * A connection string as libpq reads it, with several hosts (contract §14):
 * `postgres://u@h1:5432,h2:5432/db?target_session_attrs=read-write`. node-postgres takes one
 * host only and ignores target_session_attrs, so the service finds the host itself: a
 * DatabaseTarget probes the hosts, connects every new connection to the one that fits,
 * and looks again when a connection to it is lost or it stops fitting (a failover).
 */
export type SessionAttrs = "any" | "read-write" | "read-only" | "primary" | "standby" | "prefer-standby";

const SESSION_ATTRS = new Set<SessionAttrs>(["any", "read-write", "read-only", "primary", "standby", "prefer-standby"]);

export interface DatabaseHost {
  host: string;
  port: number;
}

export interface DatabaseAddress {
  hosts: DatabaseHost[];
  attrs: SessionAttrs;
  /** The connection string with its first host only and without target_session_attrs: what node-postgres reads. */
  url: string;
  /** The same connection string for one of the hosts. */
  urlFor(host: DatabaseHost): string;
}

const URL_PATTERN = /^(postgres(?:ql)?:\/\/)([^/?#]*)(.*)$/s;

/**
 * Parses `url` as libpq does its URIs: `[userinfo@]host[:port][,host[:port]...]`, then the
 * path and parameters, kept as they are. `defaultAttrs` applies when the URL names none.
 */
export function parseDatabaseUrl(url: string, defaultAttrs: SessionAttrs = "any"): DatabaseAddress {
  const match = URL_PATTERN.exec(url);
  if (!match) throw new Error("expected a postgres:// or postgresql:// connection string");
  const [, scheme, authority, rest] = match;
  const at = authority.lastIndexOf("@");
  const userinfo = at >= 0 ? authority.slice(0, at + 1) : "";
  const hostList = authority.slice(at + 1);
  const { query, attrs } = withoutSessionAttrs(rest);
  const chosen = attrs ?? defaultAttrs;
  if (hostList === "") {
    // A Unix socket or the defaults: one host, as node-postgres reads it.
    const single = `${scheme}${authority}${query}`;
    return { hosts: [{ host: "", port: 5432 }], attrs: chosen, url: single, urlFor: () => single };
  }
  const entries = hostList.split(",");
  const hosts = entries.map(parseHostEntry);
  const urlFor = (host: DatabaseHost) => `${scheme}${userinfo}${formatHost(host)}${query}`;
  return { hosts, attrs: chosen, url: urlFor(hosts[0]), urlFor };
}

function parseHostEntry(entry: string): DatabaseHost {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (bracketed) return { host: bracketed[1], port: portOf(bracketed[2], entry) };
  const [host, port, ...extra] = entry.split(":");
  if (host === "" || extra.length > 0) throw new Error(`"${entry}" is not a host[:port] of a connection string`);
  return { host, port: portOf(port, entry) };
}

function portOf(text: string | undefined, entry: string): number {
  if (text === undefined || text === "") return 5432;
  const port = Number(text);
  if (!/^\d+$/.test(text) || port < 1 || port > 65535) throw new Error(`"${entry}" has no valid port`);
  return port;
}

function formatHost({ host, port }: DatabaseHost): string {
  return `${host.includes(":") ? `[${host}]` : host}:${port}`;
}

/** The path and parameters with target_session_attrs taken out (node-postgres would pass it on to the server). */
function withoutSessionAttrs(rest: string): { query: string; attrs: SessionAttrs | null } {
  const mark = rest.indexOf("?");
  if (mark < 0) return { query: rest, attrs: null };
  const params = new URLSearchParams(rest.slice(mark + 1));
  const raw = params.get("target_session_attrs");
  if (raw === null) return { query: rest, attrs: null };
  if (!SESSION_ATTRS.has(raw as SessionAttrs))
    throw new Error(`target_session_attrs=${raw} is not one of ${[...SESSION_ATTRS].join(", ")}`);
  params.delete("target_session_attrs");
  const left = params.toString();
  return { query: `${rest.slice(0, mark)}${left ? `?${left}` : ""}`, attrs: raw as SessionAttrs };
}

/** What a server said about itself at connect (or, without those reports, when asked). */
interface ServerRole {
  standby: boolean;
  readOnly: boolean;
}

function fits(attrs: SessionAttrs, role: ServerRole): boolean {
  switch (attrs) {
    case "any":
    case "prefer-standby":
      return true;
    case "read-write":
      return !role.readOnly;
    case "primary":
      return !role.standby;
    case "read-only":
      return role.readOnly;
    case "standby":
      return role.standby;
  }
}

/**
 * PostgreSQL 14 and later report in_hot_standby and default_transaction_read_only at
 * connect (as libpq uses them for target_session_attrs); a server or proxy that does not
 * is asked.
 */
async function roleOf(client: pg.Client, reported: Map<string, string>): Promise<ServerRole> {
  const standby = reported.get("in_hot_standby");
  const readOnly = reported.get("default_transaction_read_only");
  if (standby !== undefined && readOnly !== undefined)
    return { standby: standby === "on", readOnly: standby === "on" || readOnly === "on" };
  const { rows } = await client.query<{ standby: boolean; read_only: string }>(
    "SELECT pg_is_in_recovery() AS standby, current_setting('transaction_read_only') AS read_only",
  );
  return { standby: rows[0].standby, readOnly: rows[0].standby || rows[0].read_only === "on" };
}

/** SQLSTATE 08001 (sqlclient_unable_to_establish_sqlconnection): no host of the list fits. */
export class NoSuitableHostError extends Error {
  readonly code = "08001";
  constructor(message: string) {
    super(message);
    this.name = "NoSuitableHostError";
  }
}

/**
 * pg emits "error" on a client whose backend ends (killed, server restarting) while no query
 * runs on it. TypeORM listens while a query runner holds the client and the pool while it is
 * idle, but not in every moment between (a second error after the first one released it):
 * such an error, unheard, is an uncaught exception that ends the process. Every client
 * therefore keeps a listener of its own; the query in flight, TypeORM and the pool still get
 * the error as before and drop the connection.
 */
export class ResilientClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on("error", () => undefined);
  }
}

/** How long a probe of one host may take to connect and answer. */
const PROBE_TIMEOUT_MS = 2000;
/** After a search that found no host, new connections fail at once for this long instead of probing again. */
const FAILED_SEARCH_REUSE_MS = 250;

/** What a target did since the process started: figures for /metrics and tests. */
export interface TargetStats {
  /** Searches of the host list. */
  searches: number;
  /** Times the host in use changed (a failover seen). */
  switches: number;
  /** Connections closed because they led to a host no longer in use. */
  closedStale: number;
}

/**
 * One connection string's hosts and which of them is in use. Every pool and connection of
 * the service on that string is made through `Client` (pools take it as their `Client`),
 * so one search serves them all, and when the host in use changes, the connections still
 * open to the one before are closed (those in a pool are dropped, a query on one fails and
 * its request answers 503): nothing writes to a former primary.
 *
 * A single host without target_session_attrs (or with `any`) is used as it is: no search,
 * no check, nothing added to a connection.
 */
export class DatabaseTarget {
  readonly address: DatabaseAddress;
  /** The node-postgres client class of this target: pools take it as `Client`, connections are made with it. */
  readonly Client: typeof ResilientClient;
  readonly stats: TargetStats = { searches: 0, switches: 0, closedStale: 0 };
  /** Told when the host in use changes (a log line). */
  onSwitch: ((from: DatabaseHost | null, to: DatabaseHost) => void) | null = null;
  private inUse: DatabaseHost | null = null;
  private everUsed: DatabaseHost | null = null;
  private searching: Promise<DatabaseHost> | null = null;
  private failedSearch: { at: number; error: Error } | null = null;
  private readonly open = new Map<pg.Client, DatabaseHost>();

  /**
   * True when the address is a pooler in transaction mode (DATABASE_URL with a
   * DATABASE_DIRECT_URL beside it): a connection's backend pid is the pooler's, not
   * PostgreSQL's, and nothing may rely on a session.
   */
  readonly pooler: boolean;

  constructor(url: string, options: { defaultAttrs?: SessionAttrs; pooler?: boolean } = {}) {
    this.address = parseDatabaseUrl(url, options.defaultAttrs ?? "any");
    this.pooler = options.pooler ?? false;
    this.Client = this.searches ? targetClientClass(this) : ResilientClient;
  }

  /** Whether this target chooses among hosts or checks what a server is (else it is a plain connection string). */
  get searches(): boolean {
    return this.address.hosts.length > 1 || this.address.attrs !== "any";
  }

  /** The connection string node-postgres and TypeORM are given (its first host; `Client` connects to the right one). */
  get url(): string {
    return this.address.url;
  }

  /** The host new connections go to now, when known. */
  get current(): DatabaseHost | null {
    return this.searches ? this.inUse : this.address.hosts[0];
  }

  /** Pool options for this target: the connection string, the client class, and keepalives to notice a host gone. */
  poolOptions(): Pick<pg.PoolConfig, "connectionString" | "keepAlive"> & { Client: typeof ResilientClient } {
    return { connectionString: this.url, Client: this.Client, ...(this.searches ? { keepAlive: true } : {}) };
  }

  /** The host a new connection should go to: the one in use, or the first that fits after a search. */
  async locate(): Promise<DatabaseHost> {
    if (!this.searches) return this.address.hosts[0];
    if (this.inUse) return this.inUse;
    if (this.failedSearch && Date.now() - this.failedSearch.at < FAILED_SEARCH_REUSE_MS) throw this.failedSearch.error;
    if (!this.searching) {
      this.searching = this.search().finally(() => {
        this.searching = null;
      });
    }
    return this.searching;
  }

  /** A connection to `host` was lost or found unfit: the next connection searches again. */
  forget(host: DatabaseHost): void {
    if (this.inUse && sameHost(this.inUse, host)) this.inUse = null;
  }

  /** Called by the target's clients once connected and checked. */
  track(client: pg.Client, host: DatabaseHost): void {
    this.open.set(client, host);
    client.once("end", () => this.open.delete(client));
  }

  private async search(): Promise<DatabaseHost> {
    this.stats.searches += 1;
    const { hosts, attrs } = this.address;
    // Every host at once, chosen in their order (as libpq tries them): a host that does not
    // answer costs the probe's timeout once, not once per host before it.
    const probes = hosts.map((host) => probe(this.address.urlFor(host)).then((role) => ({ host, role })));
    for (const probed of probes) probed.catch(() => undefined);
    const answered: Array<{ host: DatabaseHost; role: ServerRole }> = [];
    const problems: string[] = [];
    let chosen: DatabaseHost | null = null;
    for (const [index, probed] of probes.entries()) {
      try {
        const found = await probed;
        answered.push(found);
        if (fits(attrs, found.role) && !(attrs === "prefer-standby" && !found.role.standby)) {
          chosen = found.host;
          break;
        }
        problems.push(`${formatHost(hosts[index])}: ${found.role.standby ? "a standby" : "read-only"}`);
      } catch (error) {
        problems.push(`${formatHost(hosts[index])}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    // prefer-standby: a standby first, else any host that answered.
    if (!chosen && attrs === "prefer-standby" && answered.length > 0) chosen = answered[0].host;
    if (!chosen) {
      const error = new NoSuitableHostError(
        `no host of the connection string is ${attrs === "read-write" ? "writable" : attrs} (${problems.join("; ")})`,
      );
      this.failedSearch = { at: Date.now(), error };
      throw error;
    }
    this.failedSearch = null;
    this.use(chosen);
    return chosen;
  }

  private use(host: DatabaseHost): void {
    const before = this.everUsed;
    this.inUse = host;
    this.everUsed = host;
    if (before && sameHost(before, host)) return;
    if (before) this.stats.switches += 1;
    this.onSwitch?.(before, host);
    // Connections to the host used before are closed: a pooled one is dropped, a query on one fails.
    for (const [client, on] of this.open) {
      if (sameHost(on, host)) continue;
      this.open.delete(client);
      this.stats.closedStale += 1;
      (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    }
  }

  /** Checks a connection the target's client made; throws (after forgetting the host) when the server does not fit. */
  async accept(client: pg.Client, host: DatabaseHost, reported: Map<string, string>): Promise<void> {
    const role = await roleOf(client, reported);
    if (fits(this.address.attrs, role)) {
      this.track(client, host);
      return;
    }
    this.forget(host);
    throw new NoSuitableHostError(`${formatHost(host)} is no longer ${this.address.attrs}`);
  }
}

/** A connection string, or a target made from one. */
export type DatabaseLocation = string | DatabaseTarget;

export function targetFor(location: DatabaseLocation): DatabaseTarget {
  return typeof location === "string" ? new DatabaseTarget(location) : location;
}

function sameHost(a: DatabaseHost, b: DatabaseHost): boolean {
  return a.host === b.host && a.port === b.port;
}

/** Connects to `url`, reads what the server is, disconnects. */
async function probe(url: string): Promise<ServerRole> {
  const client = new ResilientClient({ connectionString: url, connectionTimeoutMillis: PROBE_TIMEOUT_MS });
  const reported = listenForReports(client);
  await client.connect();
  try {
    return await roleOf(client, reported);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The server's ParameterStatus reports, collected as they arrive (in_hot_standby, default_transaction_read_only). */
function listenForReports(client: pg.Client): Map<string, string> {
  const reported = new Map<string, string>();
  (client as unknown as { connection: NodeJS.EventEmitter }).connection.on(
    "parameterStatus",
    (message: { parameterName: string; parameterValue: string }) =>
      reported.set(message.parameterName, message.parameterValue),
  );
  return reported;
}

type ConnectCallback = ((error: Error) => void) | ((error: null, client: pg.Client) => void);

/**
 * The client class of a target that searches: each connection goes to the host the target
 * uses now and is checked before it is handed out. A connection that fails, or finds its
 * server no longer fitting (a primary demoted to a standby), makes the target search again
 * for the next one; a connection later lost does too.
 */
function targetClientClass(target: DatabaseTarget): typeof ResilientClient {
  return class TargetClient extends ResilientClient {
    private readonly reported: Map<string, string>;

    constructor(config?: string | pg.ClientConfig) {
      super(config);
      this.reported = listenForReports(this);
    }

    override connect(): Promise<pg.Client>;
    override connect(callback: ConnectCallback): void;
    override connect(callback?: ConnectCallback): Promise<pg.Client> | undefined {
      const connecting = this.connectToTarget();
      if (!callback) return connecting;
      connecting.then(
        (client) => (callback as (error: null, client: pg.Client) => void)(null, client),
        (error: Error) => (callback as (error: Error) => void)(error),
      );
      return undefined;
    }

    private async connectToTarget(): Promise<pg.Client> {
      const host = await target.locate();
      this.host = host.host;
      this.port = host.port;
      try {
        await super.connect();
      } catch (error) {
        target.forget(host);
        throw error;
      }
      try {
        await target.accept(this, host, this.reported);
      } catch (error) {
        await this.end().catch(() => undefined);
        throw error;
      }
      this.on("error", () => target.forget(host));
      return this;
    }
  };
}
