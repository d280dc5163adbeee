import { gql } from "../support/api";
import { expect, test } from "../support/fixtures";
import { t } from "../support/i18n";
import { checkPage } from "../support/page-check";
import { type FreshMerchant, freshMerchant } from "./fresh-merchant";

/**
 * A gym bills its monthly plan by Pix Automático (CONTRACT §12), on an account of its own:
 * the merchant creates a recurrence of R$ 89,90 a month with a first payment of R$ 49,90
 * now, shows the payer the authorisation's QR code, the payer authorises it and pays the
 * first payment (the sandbox: journey 3), whose charge turns paid; the merchant charges the
 * first cycle, the payer's bank refuses it once and then pays it (the sandbox); then the
 * recurrence is cancelled. Fee 1 % + R$ 0,50.
 */
test.describe.configure({ mode: "serial", timeout: 300_000 });
test.use({ storageState: "e2e/.auth/fresh-recurrences.json" });

let merchant: FreshMerchant;
let recurrenceUrl: string;

const isoDay = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" });
/** A day in São Paulo `offset` days from today, YYYY-MM-DD (noon-based, so no DST edge). */
function day(offset: number): string {
  const [y, m, d] = isoDay.format(new Date()).split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + offset, 12)).toISOString().slice(0, 10);
}
const brDay = (iso: string) => iso.split("-").reverse().join("/");

test.beforeAll(async ({ browser }) => {
  merchant = await freshMerchant(browser, "recurrences", "Academia Aurora");
});

test("a merchant creates a monthly recurrence with a first payment and sees its authorisation QR code", async ({
  page,
}) => {
  await page.goto("/m/recurrences");
  await expect(page.getByRole("heading", { name: t("recurrences.list.title") })).toBeVisible();
  await expect(page.getByText(t("recurrences.list.empty"))).toBeVisible();
  await checkPage(page, "merchant-recurrences-empty");

  await page.getByRole("link", { name: t("recurrences.list.new") }).click();
  await expect(page).toHaveURL(/\/m\/recurrences\/new$/, { timeout: 30_000 });
  const form = page.getByRole("form", { name: t("recurrences.create.formLabel") });
  // No customer yet: the payer is typed.
  await expect(form.getByLabel(t("customers.payer.typed"))).toBeChecked();
  await form.getByLabel(t("customers.payer.payerName")).fill("João Pereira");
  await form.getByLabel(t("customers.payer.payerDocument")).fill("529.982.247-25");
  await form.getByLabel(t("recurrences.create.contract")).fill("CT-2026-0042");
  await form.getByLabel(t("recurrences.create.object")).fill("Plano mensal da academia");
  await form.getByLabel(t("recurrences.create.frequency")).selectOption("MONTHLY");
  await form.getByLabel(t("recurrences.create.retryPolicy")).selectOption("THREE_IN_SEVEN_DAYS");
  await form.getByLabel(t("recurrences.create.amount")).fill("89,9x");
  await form.getByRole("button", { name: t("recurrences.create.submit") }).click();
  // Each refusal beside its field: the amount, and the first day left empty.
  await expect(form.getByText(t("recurrences.create.amountInvalid"))).toBeVisible();
  await expect(form.getByText(t("recurrences.create.dayInvalid"))).toBeVisible();
  await form.getByLabel(t("recurrences.create.amount")).fill("89,90");
  await form.getByLabel(t("recurrences.create.startDate")).fill(brDay(day(3)));
  await form.getByLabel(t("recurrences.create.firstPayment")).check();
  await form.getByLabel(t("recurrences.create.firstPaymentAmount")).fill("49,90");
  await checkPage(page, "merchant-recurrence-new");
  await form.getByRole("button", { name: t("recurrences.create.submit") }).click();

  await expect(page).toHaveURL(/\/m\/recurrences\/rec_[A-Za-z0-9]{24}$/, { timeout: 30_000 });
  recurrenceUrl = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { name: "Plano mensal da academia" })).toBeVisible();
  await expect(page.getByText(t("recurrences.status.CREATED")).first()).toBeVisible();
  const details = page.getByTestId("recurrence-details");
  await expect(details).toContainText("João Pereira");
  await expect(details).toContainText("529.982.247-25");
  await expect(details).toContainText("R$ 89,90");
  await expect(details).toContainText(t("recurrences.frequency.MONTHLY"));
  await expect(details).toContainText(t("recurrences.detail.periodOpen", { start: brDay(day(3)) }));
  await expect(details).toContainText(t("recurrences.retryPolicy.THREE_IN_SEVEN_DAYS"));
  await expect(page.getByText(t("recurrences.detail.authorisationWithPayment", { amount: "R$ 49,90" }))).toBeVisible();
  // The authorisation's BR Code: a Pix Automático code with the payment now of R$ 49,90 (tag 54).
  const code = (await page.getByTestId("recurrence-pix-code").textContent()) ?? "";
  expect(code).toMatch(/^000201/);
  expect(code).toContain("540549.90");
  await expect(page.getByRole("img", { name: t("recurrences.detail.authorisation") })).toBeVisible();
  await expect(page.getByRole("link", { name: t("recurrences.detail.sendByEmail") })).toHaveAttribute(
    "href",
    /^mailto:\?subject=/,
  );
  // The first payment's charge waits for the payer's scan.
  const first = page
    .getByRole("table", { name: t("recurrences.detail.chargesLabel") })
    .getByRole("row")
    .filter({ hasText: t("recurrences.detail.firstPaymentCharge") });
  await expect(first).toContainText("R$ 49,90");
  await expect(first).toContainText(t("common.status.charge.PENDING"));
  await expect(page.getByText(t("recurrences.attempts.empty"))).toBeVisible();
  await checkPage(page, "merchant-recurrence-created");
});

