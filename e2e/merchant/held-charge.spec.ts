import { gql } from "../support/api";
import { expect, test } from "../support/fixtures";
import { t } from "../support/i18n";
import { checkPage } from "../support/page-check";
import { type FreshMerchant, freshMerchant } from "./fresh-merchant";

// The merchant of its own: the hold changes its balance, nobody else's.
test.use({ storageState: "e2e/.auth/fresh-held.json" });
// A checked page (screenshots and axe at two widths) and the statement, on a shared machine.
test.describe.configure({ timeout: 120_000 });

let merchant: FreshMerchant;

test.beforeAll(async ({ browser }) => {
  merchant = await freshMerchant(browser, "held", "Relojoaria Ponteiro");
});

test("a charge an operator holds tells the merchant it is under review, never the operator's reason", async ({
  page,
}) => {
  const reason = "Suspeita de fraude";
  const { createCharge } = await gql<{ createCharge: { id: string } }>(
    `mutation { createCharge(input: { amount: "30.00" }) { id } }`,
    {},
    merchant.clientSecret,
  );
  await gql(`mutation($id: ID!) { simulateChargePayment(chargeId: $id) { status } }`, { id: createCharge.id });
  await gql(`mutation($id: ID!, $r: String!) { reserveCharge(id: $id, reason: $r) { reserved } }`, {
    id: createCharge.id,
    r: reason,
  });
  await page.goto(`/m/charges/${createCharge.id}`);
  await expect(page.getByText(t("merchant.heldNotice"))).toBeVisible();
  await expect(page.locator("main")).not.toContainText(reason);
  await checkPage(page, "merchant-charge-held");
  // The statement's hold line neither (the API withholds the ledger entry's memo from merchants).
  await page.goto("/m/statement");
  await expect(page.locator("main")).toContainText("R$");
  await expect(page.locator("main")).not.toContainText(reason);
});
