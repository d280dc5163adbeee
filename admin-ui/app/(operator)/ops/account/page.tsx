import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { TwoFactorAccountPage } from "@/features/account/two-factor-account-page";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("twoFactor.account"))("metaTitle") };
}

export default function AccountPage() {
  return <TwoFactorAccountPage />;
}
