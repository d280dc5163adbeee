import { expect, test } from "../support/fixtures";
import { t } from "../support/i18n";
import { checkPage } from "../support/page-check";
import { readSeed } from "../support/seed";

// Several pages per test, each screenshot at two widths and checked by axe, on a shared machine.
test.describe.configure({ timeout: 120_000 });

test("the audit log pages by cursor, filters by object, and shows an entry's changes", async ({ page }) => {
  await page.goto("/ops/audit-log?perPage=10");
  const table = page.getByRole("table", { name: t("audit.table.label") });
  await expect(table.getByRole("row")).toHaveCount(11);
  await checkPage(page, "ops-audit-log");

  // Other specs add entries meanwhile (newest first): keyset pages still never overlap.
  const firstPage = await table.getByRole("row").allTextContents();
  await page.getByRole("button", { name: t("common.table.next") }).click();
  await expect(page).toHaveURL(/after=/);
  await expect(table.getByRole("row").nth(1)).not.toHaveText(firstPage[1]);
  const secondPage = (await table.getByRole("row").allTextContents()).slice(1);
  expect(secondPage.filter((row) => firstPage.includes(row))).toEqual([]);
  await page.getByRole("button", { name: t("common.table.firstPage") }).click();
  await expect(page).not.toHaveURL(/after=/);
  await expect(table.getByRole("row")).toHaveCount(11);

  const { padaria } = readSeed();
  await page.goto(`/ops/audit-log?q=${padaria.id}`);
  await expect(table.getByRole("row").filter({ hasText: "company.create" })).toHaveCount(1);
  await table
    .getByRole("row")
    .filter({ hasText: "company.create" })
    .getByRole("button", { name: new RegExp(t("audit.table.actionsFor", { id: "" })) })
    .click();
  await page.getByRole("menuitem", { name: t("audit.table.viewChanges") }).click();
  const dialog = page.getByRole("dialog", { name: "company.create" });
  await expect(dialog).toContainText("Padaria Pão Quente");
  await checkPage(page, "ops-audit-log-entry");
});
