import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";

/**
 * `npm start` with the embedded PostgreSQL, as a fresh machine or CI runs it: the data
 * under a private directory (mkdtemp makes it 0700, like `mktemp -d`), started, stopped
 * with SIGTERM and started again. As root (this project's machines and CI run as root)
 * PostgreSQL runs as the `postgres` user, which is the case that used to break.
 */

const MAIN = join(__dirname, "..", "main.js");
// Two checkouts: this one, and another whose embedded PostgreSQL runs beside it.
const TOKEN = "embedded-restart-test-token-0123456789";
const root = mkdtempSync(join(tmpdir(), "pix-embedded-"));
const dataDir = join(root, "checkout", ".data");
const databaseDir = join(dataDir, "postgres");
const running = new Set<ChildProcess>();

after(() => {
  for (const child of running) child.kill("SIGKILL");
  rmSync(root, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Started {
  child: ChildProcess;
  baseUrl: string;
  stderr: () => string;
  /** Standard output and error: the log lines and the banner. */
  logs: () => string;
  exited: Promise<number | null>;
}

/**
 * Starts `node dist/main.js` on the embedded database of a checkout's data directory (this
 * one unless told); resolves once it listens (or exits). No port: the one it remembers.
 */
async function startService(pgPort: number | null, checkoutData = dataDir): Promise<Started> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.EMBEDDED_PG_PORT;
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...env,
      DATA_DIR: checkoutData,
      ...(pgPort === null ? {} : { EMBEDDED_PG_PORT: String(pgPort) }),
      PORT: "0",
      ADMIN_API_TOKEN: TOKEN,
      RUN_WORKER: "false",
      // The console build is npm start's, not this test's: it would only slow the start.
      CONSOLE: "off",
      LOG_LEVEL: "info",
      NODE_ENV: "development",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  let out = "";
  let err = "";
  child.stderr?.on("data", (chunk) => {
    err += chunk;
  });
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  const listening = new Promise<string | null>((resolve) => {
    child.stdout?.on("data", (chunk) => {
      out += chunk;
      const match = /listening on port (\d+)/.exec(out);
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
    });
    void exited.then(() => resolve(null));
  });
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`no start within 120 s:\n${out}\n${err}`)), 120_000).unref(),
  );
  const baseUrl = (await Promise.race([listening, timeout])) ?? "";
  return { child, baseUrl, stderr: () => err, logs: () => `${out}${err}`, exited };
}

async function graphql(baseUrl: string, query: string) {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: "POST",
    headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify({ query }),
  });
  return (await response.json()) as { data: any; errors?: unknown[] };
}

async function stop(service: Started): Promise<number | null> {
  service.child.kill("SIGTERM");
  return service.exited;
}

const asRoot = process.getuid?.() === 0;

describe("the embedded PostgreSQL under a private directory", () => {
  test("started, stopped with SIGTERM and started again, keeps its data and its data directory's mode", async () => {
    const pgPort = await freePort();
    const first = await startService(pgPort);
    assert.ok(first.baseUrl, `first start failed:\n${first.stderr()}`);
    const created = await graphql(
      first.baseUrl,
      'mutation { createCompany(input: {name: "Kept Across Restarts"}) { company { id } } }',
    );
    assert.equal(created.errors, undefined, JSON.stringify(created.errors));
    const companyId = created.data.createCompany.company.id as string;
    assert.equal(await stop(first), 0, first.stderr());

    assert.equal(statSync(databaseDir).mode & 0o777, 0o700);
    if (asRoot) {
      // The private directory above the data was opened for the postgres user (search
      // only) and said so; the data directory itself was left alone.
      assert.equal(statSync(root).mode & 0o777, 0o701);
      // (Logs are JSON lines on standard output.)
      const opened = first
        .logs()
        .split("\n")
        .filter((line) => line.includes("who could not pass through"))
        .map((line) => JSON.parse(line).directories as string[]);
      assert.equal(opened.length, 1, first.logs());
      assert.ok(opened[0].includes(root), first.logs());
      assert.ok(!opened[0].includes(databaseDir), first.logs());
    }

    const second = await startService(pgPort);
    assert.ok(second.baseUrl, `second start failed:\n${second.stderr()}`);
    try {
      const read = await graphql(second.baseUrl, "{ companies { data { id name } } }");
      assert.deepEqual(read.data.companies.data, [{ id: companyId, name: "Kept Across Restarts" }]);
      assert.equal(statSync(databaseDir).mode & 0o777, 0o700);
    } finally {
      assert.equal(await stop(second), 0, second.stderr());
    }
  });

  test("a database that cannot start is reported with PostgreSQL's own reason", async () => {
    // What the old root start did to the data directory: PostgreSQL refuses 0701.
    chmodSync(databaseDir, 0o701);
    try {
      const failed = await startService(await freePort());
      assert.equal(failed.baseUrl, "");
      assert.equal(await failed.exited, 1);
      assert.match(failed.stderr(), /failed to start: embedded PostgreSQL \(data in .*\) did not start/);
      assert.match(failed.stderr(), /has invalid permissions/);
      assert.doesNotMatch(failed.stderr(), /failed to start: undefined/);
    } finally {
      chmodSync(databaseDir, 0o700);
    }
  });
});

describe("a second checkout beside a running one", () => {
  const otherData = join(root, "other-checkout", ".data");
  const portFile = join(otherData, "postgres-port");
  const bannerPort = (service: Started) =>
    Number(/Database: embedded PostgreSQL under .*, port (\d+)/.exec(service.logs())?.[1]);

  test("takes a free port when its own is taken, says which, remembers it and keeps it at its next start", async () => {
    const pgPort = await freePort();
    const first = await startService(pgPort);
    assert.ok(first.baseUrl, `the first checkout did not start:\n${first.stderr()}`);
    try {
      assert.equal(bannerPort(first), pgPort, first.logs());
      // The other checkout wants the same port: PostgreSQL's "could not bind" used to end its start.
      const second = await startService(pgPort, otherData);
      assert.ok(second.baseUrl, `the second checkout did not start:\n${second.logs()}`);
      const taken = bannerPort(second);
      assert.notEqual(taken, pgPort);
      assert.match(
        second.logs(),
        new RegExp(`port ${pgPort} was taken by another server: it took ${taken} and keeps it`),
      );
      assert.equal(readFileSync(portFile, "utf8"), `${taken}\n`);
      const created = await graphql(
        second.baseUrl,
        'mutation { createCompany(input: {name: "Beside Another"}) { company { id } } }',
      );
      assert.equal(created.errors, undefined, JSON.stringify(created.errors));
      // PostgreSQL's own log of the start lies beside its data.
      assert.match(readFileSync(join(otherData, "postgres.log"), "utf8"), /ready to accept connections/);
      assert.equal(await stop(second), 0, second.stderr());

      // Started again without a port asked for: the one it remembers, its data with it.
      const again = await startService(null, otherData);
      assert.ok(again.baseUrl, `the second checkout did not start again:\n${again.logs()}`);
      try {
        assert.equal(bannerPort(again), taken, again.logs());
        assert.doesNotMatch(again.logs(), /was taken/);
        const read = await graphql(again.baseUrl, "{ companies { data { name } } }");
        assert.deepEqual(read.data.companies.data, [{ name: "Beside Another" }]);
      } finally {
        assert.equal(await stop(again), 0, again.stderr());
      }
    } finally {
      assert.equal(await stop(first), 0, first.stderr());
    }
  });
});
