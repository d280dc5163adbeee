import { test as base, expect, type Page } from "@playwright/test";

/**
 * Content-Security-Policy violations of a page: each `securitypolicyviolation` event (caught
 * by a script the browser runs before the page's own, which no policy blocks) and each
 * refusal Chromium writes to the console ("Refused to … because it violates …").
 */
export function collectCspViolations(page: Page): string[] {
  const violations: string[] = [];
  void page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(
        `csp-violation: ${event.violatedDirective} blocked ${event.blockedURI || "inline"} in ${event.sourceFile}`,
      );
    });
  });
  page.on("console", (message) => {
    const text = message.text();
    if (text.startsWith("csp-violation:") || /violates the following Content Security Policy/i.test(text))
      violations.push(text);
  });
  return violations;
}

/**
 * The specs' `test`: fails a test whose pages logged a React error in the browser, such as a
 * hydration mismatch (server and browser rendering different text, e.g. a date in another
 * time zone) or an uncaught exception, or broke the console's Content-Security-Policy.
 */
export const test = base.extend<{ browserErrors: string[]; cspViolations: string[] }>({
  browserErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
      page.on("console", (message) => {
        const text = message.text();
        if (message.type() === "error" && /hydrat|Minified React error|did not match/i.test(text)) errors.push(text);
      });
      await use(errors);
      expect(errors, "errors in the browser console").toEqual([]);
    },
    { auto: true },
  ],
  // A test that breaks the policy on purpose empties the list once it has checked the refusal.
  cspViolations: [
    async ({ page }, use) => {
      const violations = collectCspViolations(page);
      await use(violations);
      expect(violations, "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
