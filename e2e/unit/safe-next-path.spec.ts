import { expect, test } from "@playwright/test";
import { safeNextPath } from "../../admin-ui/lib/auth/viewer";

/**
 * `next` after sign-in (admin-ui/lib/auth/viewer.ts): the page's redirect and the sign-in
 * form's navigation both go through safeNextPath, so this table is what both do.
 */
const ORIGIN = "http://localhost:4000";

const REFUSED: Array<[string, string]> = [
  ["//evil.example", "protocol-relative URL"],
  ["///evil.example", "three slashes"],
  ["/..//evil.example", "dot-dot then two slashes (resolves to //evil.example)"],
  ["/.//evil.example", "dot then two slashes"],
  ["/ops/..//evil.example", "a path, dot-dot, two slashes"],
  ["/%2e%2e//evil.example", "encoded dot-dot"],
  ["/%2E%2E//evil.example", "encoded dot-dot, upper case"],
  ["/.%2e//evil.example", "half-encoded dot-dot"],
  ["/%2e/%2e//evil.example", "encoded dots as segments"],
  ["/\\evil.example", "slash backslash"],
  ["/\\/evil.example", "slash backslash slash"],
  ["\\\\evil.example", "two backslashes"],
  ["/ops\\..\\..\\/evil.example", "backslashes as separators"],
  ["/\t/evil.example", "a tab between the slashes"],
  ["/\n/evil.example", "a newline between the slashes"],
  ["/\r\n/evil.example", "CR LF between the slashes"],
  ["/o\tps/..//evil.example", "a tab inside a segment"],
  ["/ops\u0000/x", "NUL"],
  ["https://evil.example/ops", "absolute URL elsewhere"],
  ["http://localhost:4000/ops", "absolute URL of this very origin (only paths are taken)"],
  ["http://localhost:4000@evil.example/", "user-info trick"],
  ["javascript:alert(1)", "javascript: URL"],
  ["JaVaScRiPt:alert(document.cookie)", "javascript: URL, mixed case"],
  [" /ops", "leading space"],
  ["ops", "no leading slash"],
  ["/login", "the sign-in page itself"],
  ["/login?next=/ops", "the sign-in page with its own next"],
  ["", "empty"],
  [`/${"a".repeat(2048)}`, "too long"],
];

const ACCEPTED: Array<[string, string]> = [
  ["/ops", "/ops"],
  ["/ops/companies?sort=name.asc", "/ops/companies?sort=name.asc"],
  ["/m/charges/K7Q2M9XA#refunds", "/m/charges/K7Q2M9XA#refunds"],
  ["/ops/./withdrawals", "/ops/withdrawals"],
  ["/ops/../m", "/m"],
  ["/ops/%2e//evil.example", "/ops//evil.example"],
  // Encoded slashes and backslashes stay encoded: a browser reads them as one path segment here.
  ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
  ["/%5C%5Cevil.example", "/%5C%5Cevil.example"],
  ["/%09/evil.example", "/%09/evil.example"],
  ["/javascript:alert(1)", "/javascript:alert(1)"],
];

for (const [next, why] of REFUSED) {
  test(`next is refused: ${why}`, () => {
    expect(safeNextPath(next, ORIGIN)).toBeNull();
  });
}

for (const [next, path] of ACCEPTED) {
  test(`next is a path here: ${JSON.stringify(next)}`, () => {
    expect(safeNextPath(next, ORIGIN)).toBe(path);
    // Whatever is answered, the browser resolves it to this origin.
    expect(new URL(path, ORIGIN).origin).toBe(ORIGIN);
  });
}

test("null, undefined and an origin that is not a URL are refused", () => {
  expect(safeNextPath(null, ORIGIN)).toBeNull();
  expect(safeNextPath(undefined, ORIGIN)).toBeNull();
  expect(safeNextPath("/ops", "not a url")).toBeNull();
});
