"use client";

import type * as React from "react";
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "@/components/ui/tooltip";

/**
 * A collapsed sidebar's link with its name beside it on hover or focus. Its own module, fetched
 * only while the sidebar is collapsed (app-shell.tsx): Radix's tooltip and its positioning stay
 * out of the pages of everyone who keeps the sidebar open.
 */
export default function NavTooltip({ label, children }: { label: string; children: React.ReactElement }) {
  return (
    <TooltipProvider>
      <Tooltip>
        <TooltipTrigger asChild>{children}</TooltipTrigger>
        <TooltipContent side="right">{label}</TooltipContent>
      </Tooltip>
    </TooltipProvider>
  );
}
