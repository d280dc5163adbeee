import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { loadConfig } from "./config";
import { createLogger } from "./logger";
import { parseSecretsKeys, SecretBox, SecretBoxError, secretsKeyId } from "./secret-box";
import { loadSecretsKeys, SECRETS_KEY_FILE } from "./secrets-key-file";

const keyA = randomBytes(32);
const keyB = randomBytes(32);
const SEALED = /^v1:[A-Za-z0-9_-]{8}:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]+$/;

describe("SECRETS_KEY", () => {
  test("takes 32 bytes as base64, base64url or hex, several comma-separated with the current first", () => {
    assert.deepEqual(parseSecretsKeys(keyA.toString("base64")), [keyA]);
    assert.deepEqual(parseSecretsKeys(keyA.toString("base64url")), [keyA]);
    assert.deepEqual(parseSecretsKeys(keyA.toString("hex")), [keyA]);
    assert.deepEqual(parseSecretsKeys(` ${keyB.toString("base64")} , ${keyA.toString("hex")} `), [keyB, keyA]);
  });

  test("refuses anything else at configuration time, without repeating the value", () => {
    for (const bad of [randomBytes(16).toString("base64"), "not a key", `${keyA.toString("hex")}00`, ","]) {
      assert.throws(
        () => loadConfig({ SECRETS_KEY: bad }),
        (error: Error) =>
          error.message.startsWith("Invalid configuration: SECRETS_KEY: ") &&
          (bad.length < 8 || !error.message.includes(bad)),
        bad,
      );
    }
    assert.deepEqual(loadConfig({ SECRETS_KEY: keyA.toString("base64") }).secretsKey, [keyA]);
    assert.equal(loadConfig({}).secretsKey, undefined);
  });
});

describe("the secret box", () => {
  test("seals with AES-256-GCM into v1:<keyId>:<iv>:<tag>:<ciphertext>, a fresh IV each time", () => {
    const box = new SecretBox([keyA]);
    const first = box.seal("whsec_example", "ctx");
    const second = box.seal("whsec_example", "ctx");
    assert.match(first, SEALED);
    assert.ok(first.startsWith(`v1:${secretsKeyId(keyA)}:`));
    assert.notEqual(first, second);
    assert.ok(!first.includes("whsec_example"));
    assert.equal(box.open(first, "ctx"), "whsec_example");
    assert.equal(box.open(second, "ctx"), "whsec_example");
  });

  test("a value altered, or opened under another context (another row), does not open", () => {
    const box = new SecretBox([keyA]);
    const sealed = box.seal("whsec_example", "companies.webhook_secret:comp_1");
    assert.throws(() => box.open(sealed, "companies.webhook_secret:comp_2"), SecretBoxError);
    const parts = sealed.split(":");
    const ciphertext = Buffer.from(parts[4], "base64url");
    ciphertext[0] ^= 1;
    parts[4] = ciphertext.toString("base64url");
    assert.throws(() => box.open(parts.join(":"), "companies.webhook_secret:comp_1"), SecretBoxError);
    assert.throws(() => box.open("whsec_plain", "x"), /not a sealed value/);
  });

  test("after a key change, values of the older key still open; of an unknown key, they say which key", () => {
    const old = new SecretBox([keyA]).seal("whsec_old", "ctx");
    const rotated = new SecretBox([keyB, keyA]);
    assert.equal(rotated.currentKeyId, secretsKeyId(keyB));
    assert.deepEqual(rotated.keyIds, [secretsKeyId(keyB), secretsKeyId(keyA)]);
    assert.equal(rotated.open(old, "ctx"), "whsec_old");
    assert.equal(rotated.isCurrent(old), false);
    assert.equal(rotated.isCurrent(rotated.seal("whsec_new", "ctx")), true);
    assert.throws(() => new SecretBox([keyB]).open(old, "ctx"), {
      message: `sealed with key ${secretsKeyId(keyA)}, which SECRETS_KEY does not hold`,
    });
  });
});

describe("the key file, when SECRETS_KEY is unset", () => {
  const dirs: string[] = [];
  const newDir = () => {
    const dir = mkdtempSync(join(tmpdir(), "secrets-key-"));
    dirs.push(dir);
    return join(dir, "data"); // not there yet, as on a first start with DATABASE_URL
  };
  after(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const logger = createLogger("silent");

  test("is generated at the first start with mode 0600, then read as it is", () => {
    const dataDir = newDir();
    const settings = { secretsKey: undefined, dataDir, externalDatabase: false, env: "production" as const };
    const first = loadSecretsKeys(settings, logger);
    const file = join(dataDir, SECRETS_KEY_FILE);
    assert.equal(first.generated, true);
    assert.equal(first.file, file);
    assert.equal(statSync(file).mode & 0o777, 0o600);
    assert.deepEqual(first.keys, parseSecretsKeys(readFileSync(file, "utf8")));
    const second = loadSecretsKeys(settings, logger);
    assert.equal(second.generated, false);
    assert.deepEqual(second.keys, first.keys);
  });

  test("outside production a DATABASE_URL gets one too; in production it refuses to start", () => {
    const dataDir = newDir();
    const dev = loadSecretsKeys({ secretsKey: undefined, dataDir, externalDatabase: true, env: "development" }, logger);
    assert.equal(dev.generated, true);
    assert.throws(
      () =>
        loadSecretsKeys(
          { secretsKey: undefined, dataDir: newDir(), externalDatabase: true, env: "production" },
          logger,
        ),
      /^Error: SECRETS_KEY is required in production with DATABASE_URL/,
    );
  });

  test("SECRETS_KEY wins and no file is written; a damaged file is reported with its path", () => {
    const dataDir = newDir();
    const given = loadSecretsKeys({ secretsKey: [keyA], dataDir, externalDatabase: true, env: "production" }, logger);
    assert.deepEqual(given, { keys: [keyA], source: "SECRETS_KEY", file: null, generated: false });
    assert.throws(() => statSync(dataDir));
    loadSecretsKeys({ secretsKey: undefined, dataDir, externalDatabase: false, env: "test" }, logger);
    writeFileSync(join(dataDir, SECRETS_KEY_FILE), "garbage\n");
    assert.throws(
      () => loadSecretsKeys({ secretsKey: undefined, dataDir, externalDatabase: false, env: "test" }, logger),
      new RegExp(`^Error: ${join(dataDir, SECRETS_KEY_FILE)}: each key must be 32 bytes`),
    );
  });
});
