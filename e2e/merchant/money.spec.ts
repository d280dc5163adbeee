import { readFileSync } from "node:fs";
import { charge as createCharge, createCompany, gql } from "../support/api";
import { expect, test } from "../support/fixtures";
import { t } from "../support/i18n";
import { expectMoneyFacts } from "../support/money-confirm";
import { checkPage } from "../support/page-check";
import { type FreshMerchant, freshMerchant } from "./fresh-merchant";

/**
 * The merchant's money, in order on one account of its own: a charge created in the console
 * and paid through the sandbox; a withdrawal requested, queued and cancelled.
 */
test.describe.configure({ mode: "serial", timeout: 180_000 });
test.use({ storageState: "e2e/.auth/fresh-money.json" });

let merchant: FreshMerchant;
let chargeId: string;

test.beforeAll(async ({ browser }) => {
  merchant = await freshMerchant(browser, "money", "Sorveteria Polo Norte");
});

/** The available balance as the merchant's home shows it (the last line of "Seu saldo"). */
async function homeBalance(page: import("@playwright/test").Page) {
  await page.goto("/m");
  return page.locator("dl > div", { hasText: t("merchant.home.availableTotal") });
}

test("a merchant creates a charge and sees its QR code and BR Code", async ({ page }) => {
  await page.goto("/m/charges");
  await expect(page.getByRole("heading", { name: t("merchantCharges.list.title") })).toBeVisible();
  await expect(page.getByText(t("merchantCharges.list.empty"))).toBeVisible();
  await checkPage(page, "merchant-charges-empty");

  await page.getByRole("link", { name: t("merchantCharges.list.new") }).click();
  await expect(page).toHaveURL(/\/m\/charges\/new$/);
  await page.getByLabel(t("merchantCharges.create.amount")).fill("abc");
  await page.getByRole("button", { name: t("merchantCharges.create.submit") }).click();
  await expect(page.getByText(t("merchantCharges.create.amountInvalid"))).toBeVisible();
  await page.getByLabel(t("merchantCharges.create.amount")).fill("200,00");
  await page.getByLabel(t("merchantCharges.create.descriptionLabel")).fill("Pedido 7 · sorvetes");
  await expect(page.getByText(t("merchantCharges.create.amountHint", { amount: "R$ 200,00" }))).toBeVisible();
  await checkPage(page, "merchant-charge-new");
  await page.getByRole("button", { name: t("merchantCharges.create.submit") }).click();

  await expect(page).toHaveURL(/\/m\/charges\/[A-Z0-9]{8}$/);
  chargeId = page.url().split("/").at(-1) as string;
  await expect(page.getByRole("heading", { name: t("merchantCharges.detail.showPayer") })).toBeVisible();
  await expect(page.getByRole("img", { name: t("common.qrCode") })).toBeVisible();
  const brCode = (await page.getByTestId("br-code").textContent()) ?? "";
  expect(brCode.startsWith("000201")).toBe(true);
  const { charge } = await gql<{ charge: { pixCode: string; status: string } }>(
    "query($id: ID!) { charge(id: $id) { pixCode status } }",
    { id: chargeId },
  );
  expect(brCode).toBe(charge.pixCode);
  expect(charge.status).toBe("PENDING");
  await checkPage(page, "merchant-charge-pending");
});

