import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { brlToJsonNumber, calculateFee, formatBrl, MoneyFormatError, parseBrl, parsePercent } from "./money";

/** Reference fee with plain BigInt rationals: round_half_up(amount * percent / 100) + fixed, capped. */
function referenceFee(amountCents: bigint, percentCenti: bigint, fixedCents: bigint): bigint {
  // amount (centavos) * (percentCenti / 100) % = amount * percentCenti / 10000 centavos
  const numerator = amountCents * percentCenti;
  const quotient = numerator / 10_000n;
  const remainder = numerator % 10_000n;
  const rounded = remainder * 2n >= 10_000n ? quotient + 1n : quotient;
  const fee = rounded + fixedCents;
  return fee > amountCents ? amountCents : fee;
}

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

describe("calculateFee", () => {
  test("matches the contract's examples", () => {
    const plan = { feePercentCenti: parsePercent("0.99"), feeFixedCents: 0n };
    assert.deepEqual(calculateFee(10000n, plan), { feeCents: 99n, netAmountCents: 9901n });
    // 150.50 * 0.99 % = 1.48995 -> 1.49
    assert.deepEqual(calculateFee(15050n, plan), { feeCents: 149n, netAmountCents: 14901n });
    // half up: 50 centavos * 1 % = 0.5 centavo -> 1
    assert.equal(calculateFee(50n, { feePercentCenti: 100n, feeFixedCents: 0n }).feeCents, 1n);
    // capped at the amount
    assert.deepEqual(calculateFee(30n, { feePercentCenti: 99n, feeFixedCents: 50n }), {
      feeCents: 30n,
      netAmountCents: 0n,
    });
  });

  test("agrees with a big-integer reference for any amount and plan", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 9_999_999_999n }),
        fc.bigInt({ min: 0n, max: 10_000n }),
        fc.bigInt({ min: 0n, max: 100_000n }),
        (amount, percent, fixed) => {
          const { feeCents, netAmountCents } = calculateFee(amount, { feePercentCenti: percent, feeFixedCents: fixed });
          assert.equal(feeCents, referenceFee(amount, percent, fixed));
          assert.equal(feeCents + netAmountCents, amount);
          assert.ok(netAmountCents >= 0n);
        },
      ),
      { numRuns: 10000 },
    );
  });
});
