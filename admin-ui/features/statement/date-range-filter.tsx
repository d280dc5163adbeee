"use client";

import { useTranslations } from "next-intl";
import { parseAsString } from "nuqs";
import { DayRangeFilter } from "@/components/data-table/day-range-filter";
import { useTableUrlState } from "@/components/data-table/use-table-url-state";
import { Button } from "@/components/ui/button";

const rangeParsers = { from: parseAsString, to: parseAsString };

/** The paged lists' day range (São Paulo days, both included) in the URL's `from` and `to`, with a button that clears it. */
export function DateRangeFilter() {
  const t = useTranslations("dateRange");
  const { state, setState } = useTableUrlState(rangeParsers);
  return (
    <div className="flex flex-wrap items-end gap-2 sm:items-center">
      <DayRangeFilter from={state.from} to={state.to} onChange={(change) => void setState({ ...change, page: 1 })} />
      {(state.from || state.to) && (
        <Button variant="ghost" size="sm" onClick={() => void setState({ from: null, to: null, page: 1 })}>
          {t("clear")}
        </Button>
      )}
    </div>
  );
}
