import { formatDateTime } from "../../admin-ui/lib/format";
import { charge } from "../support/api";
import { sql } from "../support/database";
import { BASE_URL } from "../support/env";
import { expect, test } from "../support/fixtures";
import { t } from "../support/i18n";
import { checkPage } from "../support/page-check";
import { type FreshMerchant, freshMerchant } from "./fresh-merchant";
import { startReceiver } from "./webhook-receiver";

/**
 * CONTRACT §15: an endpoint whose every delivery failed for WEBHOOK_DISABLE_AFTER_H (72 h) is
 * DISABLED by the worker, and the account's admins see a banner on every page of the panel
 * until they enable it again. The only thing made up is the 72 hours: the streak's start is
 * moved back in the database between two real failed attempts, and the worker's own rule
 * disables the endpoint at the next one. One account of its own.
 */
test.describe.configure({ mode: "serial", timeout: 120_000 });
test.use({ storageState: "e2e/.auth/fresh-failing.json" });

let merchant: FreshMerchant;

test.beforeAll(async ({ browser }) => {
  merchant = await freshMerchant(browser, "failing", "Sorveteria Pinguim");
});

async function api(method: string, path: string, body?: unknown) {
  const response = await fetch(`${BASE_URL}${path}`, {
    method,
    headers: { authorization: `Bearer ${merchant.clientSecret}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

test("an endpoint failing for 72 hours is disabled, and its banner is on every page of the admin's panel", async ({
  page,
}) => {
  // A second endpoint, for charge.paid only, whose receiver then stops.
  const receiver = await startReceiver();
  const created = await api("POST", "/webhook-endpoints", { url: receiver.url, events: ["charge.paid"] });
  expect(created.status).toBe(201);
  const endpointId = created.body.id as string;
  await receiver.close();

  await page.goto("/m/charges");
  await expect(page.getByTestId("failing-endpoints-banner")).toHaveCount(0);

  // A payment: its first attempt fails at once (the receiver is gone), the retry follows 5 s later.
  await charge(merchant.id, "15.00", "Sorvete de açaí", "Maria Souza");
  await expect
    .poll(
      async () =>
        (await sql("SELECT 1 FROM webhook_endpoints WHERE id = $1 AND failing_since IS NOT NULL", [endpointId])).length,
    )
    .toBe(1);
  // Three days pass before that retry.
  await sql("UPDATE webhook_endpoints SET failing_since = failing_since - interval '73 hours' WHERE id = $1", [
    endpointId,
  ]);
  await expect
    .poll(async () => (await api("GET", `/webhook-endpoints/${endpointId}`)).body.status, { timeout: 30_000 })
    .toBe("DISABLED");

  // Another page of the panel: the banner, in Portuguese, with the endpoint and the way to the webhooks page.
  await page.goto("/m/charges");
  const banner = page.getByTestId("failing-endpoints-banner");
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(t("merchantWebhooks.endpoints.bannerTitle", { count: 1 }));
  await expect(banner).toContainText(receiver.url);
  // WEBHOOK_DISABLE_AFTER_H may be hours or days: the banner names no length, the endpoint says when it was disabled.
  await expect(banner).toContainText(t("merchantWebhooks.endpoints.bannerText"));
  const [{ disabled_at }] = await sql<{ disabled_at: Date }>(
    "SELECT disabled_at FROM webhook_endpoints WHERE id = $1",
    [endpointId],
  );
  await expect(banner).toContainText(
    t("merchantWebhooks.endpoints.bannerDisabledAt", { at: formatDateTime(disabled_at) }),
  );
  await checkPage(page, "merchant-failing-endpoint-banner");
  await page.goto("/m");
  await expect(banner).toBeVisible();

  await banner.getByRole("link", { name: t("merchantWebhooks.endpoints.bannerLink") }).click();
  await expect(page).toHaveURL(/\/m\/webhooks$/);
  // On the webhooks page itself: the banner, without a link to where it is.
  await expect(banner).toBeVisible();
  await expect(banner.getByRole("link")).toHaveCount(0);
  await checkPage(page, "merchant-webhooks-failing-endpoint");

  // Enabled again: the held payment is sent (and fails again, the receiver is still gone), the banner is gone.
  const row = page.getByTestId("webhook-endpoint").filter({ hasText: receiver.url });
  await row.getByRole("button", { name: t("merchantWebhooks.endpoints.enable") }).click();
  await expect(row).toContainText(t("merchantWebhooks.endpoints.status.ENABLED"));
  await page.goto("/m/charges");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("failing-endpoints-banner")).toHaveCount(0);
});
