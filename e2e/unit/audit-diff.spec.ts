import { expect, test } from "@playwright/test";
import { auditDiff } from "../../admin-ui/features/audit-log/audit-diff";

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
