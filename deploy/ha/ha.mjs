#!/usr/bin/env node
// A highly available PostgreSQL on one machine, from Debian's packages, to run and test the
// service against (docs/scaling.md, docs/operations.md): one etcd, three Patroni nodes of
// PostgreSQL 15 with synchronous replication (one synchronous standby, synchronous_commit
// on), HAProxy in front (a port for the primary, one for the replicas, Patroni's REST API
// as its health check) and PgBouncer in transaction mode behind HAProxy's primary port.
//
//   node deploy/ha/ha.mjs up            start everything, wait until healthy, print the URLs
//   node deploy/ha/ha.mjs status        the members, their roles and lag
//   node deploy/ha/ha.mjs env           the service's environment for this cluster
//   node deploy/ha/ha.mjs kill-primary  kill -9 the leader's node (Patroni and PostgreSQL)
//   node deploy/ha/ha.mjs start-node N  start node N again (it rejoins as a replica)
//   node deploy/ha/ha.mjs down          stop everything and remove the cluster's files
//
// (npm run ha:up / ha:status / ha:env / ha:kill-primary / ha:down.) Everything runs as the
// `postgres` user (through runuser) when started as root, as the current user otherwise;
// files live in HA_DIR (default /tmp/pix-ha-<HA_PORT_BASE>); ports from HA_PORT_BASE
// (default 15000): HAProxy primary +0, replicas +1, stats +2; Patroni REST +8..+10; etcd
// +79 (client) and +80 (peer); PostgreSQL +432..+434; PgBouncer +600.
// Patroni's timing (HA_TTL, HA_LOOP_WAIT, HA_RETRY_TIMEOUT: 10, 1, 4 s) bounds how long a
// dead primary keeps the leader key: about HA_TTL seconds to a new primary.
import { execFileSync, spawn } from "node:child_process";
import {
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createConnection } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const BASE = Number(process.env.HA_PORT_BASE ?? 15000);
export const HA_DIR = process.env.HA_DIR ?? `/tmp/pix-ha-${BASE}`;
const PG_BIN = process.env.HA_PG_BIN ?? "/usr/lib/postgresql/15/bin";
const TTL = Number(process.env.HA_TTL ?? 10);
const LOOP_WAIT = Number(process.env.HA_LOOP_WAIT ?? 1);
const RETRY_TIMEOUT = Number(process.env.HA_RETRY_TIMEOUT ?? 4);
const asRoot = process.getuid?.() === 0;

export const PORTS = {
  primary: BASE,
  replicas: BASE + 1,
  stats: BASE + 2,
  etcdClient: BASE + 79,
  etcdPeer: BASE + 80,
  pgbouncer: BASE + 600,
};
export const NODES = ["node1", "node2", "node3"].map((name, index) => ({
  name,
  pgPort: BASE + 432 + index,
  restPort: BASE + 8 + index,
  dir: join(HA_DIR, name),
}));

/** The database the service uses, its role and password (a local test cluster: trust on 127.0.0.1). */
const DB = { name: "pix", user: "pix", password: "pix" };

const say = (line) => process.stdout.write(`${line}\n`);

/** The service's connection strings for this cluster. */
export function clusterUrls() {
  const auth = `${DB.user}:${DB.password}`;
  const hosts = NODES.map((node) => `127.0.0.1:${node.pgPort}`).join(",");
  return {
    multiHost: `postgres://${auth}@${hosts}/${DB.name}?target_session_attrs=read-write`,
    haproxyPrimary: `postgres://${auth}@127.0.0.1:${PORTS.primary}/${DB.name}`,
    haproxyReplicas: `postgres://${auth}@127.0.0.1:${PORTS.replicas}/${DB.name}`,
    pgbouncer: `postgres://${auth}@127.0.0.1:${PORTS.pgbouncer}/${DB.name}`,
    superuser: (port = PORTS.primary, database = "postgres") => `postgres://postgres@127.0.0.1:${port}/${database}`,
  };
}

// ------------------------------------------------------------------ processes

const runDir = () => join(HA_DIR, "run");
const pidFile = (name) => join(runDir(), `${name}.pid`);

function postgresIds() {
  const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
  const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
  return { uid, gid };
}

