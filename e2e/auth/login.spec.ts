import { USERS } from "../support/env";
import { expect, test } from "../support/fixtures";
import { t } from "../support/i18n";
import { checkPage } from "../support/page-check";
import { submitSignIn } from "../support/sign-in";

test("the sign-in page looks right and passes axe", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: t("auth.signIn.title") })).toBeVisible();
  await checkPage(page, "login");
});

test("pages without a session send the visitor to sign in, and back after", async ({ page }) => {
  await page.goto("/ops/companies?sort=name.asc");
  await expect(page).toHaveURL(/\/login\?next=%2Fops%2Fcompanies%3Fsort%3Dname\.asc$/);
  await submitSignIn(page, USERS.admin.email, USERS.admin.password);
  await expect(page).toHaveURL(/\/ops\/companies\?sort=name\.asc$/);
  await expect(page.getByRole("heading", { name: t("companies.title") })).toBeVisible();
});

test("a wrong password is refused inline and the fields explain themselves", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: t("auth.signIn.submit") }).click();
  await expect(page.getByText(t("auth.signIn.emailRequired"))).toBeVisible();
  await expect(page.getByText(t("auth.signIn.passwordRequired"))).toBeVisible();
  await submitSignIn(page, USERS.admin.email, "not-the-password");
  await expect(page.getByRole("alert").filter({ hasText: t("auth.signIn.wrongCredentials") })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await checkPage(page, "login-error");
});

test("an e-mail without a dot in its domain (the generated admin@localhost) is the server's to judge", async ({
  page,
}) => {
  await page.goto("/login");
  await submitSignIn(page, "admin@localhost", "not-the-password");
  await expect(page.getByRole("alert").filter({ hasText: t("auth.signIn.wrongCredentials") })).toBeVisible();
});

test("an external next is ignored: sign-in stays on this site", async ({ page }) => {
  await page.goto("/login?next=//evil.example/steal");
  await submitSignIn(page, USERS.viewer.email, USERS.viewer.password);
  await expect(page).toHaveURL(/localhost:\d+\/ops$/);
});

test("the accept-invite page without a token says so, before any form", async ({ page }) => {
  await page.goto("/accept-invite");
  await expect(page.getByRole("heading", { name: t("auth.acceptInvite.invalidTitle") })).toBeVisible();
  await expect(page.getByLabel(t("auth.acceptInvite.password"), { exact: true })).toHaveCount(0);
  await checkPage(page, "accept-invite");
});
