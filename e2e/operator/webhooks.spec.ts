import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { formatDateTime } from "../../admin-ui/lib/format";
import { WEBHOOK_EVENT_NAMES } from "../../server/src/webhooks/webhook-event-names";
import { charge, createCompany, gql } from "../support/api";
import { BASE_URL, PROVIDER_SECRET } from "../support/env";
import { expect, test } from "../support/fixtures";
import { t } from "../support/i18n";
import { checkPage } from "../support/page-check";

/**
 * A merchant's webhook endpoint on this machine: answers `answer.status` (changeable mid-test)
 * with how many bodies it has received, keeps every body, and answers the first call only after
 * `firstAnswerDelayMs` (a page then opens on an attempt still in flight).
 */
async function receiver({ firstAnswerDelayMs = 0 } = {}): Promise<{
  url: string;
  calls: string[];
  answer: { status: number };
  server: Server;
}> {
  const calls: string[] = [];
  const answer = { status: 200 };
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      calls.push(body);
      const received = calls.length;
      setTimeout(
        () => {
          response.writeHead(answer.status, { "content-type": "application/json" });
          response.end(JSON.stringify({ received }));
        },
        received === 1 ? firstAnswerDelayMs : 0,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks/pix`, calls, answer, server };
}

/** A new account whose webhooks go to `url`. */
async function companyHookedTo(name: string, url: string) {
  const company = await createCompany(name);
  await gql(`mutation($id: ID!, $url: String) { updateWebhookSettings(companyId: $id, url: $url) { url } }`, {
    id: company.id,
    url,
  });
  return company;
}

async function sendPing(companyId: string): Promise<string> {
  const { sendTestWebhook } = await gql<{ sendTestWebhook: { eventId: string } }>(
    `mutation($id: ID!) { sendTestWebhook(companyId: $id) { eventId } }`,
    { id: companyId },
  );
  return sendTestWebhook.eventId;
}

test("every attempt shows URL, status, time and bodies; a redelivery appears as a new attempt", async ({ page }) => {
  test.setTimeout(120_000); // several pages, each screenshot twice and checked by axe, on a shared machine
  // The first answer comes late, so the page opens on an attempt still in flight.
  const hook = await receiver({ firstAnswerDelayMs: 3_000 });
  try {
    const company = await companyHookedTo("Webhook Test Ltda", hook.url);
    const pingId = await sendPing(company.id);
    await expect.poll(() => hook.calls.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);

    await page.goto(`/ops/webhooks?company=${company.id}`);
    const table = page.getByRole("table", { name: t("deliveries.table.label") });
    await expect(table).toContainText("ping");
    await checkPage(page, "ops-webhooks");
    await page.getByRole("button", { name: t("deliveries.table.attemptsOf", { event: "ping", id: pingId }) }).click();
    const dialog = page.getByRole("dialog", { name: "ping" });
    const attempts = dialog.getByRole("list", { name: t("deliveries.dialog.attemptsList") }).getByRole("listitem");
    await expect(attempts).toHaveCount(1);
    await expect(attempts.first()).toContainText("HTTP 200");
    await expect(attempts.first()).toContainText(`POST ${hook.url}`);
    await expect(attempts.first()).toContainText(/\d+ ms/);
    await expect(attempts.first()).toContainText(pingId);
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

async function deliveryStatus(eventId: string, companyId: string): Promise<string | undefined> {
  const { webhookDeliveries } = await gql<{ webhookDeliveries: { data: Array<{ eventId: string; status: string }> } }>(
    `query($companyId: ID) { webhookDeliveries(companyId: $companyId, first: 100) { data { eventId status } } }`,
    { companyId },
  );
  return webhookDeliveries.data.find((row) => row.eventId === eventId)?.status;
}

/**
 * `count` pings of the account that end FAILED: each delivered, then sent again by hand to the
 * endpoint answering 500 (a manual attempt is not retried). The endpoint answers 200 again after.
 */
async function failedPings(companyId: string, hook: { answer: { status: number } }, count: number) {
  const eventIds: string[] = [];
  for (let i = 0; i < count; i++) eventIds.push(await sendPing(companyId));
  for (const eventId of eventIds)
    await expect.poll(() => deliveryStatus(eventId, companyId), { timeout: 20_000 }).toBe("DELIVERED");
  hook.answer.status = 500;
  for (const eventId of eventIds) {
    await gql(`mutation($id: ID!) { redeliverWebhook(eventId: $id) { eventId } }`, { id: eventId });
    await expect.poll(() => deliveryStatus(eventId, companyId), { timeout: 20_000 }).toBe("FAILED");
  }
  hook.answer.status = 200;
  return eventIds;
}

test("a delivery that failed and waits for its next try says when the worker tries again", async ({ page }) => {
  const hook = await receiver();
  try {
    hook.answer.status = 500;
    const company = await companyHookedTo(`Nova tentativa ${Date.now().toString(36)} Ltda`, hook.url);
    const eventId = await sendPing(company.id);
    // The first attempt answered 500: still PENDING, with the retry's time.
    type Row = { eventId: string; status: string; attemptCount: number; nextAttemptAt: string | null };
    const read = async () =>
      (
        await gql<{ webhookDeliveries: { data: Row[] } }>(
          `query($companyId: ID) { webhookDeliveries(companyId: $companyId, first: 10) { data { eventId status attemptCount nextAttemptAt } } }`,
          { companyId: company.id },
        )
      ).webhookDeliveries.data.find((row) => row.eventId === eventId);
    await expect.poll(async () => (await read())?.attemptCount, { timeout: 20_000 }).toBeGreaterThan(0);
    const row = page
      .getByRole("table", { name: t("deliveries.table.label") })
      .getByRole("row")
      .nth(1);
    // The worker may try again between the read and the page: read, load, compare, until both
    // saw the same attempt.
    await expect(async () => {
      const delivery = await read();
      expect(delivery?.status).toBe("PENDING");
      expect(delivery?.nextAttemptAt).toBeTruthy();
      await page.goto(`/ops/webhooks?company=${company.id}`);
      await expect(row.getByTestId("next-attempt")).toHaveText(
        t("deliveries.table.nextAttempt", { at: formatDateTime(delivery?.nextAttemptAt as string, { seconds: true }) }),
        { timeout: 3_000 },
      );
    }).toPass({ timeout: 30_000 });
  } finally {
    hook.server.close();
  }
});

test("deliveries filter by every contract event, one account picked by name, and one charge's id", async ({ page }) => {
  test.setTimeout(120_000); // several pages, each screenshot twice and checked by axe, on a shared machine
  const suffix = Date.now().toString(36);
  const hook = await receiver();
  try {
    const company = await companyHookedTo(`Entregas ${suffix} Ltda`, hook.url);
    const paid = await charge(company.id, "15.00", "Pedido com webhook", "Paula Pagadora");
    await charge(company.id, "16.00", "Pedido sem pagamento");

    await page.goto("/ops/webhooks");
    // The event filter offers every event the contract defines.
    await page.getByRole("button", { name: t("deliveries.filters.event") }).click();
    // The popover's own options (the page's rows-per-page select has options too).
    const events = page.getByRole("listbox").getByRole("option");
    await expect(events).toHaveText([...WEBHOOK_EVENT_NAMES]);
    await page.keyboard.press("Escape");

    // One account, picked by the start of its name.
    await page.getByRole("button", { name: t("charges.companyFilter.title"), exact: true }).click();
    await page.getByRole("combobox", { name: t("charges.companyFilter.label") }).fill(`entregas ${suffix}`);
    await page.getByRole("option", { name: new RegExp(company.name) }).click();
    await expect(page).toHaveURL(new RegExp(`company=${company.id}`));
    const table = page.getByRole("table", { name: t("deliveries.table.label") });
    await expect(table.getByRole("row").filter({ hasText: "charge.paid" })).toHaveCount(1);
    await expect(table.getByRole("row").filter({ hasText: "charge.paid" })).toContainText(paid);

    // One charge's events, by its id typed in the search box.
    await page.getByLabel(t("deliveries.filters.subjectLabel")).fill(`chg_${paid}`);
    await expect(page).toHaveURL(new RegExp(`subject=chg_${paid}`));
    await expect(table.getByRole("row")).toHaveCount(2);
    await expect(table).toContainText("charge.paid");
    await checkPage(page, "ops-webhooks-filtered");
    await page.goto(`/ops/webhooks?company=${company.id}&subject=chg_${paid}&event=charge.cancelled`);
    await expect(page.getByText(t("deliveries.empty.noMatch"))).toBeVisible();
    // An event the contract does not name is no filter, not an error page.
    await page.goto(`/ops/webhooks?company=${company.id}&subject=chg_${paid}&event=nope.event`);
    await expect(table.getByRole("row")).toHaveCount(2);
  } finally {
    hook.server.close();
  }
});

test("each delivery names its endpoint, and the list filters by endpoint: the account's endpoints or one clicked", async ({
  page,
}) => {
  test.setTimeout(120_000); // several pages, each screenshot twice and checked by axe, on a shared machine
  const suffix = Date.now().toString(36);
  const hook = await receiver();
  try {
    const company = await companyHookedTo(`Endpoints ${suffix} Ltda`, hook.url);
    // A second endpoint of the account, for pings too.
    const second = `${hook.url}/segundo`;
    const { createWebhookEndpoint } = await gql<{ createWebhookEndpoint: { id: string } }>(
      `mutation($c: ID!, $url: String!) { createWebhookEndpoint(companyId: $c, url: $url, events: ["ping"]) { id } }`,
      { c: company.id, url: second },
    );
    const secondId = createWebhookEndpoint.id;
    const eventId = await sendPing(company.id);
    await expect.poll(() => hook.calls.length, { timeout: 20_000 }).toBe(2);

    await page.goto(`/ops/webhooks?company=${company.id}`);
    const table = page.getByRole("table", { name: t("deliveries.table.label") });
    const rows = table.getByRole("row").filter({ hasText: eventId });
    // The same event, once per endpoint: each row names its URL and id.
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: secondId })).toContainText(second);
    await expect(rows.filter({ hasNotText: secondId })).toContainText(hook.url);
    await checkPage(page, "ops-webhooks-endpoints");

    // The filter offers the account's endpoints by URL.
    await page.getByRole("button", { name: t("deliveries.filters.endpoint"), exact: true }).click();
    await page.getByRole("listbox").getByRole("option", { name: second }).click();
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(new RegExp(`endpoint=${secondId}`));
    await expect(table.getByRole("row")).toHaveCount(2);
    await expect(rows).toContainText(secondId);
    await checkPage(page, "ops-webhooks-by-endpoint");

    // Every account's list: an endpoint's id in a row filters by it.
    await page.goto("/ops/webhooks");
    await table
      .getByRole("button", { name: t("deliveries.filters.byEndpoint", { id: secondId }) })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`endpoint=${secondId}`));
    await expect(table.getByRole("row")).toHaveCount(2);
    await expect(rows).toContainText(second);

    // Another account's endpoint with this account: nothing; a made-up id is no filter, not an error page.
    const other = await companyHookedTo(`Outra ${suffix} Ltda`, hook.url);
    await page.goto(`/ops/webhooks?company=${other.id}&endpoint=${secondId}`);
    await expect(page.getByText(t("deliveries.empty.noMatch"))).toBeVisible();
    await page.goto(`/ops/webhooks?company=${company.id}&endpoint=nope'--`);
    await expect(rows).toHaveCount(2);
  } finally {
    hook.server.close();
  }
});

