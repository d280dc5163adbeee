import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { createCompany, fund, gql, merchantBalance, merchantWithdrawal, withdrawal } from "../support/api";
import { BASE_URL, storageStateOf, USERS } from "../support/env";
import { expect, test } from "../support/fixtures";
import { t } from "../support/i18n";
import { approveDialog, expectMoneyFacts } from "../support/money-confirm";
import { checkPage } from "../support/page-check";

// Several pages per test, each screenshot at two widths and checked by axe, on a shared machine.
test.describe.configure({ timeout: 120_000 });

test("the approval queue lists PENDING withdrawals oldest first", async ({ page }) => {
  await page.goto("/ops/withdrawals");
  await expect(page.getByRole("heading", { name: t("withdrawals.title") })).toBeVisible();
  const table = page.getByRole("table", { name: t("withdrawals.table.queue") });
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  await checkPage(page, "ops-withdrawals-queue");
  const waited = await table
    .getByRole("row")
    .locator("time")
    .evaluateAll((times) => times.map((time) => time.getAttribute("datetime") ?? ""));
  expect(waited.length).toBeGreaterThan(1);
  expect([...waited].sort()).toEqual(waited);
  await page.getByRole("tab", { name: t("withdrawals.tabs.all") }).click();
  await expect(page).toHaveURL(/view=all/);
  await expect(page.getByRole("table", { name: t("withdrawals.table.all") })).toBeVisible();
  await checkPage(page, "ops-withdrawals-all");
  await page.getByRole("button", { name: t("withdrawals.table.requested") }).click();
  await expect(page).toHaveURL(/sort=requested\.asc/);
  await expect(page.getByRole("columnheader", { name: t("withdrawals.table.requested") })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
});

test("every action of the queue's rows is a target of at least 24 × 24 px (axe target-size, WCAG 2.5.8)", async ({
  page,
}) => {
  const company = await createCompany("Alvo Grande Ltda");
  await fund(company.id, "100.00");
  // Keys of every width: a random key fills its column (the row's menu was cut at 1280 px by one).
  await withdrawal(company.id, "1.00");
  await withdrawal(company.id, "2.00", "caf3b0a1-9d2e-4c8b-a1f0-6d2b9e0c7a15", "ALEATORIA");
  await withdrawal(company.id, "3.00", "financeiro.departamento@alvo-grande.test", "EMAIL");
  await page.goto(`/ops/withdrawals?company=${company.id}`);
  const table = page.getByRole("table", { name: t("withdrawals.table.queue") });
  await expect(table.getByRole("row")).toHaveCount(4);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    // Rows are a table on desktop, cards on a phone: whichever shows, its buttons and links.
    const rows =
      width > 640
        ? table.getByRole("row").filter({ has: page.getByRole("cell") })
        : page.getByRole("list", { name: t("withdrawals.table.queue") }).getByRole("listitem");
    const targets = rows.locator("a:visible, button:visible");
    // Desktop: selection, company, reference, reject, approve and the row's menu; phone: selection, reject, approve.
    await expect(targets).toHaveCount(width > 640 ? 3 * 6 : 3 * 3);
    // Whole, too: none cut by the list's frame.
    const frame = await page.getByRole("region", { name: t("withdrawals.table.queue") }).boundingBox();
    for (const target of await targets.all()) {
      const box = await target.boundingBox();
      const name = (await target.getAttribute("aria-label")) ?? (await target.textContent());
      expect(box?.width, `${name} at ${width}`).toBeGreaterThanOrEqual(24);
      expect(box?.height, `${name} at ${width}`).toBeGreaterThanOrEqual(24);
      expect((box?.x ?? 0) + (box?.width ?? 0), `${name} at ${width}`).toBeLessThanOrEqual(
        (frame?.x ?? 0) + (frame?.width ?? 0),
      );
    }
    // WCAG 2.2's rule is not among checkPage's tags: asked for by name, on the whole page.
    const results = await new AxeBuilder({ page }).withRules(["target-size"]).analyze();
    expect(
      results.violations.flatMap((v) => v.nodes.map((n) => n.target.join(" "))),
      `target-size at ${width}`,
    ).toEqual([]);
  }
});

test("a queue with nothing waiting says so", async ({ page }) => {
  const company = await createCompany("Empty Queue Ltda");
  await page.goto(`/ops/withdrawals?company=${company.id}`);
  await expect(page.getByText(t("withdrawals.empty.queueTitle"))).toBeVisible();
  await expect(
    page.getByRole("button", { name: t("withdrawals.clearCompany", { name: "Empty Queue Ltda" }) }),
  ).toBeVisible();
  await checkPage(page, "ops-withdrawals-empty");
});

