"use client";

import { PrinterIcon, QrCodeIcon } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { ConfirmButton } from "@/components/confirm-button";
import { CopyButton } from "@/components/copy-button";
import { Money } from "@/components/money";
import { QrCode } from "@/components/qr-code";
import { EmptyState } from "@/components/states";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { MerchantQrCodesQuery } from "@/gql/graphql";
import { formatDateTime, formatInteger } from "@/lib/format";
import { execute } from "@/lib/graphql/execute";
import { DeactivateQrCodeDocument } from "./documents";
import { QrCodeDownloadButton } from "./qr-code-download-button";

type Code = MerchantQrCodesQuery["qrCodes"]["data"][number];

/** The account's static QR codes as cards: the code, what it asks, what it brought, and what to do with it. */
export function QrCodesList({ codes, canManage }: { codes: Code[]; canManage: boolean }) {
  const t = useTranslations("qrCodes.list");
  if (codes.length === 0) return <EmptyState icon={QrCodeIcon} title={t("empty")} description={t("emptyHint")} />;
  return (
    <ul className="grid gap-3" aria-label={t("label")}>
      {codes.map((code) => (
        <li key={code.id} className="rounded-lg border bg-card p-4" data-testid="qr-code-row">
          <div className="flex flex-wrap items-start gap-4">
            <QrCode value={code.pixCode} size={128} label={t("imageLabel", { description: code.description })} />
            <div className="min-w-0 flex-1 space-y-2">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0 space-y-1">
                  <p className="font-medium break-words">{code.description}</p>
                  <p className="text-sm text-muted-foreground">
                    {code.amount ? <Money value={code.amount} /> : t("typedAmount")}
                    {" · "}
                    {t("created", { at: formatDateTime(code.createdAt) })}
                  </p>
                </div>
                <Badge variant={code.active ? "success" : "neutral"}>
                  {code.active ? t("status.active") : t("status.inactive")}
                </Badge>
              </div>
              <dl className="grid grid-cols-2 gap-2 text-sm">
                <div>
                  <dt className="text-xs text-muted-foreground">{t("paid")}</dt>
                  <dd className="tabular">{formatInteger(code.paidCount)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-muted-foreground">{t("paidTotal")}</dt>
                  <dd>
                    <Money value={code.paidTotal} />
                  </dd>
                </div>
              </dl>
            </div>
          </div>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <CopyButton value={code.pixCode} label={t("copy")} showLabel />
            <QrCodeDownloadButton value={code.pixCode} fileName={`qrcode-${code.id}`} label={t("download")} />
            <Button asChild variant="ghost" size="sm">
              <Link href={`/m/qrcodes/${code.id}/print`}>
                <PrinterIcon aria-hidden /> {t("print")}
              </Link>
            </Button>
            {canManage && code.active ? (
              <ConfirmButton
                label={t("deactivate")}
                title={t("deactivateTitle")}
                description={t("deactivateDescription")}
                failureTitle={t("deactivateFailed")}
                onConfirm={async () => {
                  await execute(DeactivateQrCodeDocument, { id: code.id });
                }}
              />
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
