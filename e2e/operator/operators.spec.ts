import { storageStateOf } from "../support/env";
import { expect, test } from "../support/fixtures";
import { t } from "../support/i18n";
import { checkPage } from "../support/page-check";

test("an admin invites an operator, changes their role and disables them", async ({ page }) => {
  test.setTimeout(120_000); // several pages, each screenshot twice and checked by axe, on a shared machine
  await page.goto("/ops/operators");
  const table = page.getByRole("table", { name: t("operators.table.label") });
  await expect(table).toContainText("ana.admin@pix.test");
  await checkPage(page, "ops-operators");

  await page.getByRole("button", { name: t("operators.invite.open") }).click();
  const dialog = page.getByRole("dialog", { name: t("operators.invite.title") });
  await dialog.getByLabel(t("operators.invite.email")).fill("otto.operator@pix.test");
  await dialog.getByLabel(t("operators.invite.name")).fill("Otto Operator");
  await checkPage(page, "ops-operators-invite-dialog");
  await dialog.getByRole("button", { name: t("operators.invite.send") }).click();
  const created = page.getByRole("dialog", { name: t("operators.invite.createdTitle") });
  await expect(created.getByTestId("invite-url")).toContainText("/accept-invite?token=");
  await created.getByRole("button", { name: t("common.actions.done") }).click();

  const row = table.getByRole("row").filter({ hasText: "otto.operator@pix.test" });
  await expect(row).toContainText(t("operators.state.invited"));
  await row.getByRole("combobox", { name: t("operators.roleOf", { email: "otto.operator@pix.test" }) }).click();
  await page.getByRole("option", { name: t("common.roles.VIEWER") }).click();
  await expect(
    page.getByText(t("operators.roleChanged", { who: "Otto Operator", role: t("common.roles.VIEWER") })),
  ).toBeVisible();
  await expect(
    row.getByRole("combobox", { name: t("operators.roleOf", { email: "otto.operator@pix.test" }) }),
  ).toContainText(t("common.roles.VIEWER"));

  await row.getByRole("button", { name: t("operators.disableWho", { email: "otto.operator@pix.test" }) }).click();
  await expect(page.getByText(t("operators.disabled", { who: "Otto Operator" }))).toBeVisible();
  await expect(row).toContainText(t("operators.state.disabled"));
  await page.reload();
  await expect(table.getByRole("row").filter({ hasText: "otto.operator@pix.test" })).toContainText(
    t("operators.state.disabled"),
  );
});

test.describe("as a viewer", () => {
  test.use({ storageState: storageStateOf("viewer") });

  test("the operators page is hidden from the nav and refused", async ({ page }) => {
    await page.goto("/ops");
    await expect(
      page.getByRole("navigation", { name: t("shell.nav.main") }).getByRole("link", { name: t("shell.nav.auditLog") }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: t("shell.nav.operators") })).toHaveCount(0);
    await page.goto("/ops/operators");
    await expect(page.getByText(t("operators.adminsOnly.title"))).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);
    await checkPage(page, "ops-operators-viewer");
  });
});
