import { expect, test } from "../support/fixtures";
import { t } from "../support/i18n";
import { checkPage } from "../support/page-check";

/** The seeded merchant's pages with their data (read only): lists, filters in the URL, detail pages. */
test.describe.configure({ timeout: 180_000 });

test("charges: the seeded list, a status filter from the URL, a day range with nothing in it", async ({ page }) => {
  await page.goto("/m/charges");
  const table = page.getByRole("region", { name: t("merchantCharges.list.label") });
  await expect(table.getByRole("link", { name: "Pedido 42 · pães e frios" })).toBeVisible();
  await expect(table.getByRole("link", { name: "Coffee break corporativo" })).toBeVisible();
  await checkPage(page, "merchant-charges-seeded");

  await page.goto("/m/charges?status=PENDING");
  await expect(table.getByRole("link", { name: "Pedido 58" })).toBeVisible();
  // A paid charge is filtered out.
  await expect(table.getByRole("link", { name: "Pedido 42 · pães e frios" })).toHaveCount(0);

  await page.goto("/m/charges?from=2020-01-01&to=2020-01-31");
  await expect(page.getByText(t("merchantCharges.list.noMatch"))).toBeVisible();
});

test("withdrawals and statement of the seeded merchant", async ({ page }) => {
  await page.goto("/m/withdrawals");
  const table = page.getByRole("region", { name: t("merchantWithdrawals.list.label") });
  await expect(table).toContainText("marta@padaria.test");
  await expect(table).toContainText("R$ 120,00");
  await checkPage(page, "merchant-withdrawals-seeded");
  await table.getByRole("link", { name: /^WDR_/ }).click();
  await expect(page.getByText(t("withdrawalDetail.steps.merchant.PENDING"))).toBeVisible();
  await checkPage(page, "merchant-withdrawal-seeded");

  await page.goto("/m/statement");
  const statement = page.getByRole("region", { name: t("statement.label") });
  await expect(statement).toContainText("Welcome credit");
  await expect(statement).toContainText(/-R\$\s120,00/);
  await checkPage(page, "merchant-statement-seeded");
  // Each paid charge's entry opens its charge.
  await statement.getByRole("link", { name: /^chg_/ }).first().click();
  await expect(page).toHaveURL(/\/m\/charges\/[A-Z0-9]{8}$/);
  await expect(page.getByTestId("net-amount")).toBeVisible();
});
