import { charge, createCompany, fund, gql, withdrawal } from "../support/api";
import { expect, test } from "../support/fixtures";
import { t } from "../support/i18n";
import { checkPage } from "../support/page-check";

test("search by txid, e2e id and WDR_ reference opens the right page", async ({ page }) => {
  test.setTimeout(120_000); // several pages, each screenshot twice and checked by axe, on a shared machine
  const company = await createCompany("Search Target Ltda", { cnpj: "45.723.174/0001-10" });
  const chargeId = await charge(company.id, "61.00", "Pedido buscado", "Beatriz Busca");
  const { charge: found } = await gql<{ charge: { txid: string; e2eId: string } }>(
    `query($id: ID!) { charge(id: $id) { txid e2eId } }`,
    { id: chargeId },
  );
  expect(found.e2eId).toMatch(/^E/);
  await fund(company.id, "500.00");
  const created = await withdrawal(company.id, "42.00");

  await page.goto("/ops");
  await page.keyboard.press("Control+k");
  const dialog = page.getByRole("dialog", { name: t("shell.search.title") });
  const input = dialog.getByRole("combobox", { name: t("shell.search.label") });
  await input.fill(found.txid);
  await expect(dialog.getByRole("option", { name: new RegExp(`chg_${chargeId}`) })).toBeVisible();
  await checkPage(page, "ops-search-dialog");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/ops/charges/${chargeId}$`));
  await expect(page.getByRole("heading", { name: "R$ 61,00" })).toBeVisible();

  await page.getByRole("button", { name: t("shell.search.button") }).click();
  await input.fill(found.e2eId);
  await dialog.getByRole("option", { name: new RegExp(`chg_${chargeId}`) }).click();
  await expect(page).toHaveURL(new RegExp(`/ops/charges/${chargeId}$`));

  await page.keyboard.press("Control+k");
  await input.fill(created.withdrawalReference);
  await expect(dialog.getByRole("option", { name: new RegExp(created.withdrawalReference) })).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/ops/withdrawals/${created.id}$`));
  await expect(page.getByRole("heading", { name: "R$ 42,00" })).toBeVisible();

  await page.keyboard.press("Control+k");
  await input.fill("45723174000110");
  // The CNPJ reads as people write it, whatever was typed.
  await expect(dialog.getByRole("option", { name: /Search Target Ltda/ })).toContainText("45.723.174/0001-10");
  await dialog.getByRole("option", { name: /Search Target Ltda/ }).click();
  await expect(page).toHaveURL(new RegExp(`/ops/companies/${company.id}$`));

  await page.keyboard.press("Control+k");
  await input.fill("search targ");
  await expect(dialog.getByRole("option", { name: /Search Target Ltda/ })).toBeVisible();
  await input.fill("no such thing at all");
  await expect(dialog.getByText(t("shell.search.nothingFound"))).toBeVisible();
});
