import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import fc from "fast-check";
import {
  approve,
  assertAuditConsistent,
  balanceCents,
  fundedMerchant,
  postWithdrawal,
  simulateOutcome,
  VALID_CPF,
  waitFor,
} from "../../test/support/scenarios";
import { startTestApp, type TestApp } from "../../test/support/test-app";
import { formatBrl } from "../core/money";
import { startBackgroundWork } from "../worker";

let app: TestApp;
let work: { stop(): Promise<void> };

before(async () => {
  app = await startTestApp({ SANDBOX_SETTLE_MS: "0" });
  work = await startBackgroundWork(app.runtime); // the sandbox bank refuses fail.invalid keys on its own
});
after(async () => {
  await work.stop();
  await app.close();
});

const step = fc.oneof(
  fc.record({
    kind: fc.constant("create" as const),
    cents: fc.integer({ min: 100, max: 40_000 }),
    failing: fc.boolean(),
  }),
  fc.record({ kind: fc.constant("approve" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("cancel" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("reject" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("settle" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("fail" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("credit" as const), cents: fc.integer({ min: 1, max: 30_000 }) }),
);

/** Expected status and held amount of each withdrawal, kept beside the service as a model. */
type ModelStatus = "PENDING" | "PROCESSING" | "PAID" | "FAILED" | "CANCELLED";
const HELD: ModelStatus[] = ["PENDING", "PROCESSING", "PAID"];

/** A fixed seed (always the same run, which reaches every status) and a new one each time. */
for (const seed of [20261122, Date.now() % 2_147_483_647]) {
  test(`balanceAudit agrees with the ledger after a randomized run of creates, approvals, cancels, failures and settlements (seed ${seed})`, () =>
    runPlan(seed));
}

async function runPlan(seed: number) {
  const plan = fc.sample(fc.array(step, { minLength: 80, maxLength: 80 }), { numRuns: 1, seed })[0];
  const merchant = await fundedMerchant(app, "500.00");
  let expectedCents = 50_000n;
  const model = new Map<string, { cents: bigint; status: ModelStatus; failing: boolean }>();
  const inStatus = (status: ModelStatus) => [...model.entries()].filter(([, w]) => w.status === status);
  const pickFrom = (entries: Array<[string, unknown]>, pick: number) =>
    entries.length ? entries[pick % entries.length][0] : null;
  const ok = (result: { errors?: unknown }) => assert.equal(result.errors, undefined, JSON.stringify(result.errors));

  for (const [index, op] of plan.entries()) {
    const where = `seed ${seed}, step ${index} ${JSON.stringify(op)}`;
    switch (op.kind) {
      case "create": {
        const key = op.failing
          ? { pix_key_type: "EMAIL", pix_key: `nobody${index}@fail.invalid` }
          : { pix_key_type: "CPF", pix_key: VALID_CPF };
        const res = await postWithdrawal(app, merchant, { amount: Number(formatBrl(BigInt(op.cents))), ...key });
        if (BigInt(op.cents) > expectedCents) {
          assert.equal(res.body.code, "INSUFFICIENT_BALANCE", where);
        } else {
          assert.equal(res.status, 201, `${where}: ${res.text}`);
          model.set(res.body.id, { cents: BigInt(op.cents), status: "PENDING", failing: op.failing });
          expectedCents -= BigInt(op.cents);
        }
        break;
      }
      case "approve": {
        const id = pickFrom(inStatus("PENDING"), op.pick);
        if (!id) break;
        ok(await approve(app, id));
        const withdrawal = model.get(id)!;
        withdrawal.status = "PROCESSING";
        if (withdrawal.failing) {
          // The sandbox bank refuses the key: FAILED by the worker, the amount back.
          await waitFor(`${id} refused by the bank (${where})`, async () => {
            const read = await app.graphql("query($id: ID!) { withdrawal(id: $id) { status } }", { id });
            return read.data.withdrawal.status === "FAILED";
          });
          withdrawal.status = "FAILED";
          expectedCents += withdrawal.cents;
        }
        break;
      }
      case "cancel":
      case "reject": {
        const id = pickFrom(inStatus("PENDING"), op.pick);
        if (!id) break;
        if (op.kind === "cancel") {
          const res = await app.request("POST", `/withdrawals/${id}/cancel`, { token: merchant.clientSecret });
          assert.equal(res.status, 200, where);
        } else {
          ok(await app.graphql('mutation($id: ID!) { rejectWithdrawal(id: $id, reason: "audit") { id } }', { id }));
        }
        model.get(id)!.status = "CANCELLED";
        expectedCents += model.get(id)!.cents;
        break;
      }
      case "settle": {
        const id = pickFrom(inStatus("PROCESSING"), op.pick);
        if (!id) break;
        ok(await simulateOutcome(app, id, "PAID"));
        model.get(id)!.status = "PAID";
        break;
      }
      case "fail": {
        const id = pickFrom([...inStatus("PENDING"), ...inStatus("PROCESSING")], op.pick);
        if (!id) break;
        ok(await simulateOutcome(app, id, "FAILED", "bank error"));
        model.get(id)!.status = "FAILED";
        expectedCents += model.get(id)!.cents;
        break;
      }
      case "credit":
        await app.fund(merchant.companyId, formatBrl(BigInt(op.cents)));
        expectedCents += BigInt(op.cents);
        break;
    }
    const audit = await assertAuditConsistent(app, merchant.companyId);
    assert.equal(await balanceCents(app, merchant), expectedCents, where);
    const held = [...model.values()].filter((w) => HELD.includes(w.status)).reduce((sum, w) => sum + w.cents, 0n);
    assert.equal(audit.withdrawalsHeld, formatBrl(held), where);
  }
  if (seed === 20261122) {
    const statuses = new Set([...model.values()].map((w) => w.status));
    for (const status of ["CANCELLED", "FAILED", "PAID"]) assert.ok(statuses.has(status as ModelStatus), status);
  }
  for (const [id, expected] of model) {
    const read = await app.graphql("query($id: ID!) { withdrawal(id: $id) { status } }", { id });
    assert.equal(read.data.withdrawal.status, expected.status, `${id} (seed ${seed})`);
  }
}
