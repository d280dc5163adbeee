import { charge, createCompany, gql, merchantBalance } from "../support/api";
import { USERS } from "../support/env";
import { expect, test } from "../support/fixtures";
import { t } from "../support/i18n";
import { checkPage } from "../support/page-check";

test("the charges list filters by status and reserve in the URL", async ({ page }) => {
  test.setTimeout(120_000); // several pages, each screenshot twice and checked by axe, on a shared machine
  const company = await createCompany("Charges Filter Ltda");
  await charge(company.id, "10.00", "Pedido pendente");
  await charge(company.id, "20.00", "Pedido pago", "Paula Pagadora");
  await page.goto(`/ops/charges?company=${company.id}`);
  const table = page.getByRole("table", { name: t("charges.table.label") });
  await expect(table.getByRole("row")).toHaveCount(3);
  await checkPage(page, "ops-charges");
  await page.getByRole("button", { name: t("charges.table.statusFilter") }).click();
  await page.getByRole("option", { name: t("common.status.charge.PAID") }).click();
  await expect(page).toHaveURL(/status=PAID/);
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText("Paula Pagadora");
  await page.keyboard.press("Escape");
  await page.reload();
  await expect(table.getByRole("row")).toHaveCount(2);
  // Nothing of this account was refunded: the refunds filter finds nothing, and says so.
  await page.goto(`/ops/charges?company=${company.id}&moneyBack=refunded`);
  await expect(page.getByText(t("charges.table.noMatch"))).toBeVisible();
  // Created range in São Paulo days, both ends included, also in the export.
  const day = (offset: number) =>
    new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(
      new Date(Date.now() + offset * 86_400_000),
    );
  await page.goto(`/ops/charges?company=${company.id}&from=${day(0)}&to=${day(0)}`);
  await expect(table.getByRole("row")).toHaveCount(3);
  // Days read dd/mm/aaaa whatever the browser's language (the URL keeps ISO days).
  const typed = (iso: string) => iso.split("-").reverse().join("/");
  await expect(page.getByLabel(t("charges.table.createdFrom"))).toHaveValue(typed(day(0)));
  await expect(page.getByLabel(t("charges.table.createdFrom"))).toHaveAttribute("placeholder", "dd/mm/aaaa");
  const today = await page.request.get(`/api/export/charges?company=${company.id}&from=${day(0)}&to=${day(0)}`);
  expect((await today.text()).trim().split("\r\n")).toHaveLength(3);
  await page.goto(`/ops/charges?company=${company.id}&to=${day(-1)}`);
  await expect(page.getByText(t("charges.table.noMatch"))).toBeVisible();
  await page.goto(`/ops/charges?company=${company.id}`);
  await page.getByLabel(t("charges.table.createdFrom")).fill(typed(day(1)));
  await expect(page).toHaveURL(new RegExp(`from=${day(1)}`));
  await expect(page.getByText(t("charges.table.noMatch"))).toBeVisible();
  await page.goto(`/ops/charges?company=${company.id}&reserved=held`);
  await expect(page.getByText(t("charges.table.noMatch"))).toBeVisible();
  await checkPage(page, "ops-charges-empty");
});

