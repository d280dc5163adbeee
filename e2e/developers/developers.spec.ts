import { expect, test } from "../support/fixtures";
import { checkPage } from "../support/page-check";

test("the developers page shows the endpoints and example operations", async ({ page }) => {
  await page.goto("/developers");
  await expect(page.getByRole("heading", { name: "Developers" })).toBeVisible();
  await expect(page.getByText("Read the balance")).toBeVisible();
  await checkPage(page, "developers");
});
