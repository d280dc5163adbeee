import { acceptInvite, inviteOperator } from "../support/api";
import { expect, test } from "../support/fixtures";
import { t, tEn } from "../support/i18n";
import { submitSignIn } from "../support/sign-in";

/**
 * Portuguese first, English on request: the signed-out pages remember the choice in a
 * cookie, a signed-in user's choice is kept on their user and follows them to any browser.
 * A user of its own, so that no other spec's pages change language.
 */
test("pt-BR by default; English chosen signed out, then kept per user across browsers", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const email = `lia.language.${Date.now()}@pix.test`;
  const password = "e2e-language-password-1234";
  await acceptInvite(await inviteOperator(email, "Lia Language", "VIEWER"), password, "Lia Language");

  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
  await expect(page.getByRole("heading", { name: t("auth.signIn.title") })).toBeVisible();

  // Signed out: the menu of the frame switches the page and remembers it in a cookie.
  await page.getByRole("combobox", { name: t("auth.frame.language") }).click();
  await page.getByRole("option", { name: "English" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { name: tEn("auth.signIn.title") })).toBeVisible();
  expect((await page.context().cookies()).find((cookie) => cookie.name === "pix_locale")?.value).toBe("en");
  await page.reload();
  await expect(page.getByRole("heading", { name: tEn("auth.signIn.title") })).toBeVisible();

  // Signed in without a choice of their own: the cookie's language.
  await submitSignIn(page, email, password, tEn);
  await expect(page).toHaveURL(/\/ops$/);
  await expect(page.getByRole("navigation", { name: tEn("shell.nav.main") })).toBeVisible();

  // The user menu keeps the choice on the user: Portuguese, in this browser and the next.
  await page.getByRole("button", { name: "Lia Language" }).click();
  await page.getByRole("menuitemradio", { name: "Português (Brasil)" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
  await expect(page.getByRole("navigation", { name: t("shell.nav.main") })).toBeVisible();
  await page.getByRole("button", { name: "Lia Language" }).click();
  await page.getByRole("menuitemradio", { name: "English" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  // Another browser, no cookie: the sign-in page is Portuguese, the user's pages English.
  const other = await browser.newContext({ locale: "pt-BR", timezoneId: "America/Sao_Paulo" });
  try {
    const second = await other.newPage();
    await second.goto("/login");
    await expect(second.locator("html")).toHaveAttribute("lang", "pt-BR");
    await submitSignIn(second, email, password);
    await expect(second).toHaveURL(/\/ops$/);
    await expect(second.locator("html")).toHaveAttribute("lang", "en");
    await expect(second.getByRole("link", { name: tEn("shell.nav.withdrawals") }).first()).toBeVisible();
    // Signing in wrote the user's language into this browser's cookie too.
    expect((await other.cookies()).find((cookie) => cookie.name === "pix_locale")?.value).toBe("en");
  } finally {
    await other.close();
  }
});
