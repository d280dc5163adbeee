import { gql } from "../support/api";
import { expect, test } from "../support/fixtures";
import { t } from "../support/i18n";
import { checkPage } from "../support/page-check";
import { type FreshMerchant, freshMerchant } from "./fresh-merchant";

/**
 * A school bills with a due date (CONTRACT §11), on an account of its own: a customer is
 * created, then a charge of R$ 300,00 due in 10 days with a 2 % fine, 1 % a month interest
 * and R$ 10,00 off until day 5; the preview asks the server what each day costs; the payer
 * pays through the sandbox 30 days late: the charge shows the R$ 309,00 paid, the balance and
 * the statement its net (fee 1 % + R$ 0,50 of it: R$ 3,59; net R$ 305,41).
 */
test.describe.configure({ mode: "serial", timeout: 300_000 });
test.use({ storageState: "e2e/.auth/fresh-due-date.json" });

let merchant: FreshMerchant;
let customerId: string;
let chargeId: string;

const isoDay = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" });
/** A day in São Paulo `offset` days from today, YYYY-MM-DD (noon-based, so no DST edge). */
function day(offset: number): string {
  const [y, m, d] = isoDay.format(new Date()).split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + offset, 12)).toISOString().slice(0, 10);
}
const brDay = (iso: string) => iso.split("-").reverse().join("/");

test.beforeAll(async ({ browser }) => {
  merchant = await freshMerchant(browser, "due-date", "Escola Aurora");
});

test("a merchant creates a customer", async ({ page }) => {
  await page.goto("/m/customers");
  await expect(page.getByRole("heading", { name: t("customers.list.title") })).toBeVisible();
  await expect(page.getByText(t("customers.list.empty"))).toBeVisible();
  await checkPage(page, "merchant-customers-empty");

  await page.getByRole("link", { name: t("customers.list.new") }).click();
  await expect(page).toHaveURL(/\/m\/customers\/new$/, { timeout: 30_000 });
  await page.getByLabel(t("customers.create.name")).fill("Maria da Silva");
  await page.getByLabel(t("customers.create.document")).fill("529.982.247-24");
  await page.getByRole("button", { name: t("customers.create.submit") }).click();
  // A wrong check digit is refused in the browser, by the server's own rule.
  await expect(page.getByText(t("customers.create.documentInvalid"))).toBeVisible();
  await page.getByLabel(t("customers.create.document")).fill("529.982.247-25");
  await page.getByLabel(t("customers.create.email")).fill("maria@example.com.br");
  await page.getByLabel(t("customers.create.phone")).fill("(11) 98765-4321");
  await checkPage(page, "merchant-customer-new");
  await page.getByRole("button", { name: t("customers.create.submit") }).click();

  await expect(page).toHaveURL(/\/m\/customers\/cus_[A-Za-z0-9]+$/, { timeout: 30_000 });
  customerId = page.url().split("/").at(-1) as string;
  await expect(page.getByRole("heading", { name: "Maria da Silva" })).toBeVisible();
  await expect(page.getByText("529.982.247-25")).toBeVisible();
  await expect(page.getByText("+5511987654321")).toBeVisible();
  await expect(page.getByText(t("customers.detail.noCharges"))).toBeVisible();
  await checkPage(page, "merchant-customer-empty");

  // The same document again is CUSTOMER_EXISTS, in words.
  await page.goto("/m/customers/new");
  await page.getByLabel(t("customers.create.name")).fill("Maria S.");
  await page.getByLabel(t("customers.create.document")).fill("52998224725");
  await page.getByRole("button", { name: t("customers.create.submit") }).click();
  await expect(page.getByText(t("errors.codes.CUSTOMER_EXISTS"))).toBeVisible();
  // The form can be sent again once the document is changed: its button is not left busy.
  await expect(page.getByRole("button", { name: t("customers.create.submit") })).toBeEnabled();

  await page.goto("/m/customers");
  await expect(page.getByRole("link", { name: "Maria da Silva" })).toBeVisible();
  await checkPage(page, "merchant-customers");
});

