import { expect, type Locator, type Page } from "@playwright/test";
import { t } from "./i18n";

/**
 * The confirmation every money-moving action opens (components/confirm-dialogs.tsx
 * MoneyConfirmDialog): checks that it names the account, the amount and, where there is one,
 * the destination key or the payer, exactly as formatted for a reader.
 */
export async function expectMoneyFacts(
  dialog: Locator,
  facts: { account?: string; amount: string; destination?: string; payer?: string },
) {
  if (facts.account !== undefined) await expect(dialog.getByTestId("confirm-account")).toHaveText(facts.account);
  await expect(dialog.getByTestId("confirm-amount")).toHaveText(facts.amount);
  if (facts.destination !== undefined)
    await expect(dialog.getByTestId("confirm-destination")).toContainText(facts.destination);
  if (facts.payer !== undefined) await expect(dialog.getByTestId("confirm-payer")).toContainText(facts.payer);
}

/** The approval dialog of a withdrawal, opened from its row's or page's Approve button. */
export function approveDialog(page: Page, reference: string): Locator {
  return page.getByRole("dialog", { name: t("withdrawals.approve.title", { reference }) });
}
