"use client";

import { useTranslations } from "next-intl";
import type * as React from "react";
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import type { PendingApprovalKind } from "@/features/overview/pending-approval-counts";
import type { NavKey, NavSection } from "./nav";
import { Brand, NavLinks } from "./nav-links";

/** The navigation as a sheet on phones: what app-shell.tsx fetches at the first press of its button. */
export default function MobileNav({
  open,
  onOpenChange,
  trigger,
  sections,
  pendingCounts,
  audience,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: React.ReactElement;
  sections: NavSection[];
  pendingCounts: Partial<Record<PendingApprovalKind, number>>;
  audience: NavKey;
}) {
  const t = useTranslations("shell");
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetTrigger asChild>{trigger}</SheetTrigger>
      <SheetContent side="left" className="p-0">
        <div className="flex h-14 items-center border-b px-4">
          <SheetTitle asChild>
            <div>
              <Brand audience={audience} />
            </div>
          </SheetTitle>
          <SheetDescription className="sr-only">{t("navigation")}</SheetDescription>
        </div>
        <div className="px-3">
          <NavLinks sections={sections} pendingCounts={pendingCounts} onNavigate={() => onOpenChange(false)} />
        </div>
      </SheetContent>
    </Sheet>
  );
}
