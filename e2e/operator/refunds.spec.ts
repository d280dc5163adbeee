import { createHmac } from "node:crypto";
import { createCompany, fund, gql } from "../support/api";
import { BASE_URL, PROVIDER_SECRET } from "../support/env";
import { expect, test } from "../support/fixtures";
import { t } from "../support/i18n";
import { expectMoneyFacts } from "../support/money-confirm";
import { checkPage } from "../support/page-check";

/** A paid charge of `companyId`, paid in the sandbox by a named payer with a CPF. */
async function paidCharge(companyId: string, amount: string, payerName: string) {
  const { createCharge } = await gql<{ createCharge: { id: string; txid: string } }>(
    `mutation($companyId: ID!, $input: CreateChargeInput!) { createCharge(companyId: $companyId, input: $input) { id txid } }`,
    { companyId, input: { amount, description: "Pedido devolvido" } },
  );
  await gql(
    `mutation($id: ID!, $name: String, $doc: String) {
      simulateChargePayment(chargeId: $id, payerName: $name, payerDocument: $doc) { id }
    }`,
    { id: createCharge.id, name: payerName, doc: "52998224725" },
  );
  return createCharge;
}

async function refundsOf(chargeId: string) {
  const { refunds } = await gql<{ refunds: { total: number; data: Array<{ id: string; status: string }> } }>(
    `query($id: ID!) { refunds(chargeId: $id) { total data { id status } } }`,
    { id: chargeId },
  );
  return refunds;
}

/** Posts the bank's signed PIX notification, as the provider does. */
async function notify(pix: unknown[]) {
  const body = JSON.stringify({ pix });
  const answer = await fetch(`${BASE_URL}/provider/pix`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-provider-signature": createHmac("sha256", PROVIDER_SECRET).update(body).digest("hex"),
    },
    body,
  });
  expect(answer.status).toBeLessThan(300);
}

test("an operator refunds part of a charge after a confirmation naming account, amount and payer", async ({ page }) => {
  test.setTimeout(120_000); // several pages, each screenshot twice and checked by axe, on a shared machine
  const company = await createCompany("Devolução Ops Ltda");
  await fund(company.id, "50.00");
  const paid = await paidCharge(company.id, "100.00", "João Pagador");

  await page.goto(`/ops/charges/${paid.id}`);
  await expect(page.getByText(t("refunds.list.empty"))).toBeVisible();
  await page.getByRole("button", { name: t("refunds.action") }).click();
  const form = page.getByRole("dialog", { name: t("refunds.dialog.title") });
  await expect(form.getByTestId("refund-remaining")).toHaveText("R$ 100,00");
  const amount = form.getByLabel(t("refunds.dialog.amount"));
  await amount.fill("100,01");
  await form.getByRole("button", { name: t("refunds.dialog.continue") }).click();
  await expect(form.getByRole("alert")).toHaveText(t("refunds.dialog.tooMuchPaid", { remaining: "R$ 100,00" }));
  await amount.fill("30,00");
  await form.getByLabel(t("refunds.dialog.reason")).fill("Produto com defeito");
  await form.getByRole("button", { name: t("refunds.dialog.continue") }).click();

  const review = page.getByRole("dialog", { name: t("refunds.dialog.reviewTitle") });
  await expectMoneyFacts(review, {
    account: "Devolução Ops Ltda",
    amount: "R$ 30,00",
    payer: "João Pagador",
  });
  await expect(review.getByTestId("confirm-payer")).toContainText("529.982.247-25");
  await checkPage(page, "ops-charge-refund-review");
  expect((await refundsOf(paid.id)).total).toBe(0); // nothing sent before the confirmation
  await review.getByRole("button", { name: t("refunds.dialog.confirm", { amount: "R$ 30,00" }) }).click();
  await expect(page.getByText(t("refunds.dialog.done", { amount: "R$ 30,00" }))).toBeVisible();

  const list = page.getByRole("list", { name: t("refunds.list.label") });
  await expect(list.getByTestId("refund")).toHaveCount(1);
  await expect(list).toContainText(t("refunds.status.PROCESSING"));
  await expect(list).toContainText("“Produto com defeito”");
  const timeline = page.getByRole("list", { name: t("charges.detail.timelineLabel") });
  await expect(timeline).toContainText(t("refunds.timeline.requested", { amount: "R$ 30,00" }));
  const [refund] = (await refundsOf(paid.id)).data;
  expect(refund.status).toBe("PROCESSING");

  // The bank refuses: the refund FAILS with its reason and the whole amount is refundable again.
  await gql(
    `mutation($id: ID!) { simulateRefundOutcome(id: $id, outcome: FAILED, reason: "conta encerrada") { id } }`,
    {
      id: refund.id,
    },
  );
  await page.reload();
  await expect(list).toContainText(t("refunds.status.FAILED"));
  await expect(list).toContainText(t("refunds.list.failure", { reason: "conta encerrada" }));
  await expect(timeline).toContainText(t("refunds.timeline.failed", { amount: "R$ 30,00" }));
  await checkPage(page, "ops-charge-refunds");
  await page.getByRole("button", { name: t("refunds.action") }).click();
  await expect(form.getByTestId("refund-remaining")).toHaveText("R$ 100,00");
});

