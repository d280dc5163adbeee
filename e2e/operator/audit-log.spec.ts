import type { Locator, Page } from "@playwright/test";
import { formatBRL } from "../../admin-ui/lib/format";
import { createCompany, gql } from "../support/api";
import { ADMIN_EMAIL, BASE_URL } from "../support/env";
import { expect, test } from "../support/fixtures";
import { t } from "../support/i18n";
import { checkPage } from "../support/page-check";
import { readSeed } from "../support/seed";

/** A row's "…" menu, then one of its items. */
async function openMenuItem(page: Page, row: Locator, item: string) {
  await row.getByRole("button", { name: new RegExp(t("audit.table.actionsFor", { id: "" })) }).click();
  await page.getByRole("menuitem", { name: item }).click();
}

// Several pages per test, each screenshot at two widths and checked by axe, on a shared machine.
test.describe.configure({ timeout: 120_000 });

test("the audit log pages by cursor, filters by object, and shows an entry's changes", async ({ page }) => {
  await page.goto("/ops/audit-log?perPage=10");
  const table = page.getByRole("table", { name: t("audit.table.label") });
  await expect(table.getByRole("row")).toHaveCount(11);
  // Actors by name and e-mail (the raw id only in the tooltip).
  await expect(table).not.toContainText("operator:usr_");
  await expect(table).not.toContainText("merchant:cred_");
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
  // Actions in words, not their codes.
  const created = t("audit.actions.company.create");
  await expect(table.getByRole("row").filter({ hasText: created })).toHaveCount(1);
  await expect(table.getByRole("row").filter({ hasText: created })).toContainText(t("actors.operatorToken"));
  await expect(table).not.toContainText("company.create");
  await openMenuItem(page, table.getByRole("row").filter({ hasText: created }), t("audit.table.viewChanges"));
  const dialog = page.getByRole("dialog", { name: created });
  await expect(dialog).toContainText("Padaria Pão Quente");
  await checkPage(page, "ops-audit-log-entry");
});

test("the audit log filters by actor, action and São Paulo days in the URL", async ({ page }) => {
  const company = await createCompany(`Auditada ${Date.now().toString(36)} Ltda`);
  const table = page.getByRole("table", { name: t("audit.table.label") });
  const day = (offset: number) =>
    new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(
      new Date(Date.now() + offset * 86_400_000),
    );
  const typed = (iso: string) => iso.split("-").reverse().join("/");

  // The action filter offers the service's actions, in words and found by code too; picking one keeps it in the URL.
  const created = t("audit.actions.company.create");
  await page.goto("/ops/audit-log?perPage=50");
  await page.getByRole("button", { name: t("audit.filters.action") }).click();
  await page
    .getByRole("combobox", { name: t("common.table.filterOptions", { title: t("audit.filters.action") }) })
    .fill("company.cr");
  await page.getByRole("option", { name: created }).click();
  await expect(page).toHaveURL(/action=company\.create/);
  await page.keyboard.press("Escape");
  // The page is read again after the URL changes: poll until every row is the action's.
  const column = (n: number) => table.getByRole("row").locator(`td:nth-child(${n})`).allTextContents();
  await expect.poll(async () => [...new Set(await column(3))]).toEqual([created]);
  await expect(table.getByRole("row").filter({ hasText: company.id })).toHaveCount(1);

  // A row's menu narrows to its actor (the e2e API token made the company).
  await openMenuItem(page, table.getByRole("row").filter({ hasText: company.id }), t("audit.table.onlyActor"));
  await expect(page).toHaveURL(/actor=operator%3Atoken|actor=operator:token/);
  await expect(page.getByRole("button", { name: t("audit.filters.actor") })).toContainText(t("actors.operatorToken"));
  await expect
    .poll(async () => [...new Set((await column(2)).map((cell) => cell.includes(t("actors.operatorToken"))))])
    .toEqual([true]);
  await expect.poll(async () => [...new Set(await column(3))]).toEqual([created]);

  // Days typed dd/mm/aaaa: today holds the new company's row, yesterday and before does not.
  await page.getByRole("textbox", { name: t("audit.filters.from"), exact: true }).fill(typed(day(0)));
  await expect(page).toHaveURL(new RegExp(`from=${day(0)}`));
  await page.getByRole("textbox", { name: t("audit.filters.to"), exact: true }).fill(typed(day(0)));
  await expect(page).toHaveURL(new RegExp(`to=${day(0)}`));
  await expect(table.getByRole("row").filter({ hasText: company.id })).toHaveCount(1);
  await checkPage(page, "ops-audit-log-filtered");
  await page.reload();
  await expect(page.getByRole("textbox", { name: t("audit.filters.from"), exact: true })).toHaveValue(typed(day(0)));
  await expect(table.getByRole("row").filter({ hasText: company.id })).toHaveCount(1);
  await page.goto(`/ops/audit-log?action=company.create&actor=operator%3Atoken&to=${day(-1)}&q=${company.id}`);
  await expect(page.getByText(t("audit.empty.noMatch"))).toBeVisible();
  await page.goto(`/ops/audit-log?action=company.create&from=${day(1)}`);
  await expect(page.getByText(t("audit.empty.noMatch"))).toBeVisible();
  await checkPage(page, "ops-audit-log-filtered-empty");
  // The export writes the same rows.
  const csv = await page.request.get(
    `/api/export/audit-log?action=company.create&from=${day(0)}&to=${day(0)}&q=${company.id}`,
  );
  expect((await csv.text()).trim().split("\r\n")).toHaveLength(2);
});

