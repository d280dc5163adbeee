import { readFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";

/** Every selector of a stylesheet's rules (comments and at-rules' own lines left out). */
function selectorsOf(cssPath: string): string[] {
  const css = readFileSync(cssPath, "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
  const selectors = new Set<string>();
  for (const [, prelude] of css.matchAll(/([^{}]+)\{/g)) {
    if (prelude.trim().startsWith("@")) continue;
    for (const selector of prelude.split(",")) selectors.add(selector.trim());
  }
  return [...selectors];
}

/**
 * The fixes of a third-party widget (GraphiQL, Scalar) hang on its class names: each selector
 * of their stylesheet must still match an element of the page, so an upgrade that renames one
 * fails here instead of silently bringing its axe findings back.
 */
export async function expectEachSelectorMatches(page: Page, cssPath: string) {
  const selectors = selectorsOf(cssPath);
  expect(selectors.length, `${cssPath} has rules`).toBeGreaterThan(0);
  const unmatched = await page.evaluate(
    (all) => all.filter((selector) => document.querySelector(selector) === null),
    selectors,
  );
  expect(unmatched, `selectors of ${cssPath} that match nothing on the page`).toEqual([]);
}
