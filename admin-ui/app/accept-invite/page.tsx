import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuthFrame } from "@/components/auth-frame";
import { AcceptInviteForm } from "@/features/auth/accept-invite-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.acceptInvite"))("metaTitle") };
}

export default async function AcceptInvitePage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const { token } = await searchParams;
  const t = await getTranslations("auth.acceptInvite");
  return (
    <AuthFrame title={t("title")} description={t("description")}>
      <AcceptInviteForm token={typeof token === "string" ? token : ""} />
    </AuthFrame>
  );
}
