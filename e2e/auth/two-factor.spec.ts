import type { Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { acceptInvite, charge, createCompany, gql, inviteOperator, withdrawal } from "../support/api";
import { expect, test } from "../support/fixtures";
import { t } from "../support/i18n";
import { approveDialog } from "../support/money-confirm";
import { checkPage } from "../support/page-check";
import { submitSignIn } from "../support/sign-in";

const stepNow = () => Math.floor(Date.now() / 30_000);
const lastSteps = new Map<string, number>();

/** The code of the next time step not used yet (a code works once): as a phone would show it. */
async function nextCode(secret: string): Promise<string> {
  const lastStep = lastSteps.get(secret) ?? 0;
  let step = Math.max(stepNow(), lastStep + 1);
  while (step > stepNow() + 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    step = Math.max(stepNow(), lastStep + 1);
  }
  lastSteps.set(secret, step);
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * 30_000 + 1000 });
}

/** A code that is not the secret's right now (nor one step either side). */
function wrongCode(secret: string): string {
  const near = [-1, 0, 1].map((delta) =>
    TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + delta * 30_000 }),
  );
  return ["000000", "111111", "222222", "333333"].find((code) => !near.includes(code)) as string;
}

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.context().clearCookies({ name: "pix_session" });
  await page.goto("/login");
  await submitSignIn(page, email, password);
}

