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
  // The axis reads whole amounts ("R$ 400,0 mil" once lost its "R" to the chart's left edge).
  const figure = await page.getByRole("figure").boundingBox();
  const ticks = page.locator("[data-chart-tick]");
  expect(await ticks.count()).toBe(5);
  for (const tick of await ticks.all()) {
    expect(await tick.innerText()).toMatch(/^R\$/);
    expect((await tick.boundingBox())?.x).toBeGreaterThanOrEqual(figure?.x ?? Number.POSITIVE_INFINITY);
  }
  // checkPage also holds it to the phone's width (the queue's long references once pushed it 23 px wider).
  await checkPage(page, "ops-overview");
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

test("a company page shows its CNPJ and the account's actions", async ({ page }) => {
  const { companies } = await gql<{ companies: { data: Array<{ id: string }> } }>(
    `query { companies(search: "11222333000181") { data { id } } }`,
  );
  await page.goto(`/ops/companies/${companies.data[0].id}`);
  await expect(page.getByTestId("company-cnpj")).toHaveText(t("companies.page.cnpj", { cnpj: "11.222.333/0001-81" }));
  const actions = page.getByRole("navigation", { name: t("companies.page.actions.label") });
  await expect(actions.getByRole("link", { name: t("companies.page.actions.charges") })).toHaveAttribute(
    "href",
    `/ops/charges?company=${companies.data[0].id}`,
  );
  await expect(actions.getByRole("button", { name: t("adjustments.create.open") })).toBeVisible();
  await expect(page.getByRole("button", { name: t("companies.form.edit") })).toBeVisible();
});

test("an operator creates a company from the console, its CNPJ checked, then edits it", async ({ page }) => {
  await page.goto("/ops/companies");
  await page.getByRole("button", { name: t("companies.form.new") }).click();
  const dialog = page.getByRole("dialog", { name: t("companies.form.newTitle") });
  await dialog.getByLabel(t("companies.form.name")).fill("Quitanda Ipê Roxo");
  // A wrong check digit: refused beside the field by the service's own validator, nothing sent.
  await dialog.getByLabel(t("companies.form.cnpj")).fill("11.222.333/0001-82");
  // Each fee field names its unit.
  await expect(dialog.locator("label", { hasText: t("companies.form.feePercent") })).toHaveText(/\(%\)$/);
  await expect(dialog.locator("label", { hasText: t("companies.form.feeFixed") })).toHaveText(/\(R\$\)$/);
  await dialog.getByLabel(t("companies.form.feePercent")).fill("1,5");
  await dialog.getByRole("button", { name: t("companies.form.create") }).click();
  await expect(dialog.getByRole("alert")).toHaveText(t("companies.form.errors.cnpj"));
  await expect(dialog.locator("label", { hasText: t("companies.form.autoApproveLimit") })).toHaveText(/\(R\$\)$/);
  // Fields side by side stay aligned when one of them grows an error below it.
  const top = async (label: string) => (await dialog.getByLabel(label).boundingBox())?.y;
  expect(await top(t("companies.form.city"))).toBe(await top(t("companies.form.cnpj")));
  await checkPage(page, "ops-company-new");
  // The API's own answer to a bad value comes back as its code, in the reader's language.
  await dialog.getByLabel(t("companies.form.cnpj")).fill("");
  await dialog.getByLabel(t("companies.form.name")).fill("Q".repeat(300));
  await dialog.getByRole("button", { name: t("companies.form.create") }).click();
  await expect(dialog.getByRole("alert")).toContainText(t("errors.codes.VALIDATION_ERROR"));
  await dialog.getByLabel(t("companies.form.name")).fill("Quitanda Ipê Roxo");
  await dialog.getByLabel(t("companies.form.cnpj")).fill("45.723.174/0001-10");
  // An owner's address that is no e-mail: refused beside its field (the check the team's invite uses), nothing sent.
  await dialog.getByLabel(t("companies.form.ownerEmail")).fill("dona@quitanda");
  await dialog.getByRole("button", { name: t("companies.form.create") }).click();
  await expect(dialog.getByRole("alert")).toHaveText(t("companies.form.errors.ownerEmail"));
  await dialog.getByLabel(t("companies.form.ownerEmail")).fill("dona@quitanda-ipe.test");
  await dialog.getByRole("button", { name: t("companies.form.create") }).click();
  const created = page.getByRole("dialog", { name: t("companies.form.createdTitle", { name: "Quitanda Ipê Roxo" }) });
  await expect(created.getByTestId("client-secret")).toHaveText(/\S{20,}/);
  await expect(created.getByTestId("owner-invite-url")).toContainText("/accept-invite?token=");
  await created.getByRole("link", { name: t("companies.form.openCompany") }).click();
  await expect(page.getByRole("heading", { name: "Quitanda Ipê Roxo" })).toBeVisible();
  await expect(page.getByTestId("company-cnpj")).toHaveText(t("companies.page.cnpj", { cnpj: "45.723.174/0001-10" }));
  await expect(page.getByText("1,50 %")).toBeVisible();

  await page.getByRole("button", { name: t("companies.form.edit") }).click();
  const edit = page.getByRole("dialog", { name: t("companies.form.editTitle", { name: "Quitanda Ipê Roxo" }) });
  await expect(edit.getByLabel(t("companies.form.feePercent"))).toHaveValue("1,50");
  // The stored 14 characters come back masked, as the list and the page show them (formatDocument).
  await expect(edit.getByLabel(t("companies.form.cnpj"))).toHaveValue("45.723.174/0001-10");
  await edit.getByLabel(t("companies.form.name")).fill("Quitanda Ipê Branco");
  await edit.getByLabel(t("companies.form.feeFixed")).fill("0,35");
  await edit.getByRole("button", { name: t("companies.form.save") }).click();
  await expect(page.getByRole("heading", { name: "Quitanda Ipê Branco" })).toBeVisible();
  await expect(page.getByText("1,50 % + R$ 0,35")).toBeVisible();
  await checkPage(page, "ops-company-edited");
});
