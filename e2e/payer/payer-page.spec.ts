import { createCompany, gql } from "../support/api";
import { BASE_URL } from "../support/env";
import { expect, test } from "../support/fixtures";
import { checkPage } from "../support/page-check";

/**
 * CONTRACT §13 in a browser, as a payer with no account: a charge's payer's page (the QR code,
 * the copy-and-paste code, the amount, the countdown) turns paid without a reload when the
 * sandbox bank pays it; a payment link makes a charge and shows its payer's page; the pages
 * make no request to another host, say noindex and no-store, and an unknown token is a 404.
 */
test.describe.configure({ mode: "serial", timeout: 120_000 });

let company: { id: string; name: string; clientSecret: string };

test.beforeAll(async () => {
  company = await createCompany("Padaria Pão Quente");
  await gql(
    `mutation($c: ID!) { updatePayerPageSettings(companyId: $c, displayName: "Pão Quente da Esquina") { displayName } }`,
    { c: company.id },
  );
});

async function newCharge(body: Record<string, unknown>) {
  const response = await fetch(`${BASE_URL}/charges`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${company.clientSecret}` },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; payment_url: string; pix_code: string };
}

test("a payer pays through the payer's page: it turns paid live, without a reload", async ({ page }) => {
  const charge = await newCharge({ amount: 25.9, description: "Pão de queijo e café" });
  const others: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith(BASE_URL)) others.push(request.url());
  });
  const response = await page.goto(new URL(charge.payment_url).pathname);
  expect(response?.status()).toBe(200);
  const headers = response?.headers() ?? {};
  expect(headers["cache-control"]).toContain("no-store");
  expect(headers["x-robots-tag"]).toContain("noindex");
  expect(headers["content-security-policy"]).toContain("default-src 'none'");

  await expect(page.getByTestId("sandbox-banner")).toBeVisible();
  await expect(page.getByTestId("account-name")).toHaveText("Pão Quente da Esquina");
  await expect(page.getByTestId("amount")).toHaveText(/R\$\s25,90/);
  await expect(page.getByText("Pão de queijo e café")).toBeVisible();
  await expect(page.getByRole("img", { name: "QR code Pix desta cobrança" })).toBeVisible();
  await expect(page.getByTestId("pix-code")).toHaveText(charge.pix_code);
  await expect(page.getByTestId("countdown")).toHaveText(/^(59|60):\d\d$/);
  await expect(page.getByTestId("payer-status")).toHaveAttribute("data-status", "PENDING");
  // Nothing of the account or the payer beyond what the page is for.
  await expect(page.locator("body")).not.toContainText(company.id);
  await expect(page.locator("body")).not.toContainText(charge.id);

  // The copy button puts the code on the clipboard.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: BASE_URL });
  await page.getByRole("button", { name: "Copiar código" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(charge.pix_code);

  await checkPage(page, "payer-charge-pending");
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.screenshot({ path: "e2e/screenshots/payer-charge-pending-320.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });

  // The page listens before the bank pays; a reload would lose this mark.
  await expect(page.getByTestId("payer-live")).toHaveAttribute("data-state", "open", { timeout: 30_000 });
  await page.evaluate(() => {
    (window as unknown as { payerMark: string }).payerMark = "same document";
  });
  const paidAt = Date.now();
  await gql(`mutation($id: ID!) { simulateChargePayment(chargeId: $id, payerName: "Rafaela Ventura") { id } }`, {
    id: charge.id,
  });
  await expect(page.getByTestId("payer-status")).toHaveAttribute("data-status", "PAID", { timeout: 10_000 });
  const turned = Date.now() - paidAt;
  await expect(page.getByText("Pagamento confirmado")).toBeVisible();
  await expect(page.getByRole("img", { name: "QR code Pix desta cobrança" })).toHaveCount(0);
  await expect(page.getByTestId("pix-code")).toHaveCount(0);
  // The payer's name stays off the page even once paid.
  await expect(page.locator("body")).not.toContainText("Rafaela");
  expect(await page.evaluate(() => (window as unknown as { payerMark?: string }).payerMark)).toBe("same document");
  test.info().annotations.push({ type: "turned paid after", description: `${turned} ms` });
  await checkPage(page, "payer-charge-paid");
  expect(others, "requests to other hosts").toEqual([]);
});

test("a due-date charge shows today's amount and its due date; a cancelled one its own state", async ({ page }) => {
  const today = new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 10);
  const [y, m, d] = today.split("-").map(Number);
  const due = new Date(Date.UTC(y, m - 1, d + 20)).toISOString().slice(0, 10);
  const charge = await newCharge({
    amount: 150,
    description: "Mensalidade de março",
    due_date: due,
    payer: { name: "Maria da Silva", cpf: "529.982.247-25" },
    discount: { mode: "FIXED_UNTIL_DATES", dates: [{ date: due, value: 5 }] },
  });
  await page.goto(new URL(charge.payment_url).pathname);
  await expect(page.getByTestId("amount")).toHaveText(/R\$\s145,00/);
  await expect(page.getByText(`Vencimento em ${due.split("-").reverse().join("/")}`)).toBeVisible();
  await expect(page.locator("body")).not.toContainText("Maria da Silva");
  await expect(page.locator("body")).not.toContainText("529");
  await checkPage(page, "payer-charge-due-date");

  const cancel = await fetch(`${BASE_URL}/charges/${charge.id}/cancel`, {
    method: "POST",
    headers: { authorization: `Bearer ${company.clientSecret}` },
  });
  expect(cancel.status).toBe(200);
  await expect(page.getByTestId("payer-status")).toHaveAttribute("data-status", "CANCELLED", { timeout: 10_000 });
  await expect(page.getByText("Esta cobrança foi cancelada")).toBeVisible();
  await checkPage(page, "payer-charge-cancelled");
});

test("a payment link: the payer types an amount, confirms and lands on the charge's payer's page", async ({ page }) => {
  const response = await fetch(`${BASE_URL}/payment-links`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${company.clientSecret}` },
    body: JSON.stringify({ description: "Encomenda de bolo", min_amount: 10, max_amount: 300, reusable: true }),
  });
  expect(response.status).toBe(201);
  const link = (await response.json()) as { id: string; url: string };
  const opened = await page.goto(new URL(link.url).pathname);
  expect(opened?.headers()["cache-control"]).toContain("no-store");
  await expect(page.getByTestId("account-name")).toHaveText("Pão Quente da Esquina");
  await expect(page.getByText("Encomenda de bolo")).toBeVisible();
  await checkPage(page, "payer-link");

  const amount = page.getByLabel("Quanto você vai pagar");
  await amount.fill("5,00");
  await expect(page.getByText("O valor precisa ser de R$ 10,00 a R$ 300,00")).toBeVisible();
  await amount.fill("87,50");
  await page.getByRole("button", { name: "Gerar Pix" }).click();
  await page.waitForURL(/\/pay\/[A-Za-z0-9_-]{24}$/);
  await expect(page.getByTestId("amount")).toHaveText(/R\$\s87,50/);
  await expect(page.getByText("Encomenda de bolo")).toBeVisible();
  await expect(page.getByRole("img", { name: "QR code Pix desta cobrança" })).toBeVisible();
  await checkPage(page, "payer-link-charge");

  const read = await fetch(`${BASE_URL}/payment-links/${link.id}`, {
    headers: { authorization: `Bearer ${company.clientSecret}` },
  });
  expect(((await read.json()) as { charges_count: number }).charges_count).toBe(1);
});

test("an unknown token is a 404 page that says nothing else", async ({ page }) => {
  for (const path of ["/pay/AAAAAAAAAAAAAAAAAAAAAAAA", "/l/AAAAAAAAAAAAAAAAAAAAAAAA", "/pay/x"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByText("Página de pagamento não encontrada")).toBeVisible();
  }
  await checkPage(page, "payer-not-found");
});
