import "reflect-metadata";
import pg from "pg";
import type { DestinationStream } from "pino";
import { createHttpApp, type HttpApp, type HttpAppOptions } from "../../src/app";
import { hashPassword } from "../../src/auth/passwords";
import { sessionCookieName } from "../../src/auth/session-cookie";
import { createSession } from "../../src/auth/sessions";
import { loadConfig, type RawEnv } from "../../src/core/config";
import { newConsoleUserId, randomString } from "../../src/core/ids";
import { createLogger } from "../../src/core/logger";
import { openRuntime, type Runtime } from "../../src/runtime";
import type { Services } from "../../src/services";

/**
 * A whole service for one test file: its own database cloned from the migrated template
 * (see scripts/run-tests.mjs), the real HTTP app on a random port, and small helpers.
 */
export const TEST_ADMIN_TOKEN = "test-operator-token-0123456789";

export interface HttpResult<T = any> {
  status: number;
  headers: Headers;
  text: string;
  body: T;
}

export interface Merchant {
  companyId: string;
  clientSecret: string;
  webhookSecret: string;
}

/** A console user made for a test, and the Cookie header of a session of theirs. */
export interface ConsoleLogin {
  userId: string;
  email: string;
  password: string;
  cookie: string;
}

export interface GqlOptions {
  token?: string | null;
  /** A Cookie header (e.g. ConsoleLogin.cookie). */
  cookie?: string | null;
  /** The Origin header; defaults to the service's own origin when a cookie is sent. null sends none. */
  origin?: string | null;
  headers?: Record<string, string>;
}

export interface TestApp {
  baseUrl: string;
  http: HttpApp;
  services: Services;
  runtime: Runtime;
  databaseUrl: string;
  request<T = any>(
    method: string,
    path: string,
    options?: { token?: string | null; body?: unknown; rawBody?: string; headers?: Record<string, string> },
  ): Promise<HttpResult<T>>;
  graphql<T = any>(
    query: string,
    variables?: Record<string, unknown>,
    token?: string | null,
  ): Promise<{ data: T; errors?: Array<{ message: string; extensions: { code: string; reason?: string } }> }>;
  createMerchant(input?: Record<string, unknown>): Promise<Merchant>;
  /** GraphQL over HTTP with any credential, cookie and headers; answers status, headers and body. */
  gql<T = any>(query: string, variables?: Record<string, unknown>, options?: GqlOptions): Promise<HttpResult<T>>;
  /** A console user (straight into the database) and a session of theirs (no sign-in, no rate limit). */
  consoleUser(input: {
    kind?: "OPERATOR" | "MERCHANT";
    role: string;
    companyId?: string | null;
    email?: string;
    /** The display name; "Test <role>" when not given. */
    name?: string;
    password?: string;
  }): Promise<ConsoleLogin>;
  /** Credits the account through an operator adjustment (confirmed by a second operator when maker-checker asks). */
  fund(companyId: string, amount: string): Promise<void>;
  close(): Promise<void>;
}

