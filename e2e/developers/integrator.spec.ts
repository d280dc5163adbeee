import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { freshMerchant } from "../merchant/fresh-merchant";
import { acceptInvite, inviteOperator } from "../support/api";
import { BASE_URL, storageStateOf } from "../support/env";
import { expect, test } from "../support/fixtures";
import { chooseEnglish, t, tEn } from "../support/i18n";
import { checkPage } from "../support/page-check";
import { signInElsewhere } from "../support/sign-in";
import { expectEachSelectorMatches } from "../support/third-party-css";

test.describe.configure({ timeout: 120_000 });

const GRAPHIQL_CSS = "admin-ui/features/explorer/graphiql-theme.css";
const SCALAR_CSS = "admin-ui/features/rest-reference/scalar-overrides.css";

/**
 * GraphiQL itself passes axe (no part of the page left out): its editors named in the reader's
 * language, its operation tabs a list of buttons, the open one current, and its palette's
 * selectors still there. Checked with an answer shown and the docs open, at both widths.
 */
async function checkExplorer(page: Page, name: string, translate: typeof t) {
  const editor = page.locator(".graphiql-query-editor");
  // GraphiQL's bundle loads in the browser after the page: give it time on a busy machine.
  await expect(editor).toContainText("query WhoAmI", { timeout: 45_000 });
  for (const key of ["query", "variables", "response"] as const)
    await expect(page.getByRole("textbox", { name: translate(`developers.explorer.editors.${key}`) })).toBeAttached();
  const operations = page.getByRole("list", { name: "Select active operation" });
  await expect(operations.getByRole("button", { name: "WhoAmI", exact: true })).toHaveAttribute("aria-current", "true");
  await expect(page.locator("[data-third-party=graphiql]").getByRole("tab")).toHaveCount(0);
  await page.getByRole("button", { name: /Execute query/ }).click();
  await expect(page.locator(".result-window")).toContainText('"kind"');
  await page.getByRole("button", { name: /Show Documentation Explorer/ }).click();
  await expect(page.getByText("A GraphQL schema provides a root type for each kind of operation.")).toBeVisible();
  await expectEachSelectorMatches(page, GRAPHIQL_CSS);
  await checkPage(page, name);
}

test.describe("as the signed-in merchant", () => {
  test.use({ storageState: storageStateOf("merchant") });

  test("runs a query in GraphiQL with the session and sees the answer", async ({ page }) => {
    await page.goto("/developers/explorer");
    await expect(page.getByRole("heading", { name: t("developers.explorer.title") })).toBeVisible();
    const editor = page.locator(".graphiql-query-editor");
    await checkExplorer(page, "developers-explorer-merchant", t);
    await page.getByRole("button", { name: /Hide Documentation Explorer/ }).click();
    await page.getByRole("button", { name: /Execute query/ }).click();
    const result = page.locator(".result-window");
    await expect(result).toContainText('"kind": "MERCHANT"');
    // The merchant's own tabs follow: the balance, without a companyId.
    const readBalance = page
      .getByRole("list", { name: "Select active operation" })
      .getByRole("button", { name: "ReadBalance", exact: true });
    await readBalance.click();
    await expect(editor).toContainText(t("developers.examples.readBalance.comment"));
    await expect(readBalance).toHaveAttribute("aria-current", "true");
    // GraphiQL reads the new tab's operation name a moment after the switch: until then Execute
    // sends the previous tab's name ("Unknown operation named WhoAmI"), so try again until it answers.
    await expect(async () => {
      await page.getByRole("button", { name: /Execute query/ }).click();
      await expect(result).toContainText('"currency": "BRL"', { timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
  });

  test("at phone width the docs take the whole explorer, and closing them brings the editor back", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/developers/explorer");
    const editor = page.locator(".graphiql-query-editor");
    await expect(editor).toContainText("query WhoAmI", { timeout: 45_000 });
    await page.getByRole("button", { name: /Show Documentation Explorer/ }).click();
    const docs = page.getByText("A GraphQL schema provides a root type for each kind of operation.");
    await expect(docs).toBeVisible();
    await expect(editor).toBeHidden();
    const docsBox = await page.locator(".graphiql-plugin").boundingBox();
    expect(docsBox?.width).toBeGreaterThan(250);
    await page.getByRole("button", { name: /Hide Documentation Explorer/ }).click();
    await expect(editor).toBeVisible();
    await expect(docs).toBeHidden();
  });
});

test.describe("in English", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("an operator's explorer passes axe in English", async ({ browser }) => {
    const email = `eli.explorer.${Date.now()}@pix.test`;
    const password = "e2e-explorer-operator-password";
    await acceptInvite(await inviteOperator(email, "Eli Explorer", "OPERATOR"), password, "Eli Explorer");
    const { context, page } = await signInElsewhere(browser, email, password);
    await chooseEnglish(page);
    await page.goto("/developers/explorer");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { name: tEn("developers.explorer.title") })).toBeVisible();
    await checkExplorer(page, "en-developers-explorer-operator", tEn);
    await context.close();
  });

  test("a merchant's explorer passes axe in English", async ({ browser }) => {
    const merchant = await freshMerchant(browser, "explorer-english", "Wordsworth Queries Ltda");
    const context = await browser.newContext({ storageState: merchant.storageState });
    const page = await context.newPage();
    await page.goto("/m");
    await chooseEnglish(page);
    await page.goto("/developers/explorer");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await checkExplorer(page, "en-developers-explorer-merchant", tEn);
    await context.close();
  });
});