test("an operator turns on two-step verification, signs in with a code and a recovery code, and steps up before a large approval", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const email = `tereza.${Date.now()}@pix.test`;
  const password = "Tereza-9c2f-quartzo-azul";
  await acceptInvite(await inviteOperator(email, "Tereza Totp", "OPERATOR"), password, "Tereza Totp");
  // Above APPROVAL_SECOND_OPERATOR_ABOVE (100.000,00 in the e2e server): approving asks for a step-up.
  const company = await createCompany("Duas Etapas Ltda", { feePercent: "0.00", feeFixed: "0.00" });
  await charge(company.id, "200000.00", "Saldo inicial", "Sócios Duas Etapas");
  const big = await withdrawal(company.id, "150000.00");

  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signInWithPassword(page, email, password);
  await expect(page).toHaveURL(/\/ops$/);

  // Enrolment from the account page: QR code, key and otpauth:// address as text, then a first code.
  await page.goto("/ops/account");
  const card = page.getByTestId("two-factor-card");
  await expect(card).toContainText(t("twoFactor.account.card.off"));
  await checkPage(page, "two-factor-account-off");
  await card.getByRole("button", { name: t("twoFactor.account.card.enable") }).click();
  await expect(page.getByRole("img", { name: t("twoFactor.enrol.qrLabel") })).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent())?.trim() ?? "";
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expect(page.getByTestId("otpauth-uri")).toContainText(`otpauth://totp/`);
  await expect(page.getByTestId("otpauth-uri")).toContainText(`secret=${secret}`);
  await checkPage(page, "two-factor-enrol");

  // A wrong code is said beside the field; nothing is turned on.
  const enrolForm = page.getByRole("form", { name: t("twoFactor.enrol.formLabel") });
  await enrolForm.getByRole("textbox", { name: t("twoFactor.code.label"), exact: true }).fill(wrongCode(secret));
  await enrolForm.getByRole("button", { name: t("twoFactor.enrol.confirm") }).click();
  await expect(enrolForm.getByText(t("twoFactor.code.wrong"))).toBeVisible();
  await checkPage(page, "two-factor-wrong-code");

  await enrolForm.getByRole("textbox", { name: t("twoFactor.code.label"), exact: true }).fill(await nextCode(secret));
  await enrolForm.getByRole("button", { name: t("twoFactor.enrol.confirm") }).click();
  const codes = page.getByTestId("recovery-codes").getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const recoveryCode = (await codes.first().textContent())?.trim() ?? "";
  expect(recoveryCode).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);
  await checkPage(page, "two-factor-recovery-codes");
  await page.getByRole("button", { name: t("twoFactor.recovery.done") }).click();
  await expect(card).toContainText(t("twoFactor.account.card.on"));
  await expect(card).toContainText(t("twoFactor.account.card.recoveryLeft", { count: 10 }));
  // The date is a formatted date (dd/mm/aaaa hh:mm), not the source of the function that draws it.
  await expect(card.getByRole("listitem").first()).toHaveText(/^Ativada em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);

  // Sign-in: the password, then a code; this browser is trusted for 30 days.
  await signInWithPassword(page, email, password);
  const codeForm = page.getByRole("form", { name: t("twoFactor.code.formLabel") });
  await expect(codeForm).toBeVisible();
  await checkPage(page, "two-factor-code-step");
  await codeForm.getByRole("textbox", { name: t("twoFactor.code.label"), exact: true }).fill(wrongCode(secret));
  await codeForm.getByRole("button", { name: t("twoFactor.code.submit") }).click();
  await expect(codeForm.getByText(t("twoFactor.code.wrong"))).toBeVisible();
  await codeForm.getByRole("textbox", { name: t("twoFactor.code.label"), exact: true }).fill(await nextCode(secret));
  await codeForm.getByLabel(t("twoFactor.code.trustBrowser")).check();
  await codeForm.getByRole("button", { name: t("twoFactor.code.submit") }).click();
  await expect(page).toHaveURL(/\/ops$/);

  // The trusted browser skips the code; its session has not stepped up, so a large approval asks.
  await signInWithPassword(page, email, password);
  await expect(page).toHaveURL(/\/ops$/);
  await page.goto(`/ops/withdrawals?company=${company.id}`);
  const row = page.getByRole("row").filter({ hasText: big.withdrawalReference });
  await row
    .getByRole("button", { name: t("withdrawals.row.approveFor", { reference: big.withdrawalReference }) })
    .click();
  const approve = approveDialog(page, big.withdrawalReference);
  await approve.getByRole("button", { name: t("withdrawals.approve.confirmRecord") }).click();
  const stepUp = page.getByRole("dialog", { name: t("twoFactor.stepUp.title") });
  await expect(stepUp).toBeVisible();
  await checkPage(page, "two-factor-step-up");
  await stepUp.getByRole("textbox", { name: t("twoFactor.code.label"), exact: true }).fill(wrongCode(secret));
  await stepUp.getByRole("button", { name: t("twoFactor.stepUp.submit") }).click();
  await expect(stepUp.getByText(t("twoFactor.code.wrong"))).toBeVisible();
  await stepUp.getByRole("textbox", { name: t("twoFactor.code.label"), exact: true }).fill(await nextCode(secret));
  await stepUp.getByRole("button", { name: t("twoFactor.stepUp.submit") }).click();
  await expect(stepUp).toHaveCount(0);
  // The approval went on by itself once the code was right.
  await expect(page.getByText(t("withdrawals.approve.recorded", { reference: big.withdrawalReference }))).toBeVisible();
  await expect(row).toContainText(t("withdrawals.approvals", { given: 1, required: 2 }));

  // Forget the trusted browser; then a recovery code signs in, once.
  await page.goto("/ops/account");
  await card.getByRole("button", { name: t("twoFactor.account.card.forgetBrowsers") }).click();
  await expect(card).toContainText(t("twoFactor.account.card.trustedBrowsers", { count: 0 }));
  await signInWithPassword(page, email, password);
  await codeForm.getByRole("textbox", { name: t("twoFactor.code.label"), exact: true }).fill(recoveryCode);
  await codeForm.getByRole("button", { name: t("twoFactor.code.submit") }).click();
  await expect(page).toHaveURL(/\/ops$/);
  await page.goto("/ops/account");
  await expect(card).toContainText(t("twoFactor.account.card.recoveryLeft", { count: 9 }));
  await checkPage(page, "two-factor-account-on");
  await signInWithPassword(page, email, password);
  await codeForm.getByRole("textbox", { name: t("twoFactor.code.label"), exact: true }).fill(recoveryCode);
  await codeForm.getByRole("button", { name: t("twoFactor.code.submit") }).click();
  await expect(codeForm.getByText(t("twoFactor.code.wrong"))).toBeVisible();
  await context.close();
});

test("a company that requires it: its user enrols at the next sign-in before anything else", async ({ browser }) => {
  test.setTimeout(120_000);
  const email = `rui.${Date.now()}@loja.test`;
  const password = "Rui-7d1e-montanha-verde";
  const company = await createCompany("Ateliê Exigente", { ownerEmail: email });
  await acceptInvite(company.inviteToken as string, password, "Rui Exigente");
  // An operator ADMIN requires it for the company (the API token acts as one).
  await gql("mutation($c: ID!) { setCompanyTwoFactorRequired(companyId: $c, required: true) }", { c: company.id });

  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signInWithPassword(page, email, password);
  await expect(page.getByText(t("twoFactor.enrol.requiredDescription"))).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await checkPage(page, "two-factor-required-enrol");
  const secret = (await page.getByTestId("totp-secret").textContent())?.trim() ?? "";
  const form = page.getByRole("form", { name: t("twoFactor.enrol.formLabel") });
  await form.getByRole("textbox", { name: t("twoFactor.code.label"), exact: true }).fill(await nextCode(secret));
  await form.getByRole("button", { name: t("twoFactor.enrol.confirm") }).click();
  await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  await page.getByRole("button", { name: t("twoFactor.recovery.done") }).click();
  await expect(page).toHaveURL(/\/m$/);
  await context.close();
});
