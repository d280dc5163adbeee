import { fund, gql } from "../support/api";
import { expect, test } from "../support/fixtures";
import { t } from "../support/i18n";
import { expectMoneyFacts } from "../support/money-confirm";
import { checkPage } from "../support/page-check";
import { type FreshMerchant, freshMerchant } from "./fresh-merchant";

/**
 * A merchant gives a paid charge back in two steps (part, then the rest), each after a
 * confirmation naming the account, the amount and the payer; the charge page and the
 * statement show every refund.
 */
test.describe.configure({ mode: "serial", timeout: 180_000 });
test.use({ storageState: "e2e/.auth/fresh-refunds.json" });

let merchant: FreshMerchant;

test.beforeAll(async ({ browser }) => {
  merchant = await freshMerchant(browser, "refunds", "Livraria Devolve Bem");
});

test("a merchant refunds part of a charge, then the rest, with the remaining amount shown", async ({ page }) => {
  // Net of a R$ 100,00 charge is R$ 98,50 (1 % + R$ 0,50): a refund of all of it needs R$ 1,50 more.
  await fund(merchant.id, "10.00");
  const { createCharge } = await gql<{ createCharge: { id: string } }>(
    `mutation($companyId: ID!, $input: CreateChargeInput!) { createCharge(companyId: $companyId, input: $input) { id } }`,
    { companyId: merchant.id, input: { amount: "100.00", description: "Livro devolvido" } },
  );
  const chargeId = createCharge.id;
  await gql(
    `mutation($id: ID!) { simulateChargePayment(chargeId: $id, payerName: "Maria Leitora", payerDocument: "52998224725") { id } }`,
    { id: chargeId },
  );

  await page.goto(`/m/charges/${chargeId}`);
  await expect(page.getByText(t("refunds.list.empty"))).toBeVisible();
  await page.getByRole("button", { name: t("refunds.action") }).click();
  const form = page.getByRole("dialog", { name: t("refunds.dialog.title") });
  await expect(form.getByTestId("refund-remaining")).toHaveText("R$ 100,00");
  await form.getByLabel(t("refunds.dialog.amount")).fill("40,00");
  await checkPage(page, "merchant-charge-refund-form");
  await form.getByRole("button", { name: t("refunds.dialog.continue") }).click();
  const review = page.getByRole("dialog", { name: t("refunds.dialog.reviewTitle") });
  await expectMoneyFacts(review, { account: "Livraria Devolve Bem", amount: "R$ 40,00", payer: "Maria Leitora" });
  await expect(review.getByTestId("confirm-payer")).toContainText("529.982.247-25");
  await checkPage(page, "merchant-charge-refund-review");
  await review.getByRole("button", { name: t("refunds.dialog.confirm", { amount: "R$ 40,00" }) }).click();
  await expect(page.getByText(t("refunds.dialog.done", { amount: "R$ 40,00" }))).toBeVisible();
  const list = page.getByRole("list", { name: t("refunds.list.label") });
  await expect(list.getByTestId("refund")).toHaveCount(1);
  await expect(list).toContainText(t("refunds.status.PROCESSING"));

  // The rest: the dialog now offers R$ 60,00, and "All" fills it in.
  await page.getByRole("button", { name: t("refunds.action") }).click();
  await expect(form.getByTestId("refund-remaining")).toHaveText("R$ 60,00");
  await form.getByLabel(t("refunds.dialog.amount")).fill("1");
  await form.getByRole("button", { name: t("refunds.dialog.all") }).click();
  await expect(form.getByLabel(t("refunds.dialog.amount"))).toHaveValue("60,00");
  await form.getByRole("button", { name: t("refunds.dialog.continue") }).click();
  await expectMoneyFacts(review, { account: "Livraria Devolve Bem", amount: "R$ 60,00" });
  await review.getByRole("button", { name: t("refunds.dialog.confirm", { amount: "R$ 60,00" }) }).click();
  await expect(page.getByText(t("refunds.dialog.done", { amount: "R$ 60,00" }))).toBeVisible();
  await expect(list.getByTestId("refund")).toHaveCount(2);
  // Nothing remains to refund: the action is gone.
  await expect(page.getByRole("button", { name: t("refunds.action") })).toHaveCount(0);

  // The bank returns the first one.
  const { refunds } = await gql<{ refunds: { data: Array<{ id: string; amount: string }> } }>(
    `query($id: ID!) { refunds(chargeId: $id) { data { id amount } } }`,
    { id: chargeId },
  );
  expect(refunds.data.map((refund) => refund.amount)).toEqual(["40.00", "60.00"]);
  await gql(`mutation($id: ID!) { simulateRefundOutcome(id: $id, outcome: REFUNDED) { id } }`, {
    id: refunds.data[0].id,
  });
  await page.reload();
  await expect(list.getByTestId("refund").first()).toContainText(t("refunds.status.REFUNDED"));
  await expect(list.getByTestId("refund").last()).toContainText(t("refunds.status.PROCESSING"));
  const history = page.getByRole("list", { name: t("merchantCharges.detail.history") });
  await expect(history).toContainText(t("refunds.timeline.refunded", { amount: "R$ 40,00" }));
  await expect(history).toContainText(t("refunds.timeline.requested", { amount: "R$ 60,00" }));
  await checkPage(page, "merchant-charge-refunds");

  // The statement lists both refunds as money out of the balance.
  await page.goto("/m/statement");
  for (const refund of refunds.data) await expect(page.getByText(refund.id).first()).toBeVisible();
  await checkPage(page, "merchant-statement-refunds");
});

