import { acceptInvite, createCompany, inviteOperator } from "../support/api";
import { expect, test } from "../support/fixtures";
import { t } from "../support/i18n";
import { checkPage } from "../support/page-check";

/**
 * The invite page reads the invite before it shows the form: an open one names its e-mail,
 * role and company; a used one, like a token that never existed, says the link is no longer
 * valid at once, in the same words (the page cannot be used to learn which tokens existed).
 */
// Three pages, each screenshot at two widths and checked by axe, on a shared machine.
test.describe.configure({ timeout: 120_000 });

test("an invite page names its e-mail, role and company; a used link says so before any form, as an unknown one", async ({
  page,
}) => {
  const email = `rita.relva.${Date.now()}@floricultura-relva.test`;
  const company = await createCompany("Floricultura Relva", { ownerEmail: email });
  const token = company.inviteToken as string;
  await page.goto(`/accept-invite?token=${encodeURIComponent(token)}`);
  await expect(page.getByTestId("invite-for").locator("p").first()).toHaveText(
    t("auth.acceptInvite.forMerchant", { email, role: t("common.roles.ADMIN"), company: "Floricultura Relva" }),
  );
  await expect(page.getByLabel(t("auth.acceptInvite.password"), { exact: true })).toBeVisible();
  await checkPage(page, "accept-invite-open");

  await acceptInvite(token, "tamarind quokka lighthouse", "Rita Relva");
  await page.goto(`/accept-invite?token=${encodeURIComponent(token)}`);
  await expect(page.getByRole("heading", { name: t("auth.acceptInvite.invalidTitle") })).toBeVisible();
  await expect(page.getByText(t("auth.acceptInvite.invalidDescription"))).toBeVisible();
  await expect(page.getByLabel(t("auth.acceptInvite.password"), { exact: true })).toHaveCount(0);
  // The frame's content, not the whole main: the language switcher beside it renders its
  // label once hydrated, whose timing differs between two loads.
  const usedText = await page.getByTestId("auth-frame-content").innerText();
  await checkPage(page, "accept-invite-used");

  await page.goto(`/accept-invite?token=inv_${"x".repeat(43)}`);
  await expect(page.getByRole("heading", { name: t("auth.acceptInvite.invalidTitle") })).toBeVisible();
  expect(await page.getByTestId("auth-frame-content").innerText()).toBe(usedText);
});

test("the invite's form starts with the name the inviter gave", async ({ page }) => {
  const token = await inviteOperator(`nina.nome.${Date.now()}@pix.test`, "Nina Nogueira", "VIEWER");
  await page.goto(`/accept-invite?token=${encodeURIComponent(token)}`);
  await expect(page.getByLabel(t("auth.acceptInvite.name"))).toHaveValue("Nina Nogueira");
});
