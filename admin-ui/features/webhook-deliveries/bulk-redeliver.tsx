"use client";

import { RotateCwIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { TypedConfirmDialog } from "@/components/confirm-dialogs";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { execute } from "@/lib/graphql/execute";
import { useErrorMessage } from "@/lib/i18n/error-message";
import { RedeliverFailedWebhooksDocument } from "./documents";
import { REDELIVER_BATCH_MAX } from "./search-params";

export interface FailedDeliveries {
  /** FAILED deliveries of the account (or of every account); at least 10,000 when capped. */
  total: number;
  totalCapped: boolean;
  /**
   * The accounts the redelivery reaches by name: the filtered one, or every account with a
   * failure when all of them fit in one call; null when more than one call's worth fail.
   */
  accounts: string[] | null;
}

/**
 * Sends the FAILED deliveries again (one account's, the URL's `company`, or every account's),
 * after a confirmation that names how many and whose, with a typed phrase; a toast tells how
 * many went back to the queue and the list is read again.
 */
export function BulkRedeliver({ company, failed }: { company: string | null; failed: FailedDeliveries }) {
  const t = useTranslations("deliveries.bulk");
  const errorMessage = useErrorMessage();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const count = Math.min(failed.total, REDELIVER_BATCH_MAX);
  const accounts = failed.accounts?.join(", ") ?? t("everyAccount");

  const redeliver = async () => {
    try {
      const { redeliverFailedWebhooks } = await execute(RedeliverFailedWebhooksDocument, {
        companyId: company,
        max: REDELIVER_BATCH_MAX,
      });
      toast.success(t("done", { count: redeliverFailedWebhooks.count }), {
        description: redeliverFailedWebhooks.count > 0 ? t("doneDescription") : t("noneDescription"),
      });
      router.refresh();
    } catch (error) {
      // Shown in the dialog, which stays open.
      throw new Error(errorMessage(error));
    }
  };

  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} disabled={count === 0}>
        <RotateCwIcon aria-hidden /> {t("action", { count })}
      </Button>
      <TypedConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t("title", { count })}
        description={t("description", { count })}
        phrase={t("phrase", { count })}
        confirmLabel={t("confirm", { count })}
        onConfirm={redeliver}
      >
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 rounded-md border p-3 text-sm">
          <dt className="text-muted-foreground">{t("deliveries")}</dt>
          <dd className="tabular font-medium" data-testid="confirm-count">
            {count}
          </dd>
          <dt className="text-muted-foreground">{t("accounts", { count: failed.accounts?.length ?? 2 })}</dt>
          <dd className="min-w-0 font-medium break-words" data-testid="confirm-account">
            {accounts}
          </dd>
        </dl>
        {failed.total > REDELIVER_BATCH_MAX && (
          <p className="text-sm text-muted-foreground">
            {t(failed.totalCapped ? "cappedMany" : "capped", { total: failed.total, count })}
          </p>
        )}
        <p className="text-sm text-muted-foreground">{t(company ? "scopeCompany" : "scopeAll")}</p>
      </TypedConfirmDialog>
    </>
  );
}
