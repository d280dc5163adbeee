"use client";

import type * as React from "react";
import { Fragment } from "react";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";

/** One entry of a row's "…" menu. */
export interface RowAction {
  key: string;
  label: React.ReactNode;
  icon: React.ComponentType<{ className?: string }>;
  onSelect: () => void;
  destructive?: boolean;
  /** A line above it, setting it apart from the entries before. */
  separatorBefore?: boolean;
}

/** A row's menu, mounted open by DataTableRowActions at the first press of its button. */
export default function RowMenu({ trigger, actions }: { trigger: React.ReactElement; actions: RowAction[] }) {
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-48">
        {actions.map(({ key, label, icon: Icon, onSelect, destructive, separatorBefore }) => (
          <Fragment key={key}>
            {separatorBefore && <DropdownMenuSeparator />}
            <DropdownMenuItem variant={destructive ? "destructive" : undefined} onSelect={onSelect}>
              <Icon aria-hidden /> {label}
            </DropdownMenuItem>
          </Fragment>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
