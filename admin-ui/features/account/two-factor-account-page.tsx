import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { requireViewer } from "@/lib/auth/session";
import { execute } from "@/lib/graphql/execute";
import { roleLabel } from "@/lib/i18n/role-label";
import { CompanyTwoFactorCard, TwoFactorAccountCard } from "./two-factor-account-card";
import { CompanyTwoFactorRequiredDocument, TwoFactorStatusDocument } from "./two-factor-documents";

/** The account page of both audiences: who the user is and their second factor (a merchant admin: the team's rule too). */
export async function TwoFactorAccountPage() {
  const viewer = await requireViewer();
  const t = await getTranslations("twoFactor.account");
  const tc = await getTranslations("common");
  const { twoFactorStatus } = await execute(TwoFactorStatusDocument);
  const companyAdmin = viewer.kind === "MERCHANT" && viewer.role === "ADMIN";
  const company = companyAdmin ? await execute(CompanyTwoFactorRequiredDocument) : null;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t("title")} description={t("description")} />
      <Card>
        <CardHeader>
          <CardTitle>{t("profile")}</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3 text-sm sm:grid-cols-3">
            <div className="grid gap-0.5">
              <dt className="text-muted-foreground">{t("email")}</dt>
              <dd className="break-all">{viewer.email}</dd>
            </div>
            <div className="grid gap-0.5">
              <dt className="text-muted-foreground">{t("name")}</dt>
              <dd>{viewer.name ?? "—"}</dd>
            </div>
            <div className="grid gap-0.5">
              <dt className="text-muted-foreground">{t("role")}</dt>
              <dd>{roleLabel(tc, viewer.role)}</dd>
            </div>
          </dl>
        </CardContent>
      </Card>
      <TwoFactorAccountCard status={twoFactorStatus} />
      {company && <CompanyTwoFactorCard required={company.companyTwoFactorRequired} />}
    </div>
  );
}
