import { storageStateOf } from "../support/env";
import { expect, test } from "../support/fixtures";
import { t } from "../support/i18n";
import { checkPage } from "../support/page-check";

test("the developers page shows the endpoints and example operations, and leads an operator back", async ({ page }) => {
  await page.goto("/developers");
  await expect(page.getByRole("heading", { name: t("developers.home.title") })).toBeVisible();
  await expect(page.getByText(t("developers.home.readBalance"))).toBeVisible();
  await checkPage(page, "developers");
  await page
    .getByRole("main")
    .getByRole("link", { name: t("developers.home.backToOperations") })
    .click();
  await expect(page).toHaveURL(/\/ops$/);
});

test("an operator's explorer opens on an operation that answers them", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/developers/explorer");
  await expect(page.getByRole("heading", { name: t("developers.explorer.title") })).toBeVisible();
  const editor = page.locator(".graphiql-query-editor");
  await expect(editor).toContainText("query WhoAmI", { timeout: 45_000 });
  await expect(editor).toContainText(t("developers.examples.whoAmI.comment"));
  await page.getByRole("button", { name: /Execute query/ }).click();
  const result = page.locator(".result-window");
  await expect(result).toContainText('"kind": "OPERATOR"');
  await expect(result).not.toContainText('"errors"');
  // GraphiQL included: its colours, names and tabs pass axe like the rest of the page.
  await checkPage(page, "developers-explorer-operator");
});

test.describe("as a merchant", () => {
  test.use({ storageState: storageStateOf("merchant") });

  test("the developers page leads back to the merchant's home, at phone width too", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/developers");
    await page
      .getByRole("main")
      .getByRole("link", { name: t("developers.home.backToMerchant") })
      .click();
    await expect(page).toHaveURL(/\/m$/);
  });
});