test("what a MED dispute holds is not offered for refund: the dialog says so and refuses more", async ({ page }) => {
  await fund(merchant.id, "10.00");
  const { createCharge } = await gql<{ createCharge: { id: string } }>(
    `mutation($companyId: ID!, $input: CreateChargeInput!) { createCharge(companyId: $companyId, input: $input) { id } }`,
    { companyId: merchant.id, input: { amount: "50.00", description: "Livro em disputa" } },
  );
  const chargeId = createCharge.id;
  await gql(`mutation($id: ID!) { simulateChargePayment(chargeId: $id, payerName: "Rui Reclamante") { id } }`, {
    id: chargeId,
  });
  await gql(`mutation($id: ID!) { simulateDispute(chargeId: $id, nature: MED_FRAUDE, amount: "20.00") { id } }`, {
    id: chargeId,
  });

  await page.goto(`/m/charges/${chargeId}`);
  await page.getByRole("button", { name: t("refunds.action") }).click();
  const form = page.getByRole("dialog", { name: t("refunds.dialog.title") });
  await expect(form.getByTestId("refund-remaining")).toHaveText("R$ 30,00");
  await expect(form.getByTestId("refund-held")).toHaveText(t("refunds.dialog.heldByDispute", { amount: "R$ 20,00" }));
  await expect(form.getByLabel(t("refunds.dialog.amount"))).toHaveValue("30,00");
  await form.getByLabel(t("refunds.dialog.amount")).fill("30,01");
  await form.getByRole("button", { name: t("refunds.dialog.continue") }).click();
  await expect(form.getByRole("alert")).toHaveText(t("refunds.dialog.tooMuchHeldOnly", { remaining: "R$ 30,00" }));
  await checkPage(page, "merchant-charge-refund-held");
});

/** The lines of the home's "Como o saldo disponível é formado", label and amount as shown. */
async function balanceLines(page: import("@playwright/test").Page): Promise<Array<[string, string]>> {
  const rows = page.getByTestId("balance-lines").locator("div");
  const lines: Array<[string, string]> = [];
  for (const row of await rows.all()) {
    const text = async (part: string) => ((await row.locator(part).textContent()) ?? "").replace(/\s+/g, " ").trim();
    lines.push([await text("dt"), await text("dd")]);
  }
  return lines;
}

/** Centavos of "R$ 1.234,56" / "+R$ 3,00" / "-R$ 3,00" as shown (never through a float). */
function centavosOf(text: string): bigint {
  const clean = text.replace(/\s/g, "").replace("R$", "");
  const negative = clean.startsWith("-") || clean.startsWith("−");
  const digits = clean.replace(/[^0-9]/g, "");
  return negative ? -BigInt(digits) : BigInt(digits);
}

