import type { Locator, Page } from "@playwright/test";
import { charge, createCompany, fund, gql, withdrawal, withdrawalAskedByMerchant } from "../support/api";
import { expect, test } from "../support/fixtures";
import { t } from "../support/i18n";
import { approveDialog } from "../support/money-confirm";
import { checkPage } from "../support/page-check";

/**
 * Live pages: an operator keeps the approval queue open; a merchant's new withdrawals show up
 * in it without a reload, and one toast per refetch says how many rows were added or left
 * (never one per event); the overview listens too, and so do a charge's and a withdrawal's
 * pages, which turn Paid when the payer or the bank acts.
 */
test.describe.configure({ timeout: 120_000 });

/**
 * No visible button of the page lies under the toast (its own close button aside), once the toast
 * has settled: sonner slides it in from below, across the selection bar, for about 400 ms.
 */
async function expectNothingCovered(page: Page, toast: Locator) {
  await expect
    .poll(async () => {
      const box = await toast.boundingBox();
      if (!box) return ["(no toast)"];
      return page.locator("button:visible, a:visible").evaluateAll(
        (targets, area) =>
          targets
            .filter((target) => !target.closest("[data-sonner-toaster]"))
            .filter((target) => {
              const r = target.getBoundingClientRect();
              return (
                r.right > area.x && r.left < area.x + area.width && r.bottom > area.y && r.top < area.y + area.height
              );
            })
            .map((target) => target.getAttribute("aria-label") ?? target.textContent),
        box,
      );
    })
    .toEqual([]);
}

test("new withdrawals appear in the open approval queue without a reload, with one toast saying how many", async ({
  page,
}) => {
  const company = await createCompany("Quiosque Fila Viva");
  await fund(company.id, "300.00");
  // The queue of this company only: other specs' withdrawals stay off the page and its count.
  await page.goto(`/ops/withdrawals?company=${company.id}`);
  const live = page.getByTestId("live-updates");
  await expect(live).toHaveAttribute("data-state", "open", { timeout: 30_000 });
  await page.evaluate(() => {
    (window as unknown as { liveMark: string }).liveMark = "same document";
  });

  // Two at once: one refetch, one toast for both.
  const [first, second] = await Promise.all([withdrawal(company.id, "12.34"), withdrawal(company.id, "5.00")]);

  await expect(page.getByRole("link", { name: first.withdrawalReference })).toBeVisible();
  await expect(page.getByRole("link", { name: second.withdrawalReference })).toBeVisible();
  const toasts = page.locator("[data-sonner-toast]");
  await expect(toasts).toHaveCount(1);
  await expect(toasts).toContainText(t("live.rows.withdrawals.added", { count: 2 }));
  expect(Number(await live.getAttribute("data-refetches"))).toBeGreaterThanOrEqual(1);
  expect(await page.evaluate(() => (window as unknown as { liveMark?: string }).liveMark)).toBe("same document");
  await expectNothingCovered(page, toasts);
  // Dismissable: its close button takes it away.
  await toasts.getByRole("button", { name: t("common.toasts.close") }).click();
  await expect(toasts).toHaveCount(0);
  await checkPage(page, "live-operator-queue");

  // Someone else takes one out of the queue (cancelled through the API) while the operator has
  // a row selected: the toast says it left, above the selection's bar (bulk approve) at 390 px.
  await page.setViewportSize({ width: 390, height: 844 });
  await page
    .getByRole("list", { name: t("withdrawals.table.queue") })
    .getByRole("checkbox", { name: t("common.table.selectRow", { id: first.id }) })
    .check();
  await expect(page.getByRole("toolbar", { name: t("common.table.selectionActions") })).toBeVisible();
  await gql(`mutation($id: ID!) { cancelWithdrawal(id: $id, reason: "Pedido desfeito") { id } }`, { id: second.id });
  await expect(toasts).toHaveCount(1, { timeout: 15_000 });
  await expect(toasts).toContainText(t("live.rows.withdrawals.removed", { count: 1 }));
  await expect(page.getByText(second.withdrawalReference)).toHaveCount(0);
  await expectNothingCovered(page, toasts);
  await toasts.getByRole("button", { name: t("common.toasts.close") }).click();
  await expect(toasts).toHaveCount(0);
});