test("an entry's changes read as a diff: changed fields with before and after, the rest folded", async ({ page }) => {
  const company = await createCompany(`Antes ${Date.now().toString(36)} Ltda`, {
    city: "Recife",
    feeFixed: "3.00",
    feePercent: "1.50",
    autoApproveLimit: "250.00",
  });
  await gql(`mutation($id: ID!, $input: UpdateCompanyInput!) { updateCompany(id: $id, input: $input) { id } }`, {
    id: company.id,
    input: { name: `${company.name} Renomeada`, city: "Olinda" },
  });
  await page.goto(`/ops/audit-log?q=${company.id}&action=company.update`);
  const table = page.getByRole("table", { name: t("audit.table.label") });
  await expect(table.getByRole("row")).toHaveCount(2);
  await openMenuItem(page, table.getByRole("row").nth(1), t("audit.table.viewChanges"));
  const dialog = page.getByRole("dialog", { name: t("audit.actions.company.update") });
  await expect(dialog.getByRole("heading", { name: t("audit.dialog.changed", { count: 2 }) })).toBeVisible();
  const changed = dialog.getByRole("list", { name: t("audit.dialog.changed", { count: 2 }) }).getByRole("listitem");
  await expect(changed).toHaveCount(2);
  // Each changed field, by its name in words, with its value before and after (the stored JSON keeps its own key order).
  const name = changed.filter({ hasText: new RegExp(`^${t("audit.fields.name")}`) });
  await expect(name).toContainText(`${t("audit.dialog.before")}: ${company.name}`);
  await expect(name).toContainText(`${t("audit.dialog.after")}: ${company.name} Renomeada`);
  await expect(changed.filter({ hasText: new RegExp(`^${t("audit.fields.city")}`) })).toHaveText(
    `${t("audit.fields.city")}${t("audit.dialog.before")}: Recife${t("audit.dialog.after")}: Olinda`,
  );
  // The five unchanged fields are folded away until opened.
  const unchangedLabel = t("audit.dialog.unchanged", { count: 5 });
  const unchanged = dialog.getByRole("list", { name: unchangedLabel });
  await expect(unchanged).toBeHidden();
  await checkPage(page, "ops-audit-log-diff");
  await dialog.getByText(unchangedLabel).click();
  await expect(unchanged.getByRole("listitem")).toHaveCount(5);
  await expect(unchanged).toContainText(t("audit.fields.feePercent"));
  await expect(unchanged).toContainText(t("audit.fields.webhookUrl"));
  await expect(unchanged).not.toContainText("feePercent");
  // No webhook URL, before and after: an empty value in words, not the stored JSON's null.
  await expect(unchanged.getByRole("listitem").filter({ hasText: t("audit.fields.webhookUrl") })).toHaveText(
    `${t("audit.fields.webhookUrl")}${t("audit.dialog.before")}: ${t("audit.dialog.emptyValue")}${t("audit.dialog.after")}: ${t("audit.dialog.emptyValue")}`,
  );
  // Money and percentages as Brazilians write them (the API stores "3.00", "1.50"), not as stored.
  const unchangedRow = (field: "feeFixed" | "feePercent" | "autoApproveLimit") =>
    unchanged.getByRole("listitem").filter({ hasText: t(`audit.fields.${field}`) });
  const both = (field: "feeFixed" | "feePercent" | "autoApproveLimit", value: string) =>
    `${t(`audit.fields.${field}`)}${t("audit.dialog.before")}: ${value}${t("audit.dialog.after")}: ${value}`;
  await expect(unchangedRow("feeFixed")).toHaveText(both("feeFixed", formatBRL("3.00")));
  await expect(unchangedRow("feePercent")).toHaveText(both("feePercent", "1,50 %"));
  await expect(unchangedRow("autoApproveLimit")).toHaveText(both("autoApproveLimit", formatBRL("250.00")));
  await checkPage(page, "ops-audit-log-diff-open");
});

test("fields that name a person (requestedBy, confirmedBy) read as that person, not their id", async ({ page }) => {
  const company = await createCompany(`Ajustada ${Date.now().toString(36)} Ltda`);
  await page.goto("/ops/audit-log?perPage=10");
  // The signed-in operator asks for an adjustment: its audit row's requestedBy is their actor id.
  const answer = await page.request.post("/graphql", {
    headers: { origin: BASE_URL, "content-type": "application/json" },
    data: {
      query: `mutation($c: ID!) { createAdjustment(companyId: $c, amount: "3.00", description: "acerto") { id requestedBy } }`,
      variables: { c: company.id },
    },
  });
  const body = await answer.json();
  expect(body.errors).toBeUndefined();
  const { id, requestedBy } = body.data.createAdjustment as { id: string; requestedBy: string };
  expect(requestedBy).toMatch(/^operator:usr_/);
  await page.goto(`/ops/audit-log?q=${id}`);
  const table = page.getByRole("table", { name: t("audit.table.label") });
  await expect(table.getByRole("row")).toHaveCount(2);
  await openMenuItem(page, table.getByRole("row").nth(1), t("audit.table.viewChanges"));
  const dialog = page.getByRole("dialog");
  const requested = dialog.getByRole("listitem").filter({ hasText: new RegExp(`^${t("audit.fields.requestedBy")}`) });
  await expect(requested).toContainText(ADMIN_EMAIL);
  await expect(requested.getByTitle(requestedBy)).toBeVisible();
  await expect(dialog).not.toContainText("operator:usr_");
  await checkPage(page, "ops-audit-log-named-actors");
});
