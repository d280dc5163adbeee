import { createCompany, merchantBalance } from "../support/api";
import { expect, test } from "../support/fixtures";
import { t } from "../support/i18n";
import { expectMoneyFacts } from "../support/money-confirm";
import { checkPage } from "../support/page-check";

test("an adjustment needs a reason and changes the balance on the company page", async ({ page }) => {
  test.setTimeout(240_000); // several pages, each screenshot twice and checked by axe, on a shared machine
  const company = await createCompany("Adjust Test Ltda");
  await page.goto(`/ops/adjustments?company=${company.id}`);
  await expect(page.getByText(t("adjustments.table.emptyFiltered"))).toBeVisible();
  await checkPage(page, "ops-adjustments-empty");

  await page.getByRole("button", { name: t("adjustments.create.open") }).click();
  const dialog = page.getByRole("dialog", { name: t("adjustments.create.title") });
  await dialog.getByLabel(t("adjustments.create.amount")).fill("1.234,56");
  const submit = dialog.getByRole("button", { name: t("adjustments.create.submitCredit", { amount: "R$ 1.234,56" }) });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel(t("adjustments.create.reason")).fill("Refund of a duplicated fee");
  await checkPage(page, "ops-adjustment-create-dialog");
  // Nothing moves before a second step names the account (name and id), the direction and the amount.
  await submit.click();
  const review = page.getByRole("dialog", { name: t("adjustments.create.review.title") });
  await expectMoneyFacts(review, {
    account: t("adjustments.create.review.accountName", { name: "Adjust Test Ltda", id: company.id }),
    amount: "+R$ 1.234,56",
  });
  await expect(review.getByTestId("confirm-operation")).toHaveText(t("adjustments.create.review.credit"));
  await expect(review).toContainText("Refund of a duplicated fee");
  await checkPage(page, "ops-adjustment-review");
  expect(await merchantBalance(company.clientSecret)).toBe(0);
  // "Voltar" returns to the form as it was filled.
  await review.getByRole("button", { name: t("adjustments.create.review.back") }).click();
  await expect(dialog.getByLabel(t("adjustments.create.amount"))).toHaveValue("1.234,56");
  await submit.click();
  await review.getByRole("button", { name: t("adjustments.create.review.confirm") }).click();
  await expect(page.getByText(t("adjustments.create.credited", { amount: "R$ 1.234,56" }))).toBeVisible();
  const table = page.getByRole("table", { name: t("adjustments.table.label") });
  await expect(table).toContainText("Refund of a duplicated fee");
  await expect(table).toContainText("+R$ 1.234,56");
  await page.reload(); // the toast gone: axe checks the page, not a fading notification
  await checkPage(page, "ops-adjustments");
  expect(await merchantBalance(company.clientSecret)).toBe(1234.56);

  await page.getByRole("button", { name: t("adjustments.create.open") }).click();
  await dialog.getByRole("tab", { name: t("adjustments.create.debit") }).click();
  await dialog.getByLabel(t("adjustments.create.amount")).fill("34,56");
  await dialog.getByLabel(t("adjustments.create.reason")).fill("Bank fee charged back");
  await dialog.getByRole("button", { name: t("adjustments.create.submitDebit", { amount: "R$ 34,56" }) }).click();
  await expectMoneyFacts(review, { amount: "-R$ 34,56" });
  await expect(review.getByTestId("confirm-operation")).toHaveText(t("adjustments.create.review.debit"));
  await review.getByRole("button", { name: t("adjustments.create.review.confirm") }).click();
  await expect(page.getByText(t("adjustments.create.debited", { amount: "R$ 34,56" }))).toBeVisible();

  await page.goto(`/ops/companies/${company.id}`);
  await expect(page.getByRole("region", { name: t("companies.page.balance") })).toContainText("R$ 1.200,00");
  expect(await merchantBalance(company.clientSecret)).toBe(1200);
});
