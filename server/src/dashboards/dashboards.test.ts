import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { approve, createWithdrawal, signProviderBody, simulateOutcome } from "../../test/support/scenarios";
import { type Merchant, startTestApp, type TestApp } from "../../test/support/test-app";

/*
 * The dashboards on a database of their own, so that the operator's figures are exactly what
 * this file wrote. Payment times are moved in SQL to either side of midnight in
 * America/Sao_Paulo (03:00 UTC): the daily volumes follow every change, whoever makes it.
 */
const PROVIDER_SECRET = "provider-secret-for-dashboard-tests-012345";
let app: TestApp;
let shop: Merchant;
let other: Merchant;
/** Midnight today in America/Sao_Paulo, and today's date there. */
let midnight: Date;
let today: string;

before(async () => {
  app = await startTestApp({ PROVIDER_WEBHOOK_SECRET: PROVIDER_SECRET });
  shop = await app.createMerchant({ name: "Loja Painel", feePercent: "1.00", feeFixed: "0.00" });
  other = await app.createMerchant({ name: "Outra", feePercent: "1.00", feeFixed: "0.00" });
  const [row] = await app.services.db.query(
    `SELECT date_trunc('day', now() AT TIME ZONE 'America/Sao_Paulo') AT TIME ZONE 'America/Sao_Paulo' AS midnight,
            to_char(now() AT TIME ZONE 'America/Sao_Paulo', 'YYYY-MM-DD') AS today`,
  );
  midnight = row.midnight;
  today = row.today;
});
after(() => app.close());

async function paidCharge(account: Merchant, amount: number, paidAt: Date | null): Promise<string> {
  const created = await app.request("POST", "/charges", { token: account.clientSecret, body: { amount } });
  await app.graphql(`mutation { simulateChargePayment(chargeId: "${created.body.id}") { id } }`);
  if (paidAt) await app.services.db.query("UPDATE charges SET paid_at = $2 WHERE id = $1", [created.body.id, paidAt]);
  return created.body.id;
}

const at = (offsetMs: number) => new Date(midnight.getTime() + offsetMs);
const DAY = 86_400_000;

/** The date `days` before today in America/Sao_Paulo. */
function daysAgo(days: number): string {
  const [y, m, d] = today.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
}