/** A directory the processes' user owns. */
function ownedDir(path) {
  mkdirSync(path, { recursive: true, mode: 0o700 });
  if (asRoot) {
    const { uid, gid } = postgresIds();
    chownSync(path, uid, gid);
  }
}

function ownedFile(path, text, mode = 0o600) {
  writeFileSync(path, text, { mode });
  if (asRoot) {
    const { uid, gid } = postgresIds();
    chownSync(path, uid, gid);
  }
}

/**
 * Starts `command` in the background as the processes' user, its output in HA_DIR/log/<name>.log.
 * A shell writes its own pid and then becomes the command (exec): the pid file names the
 * command itself, not runuser (which stays as its parent).
 */
function startProcess(name, command, args) {
  const log = openSync(join(HA_DIR, "log", `${name}.log`), "a");
  const script = 'echo $$ > "$1"; shift; exec "$@"';
  const argv = ["-c", script, "sh", pidFile(name), command, ...args];
  const child = asRoot
    ? spawn("runuser", ["-u", "postgres", "--", "sh", ...argv], { detached: true, stdio: ["ignore", log, log] })
    : spawn("sh", argv, { detached: true, stdio: ["ignore", log, log] });
  child.unref();
  closeSync(log);
}

/** The pid in a pid file when that process is alive and still the command we started. */
function livePid(name, expected) {
  const file = pidFile(name);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, "utf8").trim());
  return isOurs(pid, expected) ? pid : null;
}

function isOurs(pid, expected) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
    return cmdline.includes(expected);
  } catch {
    return false;
  }
}

/** The postmaster of a node's data directory and its children (backends, walsenders...), by pid. */
function postgresPids(node) {
  const file = join(node.dir, "data", "postmaster.pid");
  if (!existsSync(file)) return [];
  const postmaster = Number(readFileSync(file, "utf8").split("\n")[0]);
  if (!isOurs(postmaster, "postgres")) return [];
  const children = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === postmaster) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return [postmaster, ...children];
}

const PROCESS_MARKS = {
  etcd: "etcd",
  haproxy: "haproxy",
  pgbouncer: "pgbouncer",
  ...Object.fromEntries(NODES.map((node) => [node.name, `${node.name}.yml`])),
};

function signal(pid, name) {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what, check, timeoutMs, everyMs = 250) {
  const deadline = Date.now() + timeoutMs;
  let last = null;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}${last ? ` (${last.message})` : ""}`);
    await sleep(everyMs);
  }
}

function portOpen(port) {
  return new Promise((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

async function getJson(port, path) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(2000) });
  return { status: response.status, body: await response.json().catch(() => null) };
}

/** The servers HAProxy has up in each of its two listens, from its stats page's CSV. */
async function haproxyUpServers() {
  const response = await fetch(`http://127.0.0.1:${PORTS.stats}/;csv`, { signal: AbortSignal.timeout(2000) });
  const up = { primary: [], replicas: [] };
  for (const line of (await response.text()).split("\n")) {
    const [listen, server, ...fields] = line.split(",");
    // Column 18 of HAProxy's CSV is the status (UP, DOWN, "UP 1/2" while rising...).
    if (
      (listen === "primary" || listen === "replicas") &&
      !["FRONTEND", "BACKEND"].includes(server) &&
      fields[15] === "UP"
    )
      up[listen].push(server);
  }
  return up;
}

/** psql as the superuser on `port`: one statement, its rows as text. */
function psql(port, sql, database = "postgres") {
  return execFileSync(
    join(PG_BIN, "psql"),
    [
      "-X",
      "-q",
      "-A",
      "-t",
      "-v",
      "ON_ERROR_STOP=1",
      "-h",
      "127.0.0.1",
      "-p",
      String(port),
      "-U",
      "postgres",
      "-d",
      database,
      "-c",
      sql,
    ],
    { encoding: "utf8", timeout: 30_000, stdio: ["ignore", "pipe", "pipe"] },
  ).trim();
}

// ------------------------------------------------------------------ configuration

