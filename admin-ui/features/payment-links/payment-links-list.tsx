"use client";

import { ExternalLinkIcon, LinkIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { ConfirmButton } from "@/components/confirm-button";
import { CopyButton } from "@/components/copy-button";
import { Money } from "@/components/money";
import { EmptyState } from "@/components/states";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { MerchantPaymentLinksQuery } from "@/gql/graphql";
import { formatBRL, formatDateTime, formatInteger } from "@/lib/format";
import { execute } from "@/lib/graphql/execute";
import { DeactivatePaymentLinkDocument } from "./documents";

type Link = MerchantPaymentLinksQuery["paymentLinks"]["data"][number];

const STATUS_LOOK: Record<Link["status"], BadgeVariant> = {
  ACTIVE: "success",
  INACTIVE: "neutral",
  COMPLETED: "info",
  EXPIRED: "neutral",
};

/** The account's links as cards: what each asks, how it did, its address to copy or open, and its deactivation. */
export function PaymentLinksList({ links, canManage }: { links: Link[]; canManage: boolean }) {
  const t = useTranslations("paymentLinks.list");
  if (links.length === 0) return <EmptyState icon={LinkIcon} title={t("empty")} description={t("emptyHint")} />;
  return (
    <ul className="grid gap-3" aria-label={t("label")}>
      {links.map((link) => (
        <li key={link.id} className="rounded-lg border bg-card p-4" data-testid="payment-link-row">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0 space-y-1">
              <p className="font-medium break-words">{link.description}</p>
              <p className="text-sm text-muted-foreground">
                {link.amount ? (
                  <Money value={link.amount} />
                ) : (
                  t("range", {
                    min: formatBRL(link.minAmount ?? "1.00"),
                    max: formatBRL(link.maxAmount ?? "99999999.99"),
                  })
                )}
                {" · "}
                {link.reusable ? t("reusable") : t("singleUse")}
                {link.expiresAt ? ` · ${t("expires", { at: formatDateTime(link.expiresAt) })}` : ""}
              </p>
            </div>
            <Badge variant={STATUS_LOOK[link.status]}>{t(`status.${link.status}`)}</Badge>
          </div>
          <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
            <div>
              <dt className="text-xs text-muted-foreground">{t("charges")}</dt>
              <dd className="tabular">{formatInteger(link.chargesCount)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">{t("paid")}</dt>
              <dd className="tabular">{formatInteger(link.paidCount)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">{t("paidTotal")}</dt>
              <dd>
                <Money value={link.paidTotal} />
              </dd>
            </div>
          </dl>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <code className="min-w-0 flex-1 truncate rounded bg-muted px-2 py-1 font-mono text-xs" title={link.url}>
              {link.url}
            </code>
            <CopyButton value={link.url} label={t("copy")} showLabel />
            <Button asChild variant="ghost" size="sm">
              <a href={link.url} target="_blank" rel="noopener noreferrer">
                <ExternalLinkIcon aria-hidden /> {t("open")}
              </a>
            </Button>
            {canManage && link.status === "ACTIVE" ? (
              <ConfirmButton
                label={t("deactivate")}
                title={t("deactivateTitle")}
                description={t("deactivateDescription")}
                failureTitle={t("deactivateFailed")}
                onConfirm={async () => {
                  await execute(DeactivatePaymentLinkDocument, { id: link.id });
                }}
              />
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
