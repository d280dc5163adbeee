import { type FreshMerchant, freshMerchant } from "../merchant/fresh-merchant";
import { gql } from "../support/api";
import { expect, test } from "../support/fixtures";
import { t } from "../support/i18n";
import { expectMoneyFacts } from "../support/money-confirm";
import { checkPage, toastsGone } from "../support/page-check";

/**
 * MED disputes: the payer's bank opens a claim (the sandbox's simulateDispute), the operator
 * finds it in the queue with its deadline and accepts it after a confirmation naming the
 * account and the held amount; the merchant sees it in their panel.
 */
test.describe.configure({ mode: "serial", timeout: 180_000 });

let merchant: FreshMerchant;

test.beforeAll(async ({ browser }) => {
  merchant = await freshMerchant(browser, "disputes", "Loja Disputada Ltda");
});

async function paidCharge(amount: string): Promise<string> {
  const { createCharge } = await gql<{ createCharge: { id: string } }>(
    `mutation($companyId: ID!, $input: CreateChargeInput!) { createCharge(companyId: $companyId, input: $input) { id } }`,
    { companyId: merchant.id, input: { amount, description: "Pedido contestado" } },
  );
  await gql(
    `mutation($id: ID!) { simulateChargePayment(chargeId: $id, payerName: "Paula Pagadora", payerDocument: "52998224725") { id } }`,
    { id: createCharge.id },
  );
  return createCharge.id;
}

async function simulateDispute(chargeId: string, amount: string, nature: "MED_FRAUDE" | "MED_OPERACIONAL") {
  const { simulateDispute } = await gql<{ simulateDispute: { id: string; heldAmount: string } }>(
    `mutation($c: ID!, $a: Money) {
       simulateDispute(chargeId: $c, amount: $a, nature: ${nature}, description: "Cliente relata golpe") { id heldAmount }
     }`,
    { c: chargeId, a: amount },
  );
  return simulateDispute;
}

async function disputeOf(id: string) {
  const { dispute } = await gql<{ dispute: { status: string; outcome: string | null; refundId: string | null } }>(
    `query($id: ID!) { dispute(id: $id) { status outcome refundId } }`,
    { id },
  );
  return dispute;
}