test("an operator approves a withdrawal and the merchant's API then reads it PROCESSING", async ({ page }) => {
  const company = await createCompany("Approve Test Ltda");
  await fund(company.id, "1000.00");
  const created = await withdrawal(company.id, "250.00");

  await page.goto(`/ops/withdrawals?company=${company.id}`);
  const row = page.getByRole("row").filter({ hasText: created.withdrawalReference });
  await expect(row).toContainText("R$ 250,00");
  await row
    .getByRole("button", { name: t("withdrawals.row.approveFor", { reference: created.withdrawalReference }) })
    .click();
  // One click only opens the confirmation: nothing is sent until it is confirmed.
  const dialog = approveDialog(page, created.withdrawalReference);
  await expectMoneyFacts(dialog, {
    account: "Approve Test Ltda",
    amount: "R$ 250,00",
    destination: "529.982.247-25",
  });
  await expect(dialog).toContainText(t("withdrawals.approve.sends"));
  await checkPage(page, "ops-withdrawals-approve-dialog");
  expect((await merchantWithdrawal(company.clientSecret, created.id)).body.status).toBe("PENDING");
  await dialog.getByRole("button", { name: t("withdrawals.approve.confirm") }).click();
  await expect(
    page.getByText(t("withdrawals.approve.approved", { reference: created.withdrawalReference })),
  ).toBeVisible();
  // The toast says where the money goes: out of the account's balance to the key.
  await expect(
    page.getByText(
      t("withdrawals.approve.approvedDescription", {
        amount: "R$ 250,00",
        company: "Approve Test Ltda",
        keyType: "CPF",
        key: "529.982.247-25",
      }),
    ),
  ).toBeVisible();
  await expect(row).toHaveCount(0);

  const read = await merchantWithdrawal(company.clientSecret, created.id);
  expect(read.status).toBe(200);
  expect(read.body.status).toBe("PROCESSING");

  await page.goto(`/ops/withdrawals/${created.id}`);
  const timeline = page.getByRole("list", { name: t("withdrawalDetail.timelineLabel") });
  await expect(timeline).toContainText(t("withdrawalDetail.steps.operator.PROCESSING"));
  await expect(timeline).toContainText(t("withdrawalDetail.approved"));
  // Who acted, in words: the operator who approved (by e-mail), the API caller's token.
  await expect(timeline).toContainText(USERS.admin.email);
  await expect(timeline).toContainText(t("actors.operatorToken"));
  await expect(timeline).not.toContainText("operator:usr_");
  await checkPage(page, "ops-withdrawal-detail-approved");
});

test("a rejection needs a reason and gives the amount back", async ({ page }) => {
  const company = await createCompany("Reject Test Ltda");
  await fund(company.id, "1000.00");
  const created = await withdrawal(company.id, "300.00");
  expect(await merchantBalance(company.clientSecret)).toBe(700);

  await page.goto(`/ops/withdrawals?company=${company.id}`);
  await page
    .getByRole("button", { name: t("withdrawals.row.rejectFor", { reference: created.withdrawalReference }) })
    .click();
  const dialog = page.getByRole("dialog", {
    name: t("withdrawals.reject.title", { reference: created.withdrawalReference }),
  });
  await expectMoneyFacts(dialog, { account: "Reject Test Ltda", amount: "R$ 300,00", destination: "529.982.247-25" });
  const confirm = dialog.getByRole("button", { name: t("withdrawals.reject.confirm") });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(t("withdrawals.reject.reason")).fill("Key does not belong to the holder");
  await checkPage(page, "ops-withdrawals-reject-dialog");
  await confirm.click();
  await expect(page.getByText(t("withdrawals.reject.done", { reference: created.withdrawalReference }))).toBeVisible();

  const read = await merchantWithdrawal(company.clientSecret, created.id);
  expect(read.body.status).toBe("CANCELLED");
  expect(read.body.reason).toBe("Key does not belong to the holder");
  expect(await merchantBalance(company.clientSecret)).toBe(1000);

  // A rejection reads as one, not as a cancellation: in the list, the page's badge and its timeline.
  await page.goto(`/ops/withdrawals?view=all&company=${company.id}&status=CANCELLED`);
  const row = page.getByRole("row").filter({ hasText: created.withdrawalReference });
  await expect(row).toContainText(t("common.status.withdrawalRejected"));
  await expect(row).not.toContainText(t("common.status.withdrawal.CANCELLED"));
  await page.goto(`/ops/withdrawals/${created.id}`);
  await expect(page.getByText("“Key does not belong to the holder”")).toBeVisible();
  await expect(page.getByText(t("common.status.withdrawalRejected"), { exact: true }).first()).toBeVisible();
  await expect(
    page
      .getByRole("list", { name: t("withdrawalDetail.timelineLabel") })
      .getByText(t("withdrawalDetail.steps.operator.REJECTED"), { exact: true }),
  ).toBeVisible();
  await expect(page.getByText(t("common.status.withdrawal.CANCELLED"), { exact: true })).toHaveCount(0);
  await checkPage(page, "ops-withdrawal-detail-rejected");
  // The merchant is told the same (the API's `rejected`, which the merchant's pages read).
  const { withdrawal: seen } = await gql<{ withdrawal: { status: string; rejected: boolean } }>(
    "query($id: ID!) { withdrawal(id: $id) { status rejected } }",
    { id: created.id },
    company.clientSecret,
  );
  expect(seen).toEqual({ status: "CANCELLED", rejected: true });
});

