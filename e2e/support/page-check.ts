import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;

/**
 * Every page the specs visit goes through here: a full-page screenshot at desktop and phone
 * width under e2e/screenshots/ (git-ignored, for people to look at), no sideways scroll, and
 * an axe check at both widths that fails on serious or critical violations. Toasts are waited
 * out first: one fading in or out has, for that moment, text of too little contrast (axe
 * found one in CI), and they lie over the page the screenshot is for.
 */
export async function checkPage(page: Page, name: string) {
  mkdirSync("e2e/screenshots", { recursive: true });
  await toastsGone(page);
  const original = page.viewportSize();
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    // Idle network, but not forever: Next prefetches links as they scroll into view.
    await page.waitForLoadState("networkidle", { timeout: 5000 }).catch(() => undefined);
    await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
    await page.evaluate(() => document.fonts.ready);
    // No sideways scroll at either width (charts follow a resize a moment later: polled).
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
        message: `${name} at ${viewport.name} width scrolls sideways`,
      })
      .toBeLessThanOrEqual(viewport.width);
    await page.screenshot({
      path: `e2e/screenshots/${name}-${viewport.name}.png`,
      fullPage: true,
      animations: "disabled",
    });
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    const blocking = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(
      blocking.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
      `axe on ${name} at ${viewport.name} width`,
    ).toEqual([]);
  }
  if (original) await page.setViewportSize(original);
}

/** Waits for the toasts to go (each leaves by itself a few seconds after it came). */
export async function toastsGone(page: Page) {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
}
