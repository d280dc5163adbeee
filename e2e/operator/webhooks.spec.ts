import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { charge, createCompany, gql } from "../support/api";
import { BASE_URL, PROVIDER_SECRET } from "../support/env";
import { expect, test } from "../support/fixtures";
import { t } from "../support/i18n";
import { checkPage } from "../support/page-check";

/**
 * A merchant's webhook endpoint on this machine: answers 200 (so no automatic retry races
 * the redelivery), the first time after 3 s, and keeps every body it received.
 */
async function receiver(): Promise<{ url: string; calls: string[]; server: Server }> {
  const calls: string[] = [];
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      calls.push(body);
      const received = calls.length;
      // The first answer comes late, so the page opens on an attempt still in flight.
      setTimeout(
        () => {
          response.writeHead(200, { "content-type": "application/json" });
          response.end(JSON.stringify({ received }));
        },
        received === 1 ? 3_000 : 0,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks/pix`, calls, server };
}

test("every attempt shows URL, status, time and bodies; a redelivery appears as a new attempt", async ({ page }) => {
  test.setTimeout(120_000); // several pages, each screenshot twice and checked by axe, on a shared machine
  const hook = await receiver();
  try {
    const company = await createCompany("Webhook Test Ltda");
    await gql(`mutation($id: ID!, $url: String) { updateWebhookSettings(companyId: $id, url: $url) { url } }`, {
      id: company.id,
      url: hook.url,
    });
    const { sendTestWebhook } = await gql<{ sendTestWebhook: { eventId: string } }>(
      `mutation($id: ID!) { sendTestWebhook(companyId: $id) { eventId } }`,
      { id: company.id },
    );
    await expect.poll(() => hook.calls.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);

    await page.goto(`/ops/webhooks?company=${company.id}`);
    const table = page.getByRole("table", { name: t("deliveries.table.label") });
    await expect(table).toContainText("ping");
    await checkPage(page, "ops-webhooks");
    await page
      .getByRole("button", { name: t("deliveries.table.attemptsOf", { event: "ping", id: sendTestWebhook.eventId }) })
      .click();
    const dialog = page.getByRole("dialog", { name: "ping" });
    const attempts = dialog.getByRole("list", { name: t("deliveries.dialog.attemptsList") }).getByRole("listitem");
    await expect(attempts).toHaveCount(1);
    await expect(attempts.first()).toContainText("HTTP 200");
    await expect(attempts.first()).toContainText(`POST ${hook.url}`);
    await expect(attempts.first()).toContainText(/\d+ ms/);
    await expect(attempts.first()).toContainText(sendTestWebhook.eventId);
    await expect(attempts.first()).toContainText('"received": 1');
    await checkPage(page, "ops-webhook-attempts");

    await dialog.getByRole("button", { name: t("deliveries.dialog.redeliver") }).click();
    await expect(attempts).toHaveCount(2, { timeout: 20_000 });
    await expect(attempts.first()).toContainText(t("deliveries.dialog.attempt", { number: 2 }));
    await expect(attempts.first()).toContainText(t("deliveries.dialog.manual"));
    await expect(attempts.first()).toContainText('"received": 2');
    expect(hook.calls.length).toBeGreaterThanOrEqual(2);
    expect(hook.calls.at(-1)).toBe(hook.calls[0]);
  } finally {
    hook.server.close();
  }
});

test("a payment of the wrong amount becomes an exception an operator resolves", async ({ page }) => {
  test.setTimeout(120_000); // several pages, each screenshot twice and checked by axe, on a shared machine
  const company = await createCompany("Exception Test Ltda");
  const chargeId = await charge(company.id, "50.00", "Pedido com valor errado");
  const { charge: read } = await gql<{ charge: { txid: string } }>(`query($id: ID!) { charge(id: $id) { txid } }`, {
    id: chargeId,
  });
  const endToEndId = `E12345678202611231200${Date.now().toString().slice(-5)}abcdef`;
  const body = JSON.stringify({
    pix: [{ endToEndId, txid: read.txid, chave: "key", valor: "49.00", horario: new Date().toISOString() }],
  });
  const answer = await fetch(`${BASE_URL}/provider/pix`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-provider-signature": createHmac("sha256", PROVIDER_SECRET).update(body).digest("hex"),
    },
    body,
  });
  expect(answer.status).toBeLessThan(300);

  await page.goto("/ops/payment-exceptions");
  await expect(page.getByRole("tab", { name: t("paymentExceptions.tabs.OPEN") })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  const table = page.getByRole("table", { name: t("paymentExceptions.table.OPEN") });
  const row = table.getByRole("row").filter({ hasText: `chg_${chargeId}` });
  await expect(row).toContainText(t("paymentExceptions.kinds.AMOUNT_MISMATCH"));
  await expect(row).toContainText("R$ 49,00");
  await expect(row).toContainText(t("paymentExceptions.expected", { amount: "R$ 50,00" }));
  await expect(row).toContainText(endToEndId);
  await checkPage(page, "ops-payment-exceptions");
  await row.getByRole("button", { name: t("paymentExceptions.resolve.action") }).click();
  const dialog = page.getByRole("dialog", { name: t("paymentExceptions.resolve.title") });
  await dialog.getByLabel(t("paymentExceptions.resolve.label")).fill("Refunded R$ 49,00 to the payer at the bank");
  await dialog.getByRole("button", { name: t("paymentExceptions.resolve.confirm") }).click();
  await expect(page.getByText(t("paymentExceptions.resolve.done"))).toBeVisible();
  await expect(table.getByRole("row").filter({ hasText: `chg_${chargeId}` })).toHaveCount(0);

  await page.getByRole("tab", { name: t("paymentExceptions.tabs.RESOLVED") }).click();
  await expect(page).toHaveURL(/status=RESOLVED/);
  const resolved = page.getByRole("table", { name: t("paymentExceptions.table.RESOLVED") });
  await expect(resolved.getByRole("row").filter({ hasText: `chg_${chargeId}` })).toContainText(
    "Refunded R$ 49,00 to the payer at the bank",
  );
  await page.reload();
  await checkPage(page, "ops-payment-exceptions-resolved");
});
