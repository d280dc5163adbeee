"use client";

import { ShieldCheckIcon, ShieldOffIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { DateTime } from "@/components/date-time";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/toast";
import type { TwoFactorStatusQuery } from "@/gql/graphql";
import { execute } from "@/lib/graphql/execute";
import { useAction } from "@/lib/use-action";
import { TwoFactorCodeForm } from "./two-factor-code-form";
import {
  DisableTwoFactorDocument,
  ForgetTrustedBrowsersDocument,
  RegenerateRecoveryCodesDocument,
  SetCompanyTwoFactorRequiredDocument,
} from "./two-factor-documents";
import { TwoFactorEnrolment } from "./two-factor-enrolment";
import { TwoFactorRecoveryCodes } from "./two-factor-recovery-codes";

type Status = TwoFactorStatusQuery["twoFactorStatus"];
type Action = "enrol" | "regenerate" | "disable" | null;

/**
 * The signed-in user's second factor on their account page: on or off (and whether it is
 * required of them), turning it on, new recovery codes and turning it off (each after a
 * code), and forgetting the browsers trusted for 30 days.
 */
export function TwoFactorAccountCard({ status }: { status: Status }) {
  const t = useTranslations("twoFactor.account.card");
  const tc = useTranslations("twoFactor.code");
  const router = useRouter();
  const [action, setAction] = useState<Action>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const forgetting = useAction();

  const done = () => {
    setAction(null);
    setCodes(null);
    router.refresh();
  };

  const forgetBrowsers = () =>
    forgetting.run(() => execute(ForgetTrustedBrowsersDocument), {
      success: ({ forgetTrustedBrowsers }) => t("forgotBrowsers", { count: forgetTrustedBrowsers }),
    });

  const body = () => {
    if (codes) return <TwoFactorRecoveryCodes codes={codes} onDone={done} />;
    if (action === "enrol") {
      return (
        <TwoFactorEnrolment
          onEnrolled={() => {
            toast.success(t("enabled"));
            done();
          }}
        />
      );
    }
    if (action === "regenerate" || action === "disable") {
      return (
        <div className="grid gap-3">
          <p className="text-sm font-medium">{t("codeFor")}</p>
          <TwoFactorCodeForm
            formLabel={t("codeFor")}
            submitLabel={action === "disable" ? t("disable") : t("regenerate")}
            submittingLabel={tc("submitting")}
            cancelLabel={t("cancel")}
            onCancel={() => setAction(null)}
            submit={async (code) => {
              if (action === "disable") {
                await execute(DisableTwoFactorDocument, { code });
                toast.success(t("disabled"));
                done();
              } else {
                const { regenerateRecoveryCodes } = await execute(RegenerateRecoveryCodesDocument, { code });
                setCodes(regenerateRecoveryCodes);
              }
            }}
          />
        </div>
      );
    }
    if (!status.enrolled) {
      return (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">{t("offDescription")}</p>
          <Button onClick={() => setAction("enrol")}>{t("enable")}</Button>
        </div>
      );
    }
    return (
      <div className="grid gap-4">
        <ul className="grid gap-1 text-sm text-muted-foreground">
          {status.enrolledAt && (
            <li>{t.rich("enrolledAt", { date: () => <DateTime value={status.enrolledAt as string} /> })}</li>
          )}
          <li>{t("recoveryLeft", { count: status.recoveryCodesLeft })}</li>
          <li>{t("trustedBrowsers", { count: status.trustedBrowsers })}</li>
          {status.stepUpValidUntil && (
            <li>{t.rich("stepUpUntil", { time: () => <DateTime value={status.stepUpValidUntil as string} /> })}</li>
          )}
        </ul>
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <Button variant="outline" onClick={() => setAction("regenerate")}>
            {t("regenerate")}
          </Button>
          <Button variant="outline" onClick={forgetBrowsers} disabled={forgetting.busy || status.trustedBrowsers === 0}>
            {t("forgetBrowsers")}
          </Button>
          {!status.required && (
            <Button variant="destructive" onClick={() => setAction("disable")}>
              {t("disable")}
            </Button>
          )}
        </div>
      </div>
    );
  };

  const Icon = status.enrolled ? ShieldCheckIcon : ShieldOffIcon;
  return (
    <Card data-testid="two-factor-card">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <Icon className="size-4" aria-hidden />
          {t("title")}
          <Badge variant={status.enrolled ? "success" : "neutral"}>{status.enrolled ? t("on") : t("off")}</Badge>
          {status.required && <Badge variant="info">{t("required")}</Badge>}
        </CardTitle>
        <CardDescription className="sr-only">{t("offDescription")}</CardDescription>
      </CardHeader>
      <CardContent>{body()}</CardContent>
    </Card>
  );
}

/** A merchant admin requires (or stops requiring) the second factor of the whole company. */
export function CompanyTwoFactorCard({ required }: { required: boolean }) {
  const t = useTranslations("twoFactor.account.company");
  const { run, busy } = useAction();
  const change = () =>
    run(() => execute(SetCompanyTwoFactorRequiredDocument, { required: !required }), { success: t("changed") });
  return (
    <Card data-testid="company-two-factor-card">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          {t("title")}
          <Badge variant={required ? "success" : "neutral"}>{required ? t("on") : t("off")}</Badge>
        </CardTitle>
        <CardDescription>{t("description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant={required ? "outline" : "default"} onClick={change} disabled={busy}>
          {required ? t("stopRequiring") : t("require")}
        </Button>
      </CardContent>
    </Card>
  );
}