test("in the sandbox (its banner on every page) the merchant pays their own charge from its page; it reads PAID with the net amount", async ({
  page,
}) => {
  await page.goto(`/m/charges/${chargeId}`);
  await expect(page.getByTestId("sandbox-banner")).toContainText(t("shell.sandbox.title"));
  await expect(page.getByTestId("sandbox-banner")).toContainText(t("shell.sandbox.merchant"));
  await page.getByRole("button", { name: t("merchantCharges.simulate.label") }).click();
  await expect(page.getByText(t("merchantCharges.simulate.done", { amount: "R$ 200,00" }))).toBeVisible();
  await expect(page.getByText(t("common.status.charge.PAID"), { exact: true }).first()).toBeVisible();
  // Paid, the charge offers no simulation any more.
  await expect(page.getByRole("button", { name: t("merchantCharges.simulate.label") })).toHaveCount(0);
  // 200,00 − (1 % + R$ 0,50) = 197,50
  await expect(page.getByTestId("net-amount")).toHaveText("R$ 197,50");
  await expect(
    page
      .getByRole("list", { name: t("merchantCharges.detail.history") })
      .getByText(t("merchantCharges.detail.steps.paidBy", { name: t("merchantCharges.simulate.payerName") })),
  ).toBeVisible();
  await expect(page.getByText("charge.paid", { exact: true })).toBeVisible();
  await checkPage(page, "merchant-charge-paid");

  await page.goto("/m/charges?status=PAID");
  await expect(page.getByRole("link", { name: "Pedido 7 · sorvetes" })).toBeVisible();
  await checkPage(page, "merchant-charges");
  // Search by txid finds it; a wrong id finds nothing.
  const { charge } = await gql<{ charge: { txid: string } }>("query($id: ID!) { charge(id: $id) { txid } }", {
    id: chargeId,
  });
  await page.goto(`/m/charges?q=${charge.txid}`);
  await expect(page.getByRole("link", { name: "Pedido 7 · sorvetes" })).toBeVisible();
  await page.goto("/m/charges?q=NOTACHARGE1");
  await expect(page.getByText(t("merchantCharges.list.noMatch"))).toBeVisible();
  // ⌘K finds the merchant's own charge and opens it; another company's charge stays unseen.
  const other = await createCompany("Concorrente Sorvetes Ltda");
  const foreign = await gql<{ charge: { txid: string } }>("query($id: ID!) { charge(id: $id) { txid } }", {
    id: await createCharge(other.id, "9.99", "Pedido alheio"),
  });
  await page.keyboard.press("Control+k");
  const search = page.getByRole("dialog", { name: t("shell.search.title") });
  const input = search.getByRole("combobox", { name: t("shell.search.label") });
  await input.fill(foreign.charge.txid);
  await expect(search.getByText(t("shell.search.nothingFound"))).toBeVisible();
  await input.fill(charge.txid);
  await expect(search.getByRole("option", { name: new RegExp(`chg_${chargeId}`) })).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/m/charges/${chargeId}$`));

  const balance = await homeBalance(page);
  await expect(balance).toContainText("R$ 197,50");
  await page.goto("/m/statement");
  await expect(page.getByRole("table").getByText(t("statement.kinds.CHARGE_PAID"))).toBeVisible();
  await expect(page.getByRole("table").getByText("+R$ 197,50")).toBeVisible();
  await checkPage(page, "merchant-statement");

  // The statement's CSV: every movement of this account, decimal commas, ';' between fields.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: t("exports.button") }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^extrato-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync(await download.path(), "utf8")
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .filter((line) => line.length > 0)
    .map((line) => line.split(";"));
  expect(lines[0]).toEqual(
    (["date", "type", "description", "reference", "amount", "balanceAfter"] as const).map((key) =>
      t(`exports.headers.${key}`),
    ),
  );
  expect(lines).toHaveLength(2);
  expect(lines[1].slice(1)).toEqual([
    t("statement.kinds.CHARGE_PAID"),
    lines[1][2],
    `chg_${chargeId}`,
    "197,50",
    "197,50",
  ]);
});

test("a withdrawal checks the key as typed (a phone with its punctuation too), queues once on a double click, and cancelling returns the balance", async ({
  page,
}) => {
  await page.goto("/m/withdrawals");
  await expect(page.getByText(t("merchantWithdrawals.list.empty"))).toBeVisible();
  await page.getByRole("link", { name: t("merchantWithdrawals.list.new") }).click();
  const key = page.getByLabel(t("merchantWithdrawals.create.key"));
  await key.fill("529.982.247-2");
  const notCpf = t("merchantWithdrawals.create.keyInvalid", {
    type: "CPF",
    expected: t("merchantWithdrawals.create.expected.CPF"),
  });
  await expect(page.getByText(notCpf)).toBeVisible();
  await key.fill("529.982.247-25");
  await expect(
    page.getByText(t("merchantWithdrawals.create.keyValid", { type: "CPF", key: "529.982.247-25" })),
  ).toBeVisible();
  // A phone: the form says in words what is wrong (no internal type name), and takes the
  // number as people write it, sending +55 and the digits.
  await page.getByLabel(t("merchantWithdrawals.create.keyType")).click();
  await page.getByRole("option", { name: t("confirm.keyTypes.TELEFONE") }).click();
  const phone = t("confirm.keyTypes.TELEFONE");
  await expect(
    page.getByText(
      t("merchantWithdrawals.create.keyLooksLike", {
        type: phone,
        expected: t("merchantWithdrawals.create.expected.TELEFONE"),
        other: "CPF",
      }),
    ),
  ).toBeVisible();
  await expect(page.locator("form").getByText(/TELEFONE|pix_key/)).toHaveCount(0);
  await key.fill("(11) 98765-4321");
  await expect(
    page.getByText(t("merchantWithdrawals.create.keyValid", { type: phone, key: "+55 (11) 98765-4321" })),
  ).toBeVisible();
  await page.getByLabel(t("merchantWithdrawals.create.amount")).fill("500,00");
  await expect(
    page.getByText(t("merchantWithdrawals.create.amountOverBalance", { balance: "R$ 197,50" })),
  ).toBeVisible();
  await page.getByLabel(t("merchantWithdrawals.create.amount")).fill("50,00");
  await checkPage(page, "merchant-withdrawal-new");
  // Nothing is sent before a review names the amount and the key as formatted.
  const submit = page.getByRole("button", {
    name: t("merchantWithdrawals.create.submitAmount", { amount: "R$ 50,00" }),
  });
  await submit.click();
  const review = page.getByRole("dialog", { name: t("merchantWithdrawals.create.review.title") });
  // Not "cannot be undone": a merchant may still cancel until it is sent.
  await expect(review).toContainText(t("merchantWithdrawals.create.review.footnote"));
  await expect(review).not.toContainText(t("confirm.irreversible"));
  await expectMoneyFacts(review, { amount: "R$ 50,00", destination: "+55 (11) 98765-4321" });
  await expect(review.getByTestId("confirm-destination")).toContainText(phone);
  await checkPage(page, "merchant-withdrawal-review");
  await review.getByRole("button", { name: t("merchantWithdrawals.create.review.back") }).click();
  await expect(review).toBeHidden();
  await expect(page).toHaveURL(/\/m\/withdrawals\/new$/);
  await expect(page.getByLabel(t("merchantWithdrawals.create.amount"))).toHaveValue("50,00");
  await submit.click();
  await review.getByRole("button", { name: t("merchantWithdrawals.create.review.confirm") }).dblclick();

  await expect(page).toHaveURL(/\/m\/withdrawals\/[\w-]+$/);
  await expect(page.getByTestId("queue-position")).toHaveText(
    t("merchantWithdrawals.detail.queuePosition", { position: 1 }),
  );
  await expect(page.getByText(t("withdrawalDetail.steps.merchant.PENDING"))).toBeVisible();
  await expect(page.getByTestId("destination-key")).toHaveText("+55 (11) 98765-4321");
  // The key's type reads as the form named it ("Celular"), on the detail and in the list.
  await expect(page.getByTestId("destination-key").locator("xpath=following-sibling::dd[1]")).toHaveText(phone);
  await checkPage(page, "merchant-withdrawal-pending");
  const { withdrawals } = await gql<{ withdrawals: { total: number; data: { pixKey: string }[] } }>(
    "query($c: ID!) { withdrawals(companyId: $c) { total data { pixKey } } }",
    { c: merchant.id },
  );
  expect(withdrawals.total).toBe(1);
  expect(withdrawals.data[0].pixKey).toBe("+5511987654321");

  await page.goto("/m/withdrawals");
  await expect(page.getByText(t("merchantWithdrawals.list.inYourQueue", { position: 1 }))).toBeVisible();
  await expect(page.getByText("+55 (11) 98765-4321", { exact: true }).first()).toBeVisible();
  await expect(page.getByText(phone, { exact: true }).first()).toBeVisible();
  await expect(page.getByText("R$ 147,50")).toBeVisible();
  await checkPage(page, "merchant-withdrawals");
  await expect(await homeBalance(page)).toContainText("R$ 147,50");

  await page.goto("/m/withdrawals");
  await page.getByRole("link", { name: /^WDR_/ }).click();
  await page.getByRole("button", { name: t("merchantWithdrawals.cancel.label") }).click();
  await page
    .getByRole("alertdialog")
    .getByRole("button", { name: t("merchantWithdrawals.cancel.label") })
    .click();
  await expect(page.getByText(t("withdrawalDetail.steps.merchant.CANCELLED"))).toBeVisible();
  await expect(page.getByRole("button", { name: t("merchantWithdrawals.cancel.label") })).toHaveCount(0);
  // Reloaded: the page as it stays, without the toast fading out over it.
  await page.reload();
  await checkPage(page, "merchant-withdrawal-cancelled");
  await expect(await homeBalance(page)).toContainText("R$ 197,50");
  await checkPage(page, "merchant-home-fresh");
});

test("a withdrawal to a bank account: the bank chosen by name, each field checked, the holder on its page", async ({
  page,
}) => {
  await page.goto("/m/withdrawals/new");
  await page.getByLabel(t("merchantWithdrawals.create.destinationKind")).click();
  await page.getByRole("option", { name: t("merchantWithdrawals.create.kinds.ACCOUNT") }).click();
  await page.getByLabel(t("merchantWithdrawals.create.amount")).fill("10,00");
  await page
    .getByRole("button", { name: t("merchantWithdrawals.create.submitAmount", { amount: "R$ 10,00" }) })
    .click();
  await expect(page.getByText(t("merchantWithdrawals.create.bankAccount.bankRequired"))).toBeVisible();
  await expect(page.getByText(t("merchantWithdrawals.create.bankAccount.branchInvalid"))).toBeVisible();
  await expect(page.getByText(t("merchantWithdrawals.create.bankAccount.holderDocumentInvalid"))).toBeVisible();
  await page.getByLabel(t("merchantWithdrawals.create.bankAccount.bank")).click();
  await page.getByRole("option", { name: "001 · Banco do Brasil S.A." }).click();
  await expect(page.getByText(t("merchantWithdrawals.create.bankAccount.ispb", { ispb: "00000000" }))).toBeVisible();
  await page.getByLabel(t("merchantWithdrawals.create.bankAccount.branch")).fill("1234");
  await page.getByLabel(t("merchantWithdrawals.create.bankAccount.account"), { exact: true }).fill("12345-6");
  await page.getByLabel(t("merchantWithdrawals.create.bankAccount.holderName")).fill("Fornecedor Exemplo Ltda");
  await page.getByLabel(t("merchantWithdrawals.create.bankAccount.holderDocument")).fill("11.222.333/0001-81");
  await checkPage(page, "merchant-withdrawal-new-account");
  await page
    .getByRole("button", { name: t("merchantWithdrawals.create.submitAmount", { amount: "R$ 10,00" }) })
    .click();
  // The review names the bank by name (not its ISPB), the branch and account, and the holder.
  const review = page.getByRole("dialog", { name: t("merchantWithdrawals.create.review.title") });
  await expectMoneyFacts(review, {
    amount: "R$ 10,00",
    // Stored as "123456", read as it was typed.
    destination: "Ag. 1234 · Conta 12345-6",
  });
  await expect(review.getByTestId("confirm-destination")).toContainText("Banco do Brasil S.A.");
  await expect(review.getByTestId("confirm-declared-recipient")).toContainText("Fornecedor Exemplo Ltda");
  await expect(review.getByTestId("confirm-declared-recipient")).toContainText("11.222.333/0001-81");
  await checkPage(page, "merchant-withdrawal-review-account");
  await review.getByRole("button", { name: t("merchantWithdrawals.create.review.confirm") }).click();
  await expect(page).toHaveURL(/\/m\/withdrawals\/[\w-]+$/);
  await expect(page.getByTestId("destination-key")).toHaveText("Ag. 1234 · Conta 12345-6");
  await expect(page.getByTestId("recipient")).toContainText("Fornecedor Exemplo Ltda");
  await expect(page.getByTestId("recipient")).toContainText("11.222.333/0001-81 · Banco do Brasil S.A.");
  await checkPage(page, "merchant-withdrawal-account");
  const { withdrawals } = await gql<{
    withdrawals: { data: { pixKey: string | null; bankAccount: { ispb: string; account: string } | null }[] };
  }>("query($c: ID!) { withdrawals(companyId: $c, limit: 1) { data { pixKey bankAccount { ispb account } } } }", {
    c: merchant.id,
  });
  expect(withdrawals.data[0]).toEqual({ pixKey: null, bankAccount: { ispb: "00000000", account: "123456" } });
});
