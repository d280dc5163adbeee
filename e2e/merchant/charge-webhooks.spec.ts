import { charge, gql } from "../support/api";
import { storageStateOf } from "../support/env";
import { expect, test } from "../support/fixtures";
import { t } from "../support/i18n";
import { checkPage } from "../support/page-check";
import { type FreshMerchant, freshMerchant } from "./fresh-merchant";
import { startReceiver } from "./webhook-receiver";

/**
 * A charge's webhook events with several endpoints (CONTRACT §15): the merchant's and the
 * operator's charge pages list one row per delivery (event × endpoint), each naming its
 * endpoint, and count the account's endpoints; with none, the merchant reads "Nenhum endpoint".
 */
test.describe.configure({ mode: "serial", timeout: 180_000 });
test.use({ storageState: "e2e/.auth/fresh-charge-webhooks.json" });

let merchant: FreshMerchant;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let paidId: string;
const urls = { account: "", second: "" };

test.beforeAll(async ({ browser }) => {
  merchant = await freshMerchant(browser, "charge-webhooks", "Empório Jabuticaba");
  receiver = await startReceiver();
  urls.account = `${receiver.url}/conta`;
  urls.second = `${receiver.url}/segundo`;
});

test.afterAll(async () => {
  await receiver?.close();
});

test("without endpoints the charge's card says so and links to the webhooks page", async ({ page }) => {
  const id = await charge(merchant.id, "12.00", "Sem endpoint");
  await page.goto(`/m/charges/${id}`);
  const card = page.getByTestId("charge-webhooks");
  await expect(
    card.getByText(t("merchantCharges.detail.webhooksDescription", { count: 0 }), { exact: true }),
  ).toBeVisible();
  await expect(card.getByText(t("merchantCharges.detail.noEndpoints"), { exact: true })).toBeVisible();
  await expect(card.getByRole("link", { name: t("merchantCharges.detail.openWebhooks") })).toHaveAttribute(
    "href",
    "/m/webhooks",
  );
  await expect(page.getByText("URL de webhook")).toHaveCount(0);
  await checkPage(page, "merchant-charge-no-endpoints");
});

test("with two endpoints, charge.paid is two rows, each naming its endpoint", async ({ page }) => {
  await gql(`mutation($id: ID!, $url: String) { updateWebhookSettings(companyId: $id, url: $url) { url } }`, {
    id: merchant.id,
    url: urls.account,
  });
  await gql(
    `mutation($c: ID!, $url: String!) { createWebhookEndpoint(companyId: $c, url: $url, events: ["*"]) { id } }`,
    {
      c: merchant.id,
      url: urls.second,
    },
  );
  paidId = await charge(merchant.id, "30.00", "Dois endpoints", "Pagador Teste");
  await expect.poll(() => receiver.received.filter((r) => r.json.event === "charge.paid").length).toBe(2);

  await page.goto(`/m/charges/${paidId}`);
  const card = page.getByTestId("charge-webhooks");
  await expect(
    card.getByText(t("merchantCharges.detail.webhooksDescription", { count: 2 }), { exact: true }),
  ).toBeVisible();
  await expect(
    card.getByRole("link", { name: t("merchantCharges.detail.endpointsLink", { count: 2 }) }),
  ).toHaveAttribute("href", "/m/webhooks");
  const rows = card.getByRole("list", { name: t("merchantCharges.detail.deliveriesLabel") }).getByRole("listitem");
  const paid = rows.filter({ hasText: "charge.paid" });
  await expect(paid).toHaveCount(2);
  await expect(paid.filter({ hasText: t("merchantCharges.detail.sentTo", { url: urls.account }) })).toHaveCount(1);
  await expect(paid.filter({ hasText: t("merchantCharges.detail.sentTo", { url: urls.second }) })).toHaveCount(1);
  await checkPage(page, "merchant-charge-two-endpoints");
});

test.describe("an operator", () => {
  test.use({ storageState: storageStateOf("admin") });

  test("reads the same deliveries on the charge's page, each with its endpoint", async ({ page }) => {
    await page.goto(`/ops/charges/${paidId}`);
    const paid = page.getByRole("listitem").filter({ hasText: "charge.paid" });
    await expect(paid).toHaveCount(2);
    await expect(paid.filter({ hasText: t("charges.detail.webhookSentTo", { url: urls.account }) })).toHaveCount(1);
    await expect(paid.filter({ hasText: t("charges.detail.webhookSentTo", { url: urls.second }) })).toHaveCount(1);
    await checkPage(page, "ops-charge-two-endpoints");
  });
});
