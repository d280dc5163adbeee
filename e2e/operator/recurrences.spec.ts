import { randomUUID } from "node:crypto";
import { createCompany, gql } from "../support/api";
import { expect, test } from "../support/fixtures";
import { t } from "../support/i18n";
import { checkPage } from "../support/page-check";

/**
 * Operators' view of Pix Automático (CONTRACT §12): a school's recurrence, authorised, its
 * first cycle's debit refused by the payer's bank today; the operator finds the refusal in
 * the day's failed debits, filters the recurrences by the account and opens the recurrence.
 */
test.describe.configure({ mode: "serial", timeout: 120_000 });

const isoDay = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" });
function day(offset: number): string {
  const [y, m, d] = isoDay.format(new Date()).split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + offset, 12)).toISOString().slice(0, 10);
}
const brDay = (iso: string) => iso.split("-").reverse().join("/");
/** The same day a month later, or that month's last day. */
function monthLater(iso: string): string {
  const [y, m, d] = iso.split("-").map(Number);
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(d, last), 12)).toISOString().slice(0, 10);
}

let company: { id: string; name: string; clientSecret: string };
let recurrenceId: string;
let chargeId: string;

test.beforeAll(async () => {
  company = await createCompany("Escola Horizonte");
  const { createRecurrence } = await gql<{ createRecurrence: { id: string } }>(
    `mutation($input: CreateRecurrenceInput!, $key: String!) { createRecurrence(input: $input, idempotencyKey: $key) { id } }`,
    {
      key: randomUUID(),
      input: {
        payer: { name: "Carla Mendes", cpf: "52998224725" },
        contract: "MAT-2027-17",
        object: "Mensalidade escolar",
        frequency: "MONTHLY",
        startDate: day(0),
        amount: "750.00",
        retryPolicy: "THREE_IN_SEVEN_DAYS",
      },
    },
    company.clientSecret,
  );
  recurrenceId = createRecurrence.id;
  await gql(
    `mutation($id: ID!) { simulateRecurrenceDecision(id: $id, decision: APPROVED) { id } }`,
    { id: recurrenceId },
    company.clientSecret,
  );
  const { createRecurringCharge } = await gql<{ createRecurringCharge: { id: string } }>(
    `mutation($id: ID!, $input: CreateRecurringChargeInput!) { createRecurringCharge(recurrenceId: $id, input: $input) { id } }`,
    { id: recurrenceId, input: { dueDate: day(4) } },
    company.clientSecret,
  );
  chargeId = createRecurringCharge.id;
  await gql(
    `mutation($id: ID!) { simulateRecurringDebit(chargeId: $id, outcome: FAILED, reason: "conta encerrada") { id } }`,
    { id: chargeId },
    company.clientSecret,
  );
});

