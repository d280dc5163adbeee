import type { Page } from "@playwright/test";
import { BASE_URL, storageStateOf, USERS } from "../support/env";
import { expect, test } from "../support/fixtures";
import { submitSignIn } from "../support/sign-in";

/**
 * `/login?next=…` never takes the browser to another origin, signed in (the page redirects at
 * once) or signed out (the form navigates after signing in). The full table of spellings is
 * e2e/unit/safe-next-path.spec.ts; these are the ones a review saw leave the site.
 */
const OWN_ORIGIN = new URL(BASE_URL).origin;
const ESCAPES = ["/..//evil.example", "/.//evil.example", "/%2e%2e//evil.example", "/ops/..//evil.example"];

/** Every request the page makes, by origin: nothing may go elsewhere. */
function recordOrigins(page: Page): Set<string> {
  const origins = new Set<string>();
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol === "http:" || url.protocol === "https:") origins.add(url.origin);
  });
  page.on("framenavigated", (frame) => {
    const url = new URL(frame.url());
    if (url.protocol === "http:" || url.protocol === "https:") origins.add(url.origin);
  });
  return origins;
}

test.describe("signed out", () => {
  test("after signing in, next=/..//evil.example lands on the home page of this site", async ({ page }) => {
    const origins = recordOrigins(page);
    await page.goto("/login?next=/..//evil.example");
    await submitSignIn(page, USERS.viewer.email, USERS.viewer.password);
    await expect(page).toHaveURL(`${OWN_ORIGIN}/ops`);
    await page.waitForLoadState("networkidle", { timeout: 5000 }).catch(() => undefined);
    expect([...origins]).toEqual([OWN_ORIGIN]);
  });
});

test.describe("signed in", () => {
  test.use({ storageState: storageStateOf("viewer") });

  for (const next of ESCAPES) {
    test(`GET /login?next=${next} redirects within this site`, async ({ page }) => {
      const origins = recordOrigins(page);
      await page.goto(`/login?next=${next}`);
      await expect(page).toHaveURL(`${OWN_ORIGIN}/ops`);
      expect([...origins]).toEqual([OWN_ORIGIN]);
    });
  }

  test("a same-site next is still honoured", async ({ page }) => {
    await page.goto(`/login?next=${encodeURIComponent("/ops/companies?sort=name.asc")}`);
    await expect(page).toHaveURL(`${OWN_ORIGIN}/ops/companies?sort=name.asc`);
  });
});
