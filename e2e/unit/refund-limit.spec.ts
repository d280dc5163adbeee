import { expect, test } from "@playwright/test";
import { refundLimitKey } from "../../admin-ui/features/refunds/refund-limit";
import { t } from "../support/i18n";

/** The refund dialog's limit names what took the rest of the charge, and only what did. */
test("the refund limit's message: the amount paid, or what was refunded and what a dispute holds", () => {
  expect(refundLimitKey(0n, 0n)).toBe("tooMuchPaid");
  expect(refundLimitKey(2_000n, 0n)).toBe("tooMuch");
  expect(refundLimitKey(0n, 2_000n)).toBe("tooMuchHeldOnly");
  expect(refundLimitKey(1n, 1n)).toBe("tooMuchHeld");
  // Nothing refunded: not a word of a refund that never happened.
  expect(t(`refunds.dialog.${refundLimitKey(0n, 0n)}`, { remaining: "R$ 100,00" })).not.toMatch(/devolvido/);
  expect(t(`refunds.dialog.${refundLimitKey(0n, 500n)}`, { remaining: "R$ 30,00" })).not.toMatch(/devolvido/);
  expect(t(`refunds.dialog.${refundLimitKey(500n, 0n)}`, { remaining: "R$ 30,00" })).toMatch(/devolvido/);
});