test("changes one after another are one refetch every 5 s at most, and one toast, never one per event", async ({
  page,
}) => {
  const company = await createCompany("Quiosque Fila Calma");
  await fund(company.id, "100.00");
  await page.goto(`/ops/withdrawals?company=${company.id}`);
  const live = page.getByTestId("live-updates");
  await expect(live).toHaveAttribute("data-state", "open", { timeout: 30_000 });
  const started = Date.now();
  const created = [];
  for (const amount of ["1.00", "2.00", "3.00", "4.00"]) created.push(await withdrawal(company.id, amount));
  for (const one of created) await expect(page.getByRole("link", { name: one.withdrawalReference })).toBeVisible();
  // Every company's changes reach an operator's queue (other specs' too): whatever arrived,
  // the page refetched at most once per 5 s (the first after 1 s).
  const refetches = Number(await live.getAttribute("data-refetches"));
  expect(refetches).toBeGreaterThanOrEqual(1);
  expect(refetches).toBeLessThanOrEqual(Math.ceil((Date.now() - started) / 5_000) + 1);
  // A later count replaces the toast: one on the page, never one per withdrawal.
  const toast = page.locator("[data-sonner-toast]");
  await expect(toast).toHaveCount(1);
  const said = [1, 2, 3, 4].map((count) => t("live.rows.withdrawals.added", { count }));
  expect(said).toContain((await toast.innerText()).trim());
});

test("the operator's own approval takes the row out without a toast about it", async ({ page }) => {
  const company = await createCompany("Quiosque Aprovação Própria");
  await fund(company.id, "100.00");
  const created = await withdrawal(company.id, "7.00");
  await page.goto(`/ops/withdrawals?company=${company.id}`);
  await expect(page.getByTestId("live-updates")).toHaveAttribute("data-state", "open", { timeout: 30_000 });
  await page
    .getByRole("button", { name: t("withdrawals.row.approveFor", { reference: created.withdrawalReference }) })
    .click();
  await approveDialog(page, created.withdrawalReference)
    .getByRole("button", { name: t("withdrawals.approve.confirm") })
    .click();
  await expect(
    page.getByText(t("withdrawals.approve.approved", { reference: created.withdrawalReference })),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: created.withdrawalReference })).toHaveCount(0);
  // Its echo (withdrawal.processing) arrives too: the page counted its own change, no news.
  await page.waitForTimeout(6_500);
  await expect(
    page.locator("[data-sonner-toast]", { hasText: t("live.rows.withdrawals.removed", { count: 1 }) }),
  ).toHaveCount(0);
});

test("the overview listens for changes", async ({ page }) => {
  await page.goto("/ops");
  // Open: the stream answered and its process listens (a refused or broken stream would poll).
  await expect(page.getByTestId("live-updates")).toHaveAttribute("data-state", "open", { timeout: 30_000 });
});

test("an operator's open charge page turns Paid with the payer when the payer pays, without a reload", async ({
  page,
}) => {
  const company = await createCompany("Quiosque Cobrança Viva");
  const id = await charge(company.id, "31.50", "Pedido ao vivo do operador");
  await page.goto(`/ops/charges/${id}`);
  await expect(page.getByTestId("live-updates")).toHaveAttribute("data-state", "open", { timeout: 30_000 });
  await expect(page.getByText(t("common.status.charge.PENDING"), { exact: true }).first()).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { liveMark: string }).liveMark = "same document";
  });

  await gql(`mutation($id: ID!) { simulateChargePayment(chargeId: $id, payerName: "Otávio Pagante") { id } }`, { id });

  await expect(page.locator("[data-sonner-toast]", { hasText: t("live.events.charge.paid") })).toBeVisible();
  await expect(page.getByText(t("common.status.charge.PAID"), { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Otávio Pagante").first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { liveMark?: string }).liveMark)).toBe("same document");
});

test("an operator's open withdrawal page turns Paid when the bank pays it, without a reload", async ({ page }) => {
  const company = await createCompany("Quiosque Saque Vivo");
  await fund(company.id, "50.00");
  const created = await withdrawalAskedByMerchant(company, "9.90");
  await gql(`mutation($id: ID!) { approveWithdrawal(id: $id) { id } }`, { id: created.id });
  await page.goto(`/ops/withdrawals/${created.id}`);
  await expect(page.getByTestId("live-updates")).toHaveAttribute("data-state", "open", { timeout: 30_000 });
  await expect(page.getByText(t("common.status.withdrawal.PROCESSING"), { exact: true }).first()).toBeVisible();
  // The approver in words, never the raw actor id: the timeline's approval and its "sent to
  // the bank" step, and the details' approvals.
  await expect(page.getByText(t("actors.operatorToken"), { exact: true })).toHaveCount(3);
  await expect(page.getByText("operator:token")).toHaveCount(0);
  await page.evaluate(() => {
    (window as unknown as { liveMark: string }).liveMark = "same document";
  });

  await gql(`mutation($id: ID!) { simulateWithdrawalOutcome(id: $id, outcome: PAID) { id } }`, { id: created.id });

  await expect(page.locator("[data-sonner-toast]", { hasText: t("live.events.withdrawal.paid") })).toBeVisible();
  await expect(page.getByText(t("common.status.withdrawal.PAID"), { exact: true }).first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { liveMark?: string }).liveMark)).toBe("same document");
});