function etcdArgs() {
  const client = `http://127.0.0.1:${PORTS.etcdClient}`;
  const peer = `http://127.0.0.1:${PORTS.etcdPeer}`;
  return [
    "--name",
    "pix-ha",
    "--data-dir",
    join(HA_DIR, "etcd"),
    "--listen-client-urls",
    client,
    "--advertise-client-urls",
    client,
    "--listen-peer-urls",
    peer,
    "--initial-advertise-peer-urls",
    peer,
    "--initial-cluster",
    `pix-ha=${peer}`,
    "--initial-cluster-state",
    "new",
  ];
}

function patroniConfig(node) {
  return `# Patroni node ${node.name} of the pix HA cluster (deploy/ha/ha.mjs writes this file).
scope: pix-ha
namespace: /pix-ha/
name: ${node.name}
log:
  level: INFO
restapi:
  listen: 127.0.0.1:${node.restPort}
  connect_address: 127.0.0.1:${node.restPort}
etcd3:
  hosts: 127.0.0.1:${PORTS.etcdClient}
bootstrap:
  dcs:
    ttl: ${TTL}
    loop_wait: ${LOOP_WAIT}
    retry_timeout: ${RETRY_TIMEOUT}
    maximum_lag_on_failover: 1048576
    # Only a synchronous standby may be promoted, and a commit is acknowledged only once it
    # has it: a failover loses no acknowledged change.
    synchronous_mode: true
    synchronous_node_count: 1
    postgresql:
      use_pg_rewind: true
      use_slots: true
      parameters:
        synchronous_commit: "on"
        wal_level: replica
        hot_standby: "on"
        hot_standby_feedback: "on"
        wal_log_hints: "on"
        max_connections: 300
        max_wal_senders: 10
        max_replication_slots: 10
        wal_keep_size: 256MB
        shared_buffers: 64MB
        shared_preload_libraries: pg_stat_statements
  initdb:
    - encoding: UTF8
    - locale: C
    - data-checksums
  pg_hba:
    - local all all trust
    - host all all 127.0.0.1/32 trust
    - host replication replicator 127.0.0.1/32 trust
postgresql:
  listen: 127.0.0.1:${node.pgPort}
  connect_address: 127.0.0.1:${node.pgPort}
  data_dir: ${join(node.dir, "data")}
  bin_dir: ${PG_BIN}
  pgpass: ${join(node.dir, "pgpass")}
  authentication:
    superuser:
      username: postgres
      password: postgres
    replication:
      username: replicator
      password: replicator
  parameters:
    unix_socket_directories: ${node.dir}
tags:
  nofailover: false
  noloadbalance: false
  clonefrom: false
  nosync: false
`;
}

function haproxyConfig() {
  const servers = NODES.map(
    (node) => `  server ${node.name} 127.0.0.1:${node.pgPort} maxconn 500 check port ${node.restPort}`,
  ).join("\n");
  return `# HAProxy of the pix HA cluster (deploy/ha/ha.mjs writes this file).
global
  maxconn 2000

defaults
  mode tcp
  timeout connect 2s
  timeout client 30m
  timeout server 30m
  timeout check 2s
  # A server marked down has its connections closed: nothing stays on a former primary.
  default-server inter 1s fall 2 rise 1 on-marked-down shutdown-sessions

# The primary: the one member whose Patroni answers 200 on /primary.
listen primary
  bind 127.0.0.1:${PORTS.primary}
  option httpchk
  http-check send meth GET uri /primary
  http-check expect status 200
${servers}

# The replicas, round robin: members whose Patroni answers 200 on /replica.
listen replicas
  bind 127.0.0.1:${PORTS.replicas}
  balance roundrobin
  option httpchk
  http-check send meth GET uri /replica
  http-check expect status 200
${servers}

listen stats
  mode http
  bind 127.0.0.1:${PORTS.stats}
  stats enable
  stats uri /
  stats refresh 2s
`;
}