test("a due-date charge with fine, interest and an early discount, and its preview by day", async ({ page }) => {
  await page.goto(`/m/customers/${customerId}`);
  await page.getByRole("link", { name: t("customers.detail.newCharge") }).click();
  await expect(page).toHaveURL(/\/m\/charges\/new\?type=due-date&customer=/, { timeout: 30_000 });
  const form = page.getByRole("form", { name: t("billing.form.formLabel") });
  await expect(form.getByLabel(t("customers.payer.customer"), { exact: true })).toHaveValue(customerId);
  await expect(page.getByText(t("billing.preview.empty"))).toBeVisible();

  await form.getByLabel(t("merchantCharges.create.amount")).fill("300,00");
  await form.getByLabel(t("merchantCharges.create.descriptionLabel")).fill("Mensalidade de março");
  // Days are typed dd/mm/aaaa (Chromium's own date input showed mm/dd/yyyy to Portuguese readers).
  const dueDate = form.getByLabel(t("billing.form.dueDate"), { exact: true });
  await expect(dueDate).toHaveAttribute("placeholder", t("dateRange.placeholder"));
  await dueDate.pressSequentially("31022030");
  await expect(dueDate).toHaveValue("31/02/2030");
  await form.getByRole("button", { name: t("billing.form.submit") }).click();
  await expect(form.getByText(t("billing.form.dayInvalid"))).toBeVisible();
  await dueDate.fill(brDay(day(10)));
  await form.getByLabel(t("billing.form.fine")).selectOption("PERCENT");
  await form.getByLabel(t("billing.form.fineValue")).fill("2");
  await form.getByLabel(t("billing.form.interest")).selectOption("PERCENT_PER_MONTH");
  await form.getByLabel(t("billing.form.interestValue")).fill("1");
  await form.getByLabel(t("billing.form.discount")).selectOption("FIXED_UNTIL_DATES");
  await form.getByLabel(t("billing.form.discountValue")).fill("10,00");
  await form.getByLabel(t("billing.form.discountDate")).fill(brDay(day(5)));

  // The server's answer: today R$ 290,00 (the discount), 30 days late R$ 300 + 6 + 3 = R$ 309,00.
  const preview = page.getByTestId("amount-due-preview");
  const todayRow = preview.getByRole("row").filter({ hasText: brDay(day(0)) });
  await expect(todayRow).toContainText("R$ 290,00");
  await expect(todayRow).toContainText(t("billing.preview.discountPart", { amount: "R$ 10,00" }));
  await expect(preview.getByRole("row").filter({ hasText: brDay(day(40)) })).toContainText("R$ 309,00");
  await page.getByLabel(t("billing.preview.otherDayLabel")).fill(brDay(day(25)));
  // 15 days late: R$ 300 + 6,00 fine + 300 × 1 % × 15/30 = 1,50 → R$ 307,50.
  await expect(page.getByTestId("amount-due-on-day")).toContainText("R$ 307,50");
  await checkPage(page, "merchant-due-date-charge-new");

  await form.getByRole("button", { name: t("billing.form.submit") }).click();
  await expect(page).toHaveURL(/\/m\/charges\/[A-Z0-9]{8}$/, { timeout: 30_000 });
  chargeId = page.url().split("/").at(-1) as string;
  const billing = page.getByTestId("charge-billing");
  await expect(billing).toContainText(brDay(day(10)));
  await expect(billing).toContainText("Maria da Silva");
  await expect(billing).toContainText("R$ 290,00");
  await expect(billing).toContainText(
    t("billing.terms.discount.untilDate", { value: "R$ 10,00", date: brDay(day(5)) }),
  );
  // Its last payable day, as a day, in the terms card and in the history alike (day 10 + 30 days).
  await expect(billing).toContainText(brDay(day(40)));
  await expect(
    page.getByText(t("merchantCharges.detail.steps.payableUntilDay", { date: brDay(day(40)) }), { exact: true }),
  ).toBeVisible();
  await checkPage(page, "merchant-due-date-charge-pending");

  await page.goto(`/m/customers/${customerId}`);
  await expect(page.getByRole("link", { name: "Mensalidade de março" })).toBeVisible();
  await expect(page.getByText(t("billing.dueOn", { date: brDay(day(10)) })).first()).toBeVisible();
  await checkPage(page, "merchant-customer");
});

