import type { Browser, Page } from "@playwright/test";
import { freshMerchant } from "../merchant/fresh-merchant";
import { acceptInvite, charge, createCompany, inviteOperator, withdrawal } from "../support/api";
import { expect, test } from "../support/fixtures";
import { chooseEnglish, tEn } from "../support/i18n";
import { checkPage } from "../support/page-check";
import { signInElsewhere } from "../support/sign-in";

/**
 * One run in English: users who chose English (kept on their user, setConsoleLocale) read the
 * main pages in English, <html lang="en">. Users of their own, so no other spec's pages change
 * language.
 */
test.describe.configure({ timeout: 180_000 });

async function signedIn(browser: Browser, email: string, password: string): Promise<Page> {
  return (await signInElsewhere(browser, email, password)).page;
}

test("an operator who chose English reads charges and withdrawals in English", async ({ browser }) => {
  const email = `eli.english.${Date.now()}@pix.test`;
  const password = "e2e-english-operator-password";
  await acceptInvite(await inviteOperator(email, "Eli English", "OPERATOR"), password, "Eli English");
  const page = await signedIn(browser, email, password);
  await chooseEnglish(page);

  const company = await createCompany("Wordsworth Trading Ltda", { feePercent: "0.00", feeFixed: "0.00" });
  const chargeId = await charge(company.id, "12.00", "Order in English", "Eve Payer");
  const created = await withdrawal(company.id, "5.00", "+5511987654321", "TELEFONE");

  await page.goto(`/ops/charges?company=${company.id}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { name: tEn("charges.title") })).toBeVisible();
  const table = page.getByRole("table", { name: tEn("charges.table.label") });
  await expect(table).toContainText("Eve Payer");
  await expect(page.getByLabel(tEn("charges.table.createdFrom"))).toBeVisible();
  await checkPage(page, "en-ops-charges");

  await page.goto(`/ops/charges/${chargeId}`);
  await expect(page.getByRole("heading", { name: tEn("charges.detail.details") })).toBeVisible();
  await expect(page.getByRole("list", { name: tEn("charges.detail.timelineLabel") })).toContainText(
    tEn("charges.detail.steps.paid"),
  );
  await expect(page.getByRole("button", { name: tEn("charges.actions.reserve") })).toBeVisible();
  await checkPage(page, "en-ops-charge-detail");

  await page.goto(`/ops/withdrawals/${created.id}`);
  const timeline = page.getByRole("list", { name: tEn("withdrawalDetail.timelineLabel") });
  await expect(timeline).toContainText(tEn("withdrawalDetail.steps.operator.PENDING"));
  await expect(page.getByTestId("destination-key")).toHaveText("+55 (11) 98765-4321");
  await expect(page.getByText(tEn("confirm.keyTypes.TELEFONE"), { exact: true })).toBeVisible();
  await checkPage(page, "en-ops-withdrawal-detail");

  await page.goto(`/ops/withdrawals?company=${company.id}`);
  await expect(page.getByRole("heading", { name: tEn("withdrawals.title") })).toBeVisible();
  await expect(
    page.getByRole("button", { name: tEn("withdrawals.row.approveFor", { reference: created.withdrawalReference }) }),
  ).toBeVisible();
  await page.context().close();
});

test("a merchant who chose English reads charges, a new charge and the statement in English", async ({ browser }) => {
  const merchant = await freshMerchant(browser, "english", "Wordsworth Books Ltda");
  const context = await browser.newContext({ storageState: merchant.storageState });
  const page = await context.newPage();
  await page.goto("/m");
  await chooseEnglish(page);

  await page.goto("/m/charges");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { name: tEn("merchantCharges.list.title") })).toBeVisible();
  await expect(page.getByText(tEn("merchantCharges.list.empty"))).toBeVisible();
  await checkPage(page, "en-merchant-charges");

  await page.getByRole("link", { name: tEn("merchantCharges.list.new") }).click();
  await page.getByLabel(tEn("merchantCharges.create.amount")).fill("abc");
  await page.getByRole("button", { name: tEn("merchantCharges.create.submit") }).click();
  await expect(page.getByText(tEn("merchantCharges.create.amountInvalid"))).toBeVisible();
  await page.getByLabel(tEn("merchantCharges.create.amount")).fill("30,00");
  await expect(page.getByText(tEn("merchantCharges.create.amountHint", { amount: "R$ 30,00" }))).toBeVisible();
  await checkPage(page, "en-merchant-charge-new");
  await page.getByRole("button", { name: tEn("merchantCharges.create.submit") }).click();
  await expect(page.getByRole("heading", { name: tEn("merchantCharges.detail.showPayer") })).toBeVisible();
  await expect(page.getByRole("list", { name: tEn("merchantCharges.detail.history") })).toContainText(
    tEn("merchantCharges.detail.steps.created"),
  );

  await page.goto("/m/statement");
  await expect(page.getByRole("heading", { name: tEn("statement.title") })).toBeVisible();
  await expect(page.getByText(tEn("statement.empty"))).toBeVisible();
  await checkPage(page, "en-merchant-statement");
  await context.close();
});