function pgbouncerConfig() {
  return `; PgBouncer of the pix HA cluster (deploy/ha/ha.mjs writes this file), in transaction mode
; behind HAProxy's primary port. The API's pool may come through here (DATABASE_URL);
; migrations, LISTEN and the job queue go straight to PostgreSQL (DATABASE_DIRECT_URL).
[databases]
* = host=127.0.0.1 port=${PORTS.primary}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${PORTS.pgbouncer}
unix_socket_dir =
auth_type = trust
auth_file = ${join(HA_DIR, "pgbouncer", "userlist.txt")}
pool_mode = transaction
max_client_conn = 2000
default_pool_size = 40
; Sent by node-postgres at connect; set on the role instead (ha.mjs: ALTER ROLE ... SET).
ignore_startup_parameters = extra_float_digits,statement_timeout,idle_in_transaction_session_timeout
server_reset_query =
server_check_delay = 1
server_connect_timeout = 3
server_login_retry = 1
admin_users = postgres
pidfile = ${join(HA_DIR, "pgbouncer", "pgbouncer.pid")}
logfile = ${join(HA_DIR, "log", "pgbouncer-file.log")}
`;
}

// ------------------------------------------------------------------ commands

function checkInstalled() {
  const missing = [];
  for (const [tool, pkg] of [
    ["patroni", "patroni"],
    ["etcd", "etcd-server"],
    ["haproxy", "haproxy"],
    ["pgbouncer", "pgbouncer"],
  ]) {
    try {
      execFileSync("sh", ["-c", `command -v ${tool}`], {
        stdio: "ignore",
        env: { PATH: `${process.env.PATH}:/usr/sbin:/sbin` },
      });
    } catch {
      missing.push(pkg);
    }
  }
  if (!existsSync(join(PG_BIN, "postgres"))) missing.push("postgresql-15");
  if (missing.length > 0)
    throw new Error(
      `missing: ${missing.join(", ")} (Debian: apt-get install ${missing.join(" ")}; HA_PG_BIN for another PostgreSQL)`,
    );
}

const which = (tool) =>
  execFileSync("sh", ["-c", `command -v ${tool}`], {
    encoding: "utf8",
    env: { PATH: `${process.env.PATH}:/usr/sbin:/sbin` },
  }).trim();

/** The members as Patroni sees them (GET /cluster of any node that answers). */
export async function members() {
  for (const node of NODES) {
    try {
      const { body } = await getJson(node.restPort, "/cluster");
      if (body?.members) return body.members;
    } catch {
      // this node is down: ask the next
    }
  }
  return [];
}

export async function leader() {
  return (await members()).find((member) => member.role === "leader" && member.state === "running") ?? null;
}

/** Healthy: a running leader, and every other running node streaming, one of them synchronous. */
async function healthy(expectedNodes = NODES.length) {
  const all = await members();
  const running = all.filter((member) => member.state === "running" || member.state === "streaming");
  const lead = running.find((member) => member.role === "leader");
  const sync = running.find((member) => member.role === "sync_standby");
  return Boolean(lead && sync && running.length >= expectedNodes) && all;
}

