"use client";

import { MailIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { CopyButton } from "@/components/copy-button";
import { QrCode } from "@/components/qr-code";
import { Button } from "@/components/ui/button";

/**
 * What the payer needs to authorise (and, with a first payment, pay now): the QR code to show
 * and the copy-and-paste BR Code to send, by the merchant's own e-mail client or any channel.
 */
export function RecurrenceAuthorisationCard({ pixCode, object }: { pixCode: string; object: string }) {
  const t = useTranslations("recurrences.detail");
  const mail = `mailto:?subject=${encodeURIComponent(t("emailSubject", { object }))}&body=${encodeURIComponent(
    `${t("emailBody")}\n\n${pixCode}`,
  )}`;
  return (
    <div className="flex flex-col items-center gap-4">
      <QrCode value={pixCode} size={240} label={t("authorisation")} />
      <div className="w-full space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="text-sm font-medium">{t("copyAndPaste")}</h3>
          <div className="flex flex-wrap gap-2">
            <CopyButton value={pixCode} label={t("copyCode")} showLabel />
            <Button variant="outline" size="sm" asChild>
              <a href={mail}>
                <MailIcon aria-hidden /> {t("sendByEmail")}
              </a>
            </Button>
          </div>
        </div>
        <p data-testid="recurrence-pix-code" className="rounded-md bg-muted p-3 font-mono text-xs break-all select-all">
          {pixCode}
        </p>
      </div>
    </div>
  );
}
