import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { hasError, isDynamicPix, parsePix } from "pix-utils";
import { type BrCodeInput, buildDynamicBrCode, crc16Ccitt, toEmvText } from "./br-code";

const sample: BrCodeInput = {
  locationUrl: "localhost:4000/pix/v2/cobv-9f8e7d6c5b4a",
  amountCents: 1050n,
  merchantName: "Loja do Fulano",
  merchantCity: "Sao Paulo",
};

/** Top-level EMV fields by ID; throws when a length runs past the end, so it also checks framing. */
function readEmvFields(payload: string): Map<string, string> {
  const fields = new Map<string, string>();
  let index = 0;
  while (index < payload.length) {
    const id = payload.slice(index, index + 2);
    const length = Number(payload.slice(index + 2, index + 4));
    assert.match(payload.slice(index + 2, index + 4), /^\d\d$/, `length of field ${id}`);
    const value = payload.slice(index + 4, index + 4 + length);
    assert.equal(value.length, length, `field ${id} is truncated`);
    assert.equal(fields.has(id), false, `field ${id} repeats`);
    fields.set(id, value);
    index += 4 + length;
  }
  return fields;
}

function parseDynamic(payload: string) {
  const parsed = parsePix(payload);
  // pix-utils returns an error object (not a throw) for a bad CRC or malformed EMV.
  if (hasError(parsed)) assert.fail(`pix-utils rejected the payload: ${parsed.message}`);
  assert.equal(parsed.type, "DYNAMIC");
  assert.ok(isDynamicPix(parsed));
  return parsed;
}

describe("crc16Ccitt", () => {
  test("matches the CRC-16/CCITT-FALSE check value", () => {
    assert.equal(crc16Ccitt("123456789"), "29B1");
  });

  test("matches the static example of the BR Code manual", () => {
    const withoutCrc =
      "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000" +
      "5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***6304";
    assert.equal(crc16Ccitt(withoutCrc), "1D3D");
  });

  test("is zero-padded to four upper-case hex digits", () => {
    assert.equal(crc16Ccitt(""), "FFFF");
    for (const text of ["a", "ab", "abc", "PIX", "6304", "x".repeat(200)])
      assert.match(crc16Ccitt(text), /^[0-9A-F]{4}$/);
    // Find an input whose CRC is below 0x1000 so the padding is actually exercised.
    const padded = Array.from({ length: 5000 }, (_, i) => crc16Ccitt(`p${i}`)).find((crc) => crc.startsWith("0"));
    assert.ok(padded, "expected some CRC below 0x1000 among 5000 inputs");
    assert.equal(padded.length, 4);
  });
});

describe("toEmvText", () => {
  test("strips accents and keeps case", () => {
    assert.equal(toEmvText("São Paulo", 15), "Sao Paulo");
    assert.equal(toEmvText("SÃO PAULO", 15), "SAO PAULO");
    assert.equal(toEmvText("Açaí & Cia. Ltda.", 25), "Acai Cia Ltda");
    assert.equal(toEmvText("Ñandú Ü ç", 25), "Nandu U c");
  });

  test("drops other characters, collapses spaces and trims", () => {
    assert.equal(toEmvText("  D'Ávila\t-  Móveis\n", 25), "DAvila Moveis");
    assert.equal(toEmvText("日本", 25), "");
    assert.equal(toEmvText("   ", 25), "");
  });

  test("cuts to the maximum length without a trailing space", () => {
    assert.equal(toEmvText("Supermercado Bom Preço do Nordeste Ltda", 25), "Supermercado Bom Preco do");
    assert.equal(toEmvText("SAO PAULO CAPITAL", 10), "SAO PAULO");
    assert.equal(toEmvText("abc", 0), "");
  });
});