test("an operator accepts a MED dispute after a confirmation naming the account and the held amount", async ({
  page,
  browser,
}) => {
  const chargeId = await paidCharge("100.00"); // net R$ 98,50 at 1 % + R$ 0,50
  const dispute = await simulateDispute(chargeId, "40.00", "MED_FRAUDE");
  expect(dispute.heldAmount).toBe("40.00");
  const contestedCharge = await paidCharge("20.00");
  const contested = await simulateDispute(contestedCharge, "20.00", "MED_OPERACIONAL");

  await page.goto("/ops/disputes");
  await expect(page.getByRole("heading", { name: t("disputes.title") })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: `chg_${chargeId}` });
  await expect(row).toContainText(t("disputes.nature.MED_FRAUDE"));
  await expect(row).toContainText("R$ 40,00");
  await expect(row).toContainText("Loja Disputada Ltda");
  // Due in 7 days (Intl may say "em 7 dias" or "em 1 semana" at the boundary).
  await expect(row.getByTestId("dispute-deadline")).toContainText(
    new RegExp(t("disputes.deadline.due", { when: "em (7 dias|1 semana)" })),
  );
  await checkPage(page, "ops-disputes-queue");

  // Contest the second one: a statement is required, the amount stays held.
  const other = page.getByRole("row").filter({ hasText: `chg_${contestedCharge}` });
  await other.getByRole("button", { name: t("disputes.contest.actionFor", { id: contested.id }) }).click();
  const contestDialog = page.getByRole("dialog", { name: t("disputes.contest.title") });
  await expectMoneyFacts(contestDialog, { account: "Loja Disputada Ltda", amount: "R$ 20,00" });
  const contestButton = contestDialog.getByRole("button", {
    name: t("disputes.contest.confirm", { amount: "R$ 20,00" }),
  });
  await expect(contestButton).toBeDisabled();
  await contestDialog.getByLabel(t("disputes.contest.label")).fill("Produto entregue com nota fiscal 4512");
  await contestButton.click();
  await expect(page.getByText(t("disputes.contest.done", { amount: "R$ 20,00" }))).toBeVisible();
  await expect(other).toHaveCount(0);
  expect((await disputeOf(contested.id)).status).toBe("REJECTED");
  await toastsGone(page);

  await row.getByRole("button", { name: t("disputes.accept.actionFor", { id: dispute.id }) }).click();
  const dialog = page.getByRole("dialog", { name: t("disputes.accept.title") });
  await expectMoneyFacts(dialog, { account: "Loja Disputada Ltda", amount: "R$ 40,00" });
  await checkPage(page, "ops-dispute-accept");
  expect((await disputeOf(dispute.id)).status).toBe("OPEN"); // nothing sent before the confirmation
  await dialog.getByRole("button", { name: t("disputes.accept.confirm", { amount: "R$ 40,00" }) }).click();
  await expect(page.getByText(t("disputes.accept.done", { amount: "R$ 40,00" }))).toBeVisible();
  await expect(row).toHaveCount(0);
  const accepted = await disputeOf(dispute.id);
  expect(accepted.status).toBe("ACCEPTED");
  expect(accepted.refundId).toMatch(/^rf_/);

  const { balanceAudit } = await gql<{
    balanceAudit: { consistent: boolean; disputesHeld: string; refundsHeld: string };
  }>(`query($c: ID!) { balanceAudit(companyId: $c) { consistent disputesHeld refundsHeld } }`, { c: merchant.id });
  expect(balanceAudit).toEqual({ consistent: true, disputesHeld: "20.00", refundsHeld: "40.00" });

  await toastsGone(page);
  await page.goto("/ops/disputes?status=ACCEPTED");
  const acceptedRow = page.getByRole("row").filter({ hasText: `chg_${chargeId}` });
  await expect(acceptedRow).toContainText(t("disputes.badge.ACCEPTED"));
  await expect(acceptedRow).toContainText(t("disputes.returning"));
  await checkPage(page, "ops-disputes-accepted");

  // The merchant sees the disputes of their account: the accepted one and the contested one.
  const context = await browser.newContext({ storageState: merchant.storageState });
  const merchantPage = await context.newPage();
  await merchantPage.goto("/m/disputes?status=ACCEPTED");
  await expect(merchantPage.getByRole("heading", { name: t("disputes.merchantTitle") })).toBeVisible();
  const mine = merchantPage.getByRole("row").filter({ hasText: `chg_${chargeId}` });
  await expect(mine).toContainText("R$ 40,00");
  await expect(mine).toContainText(t("disputes.nature.MED_FRAUDE"));
  await expect(merchantPage.getByRole("button", { name: t("disputes.accept.action") })).toHaveCount(0);
  await checkPage(merchantPage, "m-disputes-accepted");
  await merchantPage.goto("/m/disputes?status=REJECTED");
  await expect(merchantPage.getByRole("row").filter({ hasText: `chg_${contestedCharge}` })).toContainText("R$ 20,00");
  await merchantPage.goto("/m/disputes");
  await expect(merchantPage.getByText(t("disputes.empty.OPEN.title"))).toBeVisible();
  await checkPage(merchantPage, "m-disputes-empty");
  await context.close();
});

test("the status tabs fit a phone: every tab whole on screen, nothing scrolls sideways", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/ops/disputes");
  const tabs = page.getByRole("tablist", { name: t("disputes.tabs.label") });
  await expect(tabs.getByRole("tab")).toHaveCount(4);
  // The list scrolls inside itself only when its tabs do not fit: here they fit, none is cut.
  const fit = await tabs.evaluate((list) => ({ scroll: list.scrollWidth, client: list.clientWidth }));
  expect(fit.scroll).toBeLessThanOrEqual(fit.client);
  for (const tab of await tabs.getByRole("tab").all()) {
    const box = await tab.boundingBox();
    expect(box).not.toBeNull();
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await tabs.getByRole("tab", { name: t("disputes.status.CLOSED") }).click();
  await expect(page).toHaveURL(/status=CLOSED/);
  await checkPage(page, "ops-disputes-closed-tab");
});

