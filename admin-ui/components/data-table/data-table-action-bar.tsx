"use client";

import { XIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import type * as React from "react";
import { Button } from "@/components/ui/button";

/** Floats at the bottom while rows are selected: how many, the bulk actions, and clear. */
export function DataTableActionBar({
  count,
  onClear,
  children,
}: {
  count: number;
  onClear: () => void;
  children: React.ReactNode;
}) {
  const t = useTranslations("common.table");
  return (
    <div
      role="toolbar"
      // Toasts rise above the bar while it is shown (components/ui/sonner.css).
      data-selection-bar=""
      aria-label={t("selectionActions")}
      className="fixed inset-x-3 bottom-4 z-40 mx-auto flex max-w-xl items-center justify-between gap-3 rounded-xl border bg-popover px-3 py-2 shadow-lg animate-in sm:inset-x-0"
    >
      <div className="flex items-center gap-1.5">
        <Button variant="ghost" size="icon-sm" onClick={onClear} aria-label={t("clearSelection")}>
          <XIcon aria-hidden />
        </Button>
        <span className="tabular text-sm font-medium" aria-live="polite">
          {t("selectedCount", { count })}
        </span>
      </div>
      <div className="flex items-center gap-2">{children}</div>
    </div>
  );
}