test("bulk approve asks for the typed phrase, then approves every selected withdrawal", async ({ page }) => {
  const company = await createCompany("Bulk Test Ltda");
  await fund(company.id, "1000.00");
  const created = [
    await withdrawal(company.id, "10.00"),
    await withdrawal(company.id, "20.00"),
    await withdrawal(company.id, "30.00"),
  ];

  await page.goto(`/ops/withdrawals?company=${company.id}`);
  await expect(page.getByRole("row").filter({ hasText: created[2].withdrawalReference })).toBeVisible();
  await page.getByRole("checkbox", { name: t("common.table.selectAll") }).check();
  await page
    .getByRole("toolbar", { name: t("common.table.selectionActions") })
    .getByRole("button", { name: t("withdrawals.bulk.action", { count: 3 }) })
    .click();
  const dialog = page.getByRole("dialog", { name: t("withdrawals.bulk.title", { count: 3 }) });
  await expect(dialog).toContainText("R$ 60,00");
  const confirm = dialog.getByRole("button", { name: t("withdrawals.bulk.confirm", { count: 3 }) });
  await expect(confirm).toBeDisabled();
  const phrase = (value: string) => t.markup("confirm.typePhrase", { phrase: value, code: (chunks) => chunks });
  const typed = (count: number) => t("withdrawals.bulk.phrase", { count });
  await dialog.getByLabel(phrase(typed(3))).fill(typed(2));
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(phrase(typed(3))).fill(typed(3));
  await checkPage(page, "ops-withdrawals-bulk-dialog");
  await confirm.click();
  await expect(page.getByText(t("withdrawals.bulk.done", { count: 3 }))).toBeVisible();
  for (const w of created)
    expect((await merchantWithdrawal(company.clientSecret, w.id)).body.status).toBe("PROCESSING");
});

test.describe("as a viewer", () => {
  test.use({ storageState: storageStateOf("viewer") });

  test("a viewer sees the queue but cannot approve, in the page or through the API", async ({ page }) => {
    const company = await createCompany("Viewer Test Ltda");
    await fund(company.id, "100.00");
    const created = await withdrawal(company.id, "40.00");
    await page.goto(`/ops/withdrawals?company=${company.id}`);
    const row = page.getByRole("row").filter({ hasText: created.withdrawalReference });
    await expect(row).toBeVisible();
    await expect(row.getByRole("button", { name: t("withdrawals.row.approve") })).toHaveCount(0);
    await expect(page.getByRole("checkbox")).toHaveCount(0);
    await checkPage(page, "ops-withdrawals-viewer");

    const answer = await page.request.post("/graphql", {
      headers: { origin: BASE_URL, "content-type": "application/json" },
      data: { query: `mutation { approveWithdrawal(id: "${created.id}") { status } }` },
    });
    const body = await answer.json();
    expect(body.errors[0].extensions.code).toBe("FORBIDDEN");
    expect((await merchantWithdrawal(company.clientSecret, created.id)).body.status).toBe("PENDING");
  });
});

