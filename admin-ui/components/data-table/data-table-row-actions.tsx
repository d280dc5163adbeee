"use client";

import { MoreHorizontalIcon } from "lucide-react";
import { lazy } from "react";
import { Button } from "@/components/ui/button";
import { LazyTrigger } from "@/components/ui/lazy-trigger";
import type { RowAction } from "./data-table-row-menu";

// Radix's menu and its positioning are fetched at the first press of a row's "…" button.
const loadMenu = () => import("./data-table-row-menu");
const RowMenu = lazy(loadMenu);

/** The "…" menu of one row: a real button, reachable by Tab, named after its row. */
export function DataTableRowActions({ label, actions }: { label: string; actions: RowAction[] }) {
  const trigger = (
    <Button variant="ghost" size="icon-sm" aria-label={label} onClick={(event) => event.stopPropagation()}>
      <MoreHorizontalIcon aria-hidden />
    </Button>
  );
  return (
    <LazyTrigger button={trigger} preload={loadMenu} popup="menu">
      <RowMenu trigger={trigger} actions={actions} />
    </LazyTrigger>
  );
}
