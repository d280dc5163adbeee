import { BASE_URL } from "../support/env";
import { expect, test } from "../support/fixtures";
import { t } from "../support/i18n";
import { checkPage } from "../support/page-check";
import { type FreshMerchant, freshMerchant } from "./fresh-merchant";
import { signedWith, startReceiver } from "./webhook-receiver";

/** Webhooks, API credentials and team, as a merchant admin of an account of its own. */
test.describe.configure({ mode: "serial", timeout: 180_000 });
test.use({ storageState: "e2e/.auth/fresh-settings.json" });

let merchant: FreshMerchant;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

test.beforeAll(async ({ browser }) => {
  merchant = await freshMerchant(browser, "settings", "Floricultura Ipê");
  receiver = await startReceiver();
});

test.afterAll(async () => {
  await receiver?.close();
});

test("a webhook URL to a local receiver, then the test ping shows its status code and time", async ({ page }) => {
  await page.goto("/m/webhooks");
  await expect(page.getByRole("heading", { name: t("merchantWebhooks.title") })).toBeVisible();
  await expect(page.getByText(t("merchantWebhooks.history.empty"))).toBeVisible();
  await expect(page.getByRole("button", { name: t("merchantWebhooks.ping.send") })).toBeDisabled();
  await checkPage(page, "merchant-webhooks-empty");

  const url = page.getByRole("textbox", { name: t("merchantWebhooks.urlForm.label") });
  await url.fill("ftp://example.com/hook");
  await expect(page.getByText(t("merchantWebhooks.urlForm.problems.scheme"))).toBeVisible();
  await expect(page.getByRole("button", { name: t("merchantWebhooks.urlForm.save") })).toBeDisabled();
  await url.fill(receiver.url);
  await page.getByRole("button", { name: t("merchantWebhooks.urlForm.save") }).click();
  await expect(page.getByText(t("merchantWebhooks.urlForm.saved"))).toBeVisible();

  await page.getByRole("button", { name: t("merchantWebhooks.ping.send") }).click();
  const result = page.getByTestId("ping-result");
  await expect(result).toContainText("HTTP 200");
  await expect(result).toContainText(/\d+ ms/);
  await expect(result).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/);
  expect(receiver.received).toHaveLength(1);
  expect(receiver.received[0].json.event).toBe("ping");

  // The history lists the ping with its attempt's status code, time, and both bodies.
  const history = page.getByRole("list", { name: t("merchantWebhooks.history.label") });
  await expect(history.getByText("ping", { exact: true })).toBeVisible();
  await history.locator("summary").first().click();
  await expect(history.getByText(t("merchantWebhooks.attempt.number", { number: 1 }))).toBeVisible();
  await expect(history.getByText("HTTP 200").first()).toBeVisible();
  await expect(history.getByText("received", { exact: true })).toBeVisible();
  await checkPage(page, "merchant-webhooks");

  // Redeliver: a new, manual attempt of the same event.
  await history.getByRole("button", { name: t("merchantWebhooks.history.redeliver") }).click();
  await expect.poll(() => receiver.received.length).toBe(2);
  await page.reload();
  await page
    .getByRole("list", { name: t("merchantWebhooks.history.label") })
    .locator("summary")
    .first()
    .click();
  await expect(page.getByText(t("merchantWebhooks.attempt.number", { number: 2 }))).toBeVisible();
  await expect(page.getByText(t("merchantWebhooks.attempt.redelivery"), { exact: true })).toBeVisible();
});

test("after rotating the secret, the next event is signed with the new one", async ({ page }) => {
  await page.goto("/m/webhooks");
  await page.getByRole("button", { name: t("merchantWebhooks.rotate.open") }).click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: t("merchantWebhooks.rotate.confirm") })
    .click();
  const shown = page.getByTestId("new-webhook-secret");
  await expect(shown).toBeVisible();
  const secret = (await shown.textContent())?.trim() ?? "";
  expect(secret.length).toBeGreaterThan(20);
  await checkPage(page, "merchant-webhooks-secret-shown");
  await page.getByRole("button", { name: t("merchantWebhooks.rotate.done") }).click();
  await expect(shown).toHaveCount(0);
  await expect(page.getByText(`${secret.slice(0, 10)}`)).toBeVisible();

  const before = receiver.received.length;
  await page.getByRole("button", { name: t("merchantWebhooks.ping.send") }).click();
  await expect(page.getByTestId("ping-result")).toContainText("HTTP 200");
  await expect.poll(() => receiver.received.length).toBe(before + 1);
  const next = receiver.received[before];
  expect(signedWith(next, secret)).toBe(true);
  // The events sent before the rotation were signed with the old secret.
  expect(signedWith(receiver.received[0], secret)).toBe(false);
});

