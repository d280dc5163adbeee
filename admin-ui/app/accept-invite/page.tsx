import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { AuthFrame } from "@/components/auth-frame";
import { Button } from "@/components/ui/button";
import { AcceptInviteForm } from "@/features/auth/accept-invite-form";
import { InvitePreviewDocument } from "@/features/auth/documents";
import { formatDateTime } from "@/lib/format";
import { execute } from "@/lib/graphql/execute";
import { roleLabel } from "@/lib/i18n/role-label";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.acceptInvite"))("metaTitle") };
}

/**
 * The invite is read before the form is shown: a used, expired or unknown link says so at
 * once (the API answers all three alike), and an open one names its e-mail, role and company.
 */
export default async function AcceptInvitePage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const { token: raw } = await searchParams;
  const token = typeof raw === "string" ? raw : "";
  const [t, tc] = await Promise.all([getTranslations("auth.acceptInvite"), getTranslations("common")]);
  const { invitePreview: invite } = token ? await execute(InvitePreviewDocument, { token }) : { invitePreview: null };
  if (!invite) {
    return (
      <AuthFrame title={t("invalidTitle")} description={t("invalidDescription")}>
        <Button asChild className="w-full">
          <Link href="/login">{t("goToSignIn")}</Link>
        </Button>
      </AuthFrame>
    );
  }
  const role = roleLabel(tc, invite.role);
  return (
    <AuthFrame title={t("title")} description={t("description")}>
      <div className="mb-5 grid gap-1 rounded-md bg-muted p-3 text-sm" data-testid="invite-for">
        <p className="font-medium break-words">
          {invite.kind === "OPERATOR"
            ? t("forOperator", { email: invite.email, role })
            : t("forMerchant", { email: invite.email, role, company: invite.companyName ?? "" })}
        </p>
        <p className="text-muted-foreground">{t("expiresAt", { date: formatDateTime(invite.expiresAt) })}</p>
      </div>
      <AcceptInviteForm token={token} name={invite.name ?? ""} />
    </AuthFrame>
  );
}
