import assert from "node:assert/strict";
import { test } from "node:test";
import { loadConfig } from "./config";

// Maker-checker is on unless an operator turns it off (docs/operations.md, docs/decisions.md).
test("APPROVAL_SECOND_OPERATOR_ABOVE: R$ 10.000,00 when unset or empty, off only when said, an amount as given", () => {
  assert.equal(loadConfig({}).approvalSecondOperatorAboveCents, 1_000_000n);
  // docker-compose passes an unset variable as an empty string.
  assert.equal(loadConfig({ APPROVAL_SECOND_OPERATOR_ABOVE: "" }).approvalSecondOperatorAboveCents, 1_000_000n);
  assert.equal(loadConfig({ APPROVAL_SECOND_OPERATOR_ABOVE: "off" }).approvalSecondOperatorAboveCents, null);
  assert.equal(loadConfig({ APPROVAL_SECOND_OPERATOR_ABOVE: "250.50" }).approvalSecondOperatorAboveCents, 25_050n);
  assert.throws(() => loadConfig({ APPROVAL_SECOND_OPERATOR_ABOVE: "OFF!" }), /APPROVAL_SECOND_OPERATOR_ABOVE/);
});
