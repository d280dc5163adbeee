import { expect, test } from "../support/fixtures";
import { t } from "../support/i18n";
import { checkPage } from "../support/page-check";

/**
 * Runs after every other project (playwright.config.ts): it spends this address's sign-in
 * attempts for one e-mail (5 a minute), which could slow the other specs' sign-ins down.
 */
test("too many sign-in attempts answer with the wait, inline", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel(t("auth.signIn.email")).fill("nobody@pix.test");
  await page.getByLabel(t("auth.signIn.password")).fill("wrong-password-0000");
  // The catalogue's "try again in N seconds", whatever N the server answers.
  const waitText = t("errors.retryIn", { seconds: 7 }).split("7")[0];
  const limited = page.getByRole("alert").filter({ hasText: waitText });
  for (let attempt = 0; attempt < 12; attempt++) {
    await page.getByRole("button", { name: t("auth.signIn.submit") }).click();
    await expect(page.getByRole("button", { name: t("auth.signIn.submit") })).toBeEnabled();
    if (await limited.isVisible()) break;
  }
  await expect(limited).toBeVisible();
  await checkPage(page, "login-rate-limited");
});
