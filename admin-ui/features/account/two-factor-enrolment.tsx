"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import { CopyButton } from "@/components/copy-button";
import { QrCode } from "@/components/qr-code";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import type { ConsoleLocale, ConsoleUserKind } from "@/gql/graphql";
import { execute } from "@/lib/graphql/execute";
import { useErrorMessage } from "@/lib/i18n/error-message";
import { TwoFactorCodeForm } from "./two-factor-code-form";
import { ConfirmTwoFactorEnrolmentDocument, StartTwoFactorEnrolmentDocument } from "./two-factor-documents";
import { TwoFactorRecoveryCodes } from "./two-factor-recovery-codes";

interface Enrolled {
  recoveryCodes: string[];
  viewer: { id: string; kind: ConsoleUserKind; role: string; locale?: ConsoleLocale | null };
}

/**
 * Turning the second factor on: the server makes a secret, shown as a QR code and as text
 * (the key and the otpauth:// address); the first right code turns it on and the recovery
 * codes are shown once. Used at a first sign-in (by the challenge cookie) and on the account
 * page (by the session).
 */
export function TwoFactorEnrolment({
  required = false,
  onEnrolled,
}: {
  required?: boolean;
  /** After the recovery codes were acknowledged. */
  onEnrolled: (enrolled: Enrolled) => void;
}) {
  const t = useTranslations("twoFactor.enrol");
  const errorMessage = useErrorMessage();
  const [secret, setSecret] = useState<{ secret: string; otpauthUri: string } | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const [enrolled, setEnrolled] = useState<Enrolled | null>(null);

  const start = useCallback(() => {
    let cancelled = false;
    setStartError(null);
    execute(StartTwoFactorEnrolmentDocument).then(
      ({ startTwoFactorEnrolment }) => !cancelled && setSecret(startTwoFactorEnrolment),
      (error: unknown) => !cancelled && setStartError(`${t("startFailed")} ${errorMessage(error)}`),
    );
    return () => {
      cancelled = true;
    };
  }, [t, errorMessage]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one secret per mount, not per render
  useEffect(() => start(), []);

  if (enrolled) return <TwoFactorRecoveryCodes codes={enrolled.recoveryCodes} onDone={() => onEnrolled(enrolled)} />;

  return (
    <div className="grid gap-5">
      <div className="grid gap-1">
        <h2 className="text-base font-semibold">{t("title")}</h2>
        <p className="text-sm text-muted-foreground">{required ? t("requiredDescription") : t("description")}</p>
      </div>
      {startError ? (
        <div className="grid gap-3" role="alert">
          <p className="text-sm text-destructive">{startError}</p>
          <Button variant="outline" onClick={start}>
            {t("retry")}
          </Button>
        </div>
      ) : !secret ? (
        <div className="grid justify-items-center gap-3" aria-busy="true">
          <Skeleton className="size-[200px] rounded-lg" />
          <span className="text-sm text-muted-foreground">{t("loading")}</span>
        </div>
      ) : (
        <>
          <QrCode value={secret.otpauthUri} size={200} label={t("qrLabel")} className="justify-self-center" />
          <div className="grid gap-2 text-sm">
            <span className="text-muted-foreground">{t("manual")}</span>
            <div className="flex items-center gap-2 rounded-md bg-muted p-2">
              <code data-testid="totp-secret" className="min-w-0 flex-1 font-mono text-xs break-all">
                {secret.secret}
              </code>
              <CopyButton value={secret.secret} label={t("copySecret")} />
            </div>
            <span className="text-muted-foreground">{t("uri")}</span>
            <div className="flex items-center gap-2 rounded-md bg-muted p-2">
              <code data-testid="otpauth-uri" className="min-w-0 flex-1 font-mono text-xs break-all">
                {secret.otpauthUri}
              </code>
              <CopyButton value={secret.otpauthUri} label={t("copyUri")} />
            </div>
          </div>
          <TwoFactorCodeForm
            formLabel={t("formLabel")}
            submitLabel={t("confirm")}
            submittingLabel={t("confirming")}
            submit={async (code) => {
              const { confirmTwoFactorEnrolment } = await execute(ConfirmTwoFactorEnrolmentDocument, { code });
              setEnrolled(confirmTwoFactorEnrolment);
            }}
          />
        </>
      )}
    </div>
  );
}
