import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { parsePercent } from "../core/money";
import { calculateFee } from "./fee-plan";

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
