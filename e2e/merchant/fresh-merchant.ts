import { mkdirSync } from "node:fs";
import type { Browser } from "@playwright/test";
import { acceptInvite, createCompany } from "../support/api";
import { signInElsewhere } from "../support/sign-in";

export interface FreshMerchant {
  id: string;
  name: string;
  clientSecret: string;
  email: string;
  storageState: string;
}

/**
 * A company of its own for one spec file, with its owner (a merchant ADMIN) signed in through
 * the sign-in page: balances and settings that the spec changes are nobody else's, whatever
 * runs beside it. Fee: 1 % + R$ 0,50, so amounts are exact.
 */
export async function freshMerchant(browser: Browser, key: string, name: string): Promise<FreshMerchant> {
  const email = `${key}-${Date.now().toString(36)}@merchant.test`;
  const password = `e2e-${key}-password-1234`;
  const company = await createCompany(name, { ownerEmail: email, feePercent: "1.00", feeFixed: "0.50" });
  await acceptInvite(company.inviteToken as string, password, `Titular da ${name}`);
  // Signed out: the spec's own storageState is this very file, not written yet.
  const { context } = await signInElsewhere(browser, email, password, { home: /\/m$/ });
  mkdirSync("e2e/.auth", { recursive: true });
  const storageState = `e2e/.auth/fresh-${key}.json`;
  await context.storageState({ path: storageState });
  await context.close();
  return { id: company.id, name, clientSecret: company.clientSecret, email, storageState };
}
