import { expect, test } from "../support/fixtures";
import { t } from "../support/i18n";
import { checkPage } from "../support/page-check";

// The e2e service runs the sandbox: the page says so, with its connection, notifications and
// reconciliation in words, no configuration names or paths (the Efí view is covered by the
// server's flow test against the local PSP, and shown in docs/providers.md).
test("the provider page names the sandbox, its connection, notifications and reconciliation", async ({ page }) => {
  await page.goto("/ops");
  await page
    .getByRole("link", { name: t("shell.nav.bankProvider") })
    .first()
    .click();
  await expect(page).toHaveURL(/\/ops\/provider$/);
  await expect(page.getByRole("heading", { level: 1, name: t("provider.title") })).toBeVisible();
  const card = page.getByTestId("provider-sandbox");
  await expect(card).toContainText(t("provider.sandboxName"));
  await expect(page.getByTestId("provider-connection")).toContainText(t("provider.sandboxConnection"));
  await expect(page.getByTestId("provider-webhook")).toContainText(t("provider.lastNotification"));
  await expect(page.getByTestId("provider-reconciliation")).toContainText(t("provider.sandboxReconciliation"));
  await expect(card).not.toContainText("PIX_PROVIDER");
  await expect(card).not.toContainText("docs/");
  await expect(page.getByTestId("provider-reports")).toHaveCount(0);
  await checkPage(page, "ops-provider-sandbox");
});
