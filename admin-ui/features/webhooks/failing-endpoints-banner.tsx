"use client";

import { TriangleAlertIcon } from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { formatDateTime } from "@/lib/format";

/** The merchant's webhooks page: the banner's link goes there, and is not shown on it. */
const WEBHOOKS_PAGE = "/m/webhooks";

/**
 * On every page of the merchant panel, for the account's admins (CONTRACT §15): its endpoints
 * disabled because every delivery failed for WEBHOOK_DISABLE_AFTER_H, their events held until
 * one is enabled again on the webhooks page. That setting may be hours or days, so the text
 * names no length: each endpoint says when it was disabled. Nothing when there is none.
 */
export function FailingEndpointsBanner({
  endpoints,
}: {
  endpoints: ReadonlyArray<{ id: string; url: string; disabledAt?: string | null }>;
}) {
  const t = useTranslations("merchantWebhooks.endpoints");
  const pathname = usePathname();
  if (endpoints.length === 0) return null;
  const onWebhooksPage = pathname === WEBHOOKS_PAGE || pathname.startsWith(`${WEBHOOKS_PAGE}/`);
  return (
    <div
      role="alert"
      data-testid="failing-endpoints-banner"
      className="mb-6 flex gap-3 rounded-md border border-status-danger/25 bg-status-danger-bg p-3 text-sm text-status-danger"
    >
      <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="font-medium">{t("bannerTitle", { count: endpoints.length })}</p>
        <p>{t("bannerText")}</p>
        <ul className="list-disc pl-5 font-mono text-xs break-all">
          {endpoints.map((endpoint) => (
            <li key={endpoint.id}>
              {endpoint.url}
              {endpoint.disabledAt && (
                // Its own line in words: the URL above breaks anywhere, the words must not.
                <span className="block font-sans break-normal">
                  {t("bannerDisabledAt", { at: formatDateTime(endpoint.disabledAt) })}
                </span>
              )}
            </li>
          ))}
        </ul>
        {onWebhooksPage ? null : (
          <p>
            <Link href={WEBHOOKS_PAGE} className="font-medium underline underline-offset-4 hover:no-underline">
              {t("bannerLink")}
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}
