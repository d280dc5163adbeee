import { CalendarClockIcon, RepeatIcon, ZapIcon } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import type * as React from "react";
import { Money } from "@/components/money";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { ChargeBillingFieldsFragment, ChargeType, InterestMode } from "@/gql/graphql";
import { formatBRL, formatDocument, formatIsoDay, formatPercent, lastPayableDay } from "@/lib/format";

type Terms = ChargeBillingFieldsFragment;

/** Its name in the reader's language, for selects and filter options. */
export function ChargeTypeName({ type }: { type: ChargeType }) {
  return useTranslations("billing.type")(type);
}

const TYPE_ICON: Record<ChargeType, typeof ZapIcon> = {
  IMMEDIATE: ZapIcon,
  DUE_DATE: CalendarClockIcon,
  RECURRING: RepeatIcon,
};

/** Immediate, with a due date or recurring, each with its own icon so it reads without colour. */
export function ChargeTypeBadge({ type }: { type: ChargeType }) {
  const Icon = TYPE_ICON[type];
  return (
    <Badge variant={type === "IMMEDIATE" ? "outline" : "info"}>
      <Icon aria-hidden />
      <ChargeTypeName type={type} />
    </Badge>
  );
}

/** "Vence em 10/12/2026" under a charge in a list; nothing for an immediate charge. */
export function DueDateLine({ dueDate }: { dueDate: string | null | undefined }) {
  const t = useTranslations("billing");
  if (!dueDate) return null;
  return (
    <span className="text-xs whitespace-nowrap text-muted-foreground">
      {t("dueOn", { date: formatIsoDay(dueDate) })}
    </span>
  );
}

/** "pago R$ 153,50" under a charge's amount when the payment brought another (a due-date charge paid late or early). */
export function PaidAmountLine({ amount, paidAmount }: { amount: string; paidAmount: string | null | undefined }) {
  const t = useTranslations("billing");
  if (!paidAmount || paidAmount === amount) return null;
  return (
    <span className="block text-xs whitespace-nowrap text-muted-foreground">
      {t("paidLine", { amount: formatBRL(paidAmount) })}
    </span>
  );
}

const PERCENT_MODES = /^PERCENT/;

/** A term's value as it reads: R$ for FIXED and AMOUNT_* modes, % for PERCENT* ones. */
export function termValue(mode: string, value: string): string {
  return PERCENT_MODES.test(mode) ? formatPercent(value) : formatBRL(value);
}

function useTermTexts() {
  const t = useTranslations("billing.terms");
  return {
    interest: (interest: NonNullable<Terms["interest"]>) =>
      t(`interest.${interest.mode as InterestMode}`, { value: termValue(interest.mode, interest.value) }),
    discount: (discount: NonNullable<Terms["discount"]>): string[] =>
      discount.dates && discount.dates.length > 0
        ? discount.dates.map((entry) =>
            t("discount.untilDate", {
              value: termValue(discount.mode, entry.value),
              date: formatIsoDay(entry.date),
            }),
          )
        : [
            t(`discount.${discount.mode as "AMOUNT_PER_DAY_EARLY"}`, {
              value: termValue(discount.mode, discount.value ?? "0"),
            }),
          ],
  };
}

/**
 * A due-date charge's due date, last payable day, payer and terms (fine, interest, discount,
 * abatement), today's amount due and the amount paid: the charge pages of both audiences.
 * `customerHref` links the payer to their customer page when the charge names one. Nothing
 * for an immediate charge, nor for a recurring one: it has none of these terms (its page
 * shows its recurrence's card instead).
 */
export function ChargeBillingCard({
  charge,
  expiresAt,
  customerHref,
}: {
  charge: Terms;
  expiresAt: string;
  customerHref?: string | null;
}) {
  const t = useTranslations("billing.detail");
  const texts = useTermTexts();
  if (charge.type !== "DUE_DATE" || !charge.dueDate) return null;
  const row = (label: string, value: React.ReactNode) => (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  const lastDay = lastPayableDay(expiresAt);
  return (
    <Card>
      <CardHeader>
        <div>
          <CardTitle>{t("title")}</CardTitle>
          <CardDescription>{t("description")}</CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 text-sm sm:grid-cols-2" data-testid="charge-billing">
          {row(t("type"), <ChargeTypeBadge type={charge.type} />)}
          {row(t("dueDate"), <span className="font-medium">{formatIsoDay(charge.dueDate)}</span>)}
          {row(
            t("payableUntil"),
            t("payableUntilValue", { date: formatIsoDay(lastDay), days: charge.daysAfterDue ?? 0 }),
          )}
          {row(
            t("payer"),
            charge.payer ? (
              <>
                {charge.payer.name}
                <span className="block font-mono text-xs text-muted-foreground">
                  {formatDocument(charge.payer.document)}
                </span>
                {customerHref && (
                  <Link href={customerHref} className="text-xs underline-offset-2 hover:underline">
                    {t("customer")}
                  </Link>
                )}
              </>
            ) : (
              "—"
            ),
          )}
          {row(t("fine"), charge.fine ? termValue(charge.fine.mode, charge.fine.value) : t("noneFine"))}
          {row(t("interest"), charge.interest ? texts.interest(charge.interest) : t("none"))}
          {row(
            t("discount"),
            charge.discount ? (
              <ul>
                {texts.discount(charge.discount).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            ) : (
              t("none")
            ),
          )}
          {row(t("abatement"), charge.abatement ? termValue(charge.abatement.mode, charge.abatement.value) : t("none"))}
          {charge.amountDue && row(t("amountDueToday"), <Money value={charge.amountDue} className="font-semibold" />)}
          {charge.paidAmount && row(t("paidAmount"), <Money value={charge.paidAmount} className="font-semibold" />)}
          {charge.externalReference &&
            row(t("externalReference"), <span className="font-mono text-xs">{charge.externalReference}</span>)}
        </dl>
      </CardContent>
    </Card>
  );
}

/** The payer fields a charge's details read: who paid it, and who it is addressed to. */
export interface ChargePayerSource {
  payerName?: string | null;
  payerDocument?: string | null;
  payer?: { name: string; document: string } | null;
}

/**
 * Who pays a charge, in its details card: who paid it, as the bank told, once known; else who
 * it is addressed to (a due-date charge's payer, a recurring charge's: its recurrence's payer,
 * as the Pix Automático card names them). "—" when neither is known. The name and document
 * shown always come from the same one.
 */
export function ChargePayerValue({ charge }: { charge: ChargePayerSource }) {
  const paidBy = charge.payerName ? { name: charge.payerName, document: charge.payerDocument ?? null } : null;
  const shown = paidBy ?? (charge.payer ? { name: charge.payer.name, document: charge.payer.document } : null);
  return (
    <>
      {shown?.name ?? "—"}
      {shown?.document && (
        <span className="block font-mono text-xs text-muted-foreground">{formatDocument(shown.document)}</span>
      )}
    </>
  );
}
