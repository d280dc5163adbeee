import { gql } from "../support/api";
import { expect, test } from "../support/fixtures";
import { t } from "../support/i18n";
import { checkPage } from "../support/page-check";
import { readSeed } from "../support/seed";

// Several pages per test, each screenshot at two widths and checked by axe, on a shared machine.
test.describe.configure({ timeout: 120_000 });

test("the overview shows what needs an operator", async ({ page }) => {
  await page.goto("/ops");
  await expect(page.getByRole("region", { name: t("overview.headline") })).toContainText(
    t("overview.withdrawalsWaiting"),
  );
  await expect(page.getByRole("heading", { name: t("overview.queue.title") })).toBeVisible();
  await expect(page.getByRole("figure")).toContainText(
    t("overview.volume.summary", { paid: "R$", withdrawn: "" }).split("R$")[0],
  );
  await checkPage(page, "ops-overview");
  // At phone width nothing scrolls sideways (the queue's long references once pushed it 23 px wider).
  await page.setViewportSize({ width: 390, height: 844 });
  // The chart follows the new width on its next resize observation: poll until the layout settles.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("companies can be searched by name or CNPJ, in the URL", async ({ page }) => {
  await page.goto("/ops/companies");
  await expect(page.getByRole("link", { name: "Mercado Central Ltda" }).first()).toBeVisible();
  await checkPage(page, "ops-companies");
  const table = page.getByRole("table", { name: t("companies.table.label") });
  // A name prefix no other spec's company shares (specs running beside this one make "Loja …" companies).
  await page.getByLabel(t("companies.search.label")).fill("loja aurora");
  await expect(page).toHaveURL(/q=loja(\+|%20)aurora/);
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText("Loja Aurora Moda");
  await page.goto("/ops/companies?q=11222333000181");
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText("Mercado Central Ltda");
  await expect(table).toContainText("11.222.333/0001-81");
});

test("a company page splits the balance into the formula's parts and checks it", async ({ page }) => {
  const { padaria } = readSeed();
  const { balanceAudit } = await gql<{ balanceAudit: { runningBalance: string; consistent: boolean } }>(
    `query($id: ID!) { balanceAudit(companyId: $id) { runningBalance consistent } }`,
    {
      id: padaria.id,
    },
  );
  expect(balanceAudit.consistent).toBe(true);
  await page.goto(`/ops/companies/${padaria.id}`);
  await expect(page.getByRole("heading", { name: "Padaria Pão Quente" })).toBeVisible();
  const expected = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(
    Number(balanceAudit.runningBalance),
  );
  await expect(page.getByRole("region", { name: t("companies.page.balance") })).toContainText(expected);
  await expect(page.getByText(t("companies.audit.consistent"))).toBeVisible();
  await expect(page.getByRole("table", { name: t("companies.charges.label") })).toContainText("Maria Silva");
  await checkPage(page, "ops-company-charges");
  await page.getByRole("tab", { name: t("companies.tabs.withdrawals") }).click();
  await expect(page).toHaveURL(/tab=withdrawals/);
  await expect(page.getByRole("table", { name: t("companies.withdrawals.label") })).toContainText("R$ 120,00");
  await checkPage(page, "ops-company-withdrawals");
  await page.getByRole("tab", { name: t("companies.tabs.adjustments") }).click();
  await expect(page.getByRole("table", { name: t("companies.adjustments.label") })).toContainText("Welcome credit");
  await checkPage(page, "ops-company-adjustments");
});

test("an unknown company answers the not-found page", async ({ page }) => {
  await page.goto("/ops/companies/comp_doesnotexist");
  await expect(page.getByRole("heading", { name: t("shell.notFound.title") })).toBeVisible();
});
