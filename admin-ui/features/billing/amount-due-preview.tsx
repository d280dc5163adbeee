"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { LoaderIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Money } from "@/components/money";
import { DayInput } from "@/components/ui/day-input";
import { Label } from "@/components/ui/label";
import type { ChargeTermsPreviewInput } from "@/gql/graphql";
import { formatBRL, formatIsoDay, moneyToCentavos } from "@/lib/format";
import { execute, GraphQLRequestError } from "@/lib/graphql/execute";
import { useErrorMessage } from "@/lib/i18n/error-message";
import { useDebounced } from "@/lib/use-debounced";
import { PreviewChargeAmountDueDocument } from "./documents";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * What the payer would pay on each notable day (and on a day the merchant picks), reckoned
 * by the server (previewChargeAmountDue) with the rules the payment is checked by: the
 * browser holds no copy of them. Asks again 400 ms after the terms stop changing.
 */
export function AmountDuePreview({ input }: { input: ChargeTermsPreviewInput | null }) {
  const t = useTranslations("billing.preview");
  const describe = useErrorMessage();
  const [otherDay, setOtherDay] = useState("");
  const key = useDebounced(input ? JSON.stringify(input) : "", 400);
  const day = useDebounced(otherDay, 400);
  const terms = key ? (JSON.parse(key) as ChargeTermsPreviewInput) : null;
  const query = useQuery({
    queryKey: ["PreviewChargeAmountDue", key],
    enabled: terms !== null,
    queryFn: async () =>
      (await execute(PreviewChargeAmountDueDocument, { input: terms as ChargeTermsPreviewInput }))
        .previewChargeAmountDue,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 60_000,
  });
  const chosen = useQuery({
    queryKey: ["PreviewChargeAmountDue", key, day],
    enabled: terms !== null && DAY.test(day),
    queryFn: async () =>
      (await execute(PreviewChargeAmountDueDocument, { input: terms as ChargeTermsPreviewInput, dates: [day] }))
        .previewChargeAmountDue.days[0],
    retry: false,
  });

  if (input === null) {
    return <p className="text-sm text-muted-foreground">{t("empty")}</p>;
  }
  if (query.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {query.error instanceof GraphQLRequestError && query.error.code === "VALIDATION_ERROR"
          ? t("invalid", { message: describe(query.error) })
          : t("failed")}
      </p>
    );
  }
  const preview = query.data;
  if (!preview) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <LoaderIcon className="size-4 animate-spin" aria-hidden /> {t("loading")}
      </p>
    );
  }
  const today = preview.days[0]?.date;
  const labelOf = (date: string) =>
    [
      date === today && t("today"),
      date === preview.dueDate && t("dueDate"),
      date === preview.paymentDueDate && date !== preview.dueDate && t("movedDueDate"),
      date === preview.lastPayableDate && t("lastDay"),
    ]
      .filter(Boolean)
      .join(" · ");
  const partsOf = (entry: (typeof preview.days)[number]) => {
    const parts = [
      moneyToCentavos(entry.abatement) > 0n && t("abatementPart", { amount: formatBRL(entry.abatement) }),
      moneyToCentavos(entry.discount) > 0n && t("discountPart", { amount: formatBRL(entry.discount) }),
      moneyToCentavos(entry.fine) > 0n && t("finePart", { amount: formatBRL(entry.fine) }),
      moneyToCentavos(entry.interest) > 0n && t("interestPart", { amount: formatBRL(entry.interest) }),
    ].filter(Boolean);
    return parts.length > 0 ? parts.join(" · ") : t("noParts");
  };
  return (
    <div className="grid gap-3" aria-busy={query.isFetching}>
      {preview.paymentDueDate !== preview.dueDate && (
        <p className="rounded-md bg-status-info-bg px-3 py-2 text-xs text-status-info">
          {t("movedNotice", { date: formatIsoDay(preview.paymentDueDate) })}
        </p>
      )}
      <table className="w-full text-sm" aria-label={t("tableLabel")} data-testid="amount-due-preview">
        <thead>
          <tr className="border-b text-left text-xs text-muted-foreground">
            <th scope="col" className="py-1.5 font-medium">
              {t("day")}
            </th>
            <th scope="col" className="py-1.5 text-right font-medium">
              {t("amountDue")}
            </th>
          </tr>
        </thead>
        <tbody>
          {preview.days.map((entry) => (
            <tr key={entry.date} className="border-b last:border-0">
              <td className="py-1.5 align-top">
                <span className="tabular font-medium">{formatIsoDay(entry.date)}</span>
                {labelOf(entry.date) && (
                  <span className="block text-xs text-muted-foreground">{labelOf(entry.date)}</span>
                )}
              </td>
              <td className="py-1.5 text-right align-top">
                <Money value={entry.amountDue} className="font-semibold" />
                <span className="block text-xs text-muted-foreground">{partsOf(entry)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="grid gap-1.5">
        <Label htmlFor="preview-other-day">{t("otherDayLabel")}</Label>
        <div className="flex flex-wrap items-center gap-3">
          <DayInput
            id="preview-other-day"
            className="h-9 w-32"
            min={today}
            max={preview.lastPayableDate}
            value={otherDay}
            onValue={setOtherDay}
          />
          {chosen.data && DAY.test(otherDay) && (
            <span className="text-sm" data-testid="amount-due-on-day">
              <Money value={chosen.data.amountDue} className="font-semibold" />{" "}
              <span className="text-xs text-muted-foreground">{partsOf(chosen.data)}</span>
            </span>
          )}
          {chosen.isError && (
            <span role="alert" className="text-xs text-destructive">
              {describe(chosen.error)}
            </span>
          )}
        </div>
      </div>
      <p className="text-xs text-muted-foreground">{t("description")}</p>
    </div>
  );
}
