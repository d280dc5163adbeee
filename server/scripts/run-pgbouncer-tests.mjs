// npm run test:pgbouncer: the server's tests with every test service's pool behind PgBouncer
// in transaction mode (Debian's pgbouncer), as an API behind it in production: DATABASE_URL
// is PgBouncer, DATABASE_DIRECT_URL the server itself (migrations' advisory lock, LISTEN, the
// job queue; see docs/scaling.md). PgBouncer runs in front of DATABASE_URL's server (the
// machine's PostgreSQL) on PGBOUNCER_TEST_PORT (15650), as the postgres user when root, and
// is stopped at the end. Arguments are run-tests.mjs's (parts of test paths).
//
// Left out: the tests of what a pooler in transaction mode cannot give, by design (they
// read or end a connection's own backend, which PgBouncer hands to whoever comes next):
// POOLER_EXCLUDED below, each with its reason.
import { execFileSync, spawn } from "node:child_process";
import { chownSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createConnection } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const port = Number(process.env.PGBOUNCER_TEST_PORT ?? 15650);
const direct = new URL(process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
const asRoot = process.getuid?.() === 0;

/** Test files (parts of their paths) that check a backend of the pool itself, which transaction pooling shares. */
const POOLER_EXCLUDED = {
  "core/cancellable-read":
    "ends the backend of a read whose client left: behind a pooler the pid is PgBouncer's, so the read is left to its statement timeout",
  "core/database-limits":
    "a session idle in a transaction and a full pool of the service's own: PgBouncer holds the server connection and queues clients itself",
  "reliability/backend-kill":
    "kills the service's backends by pid from pg_stat_activity: behind PgBouncer they are PgBouncer's",
};

const dir = mkdtempSync(join(tmpdir(), "pix-pgbouncer-"));
let bouncer = null;
const stop = () => {
  if (bouncer && bouncer.exitCode === null) bouncer.kill("SIGTERM");
  rmSync(dir, { recursive: true, force: true });
};
process.on("exit", stop);
try {
  const user = decodeURIComponent(direct.username || "postgres");
  writeFileSync(join(dir, "userlist.txt"), `"${user}" ""\n`);
  writeFileSync(
    join(dir, "pgbouncer.ini"),
    `[databases]
* = host=${direct.hostname} port=${direct.port || 5432}
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = trust
auth_file = ${join(dir, "userlist.txt")}
pool_mode = transaction
max_client_conn = 4000
default_pool_size = 20
ignore_startup_parameters = extra_float_digits,statement_timeout,idle_in_transaction_session_timeout
server_reset_query =
logfile = ${join(dir, "pgbouncer.log")}
`,
  );
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }));
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }));
    for (const file of ["", "userlist.txt", "pgbouncer.ini"]) chownSync(join(dir, file), uid, gid);
  }
  const command = execFileSync("sh", ["-c", "command -v pgbouncer"], {
    encoding: "utf8",
    env: { PATH: `${process.env.PATH}:/usr/sbin:/sbin` },
  }).trim();
  bouncer = asRoot
    ? spawn("runuser", ["-u", "postgres", "--", command, join(dir, "pgbouncer.ini")], { stdio: "inherit" })
    : spawn(command, [join(dir, "pgbouncer.ini")], { stdio: "inherit" });
  for (let tries = 0; ; tries += 1) {
    const open = await new Promise((done) => {
      const socket = createConnection({ host: "127.0.0.1", port });
      socket.once("connect", () => {
        socket.destroy();
        done(true);
      });
      socket.once("error", () => done(false));
    });
    if (open) break;
    if (tries > 100) throw new Error(`PgBouncer did not listen on ${port}`);
    await new Promise((done) => setTimeout(done, 100));
  }
  console.log(`# PgBouncer ${port} (transaction mode) in front of ${direct.host}; left out:`);
  for (const [file, why] of Object.entries(POOLER_EXCLUDED)) console.log(`#   ${file}: ${why}`);
  const pooler = new URL(direct);
  pooler.host = `127.0.0.1:${port}`;
  const code = await new Promise((done) => {
    const child = spawn(process.execPath, [join(root, "scripts", "run-tests.mjs"), ...process.argv.slice(2)], {
      stdio: "inherit",
      env: {
        ...process.env,
        DATABASE_URL: direct.toString(),
        TEST_POOLER_URL: pooler.toString(),
        TEST_EXCLUDE: Object.keys(POOLER_EXCLUDED).join(","),
      },
    });
    child.on("exit", (status) => done(status ?? 1));
  });
  process.exitCode = code;
} finally {
  stop();
}
