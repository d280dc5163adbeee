"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import { DayInput } from "@/components/ui/day-input";

interface DayRange {
  from: string | null;
  to: string | null;
}

/**
 * A list's "from" and "to" days (ISO yyyy-mm-dd, both included), each typed dd/mm/aaaa
 * (DayInput) beside its label; "from" may not pass "to". Two columns at phone width, one row
 * from `sm` up. The caller writes the range where its list keeps it (the URL, and back to
 * its first page).
 */
export function DayRangeFilter({
  from,
  to,
  onChange,
  labels,
}: {
  from: string | null;
  to: string | null;
  /** Only the end that changed: the other may be newer in the URL than in these props. */
  onChange: (change: Partial<DayRange>) => void;
  /** The list's own words for the two ends ("Criada de" / "Criada até"); else "De" / "até". */
  labels?: { from: string; to: string };
}) {
  const t = useTranslations("dateRange");
  const fromId = useId();
  const toId = useId();
  return (
    <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto sm:items-center">
      <div className="flex flex-col gap-0.5 sm:flex-row sm:items-center sm:gap-1.5">
        <label htmlFor={fromId} className="text-xs text-muted-foreground">
          {labels?.from ?? t("from")}
        </label>
        <DayInput
          id={fromId}
          value={from}
          max={to}
          onChange={(day) => onChange({ from: day })}
          className="w-full sm:w-28"
        />
      </div>
      <div className="flex flex-col gap-0.5 sm:flex-row sm:items-center sm:gap-1.5">
        <label htmlFor={toId} className="text-xs text-muted-foreground">
          {labels?.to ?? t("to")}
        </label>
        <DayInput
          id={toId}
          value={to}
          min={from}
          onChange={(day) => onChange({ to: day })}
          className="w-full sm:w-28"
        />
      </div>
    </div>
  );
}
