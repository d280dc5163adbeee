import { expect, type Page } from "@playwright/test";

/** Waits for the toasts to go (they fade over the page): screenshots and axe see the page itself. */
export async function toastsGone(page: Page) {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
}