test("the payer authorises it (sandbox); the first cycle's charge is debited and turns paid", async ({ page }) => {
  await page.goto(recurrenceUrl);
  await page.getByRole("button", { name: t("recurrences.simulate.approve") }).click();
  await expect(page.getByText(t("recurrences.simulate.approved"))).toBeVisible();
  await expect(page.getByText(t("recurrences.status.APPROVED")).first()).toBeVisible();
  // Authorised: no QR code any more.
  await expect(page.getByTestId("recurrence-pix-code")).toHaveCount(0);
  // Journey 3: the payer paid the first payment with the authorisation.
  const charges = page.getByRole("table", { name: t("recurrences.detail.chargesLabel") });
  const first = charges.getByRole("row").filter({ hasText: t("recurrences.detail.firstPaymentCharge") });
  await expect(first).toContainText("R$ 49,90");
  await expect(first).toContainText(t("common.status.charge.PAID"));
  await expect(page.getByTestId("recurrence-details")).toContainText(
    t("recurrences.detail.nextCycleManual", { date: brDay(day(3)) }),
  );

  await page.getByRole("button", { name: t("recurrences.newCharge.label") }).click();
  const dialog = page.getByRole("dialog", { name: t("recurrences.newCharge.title") });
  await expect(dialog.getByText(t("recurrences.newCharge.fixedAmount", { amount: "R$ 89,90" }))).toBeVisible();
  // Tomorrow is too soon: the central bank's 2 to 10 days.
  await dialog.getByLabel(t("recurrences.newCharge.dueDate")).fill(brDay(day(1)));
  await dialog.getByRole("button", { name: t("recurrences.newCharge.submit") }).click();
  await expect(dialog.getByText(t("recurrences.create.dayInvalid"))).toBeVisible();
  await dialog.getByLabel(t("recurrences.newCharge.dueDate")).fill(brDay(day(3)));
  await dialog.getByRole("button", { name: t("recurrences.newCharge.submit") }).click();
  await expect(page.getByText(t("recurrences.newCharge.done", { date: brDay(day(3)) }))).toBeVisible();

  const cycle = charges.getByRole("row").filter({ hasText: brDay(day(3)) });
  await expect(cycle).toContainText("R$ 89,90");
  await expect(cycle).toContainText(t("common.status.charge.PENDING"));
  await expect(cycle).toContainText(t("recurrences.detail.attemptOf", { attempt: 1 }));
  await checkPage(page, "merchant-recurrence-approved");

  // The payer's bank refuses the first attempt: a retry the next business day (THREE_IN_SEVEN_DAYS).
  await cycle.getByRole("button", { name: t("recurrences.simulate.debitFailed") }).click();
  await expect(cycle).toContainText(t("recurrences.detail.attemptOf", { attempt: 2 }));
  await expect(cycle).toContainText(t("recurrences.simulate.failureReason"));
  // The attempts: the refusal, then the payment.
  const attempts = page.getByRole("list", { name: t("recurrences.attempts.label") });
  await expect(attempts.getByTestId("debit-attempt")).toHaveCount(1);
  await expect(attempts).toContainText(t("recurrences.attempts.failed", { attempt: 1 }));
  await cycle.getByRole("button", { name: t("recurrences.simulate.debitPaid") }).click();
  await expect(cycle).toContainText(t("common.status.charge.PAID"));
  await expect(attempts.getByTestId("debit-attempt")).toHaveCount(2);
  await expect(attempts.getByTestId("debit-attempt").first()).toContainText(
    t("recurrences.attempts.paid", { attempt: 2 }),
  );
  await checkPage(page, "merchant-recurrence-charge-paid");

  // The cycle's charge page: its recurrence, the attempts and no due-date terms nor code to show the payer.
  await cycle.getByRole("link", { name: brDay(day(3)) }).click();
  await expect(page).toHaveURL(/\/m\/charges\/[A-Z0-9]{8}$/, { timeout: 30_000 });
  const recurring = page.getByTestId("charge-recurrence");
  await expect(recurring).toContainText(t("recurrences.charge.attemptValue", { attempt: 2 }));
  await expect(recurring).toContainText(t("recurrences.simulate.failureReason"));
  await expect(
    page.getByRole("list", { name: t("recurrences.charge.attemptsLabel") }).getByTestId("debit-attempt"),
  ).toHaveCount(2);
  await expect(page.getByTestId("charge-billing")).toHaveCount(0);
  await expect(page.getByText(t("merchantCharges.detail.showPayer"))).toHaveCount(0);
  // Its details name the payer, as its Pix Automático card does (it read "Pagador —").
  const payer = page.getByTestId("charge-payer");
  await expect(payer).toContainText("João Pereira");
  await expect(payer).toContainText("529.982.247-25");
  await checkPage(page, "merchant-recurring-charge-paid");
  await recurring.getByRole("link", { name: t("recurrences.charge.openRecurrence") }).click();
  await expect(page).toHaveURL(new RegExp(`${recurrenceUrl}$`), { timeout: 30_000 });

  // R$ 49,90 less R$ 1,00 (1 % + R$ 0,50), and R$ 89,90 less R$ 1,40: R$ 48,90 + R$ 88,50.
  const { balance } = await gql<{ balance: { balance: string } }>("{ balance { balance } }", {}, merchant.clientSecret);
  expect(balance.balance).toBe("137.40");

  await page.goto("/m/recurrences");
  const row = page.getByRole("row").filter({ hasText: "João Pereira" });
  await expect(row).toContainText(t("recurrences.status.APPROVED"));
  await expect(row).toContainText("R$ 89,90");
  await checkPage(page, "merchant-recurrences");
  await page.goto("/m/recurrences?status=CANCELLED");
  await expect(page.getByText(t("recurrences.list.noMatch"))).toBeVisible();
});

