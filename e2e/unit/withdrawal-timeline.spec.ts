import { expect, test } from "@playwright/test";
import { withdrawalTimeline } from "../../admin-ui/features/withdrawals/withdrawal-timeline";

/**
 * A withdrawal's timeline is in the order things happened. The approval that completes the
 * approvals and the hand-over to the bank it causes are written in one transaction and carry
 * the same timestamp: the approval must still come before "sent to the bank".
 */
const created = "2026-11-26T12:00:00.000Z";
const firstApproval = "2026-11-26T12:05:00.000Z";
const secondApproval = "2026-11-26T12:10:00.000Z";

const shape = (entries: ReturnType<typeof withdrawalTimeline>) =>
  entries.map((entry) => (entry.kind === "approval" ? `approval ${entry.given}` : entry.status));

test("two approvals: the second one comes before the PROCESSING change of the same instant", () => {
  const history = [
    { id: "1", fromStatus: null, toStatus: "PENDING", actor: "merchant:cred_a", createdAt: created },
    { id: "2", fromStatus: "PENDING", toStatus: "PROCESSING", actor: "operator:usr_b", createdAt: secondApproval },
    { id: "3", fromStatus: "PROCESSING", toStatus: "PAID", actor: "provider", createdAt: "2026-11-26T12:10:03.000Z" },
  ];
  const approvals = [
    { at: firstApproval, operator: "operator:usr_a", operatorEmail: "ana@pix.test" },
    { at: secondApproval, operator: "operator:usr_b", operatorEmail: "bia@pix.test" },
  ];
  expect(shape(withdrawalTimeline(history, approvals))).toEqual([
    "PENDING",
    "approval 1",
    "approval 2",
    "PROCESSING",
    "PAID",
  ]);
});

test("an auto-approved withdrawal: created and sent in one transaction, PENDING first", () => {
  const history = [
    { id: "2", fromStatus: "PENDING", toStatus: "PROCESSING", actor: "system:auto-approve", createdAt: created },
    { id: "1", fromStatus: null, toStatus: "PENDING", actor: "merchant:cred_a", createdAt: created },
  ];
  expect(shape(withdrawalTimeline(history, []))).toEqual(["PENDING", "PROCESSING"]);
});

test("a rejection after one approval, and times compared as instants, not as text", () => {
  const history = [
    { id: "1", fromStatus: null, toStatus: "PENDING", actor: "merchant:cred_a", createdAt: created },
    // The same instant written with an offset sorts by time.
    {
      id: "2",
      fromStatus: "PENDING",
      toStatus: "CANCELLED",
      actor: "operator:usr_b",
      reason: "Chave de outro titular",
      createdAt: "2026-11-26T09:20:00.000-03:00",
    },
  ];
  const approvals = [{ at: firstApproval, operator: "operator:usr_a", operatorEmail: null }];
  const entries = withdrawalTimeline(history, approvals);
  expect(shape(entries)).toEqual(["PENDING", "approval 1", "CANCELLED"]);
  expect(entries[2]).toMatchObject({ kind: "status", reason: "Chave de outro titular", actor: "operator:usr_b" });
});