test("the queue and the approval dialog show the holder the bank tells, warning when it is not the declared recipient", async ({
  page,
}) => {
  const company = await createCompany("Recipient Check Ltda");
  await fund(company.id, "100.00");
  const { createWithdrawal: created } = await gql<{ createWithdrawal: { id: string; withdrawalReference: string } }>(
    `mutation($c: ID!, $key: String!, $input: CreateWithdrawalInput!) {
      createWithdrawal(companyId: $c, idempotencyKey: $key, input: $input) { id withdrawalReference }
    }`,
    {
      c: company.id,
      key: randomUUID(),
      input: {
        amount: "12.00",
        pixKeyType: "TELEFONE",
        pixKey: "+5511987654321",
        recipientDocument: "11144477735",
        recipientName: "Fornecedor ABC Ltda",
      },
    },
  );
  await page.goto(`/ops/withdrawals?company=${company.id}`);
  const table = page.getByRole("table", { name: t("withdrawals.table.queue") });
  const row = table.getByRole("row").filter({ hasText: created.withdrawalReference });
  await expect(row.getByTestId("recipient-line")).toContainText("Titular Sandbox 4725");
  await expect(row.getByTestId("recipient-warning")).toContainText(t("withdrawals.recipient.warnings.NAME_MISMATCH"));
  await row
    .getByRole("button", { name: t("withdrawals.row.approveFor", { reference: created.withdrawalReference }) })
    .click();
  const dialog = approveDialog(page, created.withdrawalReference);
  await expectMoneyFacts(dialog, {
    account: "Recipient Check Ltda",
    amount: "R$ 12,00",
    destination: "+55 (11) 98765-4321",
  });
  const recipient = dialog.getByTestId("confirm-recipient");
  await expect(recipient).toContainText("Titular Sandbox 4725");
  await expect(recipient).toContainText("***.982.247-**");
  await expect(recipient).toContainText("Banco Sandbox");
  await expect(recipient.getByRole("alert").first()).toHaveText(t("withdrawals.recipient.warnings.NAME_MISMATCH"));
  await expect(recipient.getByRole("alert").nth(1)).toHaveText(t("withdrawals.recipient.warnings.DOCUMENT_MISMATCH"));
  await checkPage(page, "ops-withdrawals-approve-recipient-warning");
  await dialog.getByRole("button", { name: t("common.actions.cancel") }).click();
  await page.goto(`/ops/withdrawals/${created.id}`);
  await expect(page.getByTestId("recipient")).toContainText("Titular Sandbox 4725");
  await expect(page.getByTestId("recipient")).toContainText(
    t("withdrawals.recipient.declared", { name: "Fornecedor ABC Ltda" }),
  );
  await checkPage(page, "ops-withdrawal-recipient");
});

test("a withdrawal to a bank account reads its account number with the check digit after a hyphen", async ({
  page,
}) => {
  const company = await createCompany("Conta Com Dígito Ltda");
  await fund(company.id, "100.00");
  const { createWithdrawal: created } = await gql<{
    createWithdrawal: { id: string; withdrawalReference: string; bankAccount: { account: string } };
  }>(
    `mutation($c: ID!, $key: String!, $input: CreateWithdrawalInput!) {
      createWithdrawal(companyId: $c, idempotencyKey: $key, input: $input) { id withdrawalReference bankAccount { account } }
    }`,
    {
      c: company.id,
      key: randomUUID(),
      input: {
        amount: "30.00",
        bankAccount: {
          ispb: "00000000",
          branch: "0001",
          account: "123456",
          accountType: "SAVINGS",
          holderName: "Fornecedor Exemplo Ltda",
          holderDocument: "11222333000181",
        },
      },
    },
  );
  // The API keeps the digits, the check digit last; the console writes it as a person typed it.
  expect(created.bankAccount.account).toBe("123456");
  await page.goto(`/ops/withdrawals?company=${company.id}`);
  const row = page
    .getByRole("table", { name: t("withdrawals.table.queue") })
    .getByRole("row")
    .filter({ hasText: created.withdrawalReference });
  await expect(row.getByText("Ag. 0001 · Conta 12345-6", { exact: true })).toBeVisible();
  await expect(row).not.toContainText("Conta 123456");
  await checkPage(page, "ops-withdrawals-bank-account");
  await page.goto(`/ops/withdrawals/${created.id}`);
  await expect(page.getByTestId("destination-key")).toHaveText("Ag. 0001 · Conta 12345-6");
  await checkPage(page, "ops-withdrawal-bank-account");
});