test("a hold of a partly refunded charge: the charge, the lists and the home's balance lines say so and add up", async ({
  page,
}) => {
  // After the two tests above: R$ 20,00 of adjustments; the R$ 100,00 charge (net 98,50) refunded whole;
  // the R$ 50,00 charge (net 49,00) with R$ 20,00 held by a MED dispute.
  const { createCharge } = await gql<{ createCharge: { id: string } }>(
    `mutation($companyId: ID!, $input: CreateChargeInput!) { createCharge(companyId: $companyId, input: $input) { id } }`,
    { companyId: merchant.id, input: { amount: "200.00", description: "Coleção em parte devolvida" } },
  );
  const chargeId = createCharge.id;
  await gql(`mutation($id: ID!) { simulateChargePayment(chargeId: $id, payerName: "Paula Parcial") { id } }`, {
    id: chargeId,
  });
  await gql(
    `mutation($id: ID!, $key: String!) { refundCharge(chargeId: $id, input: { amount: "50.00" }, idempotencyKey: $key) { id } }`,
    { id: chargeId, key: crypto.randomUUID() },
  );
  // The operator's hold takes what remains of it: 197,50 − 50,00 = 147,50.
  const { reserveCharge } = await gql<{ reserveCharge: { reservedAmount: string } }>(
    `mutation($id: ID!) { reserveCharge(id: $id, reason: "Análise de devolução") { reservedAmount } }`,
    { id: chargeId },
  );
  expect(reserveCharge.reservedAmount).toBe("147.50");

  await page.goto(`/m/charges/${chargeId}`);
  await expect(page.getByText(t("common.status.partlyRefunded"), { exact: true })).toBeVisible();
  await expect(page.getByTestId("refunded-amount")).toHaveText("R$ 50,00");
  await expect(page.getByTestId("net-amount")).toHaveText("R$ 147,50");
  await checkPage(page, "merchant-charge-partly-refunded");

  await page.goto("/m/charges");
  const row = (description: string) => page.getByRole("row", { name: new RegExp(description) });
  await expect(row("Coleção em parte devolvida")).toContainText(t("common.status.partlyRefunded"));
  await expect(row("Livro devolvido")).toContainText(t("common.status.refunded"));
  await expect(row("Livro em disputa")).toContainText(t("common.status.disputed"));
  // The list's filter for refunds and MED: each shows its own charges and nothing else.
  await page.getByRole("button", { name: t("charges.table.moneyBackFilter") }).click();
  await page.getByRole("option", { name: t("charges.table.moneyBackOptions.refunded") }).click();
  await expect(page).toHaveURL(/moneyBack=refunded/);
  await expect(row("Coleção em parte devolvida")).toBeVisible();
  await expect(row("Livro devolvido")).toBeVisible();
  await expect(row("Livro em disputa")).toHaveCount(0);
  await page.goto("/m/charges?moneyBack=disputed");
  await expect(row("Livro em disputa")).toBeVisible();
  await expect(row("Livro devolvido")).toHaveCount(0);
  await expect(row("Coleção em parte devolvida")).toHaveCount(0);

  await page.goto("/m");
  const lines = await balanceLines(page);
  expect(lines).toEqual([
    [t("merchant.home.chargesPaidNet"), "R$ 345,00"],
    [t("merchant.home.reservedLine"), "R$ 147,50"],
    [t("merchant.home.disputesHeld"), "R$ 20,00"],
    [t("merchant.home.adjustments"), "+R$ 20,00"],
    [t("merchant.home.withdrawalsHeld"), "R$ 0,00"],
    [t("merchant.home.refundsHeld"), "R$ 150,00"],
    [t("merchant.home.availableTotal"), "R$ 47,50"],
  ]);
  // The lines add up: what the first line and the "+" lines bring, less the "−" lines.
  const [total, ...parts] = [lines.at(-1) as [string, string], ...lines.slice(0, -1)];
  const sum = parts.reduce(
    (acc, [label, amount], index) =>
      index === 0 || label.startsWith("+") ? acc + centavosOf(amount) : acc - centavosOf(amount),
    0n,
  );
  expect(sum).toBe(centavosOf(total[1]));
  await expect(page.getByRole("region", { name: t("merchant.home.headline") })).toContainText("R$ 167,50");
  await checkPage(page, "merchant-home-balance-lines");
});
