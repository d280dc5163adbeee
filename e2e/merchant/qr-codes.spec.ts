import { gql } from "../support/api";
import { expect, test } from "../support/fixtures";
import { t } from "../support/i18n";
import { checkPage } from "../support/page-check";
import { type FreshMerchant, freshMerchant } from "./fresh-merchant";

/**
 * A bakery's counter QR codes (CONTRACT §13), on an account of its own: it makes one the
 * payer types the amount into and one of R$ 12,50, a payer pays the fixed one (the sandbox's
 * Pix, as the bank would report it), the code counts it and the charge is in the list; the
 * sheet to print and the PNG to download; then the code is deactivated.
 */
test.describe.configure({ mode: "serial", timeout: 300_000 });
test.use({ storageState: "e2e/.auth/fresh-qr-codes.json" });

let merchant: FreshMerchant;

test.beforeAll(async ({ browser }) => {
  merchant = await freshMerchant(browser, "qr-codes", "Padaria Aurora");
});

const row = (page: import("@playwright/test").Page, text: string) =>
  page.getByTestId("qr-code-row").filter({ hasText: text });

test("a merchant makes two counter QR codes: a typed amount and a fixed one", async ({ page }) => {
  await page.goto("/m/qrcodes");
  await expect(page.getByRole("heading", { name: t("qrCodes.title") })).toBeVisible();
  await expect(page.getByText(t("qrCodes.list.empty"))).toBeVisible();
  await checkPage(page, "merchant-qrcodes-empty");

  const form = page.getByRole("form", { name: t("qrCodes.form.formLabel") });
  await form.getByLabel(t("qrCodes.form.description")).fill("Balcão da padaria");
  await form.getByRole("button", { name: t("qrCodes.form.submit") }).click();
  await expect(row(page, "Balcão da padaria")).toContainText(t("qrCodes.list.typedAmount"));

  await form.getByLabel(t("qrCodes.form.description")).fill("Café e pão na chapa");
  await form.getByLabel(t("qrCodes.form.kind")).selectOption("fixed");
  await form.getByLabel(t("qrCodes.form.amount")).fill("12,5x");
  await expect(form.getByText(t("qrCodes.form.notMoney"))).toBeVisible();
  await expect(form.getByRole("button", { name: t("qrCodes.form.submit") })).toBeDisabled();
  await form.getByLabel(t("qrCodes.form.amount")).fill("12,50");
  await form.getByRole("button", { name: t("qrCodes.form.submit") }).click();
  const fixed = row(page, "Café e pão na chapa");
  await expect(fixed).toContainText("R$ 12,50");
  await expect(fixed).toContainText(t("qrCodes.list.status.active"));
  await expect(page.getByTestId("qr-code-row")).toHaveCount(2);
  // Newest first.
  await expect(page.getByTestId("qr-code-row").first()).toContainText("Café e pão na chapa");
  await expect(
    fixed.getByRole("img", { name: t("qrCodes.list.imageLabel", { description: "Café e pão na chapa" }) }),
  ).toBeVisible();
  await checkPage(page, "merchant-qrcodes");
});

test("a payer pays the fixed code: it counts the payment and the charge is PAID in the list", async ({ page }) => {
  const { qrCodes } = await gql<{ qrCodes: { data: Array<{ id: string; description: string }> } }>(
    "query($c: ID) { qrCodes(companyId: $c, limit: 10) { data { id description } } }",
    { c: merchant.id },
  );
  const code = qrCodes.data.find((item) => item.description === "Café e pão na chapa");
  expect(code).toBeDefined();
  const { simulateQrCodePayment } = await gql<{ simulateQrCodePayment: { outcome: string; charge: { id: string } } }>(
    `mutation($id: ID!) {
      simulateQrCodePayment(qrCodeId: $id, payerName: "Ana Souza", payerDocument: "52998224725") {
        outcome charge { id }
      }
    }`,
    { id: code?.id },
  );
  expect(simulateQrCodePayment.outcome).toBe("CREDITED");

  await page.goto("/m/qrcodes");
  const fixed = row(page, "Café e pão na chapa");
  await expect(fixed.locator("dl > div", { hasText: t("qrCodes.list.paid") })).toContainText("1");
  await expect(fixed.locator("dl > div", { hasText: t("qrCodes.list.paidTotal") })).toContainText("R$ 12,50");

  await page.goto(`/m/charges/${simulateQrCodePayment.charge.id}`);
  await expect(page.getByText(t("common.status.charge.PAID"), { exact: true }).first()).toBeVisible();
  // Fee 1 % + R$ 0,50: R$ 0,63; net R$ 11,87.
  await expect(page.getByTestId("net-amount")).toHaveText("R$ 11,87");
  // The charge says where it came from, and leads back to its code.
  await page.getByRole("link", { name: t("merchantCharges.detail.viaQrCode") }).click();
  await expect(page).toHaveURL(new RegExp(`/m/qrcodes/${code?.id}/print$`), { timeout: 30_000 });
  await expect(page.getByTestId("qr-code-sheet")).toContainText("Café e pão na chapa");
});

test("the sheet to print and the PNG to download", async ({ page }) => {
  await page.goto("/m/qrcodes");
  const fixed = row(page, "Café e pão na chapa");
  const download = page.waitForEvent("download");
  await fixed.getByRole("button", { name: t("qrCodes.list.download") }).click();
  expect((await download).suggestedFilename()).toMatch(/^qrcode-qr_[A-Za-z0-9]+\.png$/);

  await fixed.getByRole("link", { name: t("qrCodes.list.print") }).click();
  await expect(page).toHaveURL(/\/m\/qrcodes\/qr_[A-Za-z0-9]+\/print$/, { timeout: 30_000 });
  const sheet = page.getByTestId("qr-code-sheet");
  await expect(sheet).toContainText(t("qrCodes.print.payWithPix"));
  await expect(sheet).toContainText("Padaria Aurora");
  await expect(sheet).toContainText("Café e pão na chapa");
  await expect(sheet).toContainText("R$ 12,50");
  await expect(sheet.getByRole("img", { name: t("qrCodes.print.imageLabel") })).toBeVisible();
  await expect(page.getByRole("button", { name: t("qrCodes.print.print") })).toBeVisible();
  // The breadcrumb names the code by its description, never by its qr_ id.
  const crumbs = page.getByRole("navigation", { name: t("shell.breadcrumb") });
  await expect(crumbs).toContainText("Café e pão na chapa");
  await expect(crumbs).not.toContainText("qr_");
  await checkPage(page, "merchant-qrcode-print");
});

test("deactivating a code: it says so, and offers no second deactivation", async ({ page }) => {
  await page.goto("/m/qrcodes");
  const typed = row(page, "Balcão da padaria");
  await typed.getByRole("button", { name: t("qrCodes.list.deactivate") }).click();
  await expect(page.getByRole("alertdialog")).toContainText(t("qrCodes.list.deactivateTitle"));
  await page
    .getByRole("alertdialog")
    .getByRole("button", { name: t("qrCodes.list.deactivate") })
    .click();
  await expect(typed).toContainText(t("qrCodes.list.status.inactive"));
  await expect(typed.getByRole("button", { name: t("qrCodes.list.deactivate") })).toHaveCount(0);
  await checkPage(page, "merchant-qrcodes-deactivated");
});
