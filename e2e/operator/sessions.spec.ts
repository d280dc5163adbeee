import type { Browser, BrowserContext, Page } from "@playwright/test";
import { acceptInvite, createCompany, inviteOperator } from "../support/api";
import { expect, test } from "../support/fixtures";
import { t } from "../support/i18n";
import { checkPage } from "../support/page-check";
import { signInElsewhere } from "../support/sign-in";

test.describe.configure({ timeout: 120_000 });

/** A browser of its own (another device), signed in through the sign-in page. */
async function signedInBrowser(
  browser: Browser,
  email: string,
  password: string,
  home: RegExp,
  userAgent: string,
): Promise<{ context: BrowserContext; page: Page }> {
  return signInElsewhere(browser, email, password, { home, userAgent });
}

test("an operator sees their sessions from the user menu and ends another browser's, which is signed out", async ({
  browser,
}) => {
  const email = `sessions-${Date.now().toString(36)}@pix.test`;
  const password = "e2e-sessions-password-1234";
  await acceptInvite(await inviteOperator(email, "Sofia Sessões", "VIEWER"), password, "Sofia Sessões");
  const laptop = await signedInBrowser(
    browser,
    email,
    password,
    /\/ops$/,
    "Mozilla/5.0 (X11; Linux x86_64) Laptop/1.0",
  );
  const phone = await signedInBrowser(browser, email, password, /\/ops$/, "Mozilla/5.0 (iPhone) Phone/2.0");
  try {
    const page = laptop.page;
    await page.getByRole("button", { name: /Sofia Sessões/ }).click();
    await page.getByRole("menuitem", { name: t("shell.userMenu.sessions") }).click();
    await page.waitForURL(/\/ops\/account\/sessions$/);
    await expect(page.getByRole("heading", { name: t("account.sessions.title") })).toBeVisible();
    const sessions = page.getByTestId("session");
    // The invite's acceptance opened one too (acceptInvite signs in): three.
    await expect(sessions).toHaveCount(3);
    await expect(sessions.first()).toContainText("Laptop/1.0");
    await expect(sessions.first()).toContainText(t("account.sessions.current"));
    await checkPage(page, "ops-account-sessions");

    await page
      .getByRole("button", {
        name: t("account.sessions.revokeWho", { browser: "Mozilla/5.0 (iPhone) Phone/2.0" }),
      })
      .click();
    await expect(page.getByRole("alertdialog")).toContainText("Phone/2.0");
    await page
      .getByRole("alertdialog")
      .getByRole("button", { name: t("account.sessions.revoke") })
      .click();
    await expect(page.getByText(t("account.sessions.revoked"))).toBeVisible();
    await expect(sessions).toHaveCount(2);
    await expect(page.getByText("Phone/2.0")).toHaveCount(0);

    // The phone is signed out at its next request.
    await phone.page.goto("/ops/withdrawals");
    await expect(phone.page).toHaveURL(/\/login\?next=%2Fops%2Fwithdrawals$/);

    // And the rest at once: only this browser stays.
    await page.getByRole("button", { name: t("account.sessions.revokeOthers", { count: 1 }) }).click();
    await page
      .getByRole("alertdialog")
      .getByRole("button", { name: t("account.sessions.revokeOthersConfirm") })
      .click();
    await expect(sessions).toHaveCount(1);
    await expect(page.getByRole("button", { name: t("account.sessions.revokeOthers", { count: 1 }) })).toHaveCount(0);
    await page.reload();
    await expect(sessions).toHaveCount(1);
  } finally {
    await laptop.context.close();
    await phone.context.close();
  }
});

test("a merchant user has the same page under /m", async ({ browser }) => {
  const email = `sessions-m-${Date.now().toString(36)}@merchant.test`;
  const password = "e2e-sessions-password-1234";
  const company = await createCompany("Sessões Ltda", { ownerEmail: email });
  await acceptInvite(company.inviteToken as string, password, "Marina Sessões");
  const { context, page } = await signedInBrowser(browser, email, password, /\/m$/, "Mozilla/5.0 Merchant/3.0");
  try {
    await page.getByRole("button", { name: /Marina Sessões/ }).click();
    await page.getByRole("menuitem", { name: t("shell.userMenu.sessions") }).click();
    await page.waitForURL(/\/m\/account\/sessions$/);
    await expect(page.getByTestId("session").first()).toContainText("Merchant/3.0");
    await checkPage(page, "m-account-sessions");
  } finally {
    await context.close();
  }
});
