import { randomUUID } from "node:crypto";
import { fund, gql, merchantBalance } from "../support/api";
import { storageStateOf } from "../support/env";
import { expect, test } from "../support/fixtures";
import { t } from "../support/i18n";
import { checkPage } from "../support/page-check";
import { type FreshMerchant, freshMerchant } from "./fresh-merchant";

/**
 * Scheduled payouts in the console (docs/payouts.md#scheduled-payouts): the merchant schedules
 * one with the form's day field, sees the schedule and cancels it; an operator cancels an
 * approved one its day has not sent yet. One account of its own.
 */
test.describe.configure({ mode: "serial", timeout: 120_000 });
test.use({ storageState: "e2e/.auth/fresh-scheduled.json" });

let merchant: FreshMerchant;

test.beforeAll(async ({ browser }) => {
  merchant = await freshMerchant(browser, "scheduled", "Floricultura Ipê Amarelo");
  await fund(merchant.id, "100.00");
});

/** Today in São Paulo moved by `days`, as yyyy-mm-dd. */
function saoPauloDay(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
  const [year, month, day] = today.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** yyyy-mm-dd as the console writes it, dd/mm/aaaa. */
const brDay = (iso: string) => iso.split("-").reverse().join("/");

/** "Agendado para 12/12/2026", and " · envio em 14/12/2026 (próximo dia útil)" when a weekend or holiday moved it. */
function scheduleText(scheduledFor: string, sendsOn: string): string {
  const asked = t("withdrawals.schedule.scheduledFor", { day: brDay(scheduledFor) });
  return sendsOn === scheduledFor ? asked : `${asked} · ${t("withdrawals.schedule.sendsOn", { day: brDay(sendsOn) })}`;
}

/**
 * Approved and waiting for its day: the badge reads "Agendado para 12/12/2026" (not "Em
 * processamento"), and beside it only the moved send day, when a weekend or holiday moved it.
 */
async function expectScheduledBadge(page: import("@playwright/test").Page, scheduledFor: string, sendsOn: string) {
  const badge = t("common.status.withdrawalScheduled", { day: brDay(scheduledFor) });
  await expect(page.locator("[data-slot=badge]", { hasText: badge }).first()).toHaveText(badge);
  await expect(page.getByText(t("common.status.withdrawal.PROCESSING"), { exact: true })).toHaveCount(0);
  if (sendsOn !== scheduledFor)
    await expect(
      page.getByText(t("withdrawals.schedule.sendsOnAlone", { day: brDay(sendsOn) }), { exact: true }).first(),
    ).toBeVisible();
}

async function withdrawalOf(id: string) {
  const { withdrawal } = await gql<{
    withdrawal: { status: string; scheduledFor: string | null; sendsOn: string | null; reason: string | null };
  }>("query($id: ID!) { withdrawal(id: $id) { status scheduledFor sendsOn reason } }", { id }, merchant.clientSecret);
  return withdrawal;
}

test("the merchant schedules a withdrawal with the day field, sees the schedule, and cancels it", async ({ page }) => {
  await page.goto("/m/withdrawals/new");
  await page.getByLabel(t("merchantWithdrawals.create.key")).fill("529.982.247-25");
  await page.getByLabel(t("merchantWithdrawals.create.amount")).fill("10,00");
  const day = page.getByLabel(t("merchantWithdrawals.create.scheduledFor"));
  const submit = page.getByRole("button", {
    name: t("merchantWithdrawals.create.submitAmount", { amount: "R$ 10,00" }),
  });
  // Yesterday and 61 days ahead are refused before anything is sent.
  await day.fill(brDay(saoPauloDay(-1)));
  await submit.click();
  await expect(page.getByText(t("merchantWithdrawals.create.scheduledForPast"))).toBeVisible();
  await day.fill(brDay(saoPauloDay(61)));
  await expect(page.getByText(t("merchantWithdrawals.create.scheduledForTooFar", { days: 60 }))).toBeVisible();
  const asked = saoPauloDay(10);
  await day.fill(brDay(asked));
  await expect(day).toHaveValue(brDay(asked));
  await expect(page.getByText(t("merchantWithdrawals.create.scheduledForPast"))).toHaveCount(0);
  await checkPage(page, "merchant-withdrawal-new-scheduled");
  await submit.click();
  const review = page.getByRole("dialog", { name: t("merchantWithdrawals.create.review.title") });
  await expect(review.getByTestId("confirm-scheduled-for")).toContainText(brDay(asked));
  await checkPage(page, "merchant-withdrawal-review-scheduled");
  await review.getByRole("button", { name: t("merchantWithdrawals.create.review.confirm") }).click();

  // The withdrawal's own page (its id; not the form's /new).
  await expect(page).toHaveURL(/\/m\/withdrawals\/(?!new$)[\w-]+$/);
  const id = page.url().split("/").at(-1) as string;
  const created = await withdrawalOf(id);
  expect(created).toMatchObject({ status: "PENDING", scheduledFor: asked });
  const schedule = scheduleText(asked, created.sendsOn as string);
  await expect(page.getByText(schedule, { exact: true })).toBeVisible();
  await checkPage(page, "merchant-withdrawal-scheduled");
  // Reserved at creation: R$ 100,00 less R$ 10,00.
  expect(await merchantBalance(merchant.clientSecret)).toBe(90);

  await page.goto("/m/withdrawals");
  await expect(page.getByText(schedule, { exact: true }).first()).toBeVisible();
  await checkPage(page, "merchant-withdrawals-scheduled");

  await page.goto(`/m/withdrawals/${id}`);
  await page.getByRole("button", { name: t("merchantWithdrawals.cancel.label") }).click();
  await page
    .getByRole("alertdialog")
    .getByRole("button", { name: t("merchantWithdrawals.cancel.label") })
    .click();
  await expect(page.getByText(t("withdrawalDetail.steps.merchant.CANCELLED"))).toBeVisible();
  await expect(page.getByRole("button", { name: t("merchantWithdrawals.cancel.label") })).toHaveCount(0);
  expect((await withdrawalOf(id)).status).toBe("CANCELLED");
  expect(await merchantBalance(merchant.clientSecret)).toBe(100);
});

test.describe("an operator", () => {
  test.use({ storageState: storageStateOf("admin") });

  test("cancels an approved scheduled withdrawal not yet sent, with a reason for the merchant; a viewer cannot", async ({
    page,
    browser,
  }) => {
    const scheduledFor = saoPauloDay(20);
    const { createWithdrawal } = await gql<{ createWithdrawal: { id: string; withdrawalReference: string } }>(
      `mutation($key: String!, $input: CreateWithdrawalInput!) {
        createWithdrawal(idempotencyKey: $key, input: $input) { id withdrawalReference }
      }`,
      { key: randomUUID(), input: { amount: "25.00", pixKey: "529.982.247-25", pixKeyType: "CPF", scheduledFor } },
      merchant.clientSecret,
    );
    const { id, withdrawalReference: reference } = createWithdrawal;
    await gql("mutation($id: ID!) { approveWithdrawal(id: $id) { status } }", { id });
    const approved = await withdrawalOf(id);
    // Approved before its day: PROCESSING, held by the service until then.
    expect(approved.status).toBe("PROCESSING");
    expect(await merchantBalance(merchant.clientSecret)).toBe(75);

    // A viewer reads the page, without the cancel.
    const viewerContext = await browser.newContext({ storageState: storageStateOf("viewer") });
    const viewerPage = await viewerContext.newPage();
    await viewerPage.goto(`/ops/withdrawals/${id}`);
    await expectScheduledBadge(viewerPage, scheduledFor, approved.sendsOn as string);
    await expect(viewerPage.getByRole("button", { name: t("withdrawals.cancelScheduled.label") })).toHaveCount(0);
    await viewerContext.close();

    // The operator's list and the merchant's list and page say it is scheduled, for that day.
    await page.goto(`/ops/withdrawals?view=all&company=${merchant.id}`);
    await expectScheduledBadge(page, scheduledFor, approved.sendsOn as string);
    await checkPage(page, "ops-withdrawals-scheduled-approved");
    {
      const merchantContext = await browser.newContext({ storageState: merchant.storageState });
      const merchantPage = await merchantContext.newPage();
      await merchantPage.goto("/m/withdrawals");
      await expectScheduledBadge(merchantPage, scheduledFor, approved.sendsOn as string);
      await checkPage(merchantPage, "merchant-withdrawals-scheduled-approved");
      await merchantPage.goto(`/m/withdrawals/${id}`);
      await expectScheduledBadge(merchantPage, scheduledFor, approved.sendsOn as string);
      await checkPage(merchantPage, "merchant-withdrawal-scheduled-approved");
      await merchantContext.close();
    }
    await page.goto(`/ops/withdrawals/${id}`);
    await expectScheduledBadge(page, scheduledFor, approved.sendsOn as string);
    await expect(page.getByRole("button", { name: t("withdrawals.row.approve") })).toHaveCount(0);
    await expect(page.getByRole("button", { name: t("withdrawals.row.reject") })).toHaveCount(0);
    // Approved, not sent: the timeline names the day it goes to the bank, not "sent to the bank".
    await expect(
      page.getByText(t("withdrawalDetail.steps.operator.SCHEDULED", { day: brDay(approved.sendsOn as string) })),
    ).toBeVisible();
    await expect(page.getByText(t("withdrawalDetail.steps.operator.PROCESSING"), { exact: true })).toHaveCount(0);
    await checkPage(page, "ops-withdrawal-scheduled-approved");
    await page.getByRole("button", { name: t("withdrawals.cancelScheduled.label") }).click();
    const dialog = page.getByRole("dialog", { name: t("withdrawals.cancelScheduled.title", { reference }) });
    await expect(dialog).toContainText(
      t("withdrawals.cancelScheduled.description", {
        amount: "R$ 25,00",
        company: merchant.name,
        day: brDay(scheduledFor),
      }),
    );
    await dialog.getByLabel(t("withdrawals.cancelScheduled.reason")).fill("O lojista pediu pelo atendimento");
    await checkPage(page, "ops-withdrawal-cancel-scheduled");
    await dialog.getByRole("button", { name: t("withdrawals.cancelScheduled.confirm") }).click();
    await expect(page.getByText(t("withdrawals.cancelScheduled.done", { reference }))).toBeVisible();
    await expect(page.getByRole("button", { name: t("withdrawals.cancelScheduled.label") })).toHaveCount(0);
    expect(await withdrawalOf(id)).toMatchObject({ status: "CANCELLED", reason: "O lojista pediu pelo atendimento" });
    expect(await merchantBalance(merchant.clientSecret)).toBe(100);
    await page.reload();
    await checkPage(page, "ops-withdrawal-scheduled-cancelled");

    // The merchant reads the same story in its words, the operator's reason included.
    const merchantContext = await browser.newContext({ storageState: merchant.storageState });
    const merchantPage = await merchantContext.newPage();
    await merchantPage.goto(`/m/withdrawals/${id}`);
    await expect(
      merchantPage.getByText(
        t("withdrawalDetail.steps.merchant.SCHEDULED", { day: brDay(approved.sendsOn as string) }),
      ),
    ).toBeVisible();
    await expect(merchantPage.getByText(t("withdrawalDetail.steps.merchant.CANCELLED"))).toBeVisible();
    await expect(merchantPage.getByText("“O lojista pediu pelo atendimento”")).toBeVisible();
    await checkPage(merchantPage, "merchant-withdrawal-scheduled-cancelled-by-operator");
    await merchantContext.close();
  });
});
