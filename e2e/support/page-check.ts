import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { AUDIT_ACTIONS } from "../../admin-ui/features/audit-log/audit-actions";
import ptBR from "../../admin-ui/messages/pt-BR";

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
    if (viewport.name === "desktop") await checkLanguage(page, name);
    // From the top: a page scrolled by a click draws its sticky header and sidebar mid-shot.
    await page.evaluate(() => window.scrollTo(0, 0));
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

/**
 * Text the Portuguese console must never show: English words and phrases the review found
 * (the API's and the network's own messages, a simulated payer's name), configuration and
 * repository paths, the codes of enums and audit actions, and what a bug prints.
 */
export const NOT_PORTUGUESE = [
  "Sandbox Payer",
  "Administrator",
  "client secret",
  "Client secret",
  "getaddrinfo",
  "ENOTFOUND",
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "must point to a public address",
  "no complete answer within",
  "connection closed",
  "not followed",
  "invalid webhook URL",
  "Something went wrong",
  "Internal server error",
  "PIX_PROVIDER",
  "docs/",
  "MED_FRAUDE",
  "MED_OPERACIONAL",
  "[object Object]",
  "undefined",
  "NaN",
  "Invalid Date",
  ...AUDIT_ACTIONS,
];

/**
 * The page's visible words (text, aria-label and placeholder; code, pre, kbd and the
 * third-party explorers marked data-language-scan=skip left out) hold no catalogue key left
 * untranslated (next-intl shows a missing message as its key, "billing.form.dayInvalid"),
 * and, in Portuguese, none of NOT_PORTUGUESE.
 */
export async function checkLanguage(page: Page, name: string) {
  expect(await languageProblems(page), `${name}: text not in the reader's language`).toEqual([]);
}

/** What checkLanguage finds on the page, one line each. */
export async function languageProblems(page: Page): Promise<string[]> {
  const namespaces = Object.keys(ptBR);
  return page.evaluate(
    ({ namespaces, banned }) => {
      const skipped = "code, pre, kbd, samp, script, style, noscript, [data-language-scan=skip]";
      const texts: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        const text = node.textContent?.trim();
        if (!parent || !text || parent.closest(skipped)) continue;
        if (!parent.checkVisibility({ visibilityProperty: true })) continue;
        texts.push(text);
      }
      for (const element of document.body.querySelectorAll("[aria-label], [placeholder]")) {
        if (element.closest(skipped)) continue;
        for (const attribute of ["aria-label", "placeholder"]) {
          const value = element.getAttribute(attribute)?.trim();
          if (value) texts.push(value);
        }
      }
      const key = new RegExp(
        `(?<![\\w@./-])(?:${namespaces.join("|")})\\.[A-Za-z][A-Za-z0-9_]*(?:\\.[A-Za-z0-9_-]+)*(?![\\w@/-])`,
      );
      const portuguese = document.documentElement.lang === "pt-BR";
      const problems = new Set<string>();
      for (const text of texts) {
        const untranslated = key.exec(text);
        if (untranslated) problems.add(`untranslated key "${untranslated[0]}" in "${text.slice(0, 120)}"`);
        if (!portuguese) continue;
        for (const word of banned) {
          const at = text.indexOf(word);
          if (at < 0) continue;
          // Whole words only: "NaN" in no Portuguese word, "docs/" anywhere.
          const before = text[at - 1] ?? " ";
          const after = text[at + word.length] ?? " ";
          const letter = /[\p{L}\p{N}_]/u;
          if (letter.test(word[0]) && letter.test(before)) continue;
          if (letter.test(word.at(-1) as string) && letter.test(after)) continue;
          problems.add(`"${word}" in "${text.slice(0, 120)}"`);
        }
      }
      return [...problems];
    },
    { namespaces, banned: NOT_PORTUGUESE },
  );
}

/** Waits for the toasts to go (each leaves by itself a few seconds after it came). */
export async function toastsGone(page: Page) {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
}