test("the day's refused debits, the recurrences of one account, and a recurrence's page", async ({ page }) => {
  await page.goto("/ops/recurrences");
  await expect(page.getByRole("heading", { name: t("recurrences.operator.title") })).toBeVisible();
  const failed = page.getByRole("list", { name: t("recurrences.operator.failedLabel") });
  const refusal = failed.getByTestId("debit-attempt").filter({ hasText: "Escola Horizonte" });
  await expect(refusal).toContainText(t("recurrences.attempts.failed", { attempt: 1 }));
  await expect(refusal).toContainText("conta encerrada");
  await expect(refusal).toContainText("R$ 750,00");
  await expect(refusal).toContainText(t("recurrences.attempts.dueOn", { date: brDay(day(4)) }));
  await checkPage(page, "operator-recurrences");

  await page.goto(`/ops/recurrences?company=${company.id}`);
  const rows = page.getByRole("table", { name: t("recurrences.list.label") }).getByRole("row");
  // The header and the account's one recurrence.
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText("Carla Mendes");
  await expect(rows.nth(1)).toContainText("Escola Horizonte");
  await expect(rows.nth(1)).toContainText(t("recurrences.status.APPROVED"));
  await page.goto(`/ops/recurrences?company=${company.id}&status=CANCELLED`);
  await expect(page.getByText(t("recurrences.list.noMatch"))).toBeVisible();
  await checkPage(page, "operator-recurrences-no-match");

  await page.goto(`/ops/recurrences?company=${company.id}`);
  await page.getByRole("link", { name: "Carla Mendes" }).click();
  await expect(page).toHaveURL(new RegExp(`/ops/recurrences/${recurrenceId}$`), { timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "Mensalidade escolar" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Escola Horizonte" })).toBeVisible();
  const details = page.getByTestId("recurrence-details");
  await expect(details).toContainText("MAT-2027-17");
  // The first cycle is charged (due day 4): the next is a month after the start.
  await expect(details).toContainText(t("recurrences.detail.nextCycleManual", { date: brDay(monthLater(day(0))) }));
  await expect(page.getByTestId("debit-attempt")).toContainText("conta encerrada");
  // Read only: the merchant and the payer act on a recurrence, not the operator.
  await expect(page.getByRole("button", { name: t("recurrences.cancel.label") })).toHaveCount(0);
  await checkPage(page, "operator-recurrence");
});

test("a recurring charge's page shows its recurrence, attempts and next attempt, not a due-date charge's terms", async ({
  page,
}) => {
  await page.goto(`/ops/recurrences/${recurrenceId}`);
  await page
    .getByRole("table", { name: t("recurrences.detail.chargesLabel") })
    .getByRole("link", { name: brDay(day(4)) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/ops/charges/${chargeId}$`), { timeout: 30_000 });
  const card = page.getByTestId("charge-recurrence");
  await expect(card).toContainText(t("recurrences.charge.attemptValue", { attempt: 2 }));
  await expect(card).toContainText("conta encerrada");
  await expect(card).toContainText(brDay(day(4)));
  await expect(card).toContainText("Carla Mendes");
  // Not paid yet, so no payer of its own: its details name the recurrence's payer, as its card does.
  const payer = page.getByTestId("charge-payer");
  await expect(payer).toContainText("Carla Mendes");
  await expect(payer).toContainText("529.982.247-25");
  await expect(page.getByRole("list", { name: t("recurrences.charge.attemptsLabel") })).toContainText(
    t("recurrences.attempts.failed", { attempt: 1 }),
  );
  // Debited by the payer's bank: no fine, interest or discount, and no code to scan.
  await expect(page.getByTestId("charge-billing")).toHaveCount(0);
  await expect(page.getByTestId("br-code")).toHaveCount(0);
  await checkPage(page, "operator-recurring-charge");
  await card.getByRole("link", { name: t("recurrences.charge.openRecurrence") }).click();
  await expect(page).toHaveURL(new RegExp(`/ops/recurrences/${recurrenceId}$`), { timeout: 30_000 });
});

test("an open recurrence page and list follow a debit and a cancel without a reload", async ({ page }) => {
  await page.goto(`/ops/recurrences/${recurrenceId}`);
  await expect(page.getByTestId("live-updates")).toHaveAttribute("data-state", "open", { timeout: 30_000 });
  await page.evaluate(() => {
    (window as unknown as { liveMark: string }).liveMark = "same document";
  });
  // The payer's bank pays the retry: the charge's row turns paid.
  await gql(
    `mutation($id: ID!) { simulateRecurringDebit(chargeId: $id, outcome: PAID) { id } }`,
    { id: chargeId },
    company.clientSecret,
  );
  const charges = page.getByRole("table", { name: t("recurrences.detail.chargesLabel") });
  await expect(charges.getByRole("row").filter({ hasText: brDay(day(4)) })).toContainText(
    t("common.status.charge.PAID"),
    { timeout: 15_000 },
  );
  await expect(page.getByTestId("debit-attempt")).toHaveCount(2);
  // The merchant cancels: the page says so, with its toast.
  await gql(
    `mutation($id: ID!) { cancelRecurrence(id: $id, reason: "Aluna transferida") { id } }`,
    { id: recurrenceId },
    company.clientSecret,
  );
  await expect(page.locator("[data-sonner-toast]", { hasText: t("live.events.recurrence.cancelled") })).toBeVisible();
  await expect(page.getByText(t("recurrences.status.CANCELLED")).first()).toBeVisible();
  await expect(page.getByTestId("recurrence-details")).toContainText("Aluna transferida");
  expect(await page.evaluate(() => (window as unknown as { liveMark?: string }).liveMark)).toBe("same document");
  await checkPage(page, "operator-recurrence-cancelled-live");
});
