import { acceptInvite } from "../support/api";
import { expect, test } from "../support/fixtures";
import { t } from "../support/i18n";
import { checkPage } from "../support/page-check";
import { submitSignIn } from "../support/sign-in";
import { freshMerchant } from "./fresh-merchant";

/** A MEMBER of a merchant account works with money but not with the admin-only settings. */
test.describe.configure({ timeout: 180_000 });

test("a merchant member reads webhooks without changing them, is turned away from credentials and team, and the API refuses them too", async ({
  browser,
}) => {
  const owner = await freshMerchant(browser, "member-owner", "Papelaria Aquarela");
  const ownerContext = await browser.newContext({ storageState: owner.storageState });
  const ownerPage = await ownerContext.newPage();
  await ownerPage.goto("/m/team");
  await ownerPage.getByRole("button", { name: t("team.invite") }).click();
  await ownerPage.getByRole("dialog").getByLabel(t("team.inviteDialog.email")).fill("vendas@aquarela.test");
  await ownerPage
    .getByRole("dialog")
    .getByRole("button", { name: t("team.inviteDialog.submit") })
    .click();
  const inviteUrl = (await ownerPage.getByTestId("invite-url").textContent()) ?? "";
  await ownerContext.close();
  const token = new URL(inviteUrl).searchParams.get("token") as string;
  await acceptInvite(token, "e2e-member-password-1234", "Vera Vendas");

  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto("/login");
  await submitSignIn(page, "vendas@aquarela.test", "e2e-member-password-1234");
  await page.waitForURL(/\/m$/);
  for (const path of ["/m/api-credentials", "/m/team"]) {
    await page.goto(path);
    await expect(page.getByText(t("merchant.adminOnly.title"))).toBeVisible();
  }
  await checkPage(page, "merchant-member-admin-only");
  // Webhooks: members read the settings and the history, without the controls that change them.
  await page.goto("/m/webhooks");
  await expect(page.getByText(t("merchantWebhooks.adminsOnly"))).toBeVisible();
  await expect(page.getByRole("button", { name: t("merchantWebhooks.rotate.open") })).toHaveCount(0);
  await expect(page.getByRole("button", { name: t("merchantWebhooks.ping.send") })).toHaveCount(0);
  await checkPage(page, "merchant-member-webhooks");
  const answer = await page.request.post("/graphql", {
    headers: { origin: new URL(page.url()).origin, "content-type": "application/json" },
    data: { query: "mutation { rotateWebhookSecret { webhookSecret } }" },
  });
  expect((await answer.json()).errors[0].extensions.code).toBe("FORBIDDEN");
  // Charges are for members too.
  await page.goto("/m/charges/new");
  await expect(page.getByRole("button", { name: t("merchantCharges.create.submit") })).toBeVisible();
  await context.close();
});
