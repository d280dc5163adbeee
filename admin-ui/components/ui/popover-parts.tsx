"use client";

import type * as React from "react";
import { Popover, PopoverContent, PopoverTrigger } from "./popover";

/** A controlled popover around a given trigger: what LazyPopover fetches on the first press. */
export default function PopoverParts({
  open,
  onOpenChange,
  trigger,
  className,
  align,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: React.ReactElement;
  className?: string;
  align?: "start" | "center" | "end";
  children: React.ReactNode;
}) {
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
      <PopoverContent className={className} align={align}>
        {children}
      </PopoverContent>
    </Popover>
  );
}