export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_ADMIN_DATABASE_URL;
  const template = process.env.TEST_TEMPLATE_DATABASE;
  if (!adminUrl || !template)
    throw new Error("run the tests with `npm test` (scripts/run-tests.mjs prepares the database)");
  const name = `pix_t_${process.env.TEST_RUN_ID ?? "x"}_${randomString("abcdefghijklmnopqrstuvwxyz0123456789", 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface TestAppOptions extends HttpAppOptions {
  /** Where the logs go (with LOG_LEVEL in env), e.g. to read them in a test. */
  logDestination?: DestinationStream;
  /** Use this database instead of a new one (it is not dropped on close). */
  databaseUrl?: string;
  /** Listen on this port instead of a free one (a test that must know its address before start). */
  port?: number;
}

/**
 * TEST_POOLER_URL (npm run test:pgbouncer): the service's pool goes through that pooler in
 * transaction mode, its sessions (migrations, LISTEN, the job queue) straight to the
 * database, as in production behind PgBouncer. The statement limits, which the pooler drops
 * from the connection's start-up, are set on the test's database instead.
 */
function poolerUrls(databaseUrl: string, env: RawEnv): RawEnv {
  const pooler = process.env.TEST_POOLER_URL;
  if (!pooler || env.DATABASE_URL) return {};
  const url = new URL(databaseUrl);
  url.host = new URL(pooler).host;
  return { DATABASE_URL: url.toString(), DATABASE_DIRECT_URL: databaseUrl };
}

async function limitDatabaseForPooler(databaseUrl: string, statementTimeoutMs: number): Promise<void> {
  if (!process.env.TEST_POOLER_URL || statementTimeoutMs <= 0) return;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const name = client.escapeIdentifier(new URL(databaseUrl).pathname.slice(1));
    await client.query(`ALTER DATABASE ${name} SET statement_timeout = ${statementTimeoutMs}`);
    await client.query(`ALTER DATABASE ${name} SET idle_in_transaction_session_timeout = ${statementTimeoutMs * 2}`);
  } finally {
    await client.end();
  }
}

export async function startTestApp(env: RawEnv = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.databaseUrl
    ? { url: options.databaseUrl, drop: async () => undefined }
    : await createTestDatabase();
  const pooled = poolerUrls(database.url, env);
  const config = loadConfig({
    NODE_ENV: "test",
    DATABASE_URL: database.url,
    ...pooled,
    PORT: "0",
    ADMIN_API_TOKEN: TEST_ADMIN_TOKEN,
    WEBHOOK_ALLOW_PRIVATE: "true",
    SANDBOX_SETTLE_MS: "0",
    RUN_WORKER: "false",
    LOG_LEVEL: "silent",
    DB_POOL_SIZE: "40",
    RATE_LIMIT_RPS: "0",
    // Sessions made by consoleUser() skip sign-in: tests of the second factor turn it on.
    REQUIRE_OPERATOR_2FA: "false",
    // Maker-checker is on by default (R$ 10.000,00): the tests of a second operator set their own threshold.
    APPROVAL_SECOND_OPERATOR_ABOVE: "off",
    SECRETS_KEY: process.env.SECRETS_KEY,
    ...env,
  });
  if (pooled.DATABASE_DIRECT_URL) await limitDatabaseForPooler(database.url, config.statementTimeoutMs);
  const runtime = await openRuntime(config, createLogger(config.logLevel, options.logDestination));
  const http = await createHttpApp(runtime, options);
  const baseUrl = `http://127.0.0.1:${await http.listen(options.port ?? 0, "127.0.0.1")}`;

  const request: TestApp["request"] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers["content-type"] ??= "application/json";
    }
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    return { status: response.status, headers: response.headers, text, body: parsed as any };
  };

  const graphql: TestApp["graphql"] = async (query, variables = {}, token = TEST_ADMIN_TOKEN) => {
    const result = await request("POST", "/graphql", { token, body: { query, variables } });
    return result.body;
  };

  const createMerchant: TestApp["createMerchant"] = async (input = {}) => {
    const result = await graphql(
      `mutation($input: CreateCompanyInput!) { createCompany(input: $input) { company { id } clientSecret webhookSecret } }`,
      { input: { name: "Loja Teste", ...input } },
    );
    if (result.errors) throw new Error(`createCompany failed: ${JSON.stringify(result.errors)}`);
    const payload = result.data.createCompany;
    return { companyId: payload.company.id, clientSecret: payload.clientSecret, webhookSecret: payload.webhookSecret };
  };

  const origin = runtime.services.config.publicBaseUrl;
  const gql: TestApp["gql"] = (query, variables = {}, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.cookie) {
      headers.cookie = options.cookie;
      const sent = options.origin === undefined ? origin : options.origin;
      if (sent !== null) headers.origin = sent;
    } else if (options.origin) {
      headers.origin = options.origin;
    }
    return request("POST", "/graphql", { token: options.token ?? null, body: { query, variables }, headers });
  };

  const passwordHashes = new Map<string, Promise<string>>();
  const consoleUser: TestApp["consoleUser"] = async (input) => {
    const userId = newConsoleUserId();
    const email = input.email ?? `${userId.toLowerCase()}@example.com`;
    const password = input.password ?? "correct horse battery staple";
    let hash = passwordHashes.get(password);
    if (!hash) {
      hash = hashPassword(password);
      passwordHashes.set(password, hash);
    }
    const kind = input.kind ?? "OPERATOR";
    await runtime.db.query(
      `INSERT INTO console_users (id, kind, role, company_id, email, name, password_hash, disabled, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, false, now(), now())`,
      [userId, kind, input.role, input.companyId ?? null, email, input.name ?? `Test ${input.role}`, await hash],
    );
    const { token } = await createSession(
      runtime.db,
      userId,
      {
        idleMinutes: config.sessionIdleMinutes,
        maxHours: config.sessionMaxHours,
        maxPerUser: config.sessionMaxPerUser,
      },
      { address: null, userAgent: null },
    );
    return {
      userId,
      email,
      password,
      cookie: `${sessionCookieName(config.publicBaseUrl.startsWith("https:"))}=${token}`,
    };
  };

  let checker: Promise<ConsoleLogin> | undefined;
  const fund: TestApp["fund"] = async (companyId, amount) => {
    const result = await graphql(
      `mutation($companyId: ID!, $amount: Money!) { createAdjustment(companyId: $companyId, amount: $amount, description: "test funding") { id status } }`,
      { companyId, amount },
    );
    if (result.errors) throw new Error(`createAdjustment failed: ${JSON.stringify(result.errors)}`);
    if (result.data.createAdjustment.status !== "REQUESTED") return;
    checker ??= consoleUser({ role: "OPERATOR", email: "test-funding-checker@example.com" });
    const confirmed = await gql(
      "mutation($id: ID!) { confirmAdjustment(id: $id) { status } }",
      { id: result.data.createAdjustment.id },
      { cookie: (await checker).cookie },
    );
    if (confirmed.body.errors) throw new Error(`confirmAdjustment failed: ${JSON.stringify(confirmed.body.errors)}`);
  };

  return {
    baseUrl,
    http,
    services: runtime.services,
    runtime,
    databaseUrl: database.url,
    request,
    graphql,
    createMerchant,
    gql,
    consoleUser,
    fund,
    close: async () => {
      http.server.closeAllConnections();
      await http.close();
      await runtime.close();
      await database.drop();
    },
  };
}

export function newUuid(): string {
  return crypto.randomUUID();
}
