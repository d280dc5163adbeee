"use client";

import { PlusCircleIcon } from "lucide-react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { LazyPopover } from "@/components/ui/lazy-popover";
import { Separator } from "@/components/ui/separator";
import type { FacetOption } from "./data-table-facet-options";

// The popover and its searchable list (cmdk) are fetched when a filter first opens: every list
// page shows the filter buttons, fewer page views open one.
const FacetOptions = dynamic(() => import("./data-table-facet-options").then((module) => module.FacetOptions), {
  ssr: false,
  loading: () => <div className="h-24" />,
});

/**
 * A filter over one field's values (tablecn style): a button showing what is chosen and a
 * searchable list. `multiple` lets several values be chosen; lists whose API filters on one
 * value use it single.
 */
export function DataTableFacetedFilter({
  title,
  options,
  selected,
  onChange,
  multiple = false,
}: {
  title: string;
  options: FacetOption[];
  selected: string[];
  onChange: (values: string[]) => void;
  multiple?: boolean;
}) {
  const t = useTranslations("common");
  const [open, setOpen] = useState(false);
  const chosen = new Set(selected);
  const toggle = (value: string) => {
    if (!multiple) return onChange(chosen.has(value) ? [] : [value]);
    const next = new Set(chosen);
    if (next.has(value)) next.delete(value);
    else next.add(value);
    onChange([...next]);
  };
  const summary = options.filter((option) => chosen.has(option.value));
  return (
    <LazyPopover
      open={open}
      onOpenChange={setOpen}
      className="w-56 p-0"
      trigger={
        <Button variant="outline" size="sm" className="border-dashed">
          <PlusCircleIcon aria-hidden />
          {title}
          {summary.length > 0 && (
            <>
              <Separator orientation="vertical" className="mx-0.5 h-4" />
              {summary.length > 2 ? (
                <Badge variant="secondary" className="rounded-sm px-1 font-normal">
                  {t("table.filtersChosen", { count: summary.length })}
                </Badge>
              ) : (
                summary.map((option) => (
                  <Badge key={option.value} variant="secondary" className="rounded-sm px-1 font-normal">
                    {option.label}
                  </Badge>
                ))
              )}
            </>
          )}
        </Button>
      }
    >
      <FacetOptions
        title={title}
        options={options}
        chosen={chosen}
        multiple={multiple}
        onToggle={toggle}
        onClear={() => onChange([])}
      />
    </LazyPopover>
  );
}