test("reserve with a reason takes a paid charge out of the balance, release puts it back", async ({ page }) => {
  test.setTimeout(120_000); // several pages, each screenshot twice and checked by axe, on a shared machine
  const company = await createCompany("Reserve Test Ltda", { feePercent: "0", feeFixed: "0" });
  const id = await charge(company.id, "80.00", "Venda contestada", "Carlos Contestador");
  expect(await merchantBalance(company.clientSecret)).toBe(80);

  await page.goto(`/ops/charges/${id}`);
  await expect(page.getByRole("heading", { name: "R$ 80,00" })).toBeVisible();
  await expect(page.getByRole("img", { name: t("common.qrCode") })).toBeVisible();
  const { charge: read } = await gql<{ charge: { pixCode: string } }>(
    `query($id: ID!) { charge(id: $id) { pixCode } }`,
    {
      id,
    },
  );
  await expect(page.getByTestId("br-code")).toHaveText(read.pixCode);
  await checkPage(page, "ops-charge-detail-paid");

  await page.getByRole("button", { name: t("charges.actions.reserve") }).click();
  const dialog = page.getByRole("dialog", { name: t("charges.actions.reserveTitle", { reference: `chg_${id}` }) });
  await expect(dialog).toContainText("R$ 80,00");
  const confirm = dialog.getByRole("button", { name: t("charges.actions.confirmReserve") });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(t("charges.actions.reason")).fill("Chargeback opened by the payer");
  await checkPage(page, "ops-charge-reserve-dialog");
  await confirm.click();
  await expect(page.getByText(t("charges.actions.reserved", { reference: `chg_${id}` }))).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Chargeback opened by the payer" })).toBeVisible();
  expect(await merchantBalance(company.clientSecret)).toBe(0);
  await page.goto(`/ops/companies/${company.id}`);
  await expect(page.getByRole("region", { name: t("companies.page.balance") })).toContainText("R$ 0,00");

  await page.goto(`/ops/charges/${id}`);
  await expect(page.getByRole("list", { name: t("charges.detail.timelineLabel") })).toContainText(
    t("charges.detail.steps.charge_reserve"),
  );
  // The operator by name or e-mail, not as operator:usr_…
  await expect(page.getByRole("list", { name: t("charges.detail.timelineLabel") })).toContainText(USERS.admin.email);
  await expect(page.getByRole("list", { name: t("charges.detail.timelineLabel") })).not.toContainText("operator:usr_");
  await checkPage(page, "ops-charge-detail-reserved");
  await page.getByRole("button", { name: t("charges.actions.release") }).click();
  await expect(page.getByText(t("charges.actions.released", { reference: `chg_${id}` }))).toBeVisible();
  await expect(page.getByRole("list", { name: t("charges.detail.timelineLabel") })).toContainText(
    t("charges.detail.steps.charge_release"),
  );
  expect(await merchantBalance(company.clientSecret)).toBe(80);
  await page.goto(`/ops/companies/${company.id}`);
  await expect(page.getByRole("region", { name: t("companies.page.balance") })).toContainText("R$ 80,00");
});

test("a pending charge is paid in the sandbox from its page, under the sandbox's banner", async ({ page }) => {
  test.setTimeout(120_000); // several pages, each screenshot twice and checked by axe, on a shared machine
  const company = await createCompany("Sandbox Pay Ltda", { feePercent: "0", feeFixed: "0" });
  const id = await charge(company.id, "45.90", "Pedido sandbox");
  await page.goto(`/ops/charges/chg_${id}`);
  await expect(page.getByTestId("sandbox-banner")).toContainText(t("shell.sandbox.title"));
  await expect(page.getByTestId("sandbox-banner")).toContainText(t("shell.sandbox.operator"));
  await expect(page.getByText(t("common.status.charge.PENDING"), { exact: true }).first()).toBeVisible();
  await checkPage(page, "ops-charge-detail-pending");
  await page.getByRole("button", { name: t("charges.actions.simulate") }).click();
  await expect(page.getByText(t("charges.actions.simulated", { amount: "R$ 45,90" }))).toBeVisible();
  await expect(page.getByText(t("common.status.charge.PAID"), { exact: true }).first()).toBeVisible();
  expect(await merchantBalance(company.clientSecret)).toBe(45.9);
});

