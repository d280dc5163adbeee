import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
} from "graphql";
import { freePort, type PspSimProcess, startPspSim } from "../../test/support/psp-sim";
import {
  approve,
  assertAuditConsistent,
  balanceCents,
  createWithdrawal,
  fundedMerchant,
  readWithdrawal,
  signProviderBody,
  waitFor,
} from "../../test/support/scenarios";
import { type Merchant, newUuid, startTestApp, type TestApp } from "../../test/support/test-app";
import { buildAppSchema } from "../schema";
import { idEnvioOf } from "./efi/efi-provider";
import { registerEfiWebhook } from "./efi/efi-webhook-registration";

/**
 * Nothing simulated with a real bank (CONTRACT §10): with PIX_PROVIDER=efi, against the
 * local Efí-compatible PSP over mutual TLS, every operation that plays the bank is refused
 * with SANDBOX_ONLY and changes nothing, the sandbox's inbound endpoint is closed even to a
 * body signed with its secret, and the sandbox's own settlement jobs do nothing.
 */
const PROVIDER_SECRET = "sandbox-provider-secret-0123456789";
const PAYER = { nome: "Maria Silva", cpf: "12345678909" };
let sim: PspSimProcess;
let app: TestApp;
let merchant: Merchant;

before(async () => {
  sim = await startPspSim();
  const port = await freePort();
  app = await startTestApp(
    {
      ...sim.env,
      EFI_WEBHOOK_SECRET: "efi-webhook-secret-for-tests-0123",
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      PROVIDER_WEBHOOK_SECRET: PROVIDER_SECRET,
    },
    { port },
  );
  const registration = await registerEfiWebhook(app.services);
  assert.equal(registration?.ok, true, registration?.error ?? "");
  merchant = await fundedMerchant(app, "500.00", { feePercent: "0.00", feeFixed: "0.00" });
});
after(async () => {
  await app?.close();
  await sim?.stop();
});

const codeOf = (result: { errors?: Array<{ extensions: { code: string } }> }) => result.errors?.[0]?.extensions.code;

async function pendingCharge(amount: number) {
  const res = await app.request("POST", "/charges", { token: merchant.clientSecret, body: { amount } });
  assert.equal(res.status, 201, res.text);
  return res.body as { id: string; txid: string };
}

async function paidAtTheBank(amount: number) {
  const charge = await pendingCharge(amount);
  const paid = await sim.control("POST", `/control/cobs/${charge.txid}/pay`, { pagador: PAYER });
  assert.equal(paid.status, 201, JSON.stringify(paid.body));
  await waitFor("charge paid", async () => {
    const res = await app.request("GET", `/charges/${charge.id}`, { token: merchant.clientSecret });
    return res.body.status === "PAID" ? true : null;
  });
  return { ...charge, endToEndId: paid.body.endToEndId as string };
}

/** A value GraphQL accepts for an argument of this type (the guard runs before any lookup). */
function sampleValue(type: GraphQLInputType): unknown {
  const inner = getNullableType(type);
  if (isListType(inner)) return [sampleValue(inner.ofType)];
  if (isEnumType(inner)) return inner.getValues()[0].name;
  if (isInputObjectType(inner)) {
    return Object.fromEntries(
      Object.values(inner.getFields())
        .filter((field) => isNonNullType(field.type))
        .map((field) => [field.name, sampleValue(field.type)]),
    );
  }
  if (isScalarType(inner)) {
    const samples: Record<string, unknown> = { Int: 1, Float: 1, Boolean: false, Money: "1.00", Percent: "1.00" };
    return samples[inner.name] ?? (inner.name === "DateTimeISO" ? new Date().toISOString() : "x");
  }
  throw new Error(`no sample for ${String(type)}`);
}

/** A document calling the field with every argument given, and the variables for it. */
function callOf(kind: "query" | "mutation", field: GraphQLField<unknown, unknown>) {
  const args: readonly GraphQLArgument[] = field.args;
  const declared = args.map((arg, index) => `$a${index}: ${String(arg.type)}`).join(", ");
  const passed = args.map((arg, index) => `${arg.name}: $a${index}`).join(", ");
  const selection = isObjectType(getNamedType(field.type)) ? " { __typename }" : "";
  return {
    document: `${kind}${declared ? `(${declared})` : ""} { ${field.name}${passed ? `(${passed})` : ""}${selection} }`,
    variables: Object.fromEntries(args.map((arg, index) => [`a${index}`, sampleValue(arg.type)])),
  };
}