export async function up() {
  checkInstalled();
  if (livePid("etcd", PROCESS_MARKS.etcd)) {
    say(`a cluster is already running in ${HA_DIR} (npm run ha:status; npm run ha:down to stop it)`);
    return;
  }
  const taken = [];
  for (const port of [...Object.values(PORTS), ...NODES.flatMap((node) => [node.pgPort, node.restPort])])
    if (await portOpen(port)) taken.push(port);
  if (taken.length > 0) throw new Error(`ports in use: ${taken.join(", ")} (HA_PORT_BASE moves them)`);
  const started = Date.now();
  const since = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  rmSync(HA_DIR, { recursive: true, force: true });
  ownedDir(HA_DIR);
  for (const dir of ["run", "log", "etcd", "pgbouncer", ...NODES.map((node) => node.name)]) ownedDir(join(HA_DIR, dir));

  say(`[ha] ${HA_DIR}: etcd on ${PORTS.etcdClient}`);
  startProcess("etcd", which("etcd"), etcdArgs());
  await waitFor("etcd", async () => (await getJson(PORTS.etcdClient, "/health")).body?.health === "true", 30_000);

  for (const [index, node] of NODES.entries()) {
    const config = join(HA_DIR, `${node.name}.yml`);
    ownedFile(config, patroniConfig(node));
    say(`[ha] ${since()} Patroni ${node.name}: PostgreSQL on ${node.pgPort}, REST on ${node.restPort}`);
    startProcess(node.name, which("patroni"), [config]);
    if (index === 0) {
      await waitFor(
        `${node.name} to bootstrap the cluster`,
        async () => (await getJson(node.restPort, "/primary")).status === 200,
        120_000,
      );
      say(`[ha] ${since()} ${node.name} is the primary`);
    }
  }
  say(`[ha] ${since()} waiting for the two replicas to copy the primary and stream (one synchronous)`);
  await waitFor("the replicas", () => healthy(), 180_000, 500);

  ownedFile(join(HA_DIR, "haproxy.cfg"), haproxyConfig(), 0o644);
  say(
    `[ha] ${since()} HAProxy: primary on ${PORTS.primary}, replicas on ${PORTS.replicas}, stats http://127.0.0.1:${PORTS.stats}/`,
  );
  startProcess("haproxy", which("haproxy"), ["-db", "-f", join(HA_DIR, "haproxy.cfg")]);
  // HAProxy counts every server up until its first checks fail: a connection in that second
  // may reach a replica. Waits until its own stats say the leader alone is up as the primary,
  // and both replicas as replicas.
  const primaryName = (await leader())?.name;
  await waitFor(
    "HAProxy to mark the primary and the replicas",
    async () => {
      const up = await haproxyUpServers();
      return (
        up.primary.length === 1 &&
        up.primary[0] === primaryName &&
        up.replicas.length === NODES.length - 1 &&
        psql(PORTS.primary, "SELECT NOT pg_is_in_recovery()") === "t"
      );
    },
    30_000,
  );

  say(`[ha] ${since()} role ${DB.user} and database ${DB.name}`);
  const exists = psql(PORTS.primary, `SELECT count(*) FROM pg_roles WHERE rolname = '${DB.user}'`);
  if (exists === "0") psql(PORTS.primary, `CREATE ROLE ${DB.user} LOGIN PASSWORD '${DB.password}' CREATEDB`);
  // Behind PgBouncer the connection's own settings are ignored (ignore_startup_parameters): the role carries them.
  psql(PORTS.primary, `ALTER ROLE ${DB.user} SET statement_timeout = '5s'`);
  psql(PORTS.primary, `ALTER ROLE ${DB.user} SET idle_in_transaction_session_timeout = '10s'`);
  if (psql(PORTS.primary, `SELECT count(*) FROM pg_database WHERE datname = '${DB.name}'`) === "0")
    psql(PORTS.primary, `CREATE DATABASE ${DB.name} OWNER ${DB.user}`);
  psql(PORTS.primary, "CREATE EXTENSION IF NOT EXISTS pg_stat_statements", DB.name);

  ownedFile(join(HA_DIR, "pgbouncer", "userlist.txt"), `"${DB.user}" ""\n"postgres" ""\n`);
  ownedFile(join(HA_DIR, "pgbouncer", "pgbouncer.ini"), pgbouncerConfig());
  say(`[ha] ${since()} PgBouncer (transaction mode) on ${PORTS.pgbouncer}`);
  startProcess("pgbouncer", which("pgbouncer"), [join(HA_DIR, "pgbouncer", "pgbouncer.ini")]);
  await waitFor("PgBouncer", () => portOpen(PORTS.pgbouncer), 15_000);
  say(`[ha] ${since()} up.`);
  await status();
  printEnv();
}

export function printEnv() {
  const urls = clusterUrls();
  say(`
The service against this cluster (any one of these):
  # the three nodes, the writable one found by the service (contract section 14):
  DATABASE_URL='${urls.multiHost}'
  # or through HAProxy's primary port:
  DATABASE_URL='${urls.haproxyPrimary}'
  # reads that tolerate lag, from the replicas:
  DATABASE_READ_URL='${urls.haproxyReplicas}'
  # the API's pool through PgBouncer (transaction mode), sessions straight to the primary:
  DATABASE_URL='${urls.pgbouncer}' DATABASE_DIRECT_URL='${urls.haproxyPrimary}'
Then e.g.: DATABASE_URL='${urls.multiHost}' DATABASE_READ_URL='${urls.haproxyReplicas}' PORT=4150 npm start
`);
}

export async function status() {
  const all = await members();
  if (all.length === 0) {
    say("[ha] no Patroni node answers");
    return;
  }
  say("member  role          state      PostgreSQL  lag (B)   timeline");
  for (const member of all)
    say(
      `${member.name.padEnd(7)} ${member.role.padEnd(13)} ${String(member.state).padEnd(10)} ${String(member.port).padEnd(11)} ${String(member.lag ?? "").padEnd(9)} ${member.timeline ?? ""}`,
    );
}

