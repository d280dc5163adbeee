import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { RETURN_ID_PATTERN } from "../core/ids";
import {
  ProviderUnavailableError,
  type RefundOrder,
  SANDBOX_REFUND_REFUSED_MARKER,
  SANDBOX_REFUND_REFUSED_REASON,
  SANDBOX_REFUND_UNAVAILABLE_MARKER,
  SandboxPixProvider,
  sandboxReturnId,
} from "./pix-provider";

const order = (description: string | null = null): RefundOrder => ({
  endToEndId: "E99999999202611221000abcdefghijk",
  returnRequestId: "rfAbC123",
  amountCents: 1050n,
  description,
});

describe("sandbox provider: devoluções", () => {
  test("takes a devolução, naming it by an rtrId derived from its id, and settles after SANDBOX_SETTLE_MS", async () => {
    const sandbox = new SandboxPixProvider("http://localhost:4000", 3000, "secret-0123456789");
    const answer = await sandbox.sendRefund(order("troca de produto"));
    assert.equal(answer.status, "PROCESSING");
    assert.ok(answer.status === "PROCESSING");
    assert.match(answer.returnId ?? "", RETURN_ID_PATTERN);
    assert.equal(answer.settleAfterMs, 3000);
    // The same devolução asked again is named the same way (its sequence comes from its id).
    const again = await sandbox.sendRefund(order("troca de produto"));
    assert.ok(again.status === "PROCESSING");
    assert.equal(again.returnId?.slice(21), answer.returnId?.slice(21));
    assert.notEqual(sandboxReturnId("99999999", "rfOther", new Date()).slice(21), answer.returnId?.slice(21));
  });

  test("SANDBOX_SETTLE_MS=0: the devolução stays PROCESSING (no settlement of its own)", async () => {
    const sandbox = new SandboxPixProvider("http://localhost:4000", 0, "secret-0123456789");
    const answer = await sandbox.sendRefund(order());
    assert.ok(answer.status === "PROCESSING");
    assert.equal(answer.settleAfterMs, null);
  });

  test("the reason's markers make the bank refuse the devolução or be unavailable, on reading back too", async () => {
    const sandbox = new SandboxPixProvider("http://localhost:4000", 3000, "secret-0123456789");
    const refused = order(`${SANDBOX_REFUND_REFUSED_MARKER} teste`);
    assert.deepEqual(await sandbox.sendRefund(refused), {
      status: "REFUSED",
      returnId: null,
      reason: SANDBOX_REFUND_REFUSED_REASON,
    });
    assert.deepEqual(await sandbox.readRefund(refused), {
      status: "REFUSED",
      returnId: null,
      reason: SANDBOX_REFUND_REFUSED_REASON,
    });
    const unavailable = order(SANDBOX_REFUND_UNAVAILABLE_MARKER);
    await assert.rejects(sandbox.sendRefund(unavailable), ProviderUnavailableError);
    await assert.rejects(sandbox.readRefund(unavailable), ProviderUnavailableError);
    const taken = await sandbox.readRefund(order());
    assert.equal(taken?.status, "PROCESSING");
  });

  test("removing a charge always succeeds; transfers read back as the key decides", async () => {
    const sandbox = new SandboxPixProvider("http://localhost:4000", 0, "secret-0123456789");
    assert.deepEqual(await sandbox.removeCharge(), { outcome: "removed" });
    assert.deepEqual(sandbox.outcomeCheckDelaysMs, []);
    const transfer = {
      withdrawalId: "wd_x",
      reference: "WDR_X",
      amountCents: 100n,
      pixKeyType: "EMAIL" as const,
      recipientDocument: null,
    };
    assert.deepEqual(await sandbox.readTransfer({ ...transfer, pixKey: "a@fail.invalid" }), {
      status: "FAILED",
      reason: "PIX key not found",
    });
    await assert.rejects(
      sandbox.readTransfer({ ...transfer, pixKey: "a@unavailable.invalid" }),
      ProviderUnavailableError,
    );
    assert.deepEqual(await sandbox.readTransfer({ ...transfer, pixKey: "a@example.com" }), {
      status: "PROCESSING",
      endToEndId: null,
    });
  });
});
