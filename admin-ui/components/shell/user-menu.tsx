"use client";

import { lazy } from "react";
import { Button } from "@/components/ui/button";
import { LazyTrigger } from "@/components/ui/lazy-trigger";
import type { Viewer } from "@/lib/auth/viewer";

// The menu (Radix's dropdown, its positioning, the language switch and sign-out) is fetched
// at the first press: every page shows the button, few views open it.
const loadMenu = () => import("./user-menu-dropdown");
const UserMenuDropdown = lazy(() => loadMenu().then((module) => ({ default: module.UserMenuDropdown })));

function initials(viewer: Viewer): string {
  const source = viewer.name?.trim() || viewer.email || "?";
  const parts = source.split(/[\s@.]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? "?") + (parts[1]?.[0] ?? "")).toUpperCase();
}

/** The signed-in person's button; its menu is user-menu-dropdown.tsx. */
export function UserMenu({ viewer }: { viewer: Viewer }) {
  const trigger = (
    <Button variant="ghost" className="h-9 gap-2 px-1.5 sm:px-2">
      <span
        className="flex size-7 items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary"
        aria-hidden
      >
        {initials(viewer)}
      </span>
      <span className="sr-only max-w-36 truncate text-sm font-medium lg:not-sr-only">
        {viewer.name ?? viewer.email}
      </span>
    </Button>
  );
  return (
    <LazyTrigger button={trigger} preload={loadMenu} popup="menu">
      <UserMenuDropdown viewer={viewer} trigger={trigger} />
    </LazyTrigger>
  );
}