test("an operator returns a wrong-amount payment to its payer after a confirmation", async ({ page }) => {
  test.setTimeout(120_000);
  const company = await createCompany("Retorno Exceção Ltda");
  const { createCharge } = await gql<{ createCharge: { id: string; txid: string } }>(
    `mutation($companyId: ID!, $input: CreateChargeInput!) { createCharge(companyId: $companyId, input: $input) { id txid } }`,
    { companyId: company.id, input: { amount: "50.00", description: "Pedido pago a menos" } },
  );
  const endToEndId = `E12345678202611231200${Date.now().toString().slice(-5)}retrn1`;
  const payment = {
    endToEndId,
    txid: createCharge.txid,
    chave: "key",
    valor: "49.00",
    horario: new Date().toISOString(),
    pagador: { nome: "Pedro Pagador", cpf: "52998224725" },
  };
  await notify([payment]);
  const { paymentExceptions } = await gql<{
    paymentExceptions: { data: Array<{ id: string; chargeId: string | null }> };
  }>(`query { paymentExceptions(first: 50, status: OPEN) { data { id chargeId } } }`, {});
  const exception = paymentExceptions.data.find((row) => row.chargeId === createCharge.id);
  expect(exception).toBeDefined();
  const id = exception?.id as string;

  await page.goto("/ops/payment-exceptions");
  const row = page.getByRole("row").filter({ hasText: `chg_${createCharge.id}` });
  await row.getByRole("button", { name: t("paymentExceptions.return.actionFor", { id }) }).click();
  const dialog = page.getByRole("dialog", { name: t("paymentExceptions.return.title") });
  await expectMoneyFacts(dialog, { account: "Retorno Exceção Ltda", amount: "R$ 49,00", payer: "Pedro Pagador" });
  await dialog.getByLabel(t("paymentExceptions.return.reason")).fill("Valor diferente do cobrado");
  await checkPage(page, "ops-payment-exception-return");
  await dialog.getByRole("button", { name: t("paymentExceptions.return.confirm", { amount: "R$ 49,00" }) }).click();
  await expect(page.getByText(t("paymentExceptions.return.done", { amount: "R$ 49,00" }))).toBeVisible();
  await expect(row.getByTestId("return-status")).toHaveText(t("paymentExceptions.return.status.PROCESSING"));
  await expect(row.getByRole("button", { name: t("paymentExceptions.return.actionFor", { id }) })).toHaveCount(0);
  await checkPage(page, "ops-payment-exceptions-returning");

  // The bank reports the devolução done: the exception is resolved as returned.
  const { paymentExceptions: open } = await gql<{
    paymentExceptions: { data: Array<{ id: string; returnRequestId: string | null }> };
  }>(`query { paymentExceptions(first: 50, status: OPEN) { data { id returnRequestId } } }`, {});
  const returnRequestId = open.data.find((row) => row.id === id)?.returnRequestId;
  expect(returnRequestId).toBeTruthy();
  const now = new Date().toISOString();
  const rtrId = `D12345678${now.replace(/\D/g, "").slice(0, 12)}retornado01`;
  await notify([
    {
      ...payment,
      devolucoes: [
        {
          id: returnRequestId,
          rtrId,
          valor: "49.00",
          horario: { solicitacao: now, liquidacao: now },
          status: "DEVOLVIDO",
        },
      ],
    },
  ]);
  await page.goto("/ops/payment-exceptions?status=RESOLVED");
  const resolved = page.getByRole("row").filter({ hasText: `chg_${createCharge.id}` });
  await expect(resolved.getByTestId("return-status")).toHaveText(t("paymentExceptions.return.status.RETURNED"));
  await checkPage(page, "ops-payment-exceptions-returned");
});