test("paid through the sandbox 30 days late: R$ 309,00 paid, R$ 305,41 in the balance and the statement", async ({
  page,
}) => {
  const [y, m, d] = day(40).split("-").map(Number);
  // Noon in São Paulo (UTC−3) on that day.
  const paidAt = new Date(Date.UTC(y, m - 1, d, 15)).toISOString();
  const { simulateChargePayment } = await gql<{ simulateChargePayment: { paidAmount: string; netAmount: string } }>(
    `mutation($id: ID!, $at: DateTimeISO) {
      simulateChargePayment(chargeId: $id, payerName: "Maria da Silva", payerDocument: "52998224725", paidAt: $at) {
        paidAmount netAmount
      }
    }`,
    { id: chargeId, at: paidAt },
  );
  expect(simulateChargePayment).toEqual({ paidAmount: "309.00", netAmount: "305.41" });

  await page.goto(`/m/charges/${chargeId}`);
  await expect(page.getByText(t("common.status.charge.PAID"), { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId("charge-billing")).toContainText("R$ 309,00");
  await expect(page.getByTestId("net-amount")).toHaveText("R$ 305,41");
  await checkPage(page, "merchant-due-date-charge-paid");

  await page.goto("/m/charges?type=DUE_DATE");
  const row = page.getByRole("row").filter({ hasText: "Mensalidade de março" });
  await expect(row).toContainText(t("billing.paidLine", { amount: "R$ 309,00" }));
  await expect(row).toContainText(t("billing.type.DUE_DATE"));
  await checkPage(page, "merchant-charges-due-date");
  await page.goto("/m/charges?type=IMMEDIATE");
  await expect(page.getByText(t("merchantCharges.list.noMatch"))).toBeVisible();

  await page.goto("/m");
  await expect(page.locator("dl > div", { hasText: t("merchant.home.availableTotal") })).toContainText("R$ 305,41");

  await page.goto("/m/statement");
  // The statement credits what the payment brought less its fee: R$ 309,00 − R$ 3,59.
  const paid = page.getByRole("row").filter({ hasText: t("statement.kinds.CHARGE_PAID") });
  await expect(paid).toContainText("R$ 305,41");
  await checkPage(page, "merchant-statement-due-date");
  const { balance } = await gql<{ balance: { balance: string } }>("{ balance { balance } }", {}, merchant.clientSecret);
  expect(balance.balance).toBe("305.41");
});

test("a payment link's last day is typed dd/mm/aaaa, and a day that does not exist is refused", async ({ page }) => {
  await page.goto("/m/payment-links");
  const form = page.getByRole("form", { name: t("paymentLinks.form.formLabel") });
  await form.getByLabel(t("paymentLinks.form.description")).fill("Matrícula 2027");
  await form.getByLabel(t("paymentLinks.form.amount")).fill("150,00");
  const expires = form.getByLabel(t("paymentLinks.form.expiresOn"));
  await expect(expires).toHaveAttribute("placeholder", t("dateRange.placeholder"));
  await expires.pressSequentially("30022031");
  await expect(form.getByText(t("paymentLinks.form.expiresInvalid"))).toBeVisible();
  await expect(form.getByRole("button", { name: t("paymentLinks.form.submit") })).toBeDisabled();
  await expires.fill(brDay(day(30)));
  await expect(form.getByText(t("paymentLinks.form.expiresInvalid"))).toHaveCount(0);
  await checkPage(page, "merchant-payment-links-new");
  await form.getByRole("button", { name: t("paymentLinks.form.submit") }).click();
  const list = page.getByRole("list", { name: t("paymentLinks.list.label") });
  await expect(list.getByText("Matrícula 2027")).toBeVisible();
  await expect(list).toContainText(t("paymentLinks.list.expires", { at: `${brDay(day(30))} 23:59` }));
});