test("the merchant cancels the recurrence", async ({ page }) => {
  await page.goto(recurrenceUrl);
  await page.getByRole("button", { name: t("recurrences.cancel.label") }).click();
  const dialog = page.getByRole("dialog", { name: t("recurrences.cancel.title") });
  await dialog.getByLabel(t("recurrences.cancel.reason")).fill("Mudou de cidade");
  await dialog.getByRole("button", { name: t("recurrences.cancel.confirm") }).click();
  await expect(page.getByText(t("recurrences.cancel.done"))).toBeVisible();
  await expect(page.getByText(t("recurrences.status.CANCELLED")).first()).toBeVisible();
  await expect(page.getByTestId("recurrence-details")).toContainText("Mudou de cidade");
  await expect(page.getByRole("button", { name: t("recurrences.cancel.label") })).toHaveCount(0);
  await checkPage(page, "merchant-recurrence-cancelled");
});

test("journey 4: the payer's bank account given, the request to their bank and its state on the page", async ({
  page,
}) => {
  await page.goto("/m/recurrences/new");
  const form = page.getByRole("form", { name: t("recurrences.create.formLabel") });
  await form.getByLabel(t("customers.payer.payerName")).fill("Carla Mendes");
  await form.getByLabel(t("customers.payer.payerDocument")).fill("529.982.247-25");
  await form.getByLabel(t("recurrences.create.contract")).fill("CT-2026-0077");
  await form.getByLabel(t("recurrences.create.object")).fill("Plano anual da academia");
  await form.getByLabel(t("recurrences.create.amount")).fill("59,90");
  await form.getByLabel(t("recurrences.create.startDate")).fill(brDay(day(4)));
  await form.getByLabel(t("recurrences.create.bankSection")).check();
  await form.getByLabel(t("recurrences.create.account")).fill("12a");
  await form.getByRole("button", { name: t("recurrences.create.submit") }).click();
  // Each refusal beside its field: no bank chosen, an account that is not digits.
  await expect(form.getByText(t("recurrences.create.bankRequired"))).toBeVisible();
  await expect(form.getByText(t("recurrences.create.accountInvalid"))).toBeVisible();
  // The bank by name (the Pix participants); its ISPB is what is sent.
  await form.getByLabel(t("recurrences.create.bank"), { exact: true }).selectOption("60701190");
  await form.getByLabel(t("recurrences.create.branch")).fill("0001");
  await form.getByLabel(t("recurrences.create.account")).fill("12345-6");
  await checkPage(page, "merchant-recurrence-new-payer-bank");
  await form.getByRole("button", { name: t("recurrences.create.submit") }).click();
  await expect(page).toHaveURL(/\/m\/recurrences\/rec_[A-Za-z0-9]{24}$/, { timeout: 30_000 });

  // The request is sent by the worker after the recurrence is recorded: PENDING, then SENT.
  const request = page.getByTestId("recurrence-payer-bank-request");
  await expect(request).toContainText("0001");
  await expect(async () => {
    await page.reload();
    await expect(request).toContainText(t("recurrences.payerBankRequest.SENT"), { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  // The account as it was typed ("12345-6"), though the API keeps its digits ("123456").
  await expect(request).toContainText("agência 0001 · conta 12345-6");
  await expect(request).toContainText("341");
  await checkPage(page, "merchant-recurrence-payer-bank-sent");

  // The payer authorises in their bank's app (the sandbox): the request is accepted.
  await page.getByRole("button", { name: t("recurrences.simulate.approve") }).click();
  await expect(page.getByText(t("recurrences.status.APPROVED")).first()).toBeVisible();
  await expect(request).toContainText(t("recurrences.payerBankRequest.ACCEPTED"));
  await checkPage(page, "merchant-recurrence-payer-bank-accepted");
});