test("the operator's charge page lists the charge's MED disputes, and says so when it has none", async ({ page }) => {
  const chargeId = await paidCharge("30.00");
  const dispute = await simulateDispute(chargeId, "30.00", "MED_OPERACIONAL");
  expect(dispute.heldAmount).toBe("30.00");

  await page.goto(`/ops/charges/${chargeId}`);
  const list = page.getByRole("list", { name: t("disputes.charge.label") });
  const item = list.getByRole("listitem");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(t("disputes.badge.OPEN"));
  await expect(item).toContainText(t("disputes.nature.MED_OPERACIONAL"));
  await expect(item.getByTestId("dispute-held")).toHaveText(t("disputes.charge.held", { amount: "R$ 30,00" }));
  await expect(item.getByTestId("dispute-deadline")).toContainText(
    new RegExp(t("disputes.deadline.due", { when: "em (7 dias|1 semana)" })),
  );
  const link = item.getByRole("link", { name: t("disputes.charge.open", { id: dispute.id }) });
  await expect(link).toHaveAttribute("href", "/ops/disputes?status=OPEN");
  await checkPage(page, "ops-charge-disputes");
  await link.click();
  await expect(page).toHaveURL(/\/ops\/disputes\?status=OPEN$/);
  await expect(page.getByRole("row").filter({ hasText: dispute.id })).toContainText(`chg_${chargeId}`);

  const quiet = await paidCharge("5.00");
  await page.goto(`/ops/charges/${quiet}`);
  await expect(page.getByText(t("disputes.charge.empty"))).toBeVisible();
  await expect(page.getByRole("list", { name: t("disputes.charge.label") })).toHaveCount(0);
  await checkPage(page, "ops-charge-no-disputes");
});

test("a dispute opened by the payer's bank appears in the open queue and the merchant's list without a reload, and leaves when closed", async ({
  page,
  browser,
}) => {
  const chargeId = await paidCharge("12.00");
  // Every account's open disputes are the operator's queue: a page of 100 holds this one too.
  await page.goto("/ops/disputes?perPage=100");
  const context = await browser.newContext({ storageState: merchant.storageState });
  const merchantPage = await context.newPage();
  await merchantPage.goto("/m/disputes");
  for (const one of [page, merchantPage]) {
    await expect(one.getByTestId("live-updates")).toHaveAttribute("data-state", "open", { timeout: 30_000 });
    await one.evaluate(() => {
      (window as unknown as { liveMark: string }).liveMark = "same document";
    });
  }

  const dispute = await simulateDispute(chargeId, "12.00", "MED_FRAUDE");
  const row = page.getByRole("row").filter({ hasText: `chg_${chargeId}` });
  const mine = merchantPage.getByRole("row").filter({ hasText: `chg_${chargeId}` });
  await expect(row).toContainText(t("disputes.badge.OPEN"), { timeout: 15_000 });
  await expect(mine).toContainText("R$ 12,00", { timeout: 15_000 });
  // The merchant's list is their account's only: exactly this one was added.
  await expect(merchantPage.locator("[data-sonner-toast]")).toContainText(t("live.rows.disputes.added", { count: 1 }));
  // The operator's queue counts every account's: this one, and maybe another spec's.
  const said = [1, 2, 3].map((count) => t("live.rows.disputes.added", { count }));
  expect(said).toContain((await page.locator("[data-sonner-toast]").innerText()).trim());
  for (const one of [page, merchantPage])
    expect(await one.evaluate(() => (window as unknown as { liveMark?: string }).liveMark)).toBe("same document");
  await checkPage(merchantPage, "m-disputes-live");

  // Closed elsewhere (dispute.closed): it leaves both open lists, still without a reload.
  await gql(`mutation($id: ID!) { closeDispute(id: $id, note: "Banco retirou a reclamação") { id } }`, {
    id: dispute.id,
  });
  await expect(row).toHaveCount(0, { timeout: 15_000 });
  await expect(mine).toHaveCount(0, { timeout: 15_000 });
  await context.close();
});