test("failed deliveries of one account are redelivered at once, after a typed confirmation", async ({ page }) => {
  test.setTimeout(120_000); // several pages, each screenshot twice and checked by axe, on a shared machine
  const suffix = Date.now().toString(36);
  const hook = await receiver();
  try {
    const company = await companyHookedTo(`Reenvio ${suffix} Ltda`, hook.url);
    const eventIds = await failedPings(company.id, hook, 2);
    const callsBefore = hook.calls.length;

    // Every account: the dialog names the accounts with failures, this one among them; cancelled.
    await page.goto("/ops/webhooks");
    const anyCount = t("deliveries.bulk.action", { count: 0 }).replace("(0)", "\\(\\d+\\)");
    await page.getByRole("button", { name: new RegExp(`^${anyCount}$`) }).click();
    let dialog = page.getByRole("dialog");
    await expect(dialog.getByTestId("confirm-account")).toContainText(company.name);
    await dialog.getByRole("button", { name: t("common.actions.cancel") }).click();
    await expect(dialog).toBeHidden();

    await page.goto(`/ops/webhooks?company=${company.id}&status=FAILED`);
    const table = page.getByRole("table", { name: t("deliveries.table.label") });
    await expect(table.getByRole("row")).toHaveCount(3);
    await page.getByRole("button", { name: t("deliveries.bulk.action", { count: 2 }) }).click();
    dialog = page.getByRole("dialog", { name: t("deliveries.bulk.title", { count: 2 }) });
    await expect(dialog.getByTestId("confirm-count")).toHaveText("2");
    await expect(dialog.getByTestId("confirm-account")).toHaveText(company.name);
    const confirm = dialog.getByRole("button", { name: t("deliveries.bulk.confirm", { count: 2 }) });
    await expect(confirm).toBeDisabled();
    await dialog.getByRole("textbox").fill(t("deliveries.bulk.phrase", { count: 2 }));
    await checkPage(page, "ops-webhooks-bulk-redeliver");
    await confirm.click();
    await expect(page.getByText(t("deliveries.bulk.done", { count: 2 }))).toBeVisible();
    for (const eventId of eventIds)
      await expect.poll(() => deliveryStatus(eventId, company.id), { timeout: 20_000 }).toBe("DELIVERED");
    expect(hook.calls.length).toBe(callsBefore + 2);
    // The list was read again: no FAILED delivery left, and the button has nothing to send.
    await page.reload();
    await expect(page.getByText(t("deliveries.empty.noMatch"))).toBeVisible();
    await expect(page.getByRole("button", { name: t("deliveries.bulk.action", { count: 0 }) })).toBeDisabled();
    await checkPage(page, "ops-webhooks-no-failures");
  } finally {
    hook.server.close();
  }
});
