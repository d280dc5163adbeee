import assert from "node:assert/strict";
import { describe, test } from "node:test";
import Ajv from "ajv";
import addFormats from "ajv-formats";
import {
  adapterBodies as bodies,
  sampleCharge as charge,
  sampleOrder as order,
} from "../../../test/support/efi-sample-bodies";
import { EFI_REQUEST_SCHEMAS, type EfiRequestBodyName } from "./api-pix-schemas";
import { cobBody, idEnvioOf, pixSendBody, withdrawalIdOf } from "./efi-provider";

/**
 * Every body the adapter sends, validated with Ajv against the API Pix schemas of
 * api-pix-schemas.ts (written from the central bank's openapi.yaml 2.9.0). Against a copy of
 * that file itself: `npm run check:pix-schemas -w server -- <openapi.yaml>` (not part of the
 * repository, so not part of the tests).
 */
const ajv = new Ajv({ allErrors: true, strict: true });
addFormats(ajv);
const validate = (name: EfiRequestBodyName, body: unknown) => {
  const check = ajv.getSchema(EFI_REQUEST_SCHEMAS[name].$id) ?? ajv.compile(EFI_REQUEST_SCHEMAS[name]);
  return check(body) ? [] : (check.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
};

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
