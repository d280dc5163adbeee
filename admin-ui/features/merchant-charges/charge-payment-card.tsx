"use client";

import { useTranslations } from "next-intl";
import { CopyButton } from "@/components/copy-button";
import { QrCode } from "@/components/qr-code";

/** What a payer needs: the QR code to scan and the copy-and-paste BR Code. */
export function ChargePaymentCard({ pixCode }: { pixCode: string }) {
  const t = useTranslations("merchantCharges.payment");
  return (
    <div className="flex flex-col items-center gap-4">
      <QrCode value={pixCode} size={240} />
      <div className="w-full space-y-2">
        <div className="flex items-center justify-between gap-2">
          <h3 className="text-sm font-medium">{t("copyAndPaste")}</h3>
          <CopyButton value={pixCode} label={t("copyCode")} showLabel />
        </div>
        <p data-testid="br-code" className="rounded-md bg-muted p-3 font-mono text-xs break-all select-all">
          {pixCode}
        </p>
      </div>
    </div>
  );
}
