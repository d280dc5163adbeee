import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { SessionsPage } from "@/features/account/sessions-page";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("account.sessions"))("metaTitle") };
}

export default SessionsPage;
