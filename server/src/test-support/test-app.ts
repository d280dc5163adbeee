import "reflect-metadata";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { createHttpApp } from "../app";
import { loadConfig, type RawEnv } from "../core/config";
import { randomString } from "../core/ids";
import { createLogger } from "../core/logger";
import { openRuntime, type Runtime } from "../runtime";
import type { Services } from "../services";

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

export interface TestApp {
  baseUrl: string;
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
  ): Promise<{ data: T; errors?: Array<{ message: string; extensions: { code: string } }> }>;
  createMerchant(input?: Record<string, unknown>): Promise<Merchant>;
  /** Credits the account through an operator adjustment. */
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

export async function startTestApp(env: RawEnv = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: "test",
    DATABASE_URL: database.url,
    PORT: "0",
    ADMIN_API_TOKEN: TEST_ADMIN_TOKEN,
    WEBHOOK_ALLOW_PRIVATE: "true",
    SANDBOX_SETTLE_MS: "0",
    RUN_WORKER: "false",
    LOG_LEVEL: "silent",
    DB_POOL_SIZE: "40",
    RATE_LIMIT_RPS: "0",
    ...env,
  });
  const runtime = await openRuntime(config, createLogger(config.logLevel));
  const http = await createHttpApp(runtime.services);
  const server: Server = await new Promise((resolve) => {
    const listening = createServer(http.handle).listen(0, "127.0.0.1", () => resolve(listening));
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

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

  const fund: TestApp["fund"] = async (companyId, amount) => {
    const result = await graphql(
      `mutation($companyId: ID!, $amount: Money!) { createAdjustment(companyId: $companyId, amount: $amount, description: "test funding") { id } }`,
      { companyId, amount },
    );
    if (result.errors) throw new Error(`createAdjustment failed: ${JSON.stringify(result.errors)}`);
  };

  return {
    baseUrl,
    services: runtime.services,
    runtime,
    databaseUrl: database.url,
    request,
    graphql,
    createMerchant,
    fund,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await http.stop();
      await runtime.close();
      await database.drop();
    },
  };
}

export function newUuid(): string {
  return crypto.randomUUID();
}
