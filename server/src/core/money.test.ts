import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { brlToJsonNumber, formatBrl, MoneyFormatError, parseBrl, parsePercent } from "./money";

describe("parseBrl", () => {
  test("reads JSON numbers and strings with up to two decimals", () => {
    assert.equal(parseBrl(10), 1000n);
    assert.equal(parseBrl(10.5), 1050n);
    assert.equal(parseBrl(1234.56), 123456n);
    assert.equal(parseBrl("0.01"), 1n);
    assert.equal(parseBrl("99999999.99"), 9_999_999_999n);
    assert.equal(parseBrl(-3.2), -320n);
    assert.equal(parseBrl("0.50"), 50n, "a single zero before the point is the only leading zero");
    assert.equal(parseBrl("0"), 0n);
  });

  test("refuses more than two decimals, exponents, NaN, infinities and non-numbers", () => {
    for (const bad of [
      1.005,
      0.1 + 0.2,
      1e21,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      "1e3",
      "1,50",
      " 10",
      "10 ",
      "00010",
      "01.50",
      "-01",
      "",
      " ",
      "abc",
      null,
      {},
      [],
      true,
    ]) {
      assert.throws(() => parseBrl(bad), MoneyFormatError, `expected ${String(bad)} to be refused`);
    }
  });

  test("round-trips every amount in range through text and JSON numbers exactly", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 9_999_999_999n }), (cents) => {
        assert.equal(parseBrl(formatBrl(cents)), cents);
        assert.equal(parseBrl(brlToJsonNumber(cents)), cents);
        assert.equal(parseBrl(JSON.parse(JSON.stringify(brlToJsonNumber(cents)))), cents);
      }),
      { numRuns: 5000 },
    );
  });
});

describe("formatBrl", () => {
  test("always writes two decimals", () => {
    assert.equal(formatBrl(0n), "0.00");
    assert.equal(formatBrl(5n), "0.05");
    assert.equal(formatBrl(1050n), "10.50");
    assert.equal(formatBrl(-1n), "-0.01");
    assert.equal(formatBrl(9_999_999_999n), "99999999.99");
  });
});

describe("parsePercent", () => {
  test("reads a rate from 0 to 100 % with at most two decimals, in hundredths of a percent", () => {
    assert.equal(parsePercent("0.99"), 99n);
    assert.equal(parsePercent(0), 0n);
    assert.equal(parsePercent("100"), 10_000n);
    for (const bad of ["100.01", "-0.01", "0.999", "abc"]) assert.throws(() => parsePercent(bad), MoneyFormatError);
  });
});