describe("dashboards", () => {
  test("sum exactly what was written, by calendar day in America/Sao_Paulo", async () => {
    // shop: today 100.00 and 50.50 (one second after midnight), yesterday 20.00 (one second before),
    // 29 days ago 7.00, 30 days ago 3.00 (outside a 30-day chart); other: today 1000.00.
    await paidCharge(shop, 100, null);
    await paidCharge(shop, 50.5, at(1000));
    await paidCharge(shop, 20, at(-1000));
    await paidCharge(shop, 7, at(-29 * DAY + 3_600_000));
    await paidCharge(shop, 3, at(-30 * DAY + 3_600_000));
    await paidCharge(other, 1000, null);
    const held = await paidCharge(shop, 10, null); // reserved below: paid today, not in the balance
    await app.graphql(`mutation { reserveCharge(id: "${held}", reason: "análise") { id } }`);
    await app.request("POST", "/charges", { token: shop.clientSecret, body: { amount: 999 } }); // never paid
    await app.fund(shop.companyId, "40.00");
    await app.fund(shop.companyId, "-15.25");

    // Withdrawals of shop: paid today 30.00, paid yesterday 12.00, failed 5.00, processing 4.00, pending 2.00 and 6.00.
    const paidToday = await createWithdrawal(app, shop, { amount: 30, pix_key_type: "CPF", pix_key: "52998224725" });
    const paidYesterday = await createWithdrawal(app, shop, {
      amount: 12,
      pix_key_type: "CPF",
      pix_key: "52998224725",
    });
    const failed = await createWithdrawal(app, shop, { amount: 5, pix_key_type: "CPF", pix_key: "52998224725" });
    const processing = await createWithdrawal(app, shop, { amount: 4, pix_key_type: "CPF", pix_key: "52998224725" });
    const oldest = await createWithdrawal(app, shop, { amount: 2, pix_key_type: "CPF", pix_key: "52998224725" });
    await createWithdrawal(app, other, { amount: 6, pix_key_type: "CPF", pix_key: "52998224725" });
    for (const id of [paidToday, paidYesterday, failed, processing]) await approve(app, id);
    await simulateOutcome(app, paidToday, "PAID");
    await simulateOutcome(app, paidYesterday, "PAID");
    await simulateOutcome(app, failed, "FAILED");
    await app.services.db.query("UPDATE withdrawals SET paid_at = $2 WHERE id = $1", [paidYesterday, at(-1)]);

    // Two failed deliveries and one open payment exception.
    await app.services.db.query(
      "UPDATE webhook_events SET delivery_status = 'FAILED' WHERE id IN (SELECT id FROM webhook_events LIMIT 2)",
    );
    const rawBody = JSON.stringify({
      pix: [
        {
          endToEndId: "E1234567820261122100000000000001",
          txid: "nosuchtxid000000000000000001",
          valor: "9.99",
          horario: new Date().toISOString(),
        },
      ],
    });
    await app.request("POST", "/provider/pix", {
      rawBody,
      headers: {
        "content-type": "application/json",
        "x-provider-signature": signProviderBody(PROVIDER_SECRET, rawBody),
      },
    });

    const operator = await app.graphql(`{ operatorDashboard {
      pendingWithdrawals { count amount oldestCreatedAt }
      today { paidCharges { count amount } withdrawals { count amount } }
      failedWebhookDeliveries openPaymentExceptions
      daily { date paidCount paidAmount withdrawalCount withdrawalAmount } } }`);
    assert.equal(operator.errors, undefined, JSON.stringify(operator.errors));
    const [{ created_at: oldestCreatedAt }] = await app.services.db.query(
      "SELECT created_at FROM withdrawals WHERE id = $1",
      [oldest],
    );
    const dashboard = operator.data.operatorDashboard;
    assert.deepEqual(dashboard.pendingWithdrawals, {
      count: 2,
      amount: "8.00",
      oldestCreatedAt: oldestCreatedAt.toISOString(),
    });
    // Today: 100.00 + 50.50 + 1000.00 + 10.00 (held, but paid).
    assert.deepEqual(dashboard.today, {
      paidCharges: { count: 4, amount: "1160.50" },
      withdrawals: { count: 1, amount: "30.00" },
    });
    assert.equal(dashboard.failedWebhookDeliveries, 2);
    assert.equal(dashboard.openPaymentExceptions, 1);
    assert.equal(dashboard.daily.length, 30);
    assert.equal(dashboard.daily[29].date, today);
    assert.equal(dashboard.daily[0].date, daysAgo(29));
    const byDate = new Map(dashboard.daily.map((day: { date: string }) => [day.date, day]));
    assert.deepEqual(byDate.get(today), {
      date: today,
      paidCount: 4,
      paidAmount: "1160.50",
      withdrawalCount: 1,
      withdrawalAmount: "30.00",
    });
    assert.deepEqual(byDate.get(daysAgo(1)), {
      date: daysAgo(1),
      paidCount: 1,
      paidAmount: "20.00",
      withdrawalCount: 1,
      withdrawalAmount: "12.00",
    });
    assert.equal((byDate.get(daysAgo(29)) as { paidAmount: string }).paidAmount, "7.00");
    const quiet = dashboard.daily.filter(
      (day: { date: string }) => ![today, daysAgo(1), daysAgo(29)].includes(day.date),
    );
    assert.ok(
      quiet.every(
        (day: { paidCount: number; withdrawalCount: number }) => day.paidCount === 0 && day.withdrawalCount === 0,
      ),
    );
    const longer = await app.graphql(`{ operatorDashboard { daily(days: 31) { date paidAmount } } }`);
    assert.deepEqual(longer.data.operatorDashboard.daily[0], { date: daysAgo(30), paidAmount: "3.00" });

    const overview = await app.graphql(
      `query($c: ID) { merchantOverview(companyId: $c) { companyId balance paidChargesNet adjustments withdrawalsHeld reserved
         today { received { count amount } sent { count amount } } daily(days: 2) { date paidCount paidAmount withdrawalCount withdrawalAmount } } }`,
      { c: shop.companyId },
    );
    assert.equal(overview.errors, undefined, JSON.stringify(overview.errors));
    // Net at 1 %: 99.00 + 49.99 (50.50 - 0.505 rounded half up to 0.51) + 19.80 + 6.93 + 2.97 + 9.90 (held) = 188.59.
    // Withdrawals held: 30 + 12 (PAID) + 4 (PROCESSING) + 2 (PENDING) = 48.00; adjustments 40.00 - 15.25 = 24.75.
    assert.deepEqual(overview.data.merchantOverview, {
      companyId: shop.companyId,
      balance: "155.44",
      paidChargesNet: "188.59",
      adjustments: "24.75",
      withdrawalsHeld: "48.00",
      reserved: "9.90",
      today: { received: { count: 3, amount: "160.50" }, sent: { count: 1, amount: "30.00" } },
      daily: [
        { date: daysAgo(1), paidCount: 1, paidAmount: "20.00", withdrawalCount: 1, withdrawalAmount: "12.00" },
        { date: today, paidCount: 3, paidAmount: "160.50", withdrawalCount: 1, withdrawalAmount: "30.00" },
      ],
    });
    const own = await app.graphql(`{ merchantOverview { companyId balance } }`, {}, shop.clientSecret);
    assert.deepEqual(own.data.merchantOverview, { companyId: shop.companyId, balance: "155.44" });
    const audit = await app.graphql(
      `query($c: ID!) { balanceAudit(companyId: $c) { consistent dailyVolumesConsistent } }`,
      {
        c: shop.companyId,
      },
    );
    assert.deepEqual(audit.data.balanceAudit, { consistent: true, dailyVolumesConsistent: true });
  });

  test("who may read what, and the range of days", async () => {
    assert.equal(
      (await app.graphql(`{ operatorDashboard { failedWebhookDeliveries } }`, {}, shop.clientSecret)).errors?.[0]
        .extensions.code,
      "FORBIDDEN",
    );
    assert.equal(
      (await app.graphql(`{ merchantOverview(companyId: "${other.companyId}") { balance } }`, {}, shop.clientSecret))
        .errors?.[0].extensions.code,
      "FORBIDDEN",
    );
    assert.equal(
      (await app.graphql(`{ merchantOverview { balance } }`)).errors?.[0].extensions.code,
      "VALIDATION_ERROR",
    );
    for (const days of [0, -1, 367]) {
      const result = await app.graphql(`{ operatorDashboard { daily(days: ${days}) { date } } }`);
      assert.equal(result.errors?.[0].extensions.code, "VALIDATION_ERROR", String(days));
    }
    assert.equal(
      (await app.graphql(`{ operatorDashboard { daily(days: 366) { date } } }`)).data.operatorDashboard.daily.length,
      366,
    );
  });
});
