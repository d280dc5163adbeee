import { charge, createCompany, gql, merchantBalance } from "../support/api";
import { expect, test } from "../support/fixtures";
import { t } from "../support/i18n";
import { checkPage } from "../support/page-check";

test("the charges list filters by status and reserve in the URL", async ({ page }) => {
  test.setTimeout(120_000); // several pages, each screenshot twice and checked by axe, on a shared machine
  const company = await createCompany("Charges Filter Ltda");
  await charge(company.id, "10.00", "Pedido pendente");
  await charge(company.id, "20.00", "Pedido pago", "Paula Pagadora");
  await page.goto(`/ops/charges?company=${company.id}`);
  const table = page.getByRole("table", { name: "Charges, newest first" });
  await expect(table.getByRole("row")).toHaveCount(3);
  await checkPage(page, "ops-charges");
  await page.getByRole("button", { name: "Status" }).click();
  await page.getByRole("option", { name: t("common.status.charge.PAID") }).click();
  await expect(page).toHaveURL(/status=PAID/);
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText("Paula Pagadora");
  await page.keyboard.press("Escape");
  await page.reload();
  await expect(table.getByRole("row")).toHaveCount(2);
  // Created range in São Paulo days, both ends included, also in the export.
  const day = (offset: number) =>
    new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(
      new Date(Date.now() + offset * 86_400_000),
    );
  await page.goto(`/ops/charges?company=${company.id}&from=${day(0)}&to=${day(0)}`);
  await expect(table.getByRole("row")).toHaveCount(3);
  await expect(page.getByLabel("Created from")).toHaveValue(day(0));
  const today = await page.request.get(`/api/export/charges?company=${company.id}&from=${day(0)}&to=${day(0)}`);
  expect((await today.text()).trim().split("\r\n")).toHaveLength(3);
  await page.goto(`/ops/charges?company=${company.id}&to=${day(-1)}`);
  await expect(page.getByText("No charge matches")).toBeVisible();
  await page.goto(`/ops/charges?company=${company.id}&from=${day(1)}`);
  await expect(page.getByText("No charge matches")).toBeVisible();
  await page.goto(`/ops/charges?company=${company.id}&reserved=held`);
  await expect(page.getByText("No charge matches")).toBeVisible();
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

  await page.getByRole("button", { name: "Reserve" }).click();
  const dialog = page.getByRole("dialog", { name: `Reserve chg_${id}` });
  await expect(dialog).toContainText("R$ 80,00");
  const confirm = dialog.getByRole("button", { name: "Reserve charge" });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel("Reason (kept in the audit log)").fill("Chargeback opened by the payer");
  await checkPage(page, "ops-charge-reserve-dialog");
  await confirm.click();
  await expect(page.getByText(`Reserved chg_${id}`)).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Chargeback opened by the payer" })).toBeVisible();
  expect(await merchantBalance(company.clientSecret)).toBe(0);
  await page.goto(`/ops/companies/${company.id}`);
  await expect(page.getByRole("region", { name: t("companies.page.balance") })).toContainText("R$ 0,00");

  await page.goto(`/ops/charges/${id}`);
  await expect(page.getByRole("list", { name: "Charge timeline" })).toContainText("Reserved by an operator");
  await checkPage(page, "ops-charge-detail-reserved");
  await page.getByRole("button", { name: "Release" }).click();
  await expect(page.getByText(`Released chg_${id}`)).toBeVisible();
  await expect(page.getByRole("list", { name: "Charge timeline" })).toContainText("Released by an operator");
  expect(await merchantBalance(company.clientSecret)).toBe(80);
  await page.goto(`/ops/companies/${company.id}`);
  await expect(page.getByRole("region", { name: t("companies.page.balance") })).toContainText("R$ 80,00");
});

test("a pending charge is paid in the sandbox from its page", async ({ page }) => {
  test.setTimeout(120_000); // several pages, each screenshot twice and checked by axe, on a shared machine
  const company = await createCompany("Sandbox Pay Ltda", { feePercent: "0", feeFixed: "0" });
  const id = await charge(company.id, "45.90", "Pedido sandbox");
  await page.goto(`/ops/charges/chg_${id}`);
  await expect(page.getByText(t("common.status.charge.PENDING"), { exact: true }).first()).toBeVisible();
  await checkPage(page, "ops-charge-detail-pending");
  await page.getByRole("button", { name: "Simulate payment" }).click();
  await expect(page.getByText("Sandbox payment of R$ 45,90 received")).toBeVisible();
  await expect(page.getByText(t("common.status.charge.PAID"), { exact: true }).first()).toBeVisible();
  expect(await merchantBalance(company.clientSecret)).toBe(45.9);
});
