import { BASE_URL, storageStateOf } from "../support/env";
import { expect, test } from "../support/fixtures";
import { t } from "../support/i18n";
import { checkPage } from "../support/page-check";

test.describe.configure({ timeout: 120_000 });

test.describe("as the signed-in merchant", () => {
  test.use({ storageState: storageStateOf("merchant") });

  test("runs a query in GraphiQL with the session and sees the answer", async ({ page }) => {
    await page.goto("/developers/explorer");
    await expect(page.getByRole("heading", { name: t("developers.explorer.title") })).toBeVisible();
    const editor = page.locator(".graphiql-query-editor");
    // GraphiQL's bundle loads in the browser after the page: give it time on a busy machine.
    await expect(editor).toContainText("query WhoAmI", { timeout: 45_000 });
    await page.getByRole("button", { name: /Execute query/ }).click();
    const result = page.locator(".result-window");
    await expect(result).toContainText('"kind": "MERCHANT"');
    // The merchant's own tabs follow: the balance, without a companyId.
    await page.getByRole("tab", { name: /ReadBalance/ }).click();
    await expect(editor).toContainText(t("developers.examples.readBalance.comment"));
    // GraphiQL reads the new tab's operation name a moment after the switch: until then Execute
    // sends the previous tab's name ("Unknown operation named WhoAmI"), so try again until it answers.
    await expect(async () => {
      await page.getByRole("button", { name: /Execute query/ }).click();
      await expect(result).toContainText('"currency": "BRL"', { timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    // The schema's docs load: its introspection passes the query limits.
    await page.getByRole("button", { name: /Show Documentation Explorer/ }).click();
    await expect(page.getByText("A GraphQL schema provides a root type for each kind of operation.")).toBeVisible();
    await checkPage(page, "developers-explorer", { axeExclude: ["[data-third-party=graphiql]"] });
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

test.describe("signed out", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("the REST reference is public and shows POST /withdrawals with its error codes", async ({ page }) => {
    const doc = (await (await fetch(`${BASE_URL}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { summary: string; responses: Record<string, { description: string }> }>>;
    };
    const create = doc.paths["/withdrawals"].post;
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
    await checkPage(page, "developers-reference", { axeExclude: ["[data-third-party=scalar]"] });
  });
});