/** Kills a node as a crash would: its Patroni, its postmaster and every child of it, SIGKILL at once. */
export function killNode(name) {
  const node = NODES.find((candidate) => candidate.name === name);
  if (!node) throw new Error(`no node ${name}`);
  const patroni = livePid(node.name, PROCESS_MARKS[node.name]);
  const pids = [...(patroni ? [patroni] : []), ...postgresPids(node)];
  for (const pid of pids) signal(pid, "SIGKILL");
  return pids.length;
}

/** kill -9 of the leader's node; answers its name. */
export async function killPrimary() {
  const current = await leader();
  if (!current) throw new Error("no leader to kill");
  const killed = killNode(current.name);
  say(`[ha] killed ${current.name} (the primary): ${killed} processes, SIGKILL`);
  return current.name;
}

export async function startNode(name) {
  const node = NODES.find((candidate) => candidate.name === name);
  if (!node) throw new Error(`no node ${name}`);
  if (livePid(node.name, PROCESS_MARKS[node.name])) return;
  // A postmaster killed with its Patroni leaves its pid file; Patroni checks it is stale and starts over.
  startProcess(node.name, which("patroni"), [join(HA_DIR, `${node.name}.yml`)]);
  say(`[ha] started ${name} again; it rejoins as a replica`);
}

/** Waits until the cluster is healthy again (a leader, the others streaming, one synchronous). */
export async function waitHealthy(timeoutMs = 120_000) {
  await waitFor("the cluster to be healthy", () => healthy(), timeoutMs, 500);
}

export async function down({ keep = false } = {}) {
  const stops = [];
  // Patroni stops its PostgreSQL (fast shutdown) when told to stop.
  for (const node of NODES) {
    const pid = livePid(node.name, PROCESS_MARKS[node.name]);
    if (pid) {
      signal(pid, "SIGTERM");
      stops.push({ name: node.name, pid });
    }
  }
  await waitFor("the Patroni nodes to stop", async () => stops.every(({ pid }) => !isOurs(pid, "yml")), 40_000).catch(
    () => undefined,
  );
  for (const name of ["pgbouncer", "haproxy", "etcd"]) {
    const pid = livePid(name, PROCESS_MARKS[name]);
    if (pid) {
      signal(pid, "SIGTERM");
      stops.push({ name, pid });
    }
  }
  await waitFor(
    "the other processes to stop",
    async () => stops.every(({ name, pid }) => !isOurs(pid, PROCESS_MARKS[name])),
    20_000,
  ).catch(() => undefined);
  for (const { name, pid } of stops) if (isOurs(pid, PROCESS_MARKS[name])) signal(pid, "SIGKILL");
  // A node whose Patroni was killed leaves its PostgreSQL running: stopped here.
  for (const node of NODES) for (const pid of postgresPids(node)) signal(pid, "SIGKILL");
  const ports = [...Object.values(PORTS), ...NODES.flatMap((node) => [node.pgPort, node.restPort])];
  await waitFor(
    "every port of the cluster to close",
    async () => {
      for (const port of ports) if (await portOpen(port)) return false;
      return true;
    },
    20_000,
  );
  if (!keep) rmSync(HA_DIR, { recursive: true, force: true });
  say(`[ha] down: ${stops.length} processes stopped${keep ? `, files kept in ${HA_DIR}` : ""}`);
}

async function main() {
  const [command, argument] = process.argv.slice(2);
  switch (command) {
    case "up":
      return up();
    case "down":
      return down({ keep: argument === "--keep" });
    case "status":
      return status();
    case "env":
      return printEnv();
    case "kill-primary":
      await killPrimary();
      return;
    case "start-node":
      return startNode(argument);
    default:
      say(
        "usage: node deploy/ha/ha.mjs up | status | env | kill-primary | start-node <node1|node2|node3> | down [--keep]",
      );
      process.exitCode = 2;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    process.stderr.write(`[ha] ${error.message}\n`);
    process.exitCode = 1;
  });
}