/** A valid CNPJ no other spec uses: twelve random digits and their two check digits. */
function randomCnpj(): string {
  const digits = Array.from({ length: 12 }, () => Math.floor(Math.random() * 10));
  for (const weights of [
    [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
    [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
  ]) {
    const rest = weights.reduce((sum, weight, index) => sum + weight * digits[index], 0) % 11;
    digits.push(rest < 2 ? 0 : 11 - rest);
  }
  return digits.join("");
}

test("the charges list picks one account by name or CNPJ and finds a charge by id, txid or E2E id", async ({
  page,
}) => {
  test.setTimeout(120_000); // several pages, each screenshot twice and checked by axe, on a shared machine
  const cnpj = randomCnpj();
  const suffix = Date.now().toString(36);
  const picked = await createCompany(`Filtro Picked ${suffix} Ltda`, { cnpj });
  const other = await createCompany(`Filtro Other ${suffix} Ltda`);
  const pickedCharge = await charge(picked.id, "12.34", "Pedido da escolhida", "Paula Pagadora");
  await charge(picked.id, "56.78", "Outro pedido da escolhida");
  const otherCharge = await charge(other.id, "90.00", "Pedido da outra");
  const { charge: keys } = await gql<{ charge: { txid: string; e2eId: string } }>(
    `query($id: ID!) { charge(id: $id) { txid e2eId } }`,
    { id: pickedCharge },
  );
  const table = page.getByRole("table", { name: t("charges.table.label") });

  // The company filter: a combobox fed by the companies' search, by name and by CNPJ.
  await page.goto("/ops/charges");
  await page.getByRole("button", { name: t("charges.companyFilter.title"), exact: true }).click();
  const companySearch = page.getByRole("combobox", { name: t("charges.companyFilter.label") });
  // The popover's own options (the page's rows-per-page select has options too).
  const companyOptions = page.getByRole("listbox").getByRole("option");
  await companySearch.fill(`Nenhuma ${suffix}`);
  await expect(page.getByText(t("charges.companyFilter.none"))).toBeVisible();
  await companySearch.fill(`Filtro Picked ${suffix}`);
  await expect(companyOptions).toHaveCount(1);
  await expect(companyOptions).toContainText(
    `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`,
  );
  await companySearch.fill(
    `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`,
  );
  await expect(companyOptions).toHaveCount(1);
  await expect(companyOptions).toContainText(picked.name);
  await checkPage(page, "ops-charges-company-filter");
  await page.getByRole("option", { name: new RegExp(picked.name) }).click();
  await expect(page).toHaveURL(new RegExp(`company=${picked.id}`));
  await expect(table.getByRole("row")).toHaveCount(3);
  await expect(table).toContainText("Pedido da escolhida");
  await expect(table).not.toContainText("Pedido da outra");
  const chosen = page.getByRole("button", { name: `${t("charges.companyFilter.title")}: ${picked.name}` });
  await expect(chosen).toBeVisible();

  // The search box: a charge by its id, chg_ id, txid or E2E id, within the chosen account.
  await page.goto(`/ops/charges?company=${picked.id}`);
  const search = page.getByLabel(t("charges.table.search.label"));
  await search.fill(`chg_${pickedCharge}`);
  await expect(page).toHaveURL(new RegExp(`q=chg_${pickedCharge}`));
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText("Pedido da escolhida");
  await checkPage(page, "ops-charges-search");
  for (const key of [keys.txid, keys.e2eId, pickedCharge.toLowerCase()]) {
    await page.goto(`/ops/charges?company=${picked.id}&q=${encodeURIComponent(key)}`);
    await expect(table.getByRole("row")).toHaveCount(2);
    await expect(table).toContainText("Pedido da escolhida");
  }
  // Another account's charge is found only once the company filter is cleared.
  await page.goto(`/ops/charges?company=${picked.id}&q=chg_${otherCharge}`);
  await expect(page.getByText(t("charges.table.noMatch"))).toBeVisible();
  await page.getByRole("button", { name: `${t("charges.companyFilter.title")}: ${picked.name}` }).click();
  await page.getByRole("option", { name: t("charges.companyFilter.all") }).click();
  await expect(page).not.toHaveURL(/company=/);
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText("Pedido da outra");
  // A paid status filter keeps the hit of a paid charge and drops a pending one.
  await page.goto(`/ops/charges?q=chg_${otherCharge}&status=PAID`);
  await expect(page.getByText(t("charges.table.noMatch"))).toBeVisible();
  await page.goto(`/ops/charges?q=chg_${pickedCharge}&status=PAID`);
  await expect(table.getByRole("row")).toHaveCount(2);
  // Text that is no charge key finds nothing (the API searches no descriptions).
  await page.goto("/ops/charges?q=Pedido");
  await expect(page.getByText(t("charges.table.noMatch"))).toBeVisible();
  await checkPage(page, "ops-charges-search-empty");
});
