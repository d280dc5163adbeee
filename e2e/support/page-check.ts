import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;
/** A laptop's width: only the row actions are checked there (no screenshot, no axe). */
const LAPTOP = { name: "laptop", width: 1024, height: 768 } as const;

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
    await checkRowActions(page, `${name} at ${viewport.name} width`);
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
  await page.setViewportSize({ width: LAPTOP.width, height: LAPTOP.height });
  await checkRowActions(page, `${name} at ${LAPTOP.name} width`);
  if (original) await page.setViewportSize(original);
}

/**
 * Every row's actions (the DataTable's actions column, `data-row-actions`) are in sight
 * without sideways scrolling: each of their buttons lies inside the window and inside every
 * scrolling box around it (a table wider than its card scrolls inside it, and its last
 * column is then off the card's right edge). Where a list shows cards instead of rows (a
 * phone), each card carries the actions its row has (beyond the "…" menu). Polled: columns
 * settle after a resize.
 */
export async function checkRowActions(page: Page, where: string) {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const problems: string[] = [];
          const shown = (element: Element) => {
            const rect = element.getBoundingClientRect();
            return rect.width > 0 && rect.height > 0 && getComputedStyle(element).visibility !== "hidden";
          };
          const describe = (element: Element) =>
            (element.getAttribute("aria-label") ?? element.textContent ?? element.tagName).trim().slice(0, 60);
          for (const button of document.querySelectorAll("[data-row-actions] :is(button, a[href])")) {
            if (!shown(button)) continue;
            const rect = button.getBoundingClientRect();
            let left = 0;
            let right = document.documentElement.clientWidth;
            for (let box = button.parentElement; box; box = box.parentElement) {
              if (getComputedStyle(box).overflowX === "visible") continue;
              const clip = box.getBoundingClientRect();
              left = Math.max(left, clip.left);
              right = Math.min(right, clip.right);
            }
            if (rect.left < left - 1 || rect.right > right + 1)
              problems.push(
                `"${describe(button)}" is cut off (${Math.round(rect.left)}–${Math.round(rect.right)} px, box ${Math.round(left)}–${Math.round(right)} px)`,
              );
          }
          for (const table of document.querySelectorAll("[data-slot=data-table]")) {
            const cards = table.querySelector("[data-slot=row-cards]");
            if (!cards || !shown(cards)) continue;
            const rows = [...table.querySelectorAll("tbody tr")];
            const items = [...cards.children];
            rows.forEach((row, index) => {
              // The "…" menu's extras (copy the id) may stay on the row's page; its decisions may not.
              const actions = row.querySelectorAll(
                "[data-row-actions] :is(button:not([aria-haspopup=menu]), a[href])",
              ).length;
              const inCard = items[index]?.querySelectorAll("[data-row-actions] :is(button, a[href])").length ?? 0;
              if (actions > 0 && inCard === 0) problems.push(`the card of row ${index + 1} lacks its actions`);
            });
          }
          return problems;
        }),
      { message: `row actions at ${where}` },
    )
    .toEqual([]);
}

/** Waits for the toasts to go (each leaves by itself a few seconds after it came). */
export async function toastsGone(page: Page) {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
}
