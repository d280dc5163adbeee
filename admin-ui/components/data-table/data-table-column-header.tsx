"use client";

import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { cn } from "@/lib/utils";
import { useTableUrlState } from "./use-table-url-state";

/** A sortable column header: a button that cycles ascending → descending → default order. */
export function DataTableColumnHeader({ id, title, className }: { id: string; title: string; className?: string }) {
  const t = useTranslations("common.table");
  const { state, setState } = useTableUrlState();
  const current = state.sort?.id === id ? (state.sort.desc ? "desc" : "asc") : null;
  const next = () => {
    const sort = current === null ? { id, desc: false } : current === "asc" ? { id, desc: true } : null;
    void setState({ sort, page: 1, after: null });
  };
  const Icon = current === "asc" ? ArrowUpIcon : current === "desc" ? ArrowDownIcon : ArrowUpDownIcon;
  return (
    <button
      type="button"
      onClick={next}
      className={cn(
        "-ml-2 inline-flex h-8 items-center gap-1.5 rounded-md px-2 text-xs font-medium hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none",
        current && "text-foreground",
        className,
      )}
    >
      {title}
      <Icon className={cn("size-3.5", !current && "opacity-40")} aria-hidden />
      <span className="sr-only">
        {current === null ? t("sortAscending") : current === "asc" ? t("sortedAscending") : t("sortedDescending")}
      </span>
    </button>
  );
}
