import { expect, test } from "../support/fixtures";
import { t } from "../support/i18n";
import { checkPage } from "../support/page-check";

// The e2e service runs the sandbox: the page says so and points to Efí (the Efí view is
// covered by the server's flow test against the local PSP, and shown in docs/providers.md).
test("the provider page names the sandbox and how to connect a real bank", async ({ page }) => {
  await page.goto("/ops");
  await page
    .getByRole("link", { name: t("shell.nav.bankProvider") })
    .first()
    .click();
  await expect(page).toHaveURL(/\/ops\/provider$/);
  await expect(page.getByRole("heading", { level: 1, name: t("provider.title") })).toBeVisible();
  const card = page.getByTestId("provider-sandbox");
  await expect(card).toContainText(t("provider.sandboxName"));
  await expect(card).toContainText("PIX_PROVIDER=efi");
  await expect(page.getByTestId("provider-reports")).toHaveCount(0);
  await checkPage(page, "ops-provider-sandbox");
});
