import type { Browser, Page } from "@playwright/test";
import {
  acceptInvite,
  charge,
  createCompany,
  inviteOperator,
  merchantBalance,
  merchantWithdrawal,
  withdrawal,
} from "../support/api";
import { expect, test } from "../support/fixtures";
import { t } from "../support/i18n";
import { approveDialog, expectMoneyFacts } from "../support/money-confirm";
import { checkPage } from "../support/page-check";
import { signInElsewhere } from "../support/sign-in";

/** A second operator (role OPERATOR), signed in through the sign-in page in their own browser context. */
async function secondOperator(browser: Browser, email: string): Promise<Page> {
  const password = "e2e-second-operator-password";
  await acceptInvite(await inviteOperator(email, "Olga Operator", "OPERATOR"), password, "Olga Operator");
  return (await signInElsewhere(browser, email, password, { home: /\/ops$/ })).page;
}

test("with maker-checker on, one operator cannot approve or post alone and a second one can", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  // Funded by a paid charge (no fee): credits posted by one operator add up over the
  // maker-checker window, so three of 90.000,00 would need a second operator.
  const company = await createCompany("Four Eyes Ltda", { feePercent: "0.00", feeFixed: "0.00" });
  await charge(company.id, "270000.00", "Opening balance", "Four Eyes Partners");
  const big = await withdrawal(company.id, "150000.00");
  const olga = await secondOperator(browser, `olga.${Date.now()}@pix.test`);

  // Withdrawal: the first approval is recorded, the withdrawal stays PENDING showing 1 of 2.
  await page.goto(`/ops/withdrawals?company=${company.id}`);
  const row = page.getByRole("row").filter({ hasText: big.withdrawalReference });
  await row
    .getByRole("button", { name: t("withdrawals.row.approveFor", { reference: big.withdrawalReference }) })
    .click();
  const first = approveDialog(page, big.withdrawalReference);
  await expectMoneyFacts(first, { account: "Four Eyes Ltda", amount: "R$ 150.000,00", destination: "529.982.247-25" });
  await expect(first).toContainText(t("withdrawals.approve.recordsApproval", { next: 1, required: 2 }));
  await first.getByRole("button", { name: t("withdrawals.approve.confirmRecord") }).click();
  await expect(page.getByText(t("withdrawals.approve.recorded", { reference: big.withdrawalReference }))).toBeVisible();
  await expect(row).toContainText(t("withdrawals.approvals", { given: 1, required: 2 }));
  await expect(
    row.getByRole("button", { name: t("withdrawals.row.approveFor", { reference: big.withdrawalReference }) }),
  ).toHaveCount(0);
  expect((await merchantWithdrawal(company.clientSecret, big.id)).body.status).toBe("PENDING");
  // The row's menu after a first approval was off the right edge at 1280 px (checkPage checks every row's actions).
  await checkPage(page, "ops-withdrawals-first-approval");

  // What waits for Olga as the second operator: the overview card and the sidebar's count
  // (other specs may leave first approvals too: the exact figures are the server test's,
  // dashboards/pending-approvals.test.ts).
  await olga.goto("/ops");
  const awaiting = olga.getByRole("region", { name: t("overview.awaitingSecond.title") });
  await expect(awaiting.getByTestId("awaiting-withdrawals")).toBeVisible();
  await expect(awaiting.getByRole("link", { name: t("overview.awaitingSecond.viewWithdrawals") })).toBeVisible();
  await expect(olga.getByTestId("nav-pending-withdrawals")).toHaveText(/^\d+/);
  await checkPage(olga, "ops-overview-awaiting-second");

  await olga.goto(`/ops/withdrawals?company=${company.id}`);
  const olgaRow = olga.getByRole("row").filter({ hasText: big.withdrawalReference });
  await expect(olgaRow).toContainText(t("withdrawals.approvals", { given: 1, required: 2 }));
  await olgaRow
    .getByRole("button", { name: t("withdrawals.row.approveFor", { reference: big.withdrawalReference }) })
    .click();
  const second = approveDialog(olga, big.withdrawalReference);
  await expect(second).toContainText(t("withdrawals.approve.sends"));
  // The second approver is told who approved first, by name.
  await expect(second.getByTestId("first-approval")).toContainText("Ana Admin");
  await checkPage(olga, "ops-withdrawal-second-approval-dialog");
  await second.getByRole("button", { name: t("withdrawals.approve.confirm") }).click();
  await expect(olga.getByText(t("withdrawals.approve.approved", { reference: big.withdrawalReference }))).toBeVisible();
  expect((await merchantWithdrawal(company.clientSecret, big.id)).body.status).toBe("PROCESSING");
  // The timeline in the real order: the second approval and the hand-over to the bank share
  // their transaction's timestamp, and the approval comes first.
  await page.goto(`/ops/withdrawals/${big.id}`);
  const steps = page.getByRole("list", { name: t("withdrawalDetail.timelineLabel") }).getByRole("listitem");
  const expected = [
    t("withdrawalDetail.steps.operator.PENDING"),
    t("withdrawalDetail.approvalOf", { given: 1, required: 2 }),
    t("withdrawalDetail.approvalOf", { given: 2, required: 2 }),
    t("withdrawalDetail.steps.operator.PROCESSING"),
  ];
  await expect(steps).toHaveCount(expected.length);
  await expect(steps.nth(3)).toContainText("Olga Operator");
  for (const [index, title] of expected.entries()) await expect(steps.nth(index)).toContainText(title);
  await checkPage(page, "ops-withdrawal-detail-two-approvals");

  // Adjustment: above the limit it is REQUESTED and moves no money until another operator confirms.
  const before = await merchantBalance(company.clientSecret);
  expect(before).toBe(120000);
  await page.goto(`/ops/adjustments?company=${company.id}`);
  await page.getByRole("button", { name: t("adjustments.create.open") }).click();
  const dialog = page.getByRole("dialog", { name: t("adjustments.create.title") });
  await dialog.getByLabel(t("adjustments.create.amount")).fill("120.000,00");
  await dialog.getByLabel(t("adjustments.create.reason")).fill("Settlement of the March dispute");
  await dialog.getByRole("button", { name: t("adjustments.create.submitCredit", { amount: "R$ 120.000,00" }) }).click();
  await page
    .getByRole("dialog", { name: t("adjustments.create.review.title") })
    .getByRole("button", { name: t("adjustments.create.review.confirm") })
    .click();
  await expect(page.getByText(t("adjustments.create.requestedCredit", { amount: "R$ 120.000,00" }))).toBeVisible();
  const requested = page.getByRole("row").filter({ hasText: "Settlement of the March dispute" });
  await expect(requested).toContainText(t("adjustments.status.REQUESTED"));
  await expect(requested).toContainText(t("adjustments.youRequested"));
  await expect(requested.getByRole("button", { name: t("adjustments.confirmAction") })).toHaveCount(0);
  expect(await merchantBalance(company.clientSecret)).toBe(before);
  await page.reload();
  await checkPage(page, "ops-adjustments-requested");

  await olga.goto("/ops");
  await expect(
    olga.getByRole("region", { name: t("overview.awaitingSecond.title") }).getByTestId("awaiting-adjustments"),
  ).toContainText(t("overview.awaitingSecond.adjustments"));
  await expect(olga.getByTestId("nav-pending-adjustments")).toHaveText(/^\d+/);
  await olga.goto(`/ops/adjustments?company=${company.id}`);
  const olgaRequested = olga.getByRole("row").filter({ hasText: "Settlement of the March dispute" });
  // The maker by name, not operator:usr_….
  await expect(olgaRequested).toContainText("Ana Admin");
  await expect(olgaRequested).not.toContainText("operator:usr_");
  // The second operator's Confirmar/Recusar were off the right edge at 1280 px.
  await expect(olgaRequested.getByRole("button", { name: t("adjustments.confirmAction") })).toBeVisible();
  await checkPage(olga, "ops-adjustments-second-operator");
  await olgaRequested.getByRole("button", { name: t("adjustments.confirmAction") }).click();
  const confirmDialog = olga.getByRole("dialog", { name: t("adjustments.confirm.title") });
  await expect(confirmDialog).toContainText("Ana Admin");
  await expectMoneyFacts(confirmDialog, { account: "Four Eyes Ltda", amount: "+R$ 120.000,00" });
  expect(await merchantBalance(company.clientSecret)).toBe(before);
  await confirmDialog.getByRole("button", { name: t("adjustments.confirm.action") }).click();
  await expect(
    olga.getByText(t("adjustments.confirm.done", { amount: "+R$ 120.000,00", company: "Four Eyes Ltda" })),
  ).toBeVisible();
  await expect(olgaRequested).toContainText(t("adjustments.status.POSTED"));
  expect(await merchantBalance(company.clientSecret)).toBe(before + 120000);
  await olga.goto(`/ops/companies/${company.id}`);
  await expect(olga.getByRole("region", { name: t("companies.page.balance") })).toContainText("R$ 240.000,00");
  await olga.context().close();
});