test("API credentials: issued with an expiry and shown once, then revoked", async ({ page }) => {
  await page.goto("/m/api-credentials");
  await expect(page.getByRole("heading", { name: t("credentials.title") })).toBeVisible();
  await page.getByRole("button", { name: t("credentials.issue") }).click();
  await page.getByRole("dialog").getByLabel(t("credentials.label")).fill("ERP da loja");
  await page
    .getByRole("dialog")
    .getByRole("button", { name: t("credentials.issueDialog.submit") })
    .click();
  const shown = page.getByTestId("new-client-secret");
  const secret = (await shown.textContent())?.trim() ?? "";
  const balance = await fetch(`${BASE_URL}/charges/balance`, { headers: { authorization: `Bearer ${secret}` } });
  expect(balance.status).toBe(200);
  await page.getByRole("button", { name: t("credentials.shownOnce.done") }).click();

  const list = page.getByRole("list", { name: t("credentials.listLabel") });
  const row = list.getByRole("listitem").filter({ hasText: secret.slice(0, 8) });
  await expect(row).toContainText(t("credentials.state.active"));
  // "expira em <date>": the words before the date.
  await expect(row).toContainText(String(t.raw("credentials.expiresAt")).replace("<when></when>", "").trim());
  await checkPage(page, "merchant-api-credentials");
  // Its name, and when it was last used (written in the background about once a minute).
  await expect(row).toContainText("ERP da loja");
  await expect(row.getByTestId("last-used")).toHaveText(/\S/);
  await row.getByRole("button", { name: t("credentials.rename") }).click();
  await page.getByRole("dialog").getByLabel(t("credentials.label")).fill("Loja virtual");
  await page
    .getByRole("dialog")
    .getByRole("button", { name: t("common.actions.save") })
    .click();
  await expect(row).toContainText("Loja virtual");
  await row.getByRole("button", { name: t("credentials.revoke") }).click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: t("credentials.revokeDialog.confirm") })
    .click();
  await expect(row).toContainText(t("credentials.state.revoked"));
  const refused = await fetch(`${BASE_URL}/charges/balance`, { headers: { authorization: `Bearer ${secret}` } });
  expect(refused.status).toBe(401);
});

test("a merchant admin invites a user and removes them", async ({ page }) => {
  await page.goto("/m/team");
  await expect(page.getByText(merchant.email)).toBeVisible();
  await page.getByRole("button", { name: t("team.invite") }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel(t("team.inviteDialog.email")).fill("not-an-email");
  await dialog.getByRole("button", { name: t("team.inviteDialog.submit") }).click();
  await expect(dialog.getByText(t("team.invalidEmail"))).toBeVisible();
  await dialog.getByLabel(t("team.inviteDialog.email")).fill("caixa@floricultura.test");
  await dialog.getByLabel(t("team.inviteDialog.name")).fill("Carla Caixa");
  await dialog.getByRole("button", { name: t("team.inviteDialog.submit") }).click();
  await expect(page.getByTestId("invite-url")).toContainText("/accept-invite?token=");
  await page.getByRole("button", { name: t("common.actions.done") }).click();
  const row = page.getByRole("listitem").filter({ hasText: "caixa@floricultura.test" });
  await expect(row).toContainText(t("team.invitePending"));
  await expect(row).toContainText(t("common.roles.MEMBER"));
  await checkPage(page, "merchant-team");
  await row.getByRole("button", { name: t("team.removeWho", { email: "caixa@floricultura.test" }) }).click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: t("team.removeDialog.confirm") })
    .click();
  await expect(page.getByText("caixa@floricultura.test")).toHaveCount(0);
});