describe("with PIX_PROVIDER=efi nothing is simulated", () => {
  test("every simulate* operation of the schema answers SANDBOX_ONLY to the callers it is for (FORBIDDEN to the others)", async () => {
    const schema = await buildAppSchema();
    const roots = [
      ["query", schema.getQueryType()],
      ["mutation", schema.getMutationType()],
    ] as const;
    const simulated = roots.flatMap(([kind, type]) =>
      Object.values(type?.getFields() ?? {})
        .filter((field) => field.name.startsWith("simulate"))
        .map((field) => ({ kind, field })),
    );
    const names = simulated.map(({ field }) => field.name);
    for (const known of [
      "simulateChargePayment",
      "simulateWithdrawalOutcome",
      "simulateRefundOutcome",
      "simulateDispute",
      "simulateQrCodePayment",
      "simulateOwnChargePayment",
      "simulateRecurrenceDecision",
      "simulateRecurrenceCancelledByPayer",
      "simulateRecurringDebit",
    ])
      assert.ok(names.includes(known), `${known} is in the schema`);
    // The merchants' own simulation (a payment of their own charge); every other one is the operators'.
    const forMerchants = new Set(["simulateOwnChargePayment"]);
    // The payer's side of a recurrence: merchants (their own) and operators alike.
    const forBoth = new Set([
      "simulateRecurrenceDecision",
      "simulateRecurrenceCancelledByPayer",
      "simulateRecurringDebit",
    ]);
    for (const { kind, field } of simulated) {
      const { document, variables } = callOf(kind, field);
      if (forBoth.has(field.name)) {
        assert.equal(codeOf(await app.graphql(document, variables, merchant.clientSecret)), "SANDBOX_ONLY", field.name);
        assert.equal(codeOf(await app.graphql(document, variables)), "SANDBOX_ONLY", field.name);
        continue;
      }
      const [allowed, refused] = forMerchants.has(field.name)
        ? [merchant.clientSecret, undefined]
        : [undefined, merchant.clientSecret];
      assert.equal(codeOf(await app.graphql(document, variables, allowed)), "SANDBOX_ONLY", field.name);
      assert.equal(codeOf(await app.graphql(document, variables, refused)), "FORBIDDEN", field.name);
    }
  });

  test("a merchant's simulateOwnChargePayment of their own charge credits nothing: PENDING, the balance as it was", async () => {
    const charge = await pendingCharge(1000);
    const before = await balanceCents(app, merchant);
    const result = await app.graphql(
      "mutation($id: ID!) { simulateOwnChargePayment(chargeId: $id) { status } }",
      { id: charge.id },
      merchant.clientSecret,
    );
    assert.equal(codeOf(result), "SANDBOX_ONLY");
    assert.equal(result.data, null);
    const after = await app.request("GET", `/charges/${charge.id}`, { token: merchant.clientSecret });
    assert.equal(after.body.status, "PENDING");
    assert.equal(await balanceCents(app, merchant), before);
  });

  test("simulateChargePayment credits nothing: the charge stays PENDING, the balance as it was", async () => {
    const charge = await pendingCharge(1000);
    const before = await balanceCents(app, merchant);
    const result = await app.graphql(
      'mutation($id: ID!) { simulateChargePayment(chargeId: $id, payerName: "Ninguém") { status } }',
      { id: charge.id },
    );
    assert.equal(codeOf(result), "SANDBOX_ONLY");
    assert.equal(result.data, null);
    const after = await app.request("GET", `/charges/${charge.id}`, { token: merchant.clientSecret });
    assert.equal(after.body.status, "PENDING");
    assert.equal(await balanceCents(app, merchant), before);
    const audit = await app.services.db.query(
      "SELECT 1 FROM audit_log WHERE object_id = $1 AND action LIKE '%simulate%'",
      [charge.id],
    );
    assert.equal(audit.length, 0);
  });

  test("simulateWithdrawalOutcome cannot fail a transfer the bank is paying, nor settle one", async () => {
    const before = await balanceCents(app, merchant);
    const id = await createWithdrawal(app, merchant, { amount: 80, pix_key_type: "EMAIL", pix_key: "x@example.com" });
    await approve(app, id);
    await app.services.withdrawalProcessor.submitTransfer({ withdrawalId: id, requestId: null });
    for (const outcome of ["FAILED", "PAID"]) {
      const result = await app.graphql(
        `mutation($id: ID!) { simulateWithdrawalOutcome(id: $id, outcome: ${outcome}, reason: "x") { status } }`,
        { id },
      );
      assert.equal(codeOf(result), "SANDBOX_ONLY", outcome);
    }
    assert.equal((await readWithdrawal(app, merchant, id)).status, "PROCESSING");
    assert.equal(await balanceCents(app, merchant), before - 8000n);
    // The sandbox's own settlement job does nothing with a real bank either.
    await app.services.withdrawalProcessor.settleTransfer({ withdrawalId: id, requestId: null });
    assert.equal((await readWithdrawal(app, merchant, id)).status, "PROCESSING");
    // The bank pays it: PAID once, the 80.00 gone once.
    await sim.control("POST", `/control/sends/${idEnvioOf(id)}/settle`);
    await waitFor("withdrawal paid", async () => (await readWithdrawal(app, merchant, id)).status === "PAID");
    assert.equal(await balanceCents(app, merchant), before - 8000n);
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("simulateRefundOutcome and simulateDispute change nothing on a charge the bank was paid", async () => {
    const charge = await paidAtTheBank(50);
    const before = await balanceCents(app, merchant);
    const created = await app.request("POST", `/charges/${charge.id}/refunds`, {
      token: merchant.clientSecret,
      body: { amount: 20 },
      headers: { "idempotency-key": newUuid() },
    });
    assert.equal(created.status, 201, created.text);
    const refundId = created.body.id as string;
    for (const outcome of ["FAILED", "REFUNDED"]) {
      const result = await app.graphql(
        `mutation($id: ID!) { simulateRefundOutcome(id: $id, outcome: ${outcome}, reason: "x") { status } }`,
        { id: refundId },
      );
      assert.equal(codeOf(result), "SANDBOX_ONLY", outcome);
    }
    await app.services.returnProcessor.settleReturn({ subject: "refund", id: refundId, requestId: null });
    const refund = await app.request("GET", `/refunds/${refundId}`, { token: merchant.clientSecret });
    assert.equal(refund.body.status, "PROCESSING");
    assert.equal(await balanceCents(app, merchant), before - 2000n);

    const dispute = await app.graphql(
      'mutation($id: ID!) { simulateDispute(chargeId: $id, nature: MED_FRAUDE, amount: "10.00") { id } }',
      { id: charge.id },
    );
    assert.equal(codeOf(dispute), "SANDBOX_ONLY");
    const disputes = await app.services.db.query("SELECT 1 FROM disputes WHERE charge_id = $1", [charge.id]);
    assert.equal(disputes.length, 0);
    assert.equal(await balanceCents(app, merchant), before - 2000n);
    await assertAuditConsistent(app, merchant.companyId);
  });

  test("POST /provider/pix, the sandbox's door, is 403 SANDBOX_ONLY even signed with its secret, and credits nothing", async () => {
    const charge = await pendingCharge(30);
    const before = await balanceCents(app, merchant);
    const rawBody = JSON.stringify({
      pix: [
        {
          endToEndId: `E99999999${new Date().toISOString().replace(/\D/g, "").slice(0, 12)}${"a".repeat(11)}`,
          txid: charge.txid,
          valor: "30.00",
          horario: new Date().toISOString(),
        },
      ],
    });
    const res = await app.request("POST", "/provider/pix", {
      rawBody,
      headers: {
        "content-type": "application/json",
        "x-provider-signature": signProviderBody(PROVIDER_SECRET, rawBody),
      },
    });
    assert.equal(res.status, 403, res.text);
    assert.equal(res.body.code, "SANDBOX_ONLY");
    const after = await app.request("GET", `/charges/${charge.id}`, { token: merchant.clientSecret });
    assert.equal(after.body.status, "PENDING");
    assert.equal(await balanceCents(app, merchant), before);
  });

  test("POST /recurrences is registered at Efí; one Efí cannot take is 503 SERVICE_UNAVAILABLE and records nothing", async () => {
    const body = {
      payer: { name: "Maria", cpf: "529.982.247-25" },
      contract: "C",
      object: "O",
      frequency: "MONTHLY",
      start_date: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
    };
    await sim.control("POST", "/control/faults", { status: 503, count: 3, pathPrefix: "/v2/locrec" });
    const refused = await app.request("POST", "/recurrences", {
      token: merchant.clientSecret,
      headers: { "Idempotency-Key": newUuid() },
      body,
    });
    assert.equal(refused.status, 503, refused.text);
    assert.deepEqual(refused.body, {
      error: "The bank is unavailable; try again shortly",
      code: "SERVICE_UNAVAILABLE",
    });
    const [{ n }] = await app.services.db.query("SELECT count(*)::int AS n FROM recurrences");
    assert.equal(n, 0);
    await sim.control("DELETE", "/control/faults");

    const made = await app.request("POST", "/recurrences", {
      token: merchant.clientSecret,
      headers: { "Idempotency-Key": newUuid() },
      body,
    });
    assert.equal(made.status, 201, made.text);
    // The payer decides at their bank, never by a simulation: the recurrence stays CREATED.
    const decided = await app.graphql(
      "mutation($id: ID!) { simulateRecurrenceDecision(id: $id, decision: APPROVED) { status } }",
      { id: made.body.id },
      merchant.clientSecret,
    );
    assert.equal(codeOf(decided), "SANDBOX_ONLY");
    const read = await app.request("GET", `/recurrences/${made.body.id}`, { token: merchant.clientSecret });
    assert.equal(read.body.status, "CREATED");
  });

  test("serviceInfo tells every caller the bank is real, so the console offers no simulation", async () => {
    const query = "query { serviceInfo { pixProvider sandbox } }";
    for (const token of [undefined, merchant.clientSecret]) {
      const result = await app.graphql(query, {}, token);
      assert.deepEqual(result.data, { serviceInfo: { pixProvider: "efi", sandbox: false } });
    }
    assert.equal(codeOf(await app.graphql(query, {}, null)), "UNAUTHENTICATED");
  });
});
