import type { Browser, Page } from "@playwright/test";
import { acceptInvite, createCompany, gql, inviteOperator } from "../support/api";
import { expect, test } from "../support/fixtures";
import { t } from "../support/i18n";
import { expectMoneyFacts } from "../support/money-confirm";
import { checkPage } from "../support/page-check";
import { signInElsewhere } from "../support/sign-in";

// #33 item 3: an auto-approve limit above APPROVAL_SECOND_OPERATOR_ABOVE (100.000,00 in the
// e2e server) waits for a second ADMIN, who confirms or declines it on the company's page.

/** A second ADMIN, signed in through the sign-in page in their own browser context. */
async function secondAdmin(browser: Browser, email: string): Promise<Page> {
  const password = "e2e-limit-checker-password";
  await acceptInvite(await inviteOperator(email, "Lia Limites", "ADMIN"), password, "Lia Limites");
  return (await signInElsewhere(browser, email, password, { home: /\/ops$/ })).page;
}

const storedLimit = async (id: string) =>
  (
    await gql<{ company: { autoApproveLimit: string | null } }>(
      "query($id: ID!) { company(id: $id) { autoApproveLimit } }",
      {
        id,
      },
    )
  ).company.autoApproveLimit;

test("a raise asked for at creation waits on the company's page; another ADMIN declines it and the limit stays", async ({
  page,
}) => {
  const company = await createCompany("Limite Recusado Ltda", { autoApproveLimit: "300000.00" });
  expect(await storedLimit(company.id)).toBe("100000.00");

  await page.goto(`/ops/companies/${company.id}`);
  const waiting = page.getByTestId("auto-approve-limit-request");
  await expect(waiting).toContainText(
    t("companies.page.limitRequest.waiting", { previous: "R$ 100.000,00", requested: "R$ 300.000,00" }),
  );
  await expect(waiting).toContainText(
    t("companies.page.limitRequest.requestedBy", { email: t("companies.page.limitRequest.apiToken") }),
  );
  await checkPage(page, "ops-company-limit-waiting");

  await waiting.getByRole("button", { name: t("companies.page.limitRequest.decline") }).click();
  const dialog = page.getByRole("dialog", { name: t("companies.page.limitRequest.declineTitle") });
  await dialog.getByLabel(t("confirm.reason")).fill("Conta nova, sem histórico");
  await dialog.getByRole("button", { name: t("companies.page.limitRequest.declineAction") }).click();
  await expect(page.getByText(t("companies.page.limitRequest.declined", { requested: "R$ 300.000,00" }))).toBeVisible();
  await expect(page.getByTestId("auto-approve-limit-request")).toHaveCount(0);
  await expect(
    page.getByText(t("companies.page.autoApproveUpTo", { amount: "R$ 100.000,00" }), { exact: true }),
  ).toBeVisible();
  expect(await storedLimit(company.id)).toBe("100000.00");
});

test("an ADMIN's raise above the threshold is not theirs to confirm; a second ADMIN confirms it", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000); // two ADMINs, each page screenshot twice and checked by axe, on a shared machine
  const company = await createCompany("Limite Dobrado Ltda", { autoApproveLimit: "50.00" });

  await page.goto(`/ops/companies/${company.id}`);
  await page.getByRole("button", { name: t("companies.form.edit") }).click();
  const edit = page.getByRole("dialog", { name: t("companies.form.editTitle", { name: "Limite Dobrado Ltda" }) });
  await edit.getByLabel(t("companies.form.autoApproveLimit")).fill("250.000,00");
  await edit.getByRole("button", { name: t("companies.form.save") }).click();
  await expect(
    page.getByText(t("companies.form.limitWaiting", { now: "R$ 100.000,00", requested: "R$ 250.000,00" })),
  ).toBeVisible();
  const waiting = page.getByTestId("auto-approve-limit-request");
  await expect(waiting).toContainText(t("companies.page.limitRequest.mine"));
  await expect(waiting.getByRole("button", { name: t("companies.page.limitRequest.confirm") })).toHaveCount(0);
  expect(await storedLimit(company.id)).toBe("100000.00");

  const lia = await secondAdmin(browser, `lia.${Date.now()}@pix.test`);
  await lia.goto(`/ops/companies/${company.id}`);
  const seen = lia.getByTestId("auto-approve-limit-request");
  await expect(seen).toContainText(
    t("companies.page.limitRequest.waiting", { previous: "R$ 100.000,00", requested: "R$ 250.000,00" }),
  );
  await seen.getByRole("button", { name: t("companies.page.limitRequest.confirm") }).click();
  const confirm = lia.getByRole("dialog", { name: t("companies.page.limitRequest.confirmTitle") });
  await expectMoneyFacts(confirm, { account: "Limite Dobrado Ltda", amount: "R$ 250.000,00" });
  await checkPage(lia, "ops-company-limit-confirm");
  await confirm
    .getByRole("button", { name: t("companies.page.limitRequest.confirmAction", { requested: "R$ 250.000,00" }) })
    .click();
  await expect(lia.getByText(t("companies.page.limitRequest.confirmed", { requested: "R$ 250.000,00" }))).toBeVisible();
  await expect(lia.getByTestId("auto-approve-limit-request")).toHaveCount(0);
  await expect(
    lia.getByText(t("companies.page.autoApproveUpTo", { amount: "R$ 250.000,00" }), { exact: true }),
  ).toBeVisible();
  expect(await storedLimit(company.id)).toBe("250000.00");
  await lia.context().close();
});
