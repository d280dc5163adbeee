import { RepeatIcon } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { ChargeRecurrenceFieldsFragment } from "@/gql/graphql";
import { formatDocument, formatIsoDay } from "@/lib/format";
import { execute } from "@/lib/graphql/execute";
import { DebitAttemptsList } from "./debit-attempts-list";
import { RecurrenceAttemptsDocument } from "./documents";

/** A recurrence's newest attempts read to find this charge's (at most 4 a charge). */
const ATTEMPTS_READ = 100;

function RecurrenceLink({ href, label }: { href: string; label: string }) {
  return (
    <Link href={href} className="inline-flex items-center gap-1 font-medium underline-offset-2 hover:underline">
      <RepeatIcon className="size-3.5" aria-hidden />
      {label}
    </Link>
  );
}

/** The first payment of a recurrence (journey 3, an immediate charge) names its recurrence; nothing for other charges. */
export async function FirstPaymentNote({
  charge,
  recurrenceBasePath,
}: {
  charge: ChargeRecurrenceFieldsFragment;
  recurrenceBasePath: string;
}) {
  if (!charge.recurrenceId || charge.type === "RECURRING") return null;
  const t = await getTranslations("recurrences.charge");
  return (
    <p className="rounded-lg border px-4 py-3 text-sm">
      {t("firstPayment")}{" "}
      <RecurrenceLink href={`${recurrenceBasePath}/${charge.recurrenceId}`} label={t("openRecurrence")} />
    </p>
  );
}

/**
 * A cycle's charge of a Pix Automático recurrence, on its page for merchants and operators,
 * where another charge shows its code: it is debited by the payer's bank on its due date (no
 * fine, interest or discount, nothing to scan), so it shows its recurrence, the attempt in
 * progress, the next attempt's day, the last refusal and the attempts the bank answered.
 */
export async function ChargeRecurrenceCard({
  charge,
  recurrenceBasePath,
  className,
}: {
  charge: ChargeRecurrenceFieldsFragment;
  recurrenceBasePath: string;
  className?: string;
}) {
  if (!charge.recurrenceId || charge.type !== "RECURRING") return null;
  const t = await getTranslations("recurrences.charge");
  const recurrenceLink = (
    <RecurrenceLink href={`${recurrenceBasePath}/${charge.recurrenceId}`} label={t("openRecurrence")} />
  );
  const { recurringDebitAttempts } = await execute(RecurrenceAttemptsDocument, {
    recurrenceId: charge.recurrenceId,
    limit: ATTEMPTS_READ,
  });
  const attempts = recurringDebitAttempts.data.filter((attempt) => attempt.chargeId === charge.id);
  const pending = charge.status === "PENDING";
  const row = (label: string, value: React.ReactNode) => (
    <div className="min-w-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="break-words">{value}</dd>
    </div>
  );
  return (
    <Card className={className}>
      <CardHeader>
        <div>
          <CardTitle>{t("title")}</CardTitle>
          <CardDescription>{t("description")}</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-3" data-testid="charge-recurrence">
          {row(t("recurrence"), recurrenceLink)}
          {row(
            t("dueDate"),
            <span className="font-medium">{charge.dueDate ? formatIsoDay(charge.dueDate) : "—"}</span>,
          )}
          {row(t("attempt"), t("attemptValue", { attempt: charge.debitAttempt ?? 1 }))}
          {row(t("nextAttempt"), pending && charge.nextAttemptOn ? formatIsoDay(charge.nextAttemptOn) : t("none"))}
          {row(t("lastRefusal"), charge.failureReason ?? t("noRefusal"))}
          {charge.payer &&
            row(
              t("payer"),
              <>
                {charge.payer.name}
                <span className="block font-mono text-xs text-muted-foreground">
                  {formatDocument(charge.payer.document)}
                </span>
              </>,
            )}
        </dl>
        <DebitAttemptsList
          rows={attempts}
          label={t("attemptsLabel")}
          empty={{ title: t("noAttempts"), description: t("noAttemptsDescription") }}
        />
      </CardContent>
    </Card>
  );
}
