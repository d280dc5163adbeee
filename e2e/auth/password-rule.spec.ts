import { createCompany } from "../support/api";
import { expect, test } from "../support/fixtures";
import { t } from "../support/i18n";
import { checkPage } from "../support/page-check";

/**
 * The invite page judges the password on the server (NIST SP 800-63B: 12 characters, not
 * common, not built on the user's name or e-mail) and says why, in the reader's language,
 * under the password field; the invite stays usable until a good password is chosen.
 */
test("accepting an invite refuses a common or personal password, saying why, then takes a good one", async ({
  page,
}) => {
  const email = `paula.prado.${Date.now()}@padaria-prado.test`;
  const company = await createCompany("Padaria Prado", { ownerEmail: email });
  await page.goto(`/accept-invite?token=${encodeURIComponent(company.inviteToken as string)}`);
  const password = page.getByLabel(t("auth.acceptInvite.password"), { exact: true });
  const repeat = page.getByLabel(t("auth.acceptInvite.confirm"));
  const submit = page.getByRole("button", { name: t("auth.acceptInvite.submit") });
  await page.getByLabel(t("auth.acceptInvite.name")).fill("Paula Prado");

  await password.fill("password1234");
  await repeat.fill("password1234");
  await submit.click();
  await expect(page.getByText(t("auth.acceptInvite.passwordRefused.PASSWORD_COMMON"))).toBeVisible();
  await expect(password).toBeFocused();
  await checkPage(page, "accept-invite-password-refused");

  await password.fill("paulaprado2025");
  await repeat.fill("paulaprado2025");
  await submit.click();
  await expect(page.getByText(t("auth.acceptInvite.passwordRefused.PASSWORD_PERSONAL"))).toBeVisible();

  await password.fill("tamarind quokka lighthouse");
  await repeat.fill("tamarind quokka lighthouse");
  await submit.click();
  // Hashing, the estimate and the first render of the merchant's home: slow on a loaded machine.
  await expect(page).toHaveURL(/\/m$/, { timeout: 30_000 });
});
