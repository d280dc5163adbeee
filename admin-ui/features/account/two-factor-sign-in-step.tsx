"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import type { ConsoleLocale, ConsoleUserKind } from "@/gql/graphql";
import { execute } from "@/lib/graphql/execute";
import { TwoFactorCodeForm } from "./two-factor-code-form";
import { CompleteSignInDocument } from "./two-factor-documents";
import { TwoFactorEnrolment } from "./two-factor-enrolment";

export interface SignedInViewer {
  id: string;
  kind: ConsoleUserKind;
  role: string;
  locale?: ConsoleLocale | null;
}

/**
 * The sign-in's step after a right password: a code (or a recovery code), or, when the
 * factor is required and missing, the enrolment. The password's challenge lives in an
 * httpOnly cookie; `onSignedIn` receives the viewer once the session is open.
 */
export function TwoFactorSignInStep({
  step,
  onSignedIn,
  onRestart,
}: {
  step: "SECOND_FACTOR" | "ENROL_SECOND_FACTOR";
  onSignedIn: (viewer: SignedInViewer) => void;
  onRestart: () => void;
}) {
  const t = useTranslations("twoFactor.code");
  if (step === "ENROL_SECOND_FACTOR") {
    return <TwoFactorEnrolment required onEnrolled={({ viewer }) => onSignedIn(viewer)} />;
  }
  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <h2 className="text-base font-semibold">{t("title")}</h2>
        <p className="text-sm text-muted-foreground">{t("description")}</p>
      </div>
      <TwoFactorCodeForm
        formLabel={t("formLabel")}
        submitLabel={t("submit")}
        submittingLabel={t("submitting")}
        offerTrust
        submit={async (code, trustBrowser) => {
          const { completeSignIn } = await execute(CompleteSignInDocument, { code, trustBrowser });
          onSignedIn(completeSignIn);
        }}
      />
      <Button variant="link" className="justify-self-center" onClick={onRestart}>
        {t("back")}
      </Button>
    </div>
  );
}
