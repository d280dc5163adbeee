import type { Browser, BrowserContext, Page } from "@playwright/test";
import { t } from "./i18n";

type Translate = typeof t;

/** Fills the open sign-in page and submits it, read in `translate`'s language (Portuguese by default). */
export async function submitSignIn(page: Page, email: string, password: string, translate: Translate = t) {
  await page.getByLabel(translate("auth.signIn.email")).fill(email);
  await page.getByLabel(translate("auth.signIn.password")).fill(password);
  await page.getByRole("button", { name: translate("auth.signIn.submit") }).click();
}

/**
 * Signs in through the sign-in page in a browser context of its own (another person or
 * device: no saved session), and waits for the user's home.
 */
export async function signInElsewhere(
  browser: Browser,
  email: string,
  password: string,
  options: { home?: RegExp; userAgent?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    storageState: { cookies: [], origins: [] },
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
  });
  const page = await context.newPage();
  await page.goto("/login");
  await submitSignIn(page, email, password);
  await page.waitForURL(options.home ?? /\/(ops|m)$/);
  return { context, page };
}
