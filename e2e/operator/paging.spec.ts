import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { t } from "../support/i18n";
import { checkPage } from "../support/page-check";

test.describe.configure({ timeout: 120_000 });

const pastEnd = t("common.table.pastEndTitle");

/** The range under a table ("21–27 de 27") agrees with the rows the table shows. */
async function expectRangeMatchesRows(page: Page, tableName: string) {
  const table = page.getByRole("table", { name: tableName });
  const rows = await table.locator("tbody tr").count();
  expect(rows).toBeGreaterThan(0);
  const range = await page
    .getByRole("navigation", { name: t("common.table.pagination") })
    .locator("p")
    .innerText();
  const match = /^([\d.]+)–([\d.]+) de ([\d.]+)/.exec(range);
  expect(match, `range "${range}"`).not.toBeNull();
  const [from, to, total] = (match ?? []).slice(1).map((part) => Number(part.replaceAll(".", "")));
  expect(to - from + 1).toBe(rows);
  expect(to).toBeLessThanOrEqual(total);
}

// A page past the data, typed or from an old link: the deepest offset the API takes is
// 10,000, so ?page=600 at 20 a page once reached it as a refused read ("Algo deu errado").
for (const { path, table } of [
  { path: "/ops/withdrawals?view=all", table: t("withdrawals.table.all") },
  { path: "/ops/companies?", table: t("companies.table.label") },
]) {
  test(`a page past the data of ${path} says so and leads to the last page`, async ({ page }) => {
    for (const far of [600, 40]) {
      await page.goto(`${path}&page=${far}`);
      await expect(page.getByText(t("common.states.pageLoadFailed"))).toHaveCount(0);
      await expect(page.getByText(pastEnd)).toBeVisible();
      // No range pointing at rows that are not there.
      await expect(page.getByRole("navigation", { name: t("common.table.pagination") })).toHaveCount(0);
    }
    await checkPage(page, `paging-past-end-${path.split("?")[0].replaceAll("/", "-").slice(1)}`);
    await page.getByRole("button", { name: t("common.table.pastEndLast") }).click();
    await expect(page).not.toHaveURL(/page=40\b/);
    await expect(page.getByText(pastEnd)).toHaveCount(0);
    await expectRangeMatchesRows(page, table);
  });
}

test("a merchant's page past the data leads back too", async ({ browser }) => {
  const context = await browser.newContext({ storageState: "e2e/.auth/merchant.json" });
  const page = await context.newPage();
  await page.goto("/m/withdrawals?page=600");
  await expect(page.getByText(pastEnd)).toBeVisible();
  await page.getByRole("button", { name: t("common.table.pastEndLast") }).click();
  await expect(page.getByText(pastEnd)).toHaveCount(0);
  await expectRangeMatchesRows(page, t("merchantWithdrawals.list.label"));
  await context.close();
});
