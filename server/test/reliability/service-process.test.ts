import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startService } from "../support/service-process";
import { createTestDatabase, TEST_ADMIN_TOKEN } from "../support/test-app";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
before(async () => {
  database = await createTestDatabase();
});
after(async () => {
  await database.drop();
});

/** Creates an account through the process's GraphQL endpoint (a write reaches its database). */
async function createCompany(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
    body: JSON.stringify({ query: 'mutation { createCompany(input: {name: "Loja"}) { company { id } } }' }),
  });
  assert.equal(response.status, 200, await response.clone().text());
  const body = (await response.json()) as { data: { createCompany: { company: { id: string } } } };
  return body.data.createCompany.company.id;
}

test("the compiled API and worker start on a database, answer, stop with SIGTERM and with SIGKILL", async () => {
  const first = await startService({ databaseUrl: database.url, separateWorker: true });
  assert.ok(first.worker, "a separate worker was started");
  assert.match(await createCompany(first.baseUrl), /^comp_/);
  const ready = await fetch(`${first.baseUrl}/readyz`);
  assert.equal(ready.status, 200);
  assert.equal(((await ready.json()) as { workers: string }).workers, "not in this process");
  await first.stop("SIGTERM");
  assert.deepEqual(await first.api.exit, { code: 0, signal: null });
  assert.deepEqual(await first.worker.exit, { code: 0, signal: null });

  const second = await startService({ databaseUrl: database.url, separateWorker: false });
  assert.equal(second.worker, null);
  const ready2 = await fetch(`${second.baseUrl}/readyz`);
  assert.equal(((await ready2.json()) as { workers: string }).workers, "running");
  assert.deepEqual(await second.api.stop("SIGKILL"), { code: null, signal: "SIGKILL" });
  await assert.rejects(fetch(`${second.baseUrl}/healthz`));
});
