import { getTranslations } from "next-intl/server";
import { DateTime } from "@/components/date-time";
import { Money } from "@/components/money";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { RecurrenceDetailQuery, RecurrenceRowFragment } from "@/gql/graphql";
import { formatBankAccount, formatDocument, formatIsoDay, saoPauloDay } from "@/lib/format";
import { execute } from "@/lib/graphql/execute";
import { PayerBanksDocument } from "./documents";
import { RecurrenceAmount } from "./recurrence-amount";

/** The service's lead for an auto_charge cycle (server: recurring-charges.service.ts). */
const AUTO_CHARGE_DAYS_BEFORE = 7;

/** The ISO day `days` before `iso`. */
function daysBefore(iso: string, days: number): string {
  const [y, m, d] = iso.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d - days, 12)).toISOString().slice(0, 10);
}

/** What a recurrence is: payer, contract, frequency, amount, period, retries, first payment, who makes each charge. */
type Detail = NonNullable<RecurrenceDetailQuery["recurrence"]>;

/** The payer's bank by name (its ISPB when the participants cannot be read). */
async function bankName(ispb: string): Promise<string> {
  try {
    const { pixParticipants } = await execute(PayerBanksDocument);
    const bank = pixParticipants.find((participant) => participant.ispb === ispb);
    if (bank) return bank.code ? `${bank.code} · ${bank.name}` : bank.name;
  } catch {
    // The ISPB names it well enough.
  }
  return `ISPB ${ispb}`;
}

export async function RecurrenceDetailsCard({
  recurrence,
  nextCycleDate,
  payerBankAccount = null,
  payerBankRequest = null,
}: {
  recurrence: RecurrenceRowFragment;
  /** The schedule's next due date (null once final or past the end date). */
  nextCycleDate: string | null;
  /** Journey 4: the payer's account the authorisation was sent to, and the request's state. */
  payerBankAccount?: Detail["payerBankAccount"];
  payerBankRequest?: Detail["payerBankRequest"];
}) {
  const [t, tFrequency, tRetry, tRequest] = await Promise.all([
    getTranslations("recurrences.detail"),
    getTranslations("recurrences.frequency"),
    getTranslations("recurrences.retryPolicy"),
    getTranslations("recurrences.payerBankRequest"),
  ]);
  const start = formatIsoDay(recurrence.startDate);
  const facts: Array<{ key: string; label: string; value: React.ReactNode; mono?: boolean }> = [
    {
      key: "payer",
      label: t("payer"),
      value: (
        <>
          {recurrence.payer.name}
          <span className="block font-mono text-xs text-muted-foreground">
            {formatDocument(recurrence.payer.document)}
          </span>
        </>
      ),
    },
    { key: "contract", label: t("contract"), value: recurrence.contract },
    { key: "frequency", label: t("frequency"), value: tFrequency(recurrence.frequency) },
    { key: "amount", label: t("amount"), value: <RecurrenceAmount amount={recurrence.amount} /> },
    {
      key: "period",
      label: t("period"),
      value: recurrence.endDate
        ? t("periodClosed", { start, end: formatIsoDay(recurrence.endDate) })
        : t("periodOpen", { start }),
    },
    { key: "retry", label: t("retryPolicy"), value: tRetry(recurrence.retryPolicy) },
    {
      key: "firstPayment",
      label: t("firstPayment"),
      value: recurrence.firstPayment ? <Money value={recurrence.firstPayment.amount} /> : t("none"),
    },
    {
      key: "autoCharge",
      label: t("autoCharge"),
      value: recurrence.autoCharge ? t("autoChargeOn") : t("autoChargeOff"),
    },
    { key: "created", label: t("created"), value: <DateTime value={recurrence.createdAt} /> },
  ];
  if (nextCycleDate) {
    const date = formatIsoDay(nextCycleDate);
    // The service makes an auto_charge cycle's charge 7 days before its due date (or at once when closer).
    const lead = daysBefore(nextCycleDate, AUTO_CHARGE_DAYS_BEFORE);
    const created = formatIsoDay(lead > saoPauloDay() ? lead : saoPauloDay());
    facts.splice(5, 0, {
      key: "nextCycle",
      label: t("nextCycle"),
      value: recurrence.autoCharge ? t("nextCycleAuto", { date, created }) : t("nextCycleManual", { date }),
    });
  }
  if (payerBankAccount && payerBankRequest) {
    const bank = await bankName(payerBankAccount.ispb);
    const account = formatBankAccount(payerBankAccount.account);
    facts.push({
      key: "payerBank",
      label: t("payerBank"),
      value: (
        <span data-testid="recurrence-payer-bank-request">
          <span className="block font-medium">{tRequest(payerBankRequest.status)}</span>
          <span className="block text-xs text-muted-foreground">
            {payerBankAccount.branch
              ? t("payerBankAccount", { bank, branch: payerBankAccount.branch, account })
              : t("payerBankAccountNoBranch", { bank, account })}
          </span>
          {payerBankRequest.failureReason && (
            <span className="block text-xs text-destructive">
              {t("payerBankFailure", { reason: payerBankRequest.failureReason })}
            </span>
          )}
        </span>
      ),
    });
  }
  if (recurrence.reason) facts.push({ key: "reason", label: t("reason"), value: recurrence.reason });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("details")}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl data-testid="recurrence-details" className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
          {facts.map((fact) => (
            <div key={fact.key} className="min-w-0">
              <dt className="text-muted-foreground">{fact.label}</dt>
              <dd className="break-words">{fact.value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
