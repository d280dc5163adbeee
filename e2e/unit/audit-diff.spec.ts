import { expect, test } from "@playwright/test";
import { auditDiff } from "../../admin-ui/features/audit-log/audit-diff";
import { auditMoneyText } from "../../admin-ui/features/audit-log/audit-labels";
import { formatBRL } from "../../admin-ui/lib/format";

/** The audit entry's dialog shows what changed field by field (features/audit-log/audit-diff.ts). */
test("fields that differ, appear or disappear are changed; equal ones are not", () => {
  expect(
    auditDiff(
      { name: "Antes", city: "Recife", limit: null, tags: ["a"], gone: 1 },
      { name: "Depois", city: "Recife", limit: "10.00", tags: ["a"], added: true },
    ),
  ).toEqual([
    { field: "name", before: "Antes", after: "Depois", changed: true },
    { field: "city", before: "Recife", after: "Recife", changed: false },
    { field: "limit", before: "null", after: "10.00", changed: true },
    { field: "tags", before: '["a"]', after: '["a"]', changed: false },
    { field: "gone", before: "1", after: null, changed: true },
    { field: "added", before: null, after: "true", changed: true },
  ]);
});

test("a creation has every field new; no data has no fields; a bare value is one field", () => {
  expect(auditDiff(null, { status: "PENDING" })).toEqual([
    { field: "status", before: null, after: "PENDING", changed: true },
  ]);
  expect(auditDiff(null, undefined)).toEqual([]);
  expect(auditDiff("PENDING", "PAID")).toEqual([{ field: "value", before: "PENDING", after: "PAID", changed: true }]);
  expect(auditDiff({ nested: { a: 1 } }, { nested: { a: 2 } })).toEqual([
    { field: "nested", before: '{"a":1}', after: '{"a":2}', changed: true },
  ]);
});

test("money fields read as R$ from the API's reais or an object's centavos; other values are left alone", () => {
  const brl = (centavos: bigint) => formatBRL(centavos);
  expect(auditMoneyText("withdrawal", "amount", "3.00")).toBe(brl(300n));
  expect(auditMoneyText("adjustment", "amount", "-10.5")).toBe(brl(-1050n));
  expect(auditMoneyText("company", "autoApproveLimit", "1234.56")).toBe(brl(123456n));
  expect(auditMoneyText("dispute", "heldAmount", "0.00")).toBe(brl(0n));
  expect(auditMoneyText("company", "feePercent", "1.50")).toBe("1,50 %");
  // A recurrence's amounts are reais as every row's; its rows written before were centavos, as an unconfirmed notification's are.
  expect(auditMoneyText("recurrence", "amount", "89.90")).toBe(brl(8990n));
  expect(auditMoneyText("recurrence", "first_payment", "0.05")).toBe(brl(5n));
  expect(auditMoneyText("recurrence", "amount", "8990")).toBe(brl(8990n));
  expect(auditMoneyText("recurrence", "first_payment", "4990")).toBe(brl(4990n));
  expect(auditMoneyText("unconfirmed_notification", "amountCents", "300")).toBe(brl(300n));
  // Not an amount, or not a money field: as stored.
  expect(auditMoneyText("withdrawal", "amount", "null")).toBeNull();
  expect(auditMoneyText("recurrence", "amount", "89,90")).toBeNull();
  expect(auditMoneyText("charge", "txid", "300")).toBeNull();
  expect(auditMoneyText("company", "name", "3.00")).toBeNull();
});