describe("buildDynamicBrCode", () => {
  test("lays the fields out in the manual's order", () => {
    const payload = buildDynamicBrCode(sample);
    const location = sample.locationUrl;
    const expectedWithoutCrc =
      "000201" +
      "010212" +
      `26${String(22 + location.length).padStart(2, "0")}0014br.gov.bcb.pix25${location.length}${location}` +
      "52040000" +
      "5303986" +
      "540510.50" +
      "5802BR" +
      "5914Loja do Fulano" +
      "6009Sao Paulo" +
      "62070503***" +
      "6304";
    assert.equal(payload, expectedWithoutCrc + crc16Ccitt(expectedWithoutCrc));
    assert.deepEqual(
      [...readEmvFields(payload).keys()],
      ["00", "01", "26", "52", "53", "54", "58", "59", "60", "62", "63"],
    );
  });

  test("parses back with pix-utils with a valid CRC and the same location, name and city", () => {
    const payload = buildDynamicBrCode(sample);
    const parsed = parseDynamic(payload);
    assert.equal(parsed.url, sample.locationUrl);
    assert.equal(parsed.merchantName, "Loja do Fulano");
    assert.equal(parsed.merchantCity, "Sao Paulo");
    assert.equal(parsed.transactionCurrency, "986");
    assert.equal(parsed.countryCode, "BR");
    // pix-utils leaves transactionAmount out of dynamic codes, so field 54 is read directly.
    assert.equal(readEmvFields(payload).get("54"), "10.50");
  });

  test("pix-utils rejects a tampered payload, so the CRC check above is real", () => {
    const payload = buildDynamicBrCode(sample);
    const tampered = payload.replace("540510.50", "540510.60");
    const parsed = parsePix(tampered);
    assert.ok(hasError(parsed));
    assert.equal(parsed.message, "invalid crc");
  });

  test("formats amounts from integer centavos", () => {
    const cases: Array<[bigint, string]> = [
      [1n, "0.01"],
      [5n, "0.05"],
      [10n, "0.10"],
      [99n, "0.99"],
      [100n, "1.00"],
      [1050n, "10.50"],
      [9999999999n, "99999999.99"],
      [9007199254740993n, "90071992547409.93"], // beyond float precision: must still be exact
    ];
    for (const [amountCents, expected] of cases) {
      if (expected.length > 13) {
        assert.throws(() => buildDynamicBrCode({ ...sample, amountCents }), /13 characters/);
        continue;
      }
      const payload = buildDynamicBrCode({ ...sample, amountCents });
      assert.equal(readEmvFields(payload).get("54"), expected, `${amountCents} centavos`);
      parseDynamic(payload);
    }
  });

  test("rejects zero and negative amounts", () => {
    assert.throws(() => buildDynamicBrCode({ ...sample, amountCents: 0n }), /positive/);
    assert.throws(() => buildDynamicBrCode({ ...sample, amountCents: -1050n }), /positive/);
  });

  test("accepts a 77-character location and rejects a 78-character one", () => {
    const prefix = "pix.example.com.br/v2/";
    const at77 = prefix + "a".repeat(77 - prefix.length);
    const payload = buildDynamicBrCode({ ...sample, locationUrl: at77 });
    assert.equal(readEmvFields(payload).get("26")?.length, 99);
    assert.equal(parseDynamic(payload).url, at77);
    assert.throws(() => buildDynamicBrCode({ ...sample, locationUrl: `${at77}a` }), /at most 77/);
  });

  test("rejects empty, scheme-prefixed and non-ASCII locations", () => {
    assert.throws(() => buildDynamicBrCode({ ...sample, locationUrl: "" }), /empty/);
    assert.throws(() => buildDynamicBrCode({ ...sample, locationUrl: "https://pix.example.com/v2/abc" }), /scheme/);
    assert.throws(() => buildDynamicBrCode({ ...sample, locationUrl: "pix.example.com/v2/ção" }), /ASCII/);
    assert.throws(() => buildDynamicBrCode({ ...sample, locationUrl: "pix.example.com/v2/a b" }), /ASCII/);
  });

  test("strips accents from name and city and cuts them to 25 and 15", () => {
    const payload = buildDynamicBrCode({
      ...sample,
      merchantName: "Padaria e Confeitaria São João da Esquina",
      merchantCity: "SÃO JOSÉ DOS CAMPOS",
    });
    const parsed = parseDynamic(payload);
    assert.equal(parsed.merchantName, "Padaria e Confeitaria Sao");
    assert.equal(parsed.merchantName.length, 25);
    assert.equal(parsed.merchantCity, "SAO JOSE DOS CA");
    assert.equal(parsed.merchantCity.length, 15);
    assert.match(payload, /^[\x20-\x7e]+$/);
  });

  test("falls back to PIX and SAO PAULO when name or city clean to nothing", () => {
    const parsed = parseDynamic(buildDynamicBrCode({ ...sample, merchantName: "★★★", merchantCity: " ... " }));
    assert.equal(parsed.merchantName, "PIX");
    assert.equal(parsed.merchantCity, "SAO PAULO");
  });
});
