import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { approve, createWithdrawal, fundedMerchant, readWithdrawal } from "../../test/support/scenarios";
import { type Merchant, startTestApp, type TestApp } from "../../test/support/test-app";
import { type PixProvider, ProviderUnavailableError, type TransferAtBank } from "../provider/pix-provider";
import { WithdrawalProcessor } from "./withdrawal-processor";

/**
 * The last transient failure of a submission does not fail a withdrawal the bank may have
 * taken (a timeout hides the answer): the processor reads the transfer back first. The bank
 * here is a stand-in that is always unavailable for sending, and answers a read as told.
 */
let app: TestApp;
let merchant: Merchant;

before(async () => {
  app = await startTestApp();
  merchant = await fundedMerchant(app, "100.00");
});
after(() => app.close());

function bank(readBack: () => Promise<TransferAtBank | null>, outcomeCheckDelaysMs: number[]): PixProvider {
  return {
    ...app.services.provider,
    outcomeCheckDelaysMs,
    sendTransfer: async () => {
      throw new ProviderUnavailableError("timeout");
    },
    readTransfer: readBack,
  } as PixProvider;
}

async function exhaustedWithdrawal(): Promise<string> {
  const id = await createWithdrawal(app, merchant, { amount: 5, pix_key_type: "EMAIL", pix_key: "a@example.com" });
  await approve(app, id);
  await app.services.db.query("UPDATE withdrawals SET retry_count = 3 WHERE id = $1", [id]);
  return id;
}

const submit = (provider: PixProvider, id: string) =>
  new WithdrawalProcessor(
    app.services.db,
    provider,
    app.services.withdrawalOutcomes,
    app.services.logger,
    app.services.clock,
  ).submitTransfer({
    withdrawalId: id,
    requestId: null,
  });

describe("a withdrawal whose submissions all failed transiently", () => {
  test("the bank has it PROCESSING: it stays PROCESSING with the bank's end-to-end id", async () => {
    const id = await exhaustedWithdrawal();
    await submit(
      bank(async () => ({ status: "PROCESSING", endToEndId: "E09089356202611261000abcdefghijk" }), [60_000]),
      id,
    );
    const withdrawal = await readWithdrawal(app, merchant, id);
    assert.equal(withdrawal.status, "PROCESSING");
    const [row] = await app.services.db.query("SELECT e2e_id FROM withdrawals WHERE id = $1", [id]);
    assert.equal(row.e2e_id, "E09089356202611261000abcdefghijk");
  });

  test("the bank paid it: PAID", async () => {
    const id = await exhaustedWithdrawal();
    await submit(
      bank(async () => ({ status: "PAID", endToEndId: "E09089356202611261000abcdefghijl" }), [60_000]),
      id,
    );
    assert.equal((await readWithdrawal(app, merchant, id)).status, "PAID");
  });

  test("the bank refused it: FAILED with its reason", async () => {
    const id = await exhaustedWithdrawal();
    await submit(
      bank(async () => ({ status: "FAILED", reason: "Conta encerrada" }), [60_000]),
      id,
    );
    const withdrawal = await readWithdrawal(app, merchant, id);
    assert.equal(withdrawal.status, "FAILED");
    assert.equal(withdrawal.reason, "Conta encerrada");
  });

  test("the bank never took it: FAILED, bank unavailable", async () => {
    const id = await exhaustedWithdrawal();
    await submit(
      bank(async () => null, [60_000]),
      id,
    );
    const withdrawal = await readWithdrawal(app, merchant, id);
    assert.equal(withdrawal.status, "FAILED");
    assert.equal(withdrawal.reason, "bank unavailable");
  });

  test("a real bank that cannot be read either: PROCESSING, left to the reconciliation's read-back", async () => {
    const id = await exhaustedWithdrawal();
    const unreadable = async (): Promise<TransferAtBank | null> => {
      throw new ProviderUnavailableError("still down");
    };
    await submit(bank(unreadable, [60_000]), id);
    assert.equal((await readWithdrawal(app, merchant, id)).status, "PROCESSING");
    // The sandbox reports every outcome itself: there the contract's rule holds (FAILED).
    const sandboxId = await exhaustedWithdrawal();
    await submit(bank(unreadable, []), sandboxId);
    assert.equal((await readWithdrawal(app, merchant, sandboxId)).status, "FAILED");
  });
});
