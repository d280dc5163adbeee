"use client";

import { BanIcon, CheckCircle2Icon, ClockIcon, TimerOffIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { CopyButton } from "@/components/copy-button";
import { Money } from "@/components/money";
import type { PayerPageQuery } from "@/gql/graphql";
import { formatCalendarDay, formatDateTime } from "@/lib/format";
import { usePayerLive } from "./use-payer-live";

type PayerPage = PayerPageQuery["payerPage"];

/** The time left as "2 d 03:04:05", "03:04:05" or "04:05". */
function remainingText(ms: number, days: (count: number) => string): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(total / 86_400);
  const h = Math.floor((total % 86_400) / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, "0");
  const clock = h > 0 || d > 0 ? `${two(h)}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
  return d > 0 ? `${days(d)} ${clock}` : clock;
}

/**
 * The countdown to an immediate charge's expiry, drawn in the browser after hydration (the
 * server renders the expiry time): at zero the page refetches and shows the charge expired.
 */
function Countdown({ expiresAt }: { expiresAt: string }) {
  const t = useTranslations("payer.charge");
  const router = useRouter();
  const end = new Date(expiresAt).getTime();
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= end) {
        clearInterval(timer);
        router.refresh();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [end, router]);
  if (now === null) return <span>{t("expiresAt", { at: formatDateTime(expiresAt) })}</span>;
  return (
    <span>
      {t("expiresIn")}{" "}
      <span className="tabular font-semibold" data-testid="countdown">
        {remainingText(end - now, (count) => t("days", { count }))}
      </span>
    </span>
  );
}

/** What the payer sees of a charge: the amount, the code to pay it with, and its status, kept live. */
export function PayerChargeView({ page, token, qrSvg }: { page: PayerPage; token: string; qrSvg: string | null }) {
  const t = useTranslations("payer.charge");
  const waiting = page.status === "PENDING";
  const live = usePayerLive(token, waiting);
  return (
    <section aria-labelledby="payer-title" className="w-full space-y-5">
      <header className="space-y-1 text-center">
        <p className="text-sm text-muted-foreground">{t("payTo")}</p>
        <h1 id="payer-title" className="text-lg font-semibold break-words" data-testid="account-name">
          {page.accountName}
        </h1>
        {page.description ? <p className="text-sm break-words text-muted-foreground">{page.description}</p> : null}
      </header>

      <div className="space-y-1 text-center">
        <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
          {page.status === "PAID"
            ? t("amountPaid")
            : page.type === "DUE_DATE" && waiting
              ? t("amountToday")
              : t("amount")}
        </p>
        <p className="text-3xl font-semibold" data-testid="amount">
          <Money value={page.amount} />
        </p>
        {page.dueDate ? (
          <p className="text-sm text-muted-foreground">{t("dueDate", { date: formatCalendarDay(page.dueDate) })}</p>
        ) : null}
      </div>

      <div role="status" aria-live="polite" data-testid="payer-status" data-status={page.status}>
        {page.status === "PENDING" && (
          <div className="flex items-center justify-center gap-2 rounded-md bg-status-warn-bg px-3 py-2 text-sm text-status-warn">
            <ClockIcon className="size-4 shrink-0" aria-hidden />
            <span>
              {t("waiting")}
              {page.type === "IMMEDIATE" ? (
                <>
                  {" · "}
                  <Countdown expiresAt={page.expiresAt} />
                </>
              ) : null}
            </span>
          </div>
        )}
        {page.status === "PAID" && (
          <div className="flex flex-col items-center gap-2 rounded-md bg-status-success-bg px-3 py-6 text-center text-status-success">
            <CheckCircle2Icon className="size-10" aria-hidden />
            <p className="text-base font-semibold">{t("paid")}</p>
            {page.paidAt ? <p className="text-sm">{t("paidAt", { at: formatDateTime(page.paidAt) })}</p> : null}
          </div>
        )}
        {page.status === "EXPIRED" && (
          <div className="flex flex-col items-center gap-2 rounded-md bg-status-neutral-bg px-3 py-6 text-center text-status-neutral">
            <TimerOffIcon className="size-10" aria-hidden />
            <p className="text-base font-semibold">{t("expired")}</p>
            <p className="text-sm">{t("expiredHint")}</p>
          </div>
        )}
        {page.status === "CANCELLED" && (
          <div className="flex flex-col items-center gap-2 rounded-md bg-status-neutral-bg px-3 py-6 text-center text-status-neutral">
            <BanIcon className="size-10" aria-hidden />
            <p className="text-base font-semibold">{t("cancelled")}</p>
            <p className="text-sm">{t("cancelledHint")}</p>
          </div>
        )}
      </div>

      {waiting && page.pixCode ? (
        <div className="space-y-4">
          {qrSvg ? (
            <div
              role="img"
              aria-label={t("qrLabel")}
              data-testid="payer-qr"
              className="mx-auto aspect-square w-full max-w-60 rounded-lg border bg-white p-2 [&>svg]:size-full"
              // Drawn on the server by the qrcode library from the BR Code: no markup of anyone's.
              // biome-ignore lint/security/noDangerouslySetInnerHtml: generated SVG, see above
              dangerouslySetInnerHTML={{ __html: qrSvg }}
            />
          ) : null}
          <div className="space-y-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="text-sm font-medium">{t("copyAndPaste")}</h2>
              <CopyButton value={page.pixCode} label={t("copyCode")} showLabel />
            </div>
            <p data-testid="pix-code" className="rounded-md bg-muted p-3 font-mono text-xs break-all select-all">
              {page.pixCode}
            </p>
          </div>
          <ol className="list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
            <li>{t("steps.open")}</li>
            <li>{t("steps.scan")}</li>
            <li>{t("steps.confirm")}</li>
          </ol>
        </div>
      ) : null}
      <div ref={live} data-testid="payer-live" data-state={waiting ? "connecting" : "ended"} hidden />
    </section>
  );
}
