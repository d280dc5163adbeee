import { test as base, expect } from "@playwright/test";

/**
 * The specs' `test`: fails a test whose pages logged a React error in the browser, such as a
 * hydration mismatch (server and browser rendering different text, e.g. a date in another
 * time zone) or an uncaught exception.
 */
export const test = base.extend<{ browserErrors: string[] }>({
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
});

export { expect };
