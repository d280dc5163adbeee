import { BASE_URL } from "../support/env";
import { expect, test } from "../support/fixtures";
import { checkPage } from "../support/page-check";

test("a merchant user lands on their own home", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/m$/);
  await expect(page.getByRole("heading", { name: "Padaria Pão Quente" })).toBeVisible();
  await expect(page.getByText("Pedido 42 · pães e frios")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your balance" })).toBeVisible();
  await checkPage(page, "merchant-home");
});

test("a merchant user cannot open operator pages nor operator data", async ({ page }) => {
  await page.goto("/ops/withdrawals");
  await expect(page.getByRole("heading", { name: "You don’t have access to this page" })).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
  await checkPage(page, "merchant-denied-ops");
  const answer = await page.request.post("/graphql", {
    headers: { origin: BASE_URL, "content-type": "application/json" },
    data: { query: "query { companies { data { id name } } }" },
  });
  expect((await answer.json()).errors[0].extensions.code).toBe("FORBIDDEN");
});
