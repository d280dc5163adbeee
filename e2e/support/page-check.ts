import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;

/**
 * Every page the specs visit goes through here: a full-page screenshot at desktop and phone
 * width under e2e/screenshots/ (git-ignored, for people to look at), and an axe check at
 * both widths that fails on serious or critical violations.
 */
export async function checkPage(page: Page, name: string, options: { axeExclude?: string[] } = {}) {
  mkdirSync("e2e/screenshots", { recursive: true });
  const original = page.viewportSize();
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    // Idle network, but not forever: Next prefetches links as they scroll into view.
    await page.waitForLoadState("networkidle", { timeout: 5000 }).catch(() => undefined);
    await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({
      path: `e2e/screenshots/${name}-${viewport.name}.png`,
      fullPage: true,
      animations: "disabled",
    });
    const axe = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
    // Only for third-party widgets whose inside we do not render (GraphiQL, Scalar): the rest of the page is checked.
    for (const selector of options.axeExclude ?? []) axe.exclude(selector);
    const results = await axe.analyze();
    const blocking = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(
      blocking.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
      `axe on ${name} at ${viewport.name} width`,
    ).toEqual([]);
  }
  if (original) await page.setViewportSize(original);
}
