import { expect, test } from "../support/fixtures";
import { t } from "../support/i18n";
import { checkPage } from "../support/page-check";
import { freshMerchant } from "./fresh-merchant";
import { signedWith, startReceiver } from "./webhook-receiver";

/** Several webhook endpoints (CONTRACT §15), as a merchant admin of an account of its own. */
test.describe.configure({ mode: "serial", timeout: 180_000 });
test.use({ storageState: "e2e/.auth/fresh-endpoints.json" });

let receiver: Awaited<ReturnType<typeof startReceiver>>;

test.beforeAll(async ({ browser }) => {
  // An account of its own: its endpoints are nobody else's (the session is written for test.use above).
  await freshMerchant(browser, "endpoints", "Padaria Aurora");
  receiver = await startReceiver();
});

test.afterAll(async () => {
  await receiver?.close();
});

const endpoints = (page: import("@playwright/test").Page) => page.getByTestId("webhook-endpoint");

test("an endpoint for ping only: its secret shown once, its events edited, disabled and enabled, deleted", async ({
  page,
}) => {
  await page.goto("/m/webhooks");
  await expect(page.getByText(t("merchantWebhooks.endpoints.empty"))).toBeVisible();
  await checkPage(page, "merchant-webhook-endpoints-empty");

  await page.getByRole("button", { name: t("merchantWebhooks.endpoints.add") }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("textbox", { name: t("merchantWebhooks.endpoints.url") }).fill(receiver.url);
  await dialog.getByRole("checkbox", { name: t("merchantWebhooks.endpoints.allEvents") }).click();
  await dialog.getByRole("checkbox", { name: "ping", exact: true }).click();
  await checkPage(page, "merchant-webhook-endpoint-new");
  await dialog.getByRole("button", { name: t("merchantWebhooks.endpoints.create") }).click();
  const shown = page.getByTestId("new-endpoint-secret");
  await expect(shown).toBeVisible();
  const secret = (await shown.textContent())?.trim() ?? "";
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  await page.getByRole("button", { name: t("merchantWebhooks.endpoints.done") }).click();

  await expect(endpoints(page)).toHaveCount(1);
  const row = endpoints(page).first();
  await expect(row).toContainText(receiver.url);
  await expect(row).toContainText("ping");
  await expect(row).toContainText(t("merchantWebhooks.endpoints.status.ENABLED"));
  await checkPage(page, "merchant-webhook-endpoints");

  // The ping goes to it, signed with its own secret.
  await page.getByRole("button", { name: t("merchantWebhooks.ping.send") }).click();
  await expect.poll(() => receiver.received.length).toBe(1);
  expect(signedWith(receiver.received[0], secret)).toBe(true);

  // Its events: every event again.
  await row.getByRole("button", { name: t("merchantWebhooks.endpoints.editEvents") }).click();
  await page
    .getByRole("dialog")
    .getByRole("checkbox", { name: t("merchantWebhooks.endpoints.allEvents") })
    .click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: t("merchantWebhooks.endpoints.save") })
    .click();
  await expect(page.getByText(t("merchantWebhooks.endpoints.saved"))).toBeVisible();
  await expect(row).toContainText(t("merchantWebhooks.endpoints.allEvents"));

  await row.getByRole("button", { name: t("merchantWebhooks.endpoints.disable") }).click();
  await expect(row).toContainText(t("merchantWebhooks.endpoints.status.DISABLED"));
  await row.getByRole("button", { name: t("merchantWebhooks.endpoints.enable") }).click();
  await expect(row).toContainText(t("merchantWebhooks.endpoints.status.ENABLED"));

  // The history filters by endpoint once there are two: the account URL and this one.
  await page.getByRole("textbox", { name: t("merchantWebhooks.urlForm.label") }).fill(`${receiver.url}/account`);
  await page.getByRole("button", { name: t("merchantWebhooks.urlForm.save") }).click();
  await expect(page.getByText(t("merchantWebhooks.urlForm.saved"))).toBeVisible();
  await expect(endpoints(page)).toHaveCount(2);
  const filter = page.getByRole("navigation", { name: t("merchantWebhooks.endpoints.filter") });
  await filter.getByRole("link", { name: receiver.url, exact: true }).click();
  await expect(page).toHaveURL(/\/m\/webhooks\?endpoint=we_/);
  await expect(
    page.getByRole("list", { name: t("merchantWebhooks.history.label") }).getByText("ping", { exact: true }),
  ).toHaveCount(1);
  await checkPage(page, "merchant-webhook-endpoints-filtered");

  await page.goto("/m/webhooks");
  const second = endpoints(page).filter({ hasText: receiver.url }).filter({ hasNotText: "/account" });
  await second.getByRole("button", { name: t("merchantWebhooks.endpoints.delete") }).click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: t("merchantWebhooks.endpoints.delete") })
    .click();
  await expect(page.getByText(t("merchantWebhooks.endpoints.deletedToast"))).toBeVisible();
  await expect(endpoints(page)).toHaveCount(1);
});
