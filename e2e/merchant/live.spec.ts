import { charge, fund, gql, withdrawalAskedByMerchant } from "../support/api";
import { expect, test } from "../support/fixtures";
import { t } from "../support/i18n";
import { checkPage } from "../support/page-check";
import { type FreshMerchant, freshMerchant } from "./fresh-merchant";

/**
 * Live pages: a merchant keeps a charge's page open while the payer pays; the page turns Paid
 * with the payer and drops the QR code without a reload, and a toast says so.
 */
test.describe.configure({ mode: "serial", timeout: 120_000 });
test.use({ storageState: "e2e/.auth/fresh-live.json" });

let merchant: FreshMerchant;

test.beforeAll(async ({ browser }) => {
  merchant = await freshMerchant(browser, "live", "Quiosque Tempo Real");
});

test("an open charge page turns Paid when the payer pays, without a reload", async ({ page }) => {
  const id = await charge(merchant.id, "45.00", "Pedido ao vivo 12");
  await page.goto(`/m/charges/${id}`);
  const qr = page.getByRole("img", { name: t("common.qrCode") });
  // Drawn in the browser after hydration: slow on a busy machine.
  await expect(qr).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(t("common.status.charge.PENDING"), { exact: true }).first()).toBeVisible();
  // The page is listening before the payment is made.
  await expect(page.getByTestId("live-updates")).toHaveAttribute("data-state", "open", { timeout: 30_000 });
  // A reload would lose this mark.
  await page.evaluate(() => {
    (window as unknown as { liveMark: string }).liveMark = "same document";
  });

  await gql(`mutation($id: ID!) { simulateChargePayment(chargeId: $id, payerName: "Rafaela Ventura") { id } }`, {
    id,
  });

  await expect(page.locator("[data-sonner-toast]", { hasText: t("live.events.charge.paid") })).toBeVisible();
  await expect(page.getByText(t("common.status.charge.PAID"), { exact: true }).first()).toBeVisible();
  await expect(qr).toHaveCount(0);
  await expect(page.getByText("Rafaela Ventura").first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { liveMark?: string }).liveMark)).toBe("same document");
  await checkPage(page, "live-merchant-charge-paid");
});

test("a payment of another of the merchant's charges leaves this page as it is", async ({ page }) => {
  const id = await charge(merchant.id, "7.00", "Pedido ao vivo 13");
  await page.goto(`/m/charges/${id}`);
  await expect(page.getByTestId("live-updates")).toHaveAttribute("data-state", "open", { timeout: 30_000 });
  // A payment of one of this merchant's other charges: no toast about this page's charge,
  // which stays payable.
  const other = await charge(merchant.id, "8.00", "Pedido ao vivo 14");
  await gql(`mutation($id: ID!) { simulateChargePayment(chargeId: $id) { id } }`, { id: other });
  await page.waitForTimeout(1500);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  await expect(page.getByRole("img", { name: t("common.qrCode") })).toBeVisible({ timeout: 30_000 });
});

test("an open withdrawal page turns Paid when the bank pays it, without a reload", async ({ page }) => {
  await fund(merchant.id, "30.00");
  const created = await withdrawalAskedByMerchant(merchant, "12.00");
  await gql(`mutation($id: ID!) { approveWithdrawal(id: $id) { id } }`, { id: created.id });
  await page.goto(`/m/withdrawals/${created.id}`);
  await expect(page.getByTestId("live-updates")).toHaveAttribute("data-state", "open", { timeout: 30_000 });
  await expect(page.getByText(t("common.status.withdrawal.PROCESSING"), { exact: true }).first()).toBeVisible();

  await gql(`mutation($id: ID!) { simulateWithdrawalOutcome(id: $id, outcome: PAID) { id } }`, { id: created.id });

  await expect(page.locator("[data-sonner-toast]", { hasText: t("live.events.withdrawal.paid") })).toBeVisible();
  await expect(page.getByText(t("common.status.withdrawal.PAID"), { exact: true }).first()).toBeVisible();
  await checkPage(page, "live-merchant-withdrawal-paid");
});

test("an idle open page does not refetch, nor after the echo of its own action", async ({ page }) => {
  // The merchant's stream carries only this fresh company's changes: nothing else reaches it.
  const id = await charge(merchant.id, "9.00", "Pedido ao vivo 15");
  await page.goto(`/m/charges/${id}`);
  const live = page.getByTestId("live-updates");
  await expect(live).toHaveAttribute("data-state", "open", { timeout: 30_000 });
  await page.waitForTimeout(6_500);
  await expect(live).toHaveAttribute("data-refetches", "0");

  // The page's own cancel refetches the page itself; its echo (charge.cancelled) is not refetched again.
  await page.getByRole("button", { name: t("merchantCharges.cancel.label") }).click();
  await page
    .getByRole("alertdialog", { name: t("merchantCharges.cancel.title") })
    .getByRole("button", { name: t("merchantCharges.cancel.label") })
    .click();
  await expect(page.getByText(t("common.status.charge.CANCELLED"), { exact: true }).first()).toBeVisible();
  await page.waitForTimeout(6_500);
  await expect(live).toHaveAttribute("data-refetches", "0");

  // A change this tab did not make is refetched: a MED dispute opened on another paid charge.
  const paid = await charge(merchant.id, "10.00", "Pedido ao vivo 16", "Paulo Pagador");
  await gql(`mutation($c: ID!) { simulateDispute(chargeId: $c, nature: MED_FRAUDE, description: "Golpe") { id } }`, {
    c: paid,
  });
  await expect(live).toHaveAttribute("data-refetches", "1", { timeout: 15_000 });
});
