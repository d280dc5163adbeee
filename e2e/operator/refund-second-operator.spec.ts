import type { Browser, Page } from "@playwright/test";
import { acceptInvite, charge, createCompany, gql, inviteOperator } from "../support/api";
import { expect, test } from "../support/fixtures";
import { t } from "../support/i18n";
import { expectMoneyFacts } from "../support/money-confirm";
import { checkPage } from "../support/page-check";
import { signInElsewhere } from "../support/sign-in";

/** A second operator (role OPERATOR), signed in through the sign-in page in their own browser context. */
async function secondOperator(browser: Browser, email: string): Promise<Page> {
  const password = "e2e-refund-checker-password";
  await acceptInvite(await inviteOperator(email, "Rita Revisora", "OPERATOR"), password, "Rita Revisora");
  return (await signInElsewhere(browser, email, password, { home: /\/ops$/ })).page;
}

async function refundsOf(chargeId: string) {
  const { refunds } = await gql<{ refunds: { total: number; data: Array<{ status: string; amount: string }> } }>(
    `query($id: ID!) { refunds(chargeId: $id) { total data { status amount } } }`,
    { id: chargeId },
  );
  return refunds;
}

test("a large operator refund waits for a second operator, who confirms it after a review naming account, amount, charge and payer", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000); // two operators, each page screenshot twice and checked by axe, on a shared machine
  // Above APPROVAL_SECOND_OPERATOR_ABOVE (100.000,00 in the e2e server).
  const company = await createCompany("Reembolso Duplo Ltda", { feePercent: "0.00", feeFixed: "0.00" });
  const paidId = await charge(company.id, "150000.00", "Pedido grande", "Paula Pagadora");

  await page.goto(`/ops/charges/${paidId}`);
  await page.getByRole("button", { name: t("refunds.action") }).click();
  const form = page.getByRole("dialog", { name: t("refunds.dialog.title") });
  await form.getByLabel(t("refunds.dialog.amount")).fill("120.000,00");
  await form.getByLabel(t("refunds.dialog.reason")).fill("Pedido cancelado");
  await form.getByRole("button", { name: t("refunds.dialog.continue") }).click();
  const review = page.getByRole("dialog", { name: t("refunds.dialog.reviewTitle") });
  await expectMoneyFacts(review, { account: "Reembolso Duplo Ltda", amount: "R$ 120.000,00", payer: "Paula Pagadora" });
  await review.getByRole("button", { name: t("refunds.dialog.confirm", { amount: "R$ 120.000,00" }) }).click();
  await expect(page.getByText(t("refunds.requests.waiting", { amount: "R$ 120.000,00" }))).toBeVisible();

  // Nothing moved: no refund; the request shows, and its maker cannot confirm it.
  expect((await refundsOf(paidId)).total).toBe(0);
  const requests = page.getByRole("list", { name: t("refunds.requests.label") });
  await expect(requests.getByTestId("refund-request")).toHaveCount(1);
  await expect(requests).toContainText(t("refunds.requests.status.REQUESTED"));
  await expect(requests).toContainText(t("refunds.requests.mine"));
  await expect(requests.getByRole("button", { name: t("refunds.requests.confirm") })).toHaveCount(0);
  await expect(page.getByText(t("refunds.list.empty"))).toBeVisible();
  await checkPage(page, "ops-charge-refund-requested");

  const rita = await secondOperator(browser, `rita.${Date.now()}@pix.test`);
  await rita.goto(`/ops/charges/${paidId}`);
  const ritaRequests = rita.getByRole("list", { name: t("refunds.requests.label") });
  await ritaRequests.getByRole("button", { name: t("refunds.requests.confirm") }).click();
  const confirm = rita.getByRole("dialog", { name: t("refunds.requests.confirmTitle") });
  // The confirming operator sees who gets the money back, as the requester's review did.
  await expectMoneyFacts(confirm, {
    account: "Reembolso Duplo Ltda",
    amount: "R$ 120.000,00",
    payer: "Paula Pagadora",
  });
  await expect(confirm).toContainText(`chg_${paidId}`);
  await checkPage(rita, "ops-charge-refund-confirm");
  expect((await refundsOf(paidId)).total).toBe(0); // nothing sent before the confirmation
  await confirm.getByRole("button", { name: t("refunds.requests.confirmAction", { amount: "R$ 120.000,00" }) }).click();
  await expect(rita.getByText(t("refunds.requests.confirmed", { amount: "R$ 120.000,00" }))).toBeVisible();

  await expect(ritaRequests).toContainText(t("refunds.requests.status.CONFIRMED"));
  const refunds = rita.getByRole("list", { name: t("refunds.list.label") });
  await expect(refunds.getByTestId("refund")).toHaveCount(1);
  await expect(refunds).toContainText(t("refunds.status.PROCESSING"));
  expect((await refundsOf(paidId)).data).toEqual([{ status: "PROCESSING", amount: "120000.00" }]);
  await checkPage(rita, "ops-charge-refund-confirmed");
  await rita.context().close();
});
