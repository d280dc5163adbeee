import { CheckCircle2Icon, XCircleIcon } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { DateTime } from "@/components/date-time";
import { Money } from "@/components/money";
import { EmptyState } from "@/components/states";
import type { DebitAttemptRowFragment } from "@/gql/graphql";
import { chargeReference, formatIsoDay } from "@/lib/format";

/**
 * Debit attempts as a list, newest first (it reads well at any width): the outcome, the
 * attempt's number and day, the amount, the refusal's reason and when the bank answered;
 * each opens its charge under `chargeBasePath` (none on the charge's own page), and with `companies` names the account
 * (operators) and links its recurrence under `recurrenceBasePath`.
 */
export async function DebitAttemptsList({
  rows,
  chargeBasePath,
  label,
  empty,
  companies,
  recurrenceBasePath,
}: {
  rows: DebitAttemptRowFragment[];
  chargeBasePath?: string;
  label: string;
  empty: { title: string; description: string };
  companies?: Map<string, string>;
  recurrenceBasePath?: string;
}) {
  const t = await getTranslations("recurrences.attempts");
  if (rows.length === 0) return <EmptyState title={empty.title} description={empty.description} />;
  return (
    <ul aria-label={label} className="divide-y rounded-md border">
      {rows.map((row) => {
        const failed = row.outcome === "FAILED";
        const Icon = failed ? XCircleIcon : CheckCircle2Icon;
        return (
          <li
            key={`${row.chargeId}-${row.attempt}`}
            data-testid="debit-attempt"
            className="flex flex-col gap-1 p-3 text-sm sm:flex-row sm:items-center sm:justify-between sm:gap-4"
          >
            <div className="flex min-w-0 items-start gap-2">
              <Icon
                className={
                  failed ? "mt-0.5 size-4 shrink-0 text-status-danger" : "mt-0.5 size-4 shrink-0 text-status-success"
                }
                aria-hidden
              />
              <div className="min-w-0">
                <p className="font-medium">
                  {failed ? t("failed", { attempt: row.attempt }) : t("paid", { attempt: row.attempt })}
                  {chargeBasePath && (
                    <>
                      {" · "}
                      <Link href={`${chargeBasePath}/${row.chargeId}`} className="font-mono text-xs hover:underline">
                        {chargeReference(row.chargeId)}
                      </Link>
                    </>
                  )}
                </p>
                {row.failureReason && <p className="text-muted-foreground">{row.failureReason}</p>}
                {companies && (
                  <p className="truncate text-xs text-muted-foreground">
                    {companies.get(row.companyId) ?? row.companyId}
                    {recurrenceBasePath && (
                      <>
                        {" · "}
                        <Link href={`${recurrenceBasePath}/${row.recurrenceId}`} className="hover:underline">
                          {t("recurrence")}
                        </Link>
                      </>
                    )}
                  </p>
                )}
              </div>
            </div>
            <div className="flex shrink-0 flex-col gap-0.5 pl-6 text-xs text-muted-foreground sm:items-end sm:pl-0">
              <Money value={row.amount} className="text-sm font-medium text-foreground" />
              <span>{t("dueOn", { date: formatIsoDay(row.day) })}</span>
              <span>
                {t("answeredAt")} <DateTime value={row.recordedAt} />
              </span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