test.describe("signed out", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("the REST reference is public and shows POST /withdrawals with its error codes, its prose in Portuguese", async ({
    page,
  }) => {
    // A Portuguese reader's reference reads the document's Portuguese form.
    const doc = (await (await fetch(`${BASE_URL}/openapi.json?lang=pt-BR`)).json()) as {
      paths: Record<string, Record<string, { summary: string; responses: Record<string, { description: string }> }>>;
    };
    const create = doc.paths["/withdrawals"].post;
    expect(create.summary).toMatch(/^Reserva o valor/);
    const errors = Object.entries(create.responses).filter(([status]) => status.startsWith("4"));
    expect(errors.length).toBeGreaterThan(0);

    await page.goto("/developers/reference");
    await expect(page).toHaveURL(/\/developers\/reference$/);
    await expect(page.getByRole("heading", { name: t("developers.reference.title") })).toBeVisible();
    // The sidebar opens the Withdrawals tag, then its POST operation.
    await page.getByRole("button", { name: "Open Group - Withdrawals" }).click({ timeout: 45_000 });
    await page
      .getByRole("link", { name: create.summary.slice(0, 30) })
      .first()
      .click();
    const operation = page.getByRole("heading", { name: create.summary }).first();
    await expect(operation).toBeVisible();
    const section = page.locator("section", { has: operation }).first();
    await expect(section).toContainText("/withdrawals");
    for (const [status, answer] of errors) {
      await expect(section.getByText(status, { exact: true }).first()).toBeVisible();
      await expect(section).toContainText(answer.description);
    }
    // Scalar's class names that its fixes hang on are still there (an upgrade that renames one fails here).
    await expectEachSelectorMatches(page, SCALAR_CSS);
    // Scalar's copy buttons get a name: the words they show on hover (language, "Copy").
    const copyNames = await page
      .locator("[data-third-party=scalar] button.scalar-code-copy")
      .evaluateAll((buttons) => buttons.map((button) => button.getAttribute("aria-label")));
    expect(copyNames.length).toBeGreaterThan(0);
    for (const name of copyNames) expect(name).toMatch(/\S+ Copy$/);
    // A hovered sidebar link keeps its contrast (CI once found the mouse left over the Charges tag).
    const chargesTag = page.locator('[data-third-party=scalar] a[href$="#tag/charges"]').first();
    await chargesTag.hover();
    const hovered = await new AxeBuilder({ page })
      .include('[data-third-party=scalar] a[href$="#tag/charges"]')
      .withRules(["color-contrast"])
      .analyze();
    expect(hovered.violations.map((v) => v.id)).toEqual([]);
    expect(hovered.passes.map((v) => v.id)).toContain("color-contrast");
    await page.mouse.move(0, 0);
    // Scalar included: its colours and labels pass axe like the rest of the page.
    await checkPage(page, "developers-reference");
  });
});
