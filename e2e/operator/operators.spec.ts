import { storageStateOf } from "../support/env";
import { expect, test } from "../support/fixtures";
import { t } from "../support/i18n";
import { checkPage } from "../support/page-check";

test("an admin invites an operator, changes their role and disables them", async ({ page }) => {
  test.setTimeout(120_000); // several pages, each screenshot twice and checked by axe, on a shared machine
  await page.goto("/ops/operators");
  const table = page.getByRole("table", { name: "Operators" });
  await expect(table).toContainText("ana.admin@pix.test");
  await checkPage(page, "ops-operators");

  await page.getByRole("button", { name: "Invite operator" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite operator" });
  await dialog.getByLabel("E-mail").fill("otto.operator@pix.test");
  await dialog.getByLabel("Name (optional)").fill("Otto Operator");
  await checkPage(page, "ops-operators-invite-dialog");
  await dialog.getByRole("button", { name: "Send invite" }).click();
  const created = page.getByRole("dialog", { name: "Invite created" });
  await expect(created.getByTestId("invite-url")).toContainText("/accept-invite?token=");
  await created.getByRole("button", { name: "Done" }).click();

  const row = table.getByRole("row").filter({ hasText: "otto.operator@pix.test" });
  await expect(row).toContainText("Invited");
  await row.getByRole("combobox", { name: "Role of otto.operator@pix.test" }).click();
  await page.getByRole("option", { name: "Viewer" }).click();
  await expect(page.getByText("Otto Operator is now Viewer")).toBeVisible();
  await expect(row.getByRole("combobox", { name: "Role of otto.operator@pix.test" })).toContainText("Viewer");

  await row.getByRole("button", { name: "Disable otto.operator@pix.test" }).click();
  await expect(page.getByText("Otto Operator is disabled and signed out")).toBeVisible();
  await expect(row).toContainText("Disabled");
  await page.reload();
  await expect(table.getByRole("row").filter({ hasText: "otto.operator@pix.test" })).toContainText("Disabled");
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
    await expect(page.getByText("Only admins manage operators")).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);
    await checkPage(page, "ops-operators-viewer");
  });
});
