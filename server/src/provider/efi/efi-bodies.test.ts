import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, test } from "node:test";
import Ajv from "ajv";
import addFormats from "ajv-formats";
import { parse } from "yaml";
import { EFI_REQUEST_SCHEMAS, type EfiRequestBodyName } from "./api-pix-schemas";
import { cobBody, idEnvioOf, pixSendBody, withdrawalIdOf } from "./efi-provider";

/**
 * Every body the adapter sends, validated with Ajv against the API Pix schemas of
 * api-pix-schemas.ts, and those schemas against the central bank's openapi.yaml when a copy
 * is at hand (PIX_API_OPENAPI, or shared/spec/pix-api-openapi.yaml beside the repository).
 */
const ajv = new Ajv({ allErrors: true, strict: true });
addFormats(ajv);
const validate = (name: EfiRequestBodyName, body: unknown) => {
  const check = ajv.getSchema(EFI_REQUEST_SCHEMAS[name].$id) ?? ajv.compile(EFI_REQUEST_SCHEMAS[name]);
  return check(body) ? [] : (check.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
};

const charge = {
  locationId: "loc",
  txid: "a".repeat(32),
  amountCents: 1050n,
  expiresInSeconds: 3600,
  description: "Pedido 42 — café ☕",
};
const order = {
  withdrawalId: "wd_AbCdEfGhIjKlMnOpQrStUvWx",
  reference: "WDR_ABCDEFGH12345678",
  amountCents: 99999999_99n,
  pixKeyType: "EMAIL",
  pixKey: "cliente@example.com",
};
const bodies: Array<[EfiRequestBodyName, unknown]> = [
  ["CobSolicitada", cobBody(charge, "8a4d298b-abe0-46c9-8a9f-6a3e9350cb2e")],
  ["CobSolicitada", cobBody({ ...charge, description: null, amountCents: 1n }, "+5511999998888")],
  ["CobRevisada", { status: "REMOVIDA_PELO_USUARIO_RECEBEDOR" }],
  ["PixEnvioSolicitado", pixSendBody(order, "8a4d298b-abe0-46c9-8a9f-6a3e9350cb2e")],
  ["DevolucaoSolicitada", { valor: "4.00", descricao: "Troca" }],
  ["WebhookSolicitado", { webhookUrl: "https://loja.example/provider/efi/pix?hmac=abc&ignorar=" }],
  ["TokenRequest", { grant_type: "client_credentials" }],
];

describe("the adapter's bodies against the API Pix schemas", () => {
  for (const [name, body] of bodies) {
    test(`${name}: ${JSON.stringify(body).slice(0, 80)}`, () => {
      assert.deepEqual(validate(name, body), []);
    });
  }

  test("the schemas refuse what the bank would: money with one decimal, unknown fields, a long description", () => {
    assert.notDeepEqual(validate("CobSolicitada", { ...(bodies[0][1] as object), valor: { original: "10.5" } }), []);
    assert.notDeepEqual(validate("CobSolicitada", { ...(bodies[0][1] as object), extra: 1 }), []);
    assert.notDeepEqual(
      validate("CobSolicitada", { ...(bodies[0][1] as object), solicitacaoPagador: "x".repeat(141) }),
      [],
    );
    assert.notDeepEqual(validate("PixEnvioSolicitado", { valor: "1.00", pagador: {}, favorecido: { chave: "x" } }), []);
  });

  test("a description is cut to 140 characters as people count them, and the amount has two decimals", () => {
    const body = cobBody({ ...charge, description: "☕".repeat(150) }, "k");
    assert.equal([...(body.solicitacaoPagador ?? "")].length, 140);
    assert.equal(cobBody({ ...charge, amountCents: 7n }, "k").valor.original, "0.07");
    assert.equal(pixSendBody(order, "k").valor, "99999999.99");
  });

  test("the idEnvio of a withdrawal is its id without the underscore, and back", () => {
    assert.equal(idEnvioOf(order.withdrawalId), "wdAbCdEfGhIjKlMnOpQrStUvWx");
    assert.match(idEnvioOf(order.withdrawalId), /^[a-zA-Z0-9]{1,35}$/);
    assert.equal(withdrawalIdOf(idEnvioOf(order.withdrawalId)), order.withdrawalId);
    assert.equal(withdrawalIdOf("somethingElse"), null);
  });
});

/** The central bank's openapi.yaml 2.9.0, when a copy is at hand (it is not part of the repository). */
function findOpenApi(): string | null {
  if (process.env.PIX_API_OPENAPI) return process.env.PIX_API_OPENAPI;
  for (let dir = resolve(__dirname); dir !== dirname(dir); dir = dirname(dir)) {
    const candidate = join(dir, "shared", "spec", "pix-api-openapi.yaml");
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

describe("the schemas against the central bank's openapi.yaml", () => {
  const file = findOpenApi();
  const official = [
    ["CobSolicitada", "CobSolicitada"],
    ["CobRevisada", "CobRevisada"],
    ["DevolucaoSolicitada", "DevolucaoSolicitada"],
    ["WebhookSolicitado", "WebhookSolicitado"],
  ] as const;
  for (const [ours, theirs] of official) {
    test(`${ours}: every body the adapter sends is valid for the central bank's ${theirs}`, (t) => {
      if (file === null) {
        t.skip("no copy of bacen/pix-api openapi.yaml (set PIX_API_OPENAPI)");
        return;
      }
      const document = parse(readFileSync(file, "utf8"));
      const bacen = new Ajv({ strict: false, allErrors: true });
      addFormats(bacen);
      bacen.addSchema({ ...document, $id: "bacen" });
      const check = bacen.getSchema(`bacen#/components/schemas/${theirs}`);
      assert.ok(check, `${theirs} is in the file`);
      for (const [name, body] of bodies.filter(([name]) => name === ours)) {
        assert.equal(check(body), true, `${name}: ${JSON.stringify(check.errors)}`);
      }
    });
  }
});
