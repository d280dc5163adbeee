import { charge, createCompany, fund, withdrawal } from "../support/api";
import { BASE_URL } from "../support/env";
import { expect, test } from "../support/fixtures";
import { t } from "../support/i18n";
import { checkPage } from "../support/page-check";
import { serverLogMark, serverLogSince } from "../support/server-log";

test("a merchant user lands on their own home", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/m$/);
  await expect(page.getByRole("heading", { name: "Padaria Pão Quente" })).toBeVisible();
  await expect(page.getByText("Pedido 42 · pães e frios")).toBeVisible();
  await expect(page.getByRole("heading", { name: t("merchant.home.balanceTitle") })).toBeVisible();
  await checkPage(page, "merchant-home");
  // The home leads to the two things a merchant does most.
  await page.getByRole("link", { name: t("merchant.home.newWithdrawal") }).click();
  await expect(page).toHaveURL(/\/m\/withdrawals\/new$/);
  await page.goBack();
  await page.getByRole("link", { name: t("merchant.home.newCharge") }).click();
  await expect(page).toHaveURL(/\/m\/charges\/new$/);
});

test("a merchant user cannot open operator pages nor operator data, and is turned away without an error logged", async ({
  page,
}) => {
  const mark = serverLogMark();
  for (const path of ["/ops", "/ops/withdrawals", "/ops/companies?q=padaria"]) {
    await page.goto(path);
    // The layout's 403 page, or home when a page's own refused data call sends them there first.
    await expect(
      page
        .getByRole("heading", { name: t("shell.accessDenied.title") })
        .or(page.getByRole("heading", { name: "Padaria Pão Quente" })),
    ).toBeVisible();
    await expect(page.getByRole("table", { name: t("companies.table.label") })).toHaveCount(0);
  }
  // The pages' refused data calls used to fail their render with an unhandled FORBIDDEN and its stack trace.
  const logged = serverLogSince(mark);
  expect(logged).not.toMatch(/FORBIDDEN|Forbidden|\n\s+at /);
  const answer = await page.request.post("/graphql", {
    headers: { origin: BASE_URL, "content-type": "application/json" },
    data: { query: "query { companies { data { id name } } }" },
  });
  expect((await answer.json()).errors[0].extensions.code).toBe("FORBIDDEN");
});

test("another company's charge or withdrawal, or a malformed id, answers the not-found page", async ({ page }) => {
  const other = await createCompany("Outra Empresa Ltda");
  const foreignCharge = await charge(other.id, "12.34", "Pedido de outra empresa");
  await fund(other.id, "100.00");
  const foreignWithdrawal = await withdrawal(other.id, "10.00");
  for (const path of [
    `/m/charges/${foreignCharge}`,
    `/m/withdrawals/${foreignWithdrawal.id}`,
    "/m/charges/not-an-id%00",
    "/m/withdrawals/wd_doesnotexist",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: t("shell.notFound.title") })).toBeVisible();
    await expect(page.getByText("Pedido de outra empresa")).toHaveCount(0);
  }
});
