import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { type Merchant, startTestApp, type TestApp } from "../../test/support/test-app";
import { createLogger } from "../core/logger";
import { CredentialUsage } from "./credential-usage";

let app: TestApp;
let shop: Merchant;
let other: Merchant;

before(async () => {
  app = await startTestApp();
  shop = await app.createMerchant({ name: "Loja Rótulo" });
  other = await app.createMerchant({ name: "Outra Loja Rótulo" });
});
after(() => app.close());

const lastUsedOf = async (id: string): Promise<Date | null> =>
  (await app.services.db.query("SELECT last_used_at FROM client_credentials WHERE id = $1", [id]))[0].last_used_at;

const credentialIdOf = async (merchant: Merchant): Promise<string> =>
  (await app.graphql(`{ clientCredentials(companyId: "${merchant.companyId}") { id } }`)).data.clientCredentials[0].id;

test("a credential's use is recorded in memory, not written per request; a flush writes it once", async () => {
  const id = await credentialIdOf(shop);
  for (let i = 0; i < 5; i++) {
    const res = await app.request("GET", "/withdrawals", { token: shop.clientSecret });
    assert.equal(res.status, 200);
  }
  assert.equal(await lastUsedOf(id), null, "five requests, no write");
  const before = Date.now();
  await app.services.credentialUsage.flush();
  const first = await lastUsedOf(id);
  assert.ok(first && first.getTime() >= before - 60_000 && first.getTime() <= Date.now(), String(first));

  // Within the minute, a later use (here: from this process, or another process's flush) writes nothing.
  await app.request("GET", "/withdrawals", { token: shop.clientSecret });
  await app.services.credentialUsage.flush();
  assert.equal((await lastUsedOf(id))?.getTime(), first.getTime());

  const answer = await app.gql(`{ clientCredentials { id lastUsedAt label } }`, {}, { token: shop.clientSecret });
  assert.deepEqual(answer.body.data.clientCredentials, [{ id, lastUsedAt: first.toISOString(), label: null }]);
});

test("several processes flush the same credential: the time only moves forward, by at least a minute", async () => {
  const id = await credentialIdOf(other);
  const logger = createLogger("silent");
  const a = new CredentialUsage(app.services.db, logger);
  const b = new CredentialUsage(app.services.db, logger);
  await app.services.db.query(
    "UPDATE client_credentials SET last_used_at = now() - interval '10 minutes' WHERE id = $1",
    [id],
  );
  const tenMinutesAgo = (await lastUsedOf(id)) as Date;
  a.touch(id);
  await new Promise((resolve) => setTimeout(resolve, 20));
  b.touch(id);
  await Promise.all([b.flush(), a.flush()]);
  const written = (await lastUsedOf(id)) as Date;
  assert.ok(written.getTime() > tenMinutesAgo.getTime() + 9 * 60_000, "moved forward");
  // An older time from a slow process never moves it back.
  const stale = new CredentialUsage(app.services.db, logger);
  stale.touch(id);
  await app.services.db.query(
    "UPDATE client_credentials SET last_used_at = now() + interval '5 minutes' WHERE id = $1",
    [id],
  );
  const future = (await lastUsedOf(id)) as Date;
  await stale.flush();
  assert.equal((await lastUsedOf(id))?.getTime(), future.getTime());
  await Promise.all([a.close(), b.close(), stale.close()]);
});

test("the background flush runs by itself after its interval", async () => {
  const id = await credentialIdOf(shop);
  await app.services.db.query("UPDATE client_credentials SET last_used_at = NULL WHERE id = $1", [id]);
  const usage = new CredentialUsage(app.services.db, createLogger("silent"), 50);
  usage.touch(id);
  const deadline = Date.now() + 5_000;
  while ((await lastUsedOf(id)) === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  assert.notEqual(await lastUsedOf(id), null);
  await usage.close();
});

test("credentials carry a label: given at issue, changed or removed later, a merchant only its own", async () => {
  const issued = await app.gql(
    `mutation { issueClientSecret(label: "  ERP da loja ") { credential { id label lastUsedAt } } }`,
    {},
    { token: shop.clientSecret },
  );
  assert.equal(issued.body.errors, undefined, JSON.stringify(issued.body.errors));
  const { id } = issued.body.data.issueClientSecret.credential;
  assert.deepEqual(issued.body.data.issueClientSecret.credential, { id, label: "ERP da loja", lastUsedAt: null });

  const LABEL = "mutation($id: ID!, $l: String) { labelClientCredential(credentialId: $id, label: $l) { id label } }";
  const renamed = await app.gql(LABEL, { id, l: "Loja virtual" }, { token: shop.clientSecret });
  assert.deepEqual(renamed.body.data.labelClientCredential, { id, label: "Loja virtual" });
  const tooLong = await app.gql(LABEL, { id, l: "x".repeat(61) }, { token: shop.clientSecret });
  assert.equal(tooLong.body.errors?.[0].extensions.code, "VALIDATION_ERROR");
  const foreign = await app.gql(LABEL, { id, l: "mine now" }, { token: other.clientSecret });
  assert.equal(foreign.body.errors?.[0].extensions.code, "NOT_FOUND");
  const cleared = await app.graphql(LABEL, { id, l: "  " });
  assert.deepEqual(cleared.data.labelClientCredential, { id, label: null });
  const audit = await app.services.db.query(
    "SELECT before, after FROM audit_log WHERE action = 'credential.label' AND object_id = $1 ORDER BY id",
    [id],
  );
  assert.deepEqual(audit, [
    { before: { label: "ERP da loja" }, after: { label: "Loja virtual" } },
    { before: { label: "Loja virtual" }, after: { label: null } },
  ]);
});
