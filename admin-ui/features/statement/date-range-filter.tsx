"use client";

import { useTranslations } from "next-intl";
import { parseAsString } from "nuqs";
import { useId } from "react";
import { useTableUrlState } from "@/components/data-table/use-table-url-state";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

const rangeParsers = { from: parseAsString, to: parseAsString };

/**
 * Two day pickers (São Paulo days, both included) that write `from` and `to` to the URL.
 * Native date inputs follow `<html lang>`: dd/mm/aaaa in Portuguese.
 */
export function DateRangeFilter() {
  const t = useTranslations("dateRange");
  const { state, setState } = useTableUrlState(rangeParsers);
  const fromId = useId();
  const toId = useId();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={fromId} className="text-xs text-muted-foreground">
        {t("from")}
      </label>
      <Input
        id={fromId}
        type="date"
        className="h-8 w-auto"
        value={state.from ?? ""}
        max={state.to ?? undefined}
        onChange={(event) => void setState({ from: event.target.value || null, page: 1 })}
      />
      <label htmlFor={toId} className="text-xs text-muted-foreground">
        {t("to")}
      </label>
      <Input
        id={toId}
        type="date"
        className="h-8 w-auto"
        value={state.to ?? ""}
        min={state.from ?? undefined}
        onChange={(event) => void setState({ to: event.target.value || null, page: 1 })}
      />
      {(state.from || state.to) && (
        <Button variant="ghost" size="sm" onClick={() => void setState({ from: null, to: null, page: 1 })}>
          {t("clear")}
        </Button>
      )}
    </div>
  );
}
