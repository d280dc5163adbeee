"use client";

import type * as React from "react";
import { lazy } from "react";
import { LazyTrigger } from "./lazy-trigger";

const loadParts = () => import("./popover-parts");
const PopoverParts = lazy(loadParts);

/**
 * A controlled popover whose Radix parts (and floating-ui's positioning) are fetched at the
 * first press of its trigger (LazyTrigger). `children` should come from a module fetched the
 * same way (next/dynamic) when it is heavy.
 */
export function LazyPopover({
  open,
  onOpenChange,
  trigger,
  className,
  align = "start",
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: React.ReactElement<React.ComponentProps<"button">>;
  className?: string;
  align?: "start" | "center" | "end";
  children: React.ReactNode;
}) {
  return (
    <LazyTrigger button={trigger} preload={loadParts} onPress={() => onOpenChange(true)}>
      <PopoverParts open={open} onOpenChange={onOpenChange} trigger={trigger} className={className} align={align}>
        {children}
      </PopoverParts>
    </LazyTrigger>
  );
}
