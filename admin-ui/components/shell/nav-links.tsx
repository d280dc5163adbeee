"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { lazy, Suspense } from "react";
import type { PendingApprovalKind } from "@/features/overview/pending-approval-counts";
import { cn } from "@/lib/utils";
import { isActive, type NavKey, type NavSection } from "./nav";

// The brand and the links of the navigation: the sidebar (app-shell.tsx) and the phones' sheet (mobile-nav.tsx) both show them.
const NavTooltip = lazy(() => import("./nav-tooltip"));

export function Brand({ collapsed = false, audience }: { collapsed?: boolean; audience: NavKey }) {
  const t = useTranslations("shell");
  return (
    <div className="flex items-center gap-2.5">
      <div
        className="flex size-7 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-sm"
        aria-hidden
      >
        <svg viewBox="0 0 24 24" className="size-4" fill="currentColor" aria-hidden="true">
          <path d="M12 2.5 21.5 12 12 21.5 2.5 12Zm0 4.2L6.7 12l5.3 5.3 5.3-5.3Z" />
        </svg>
      </div>
      {!collapsed && (
        <div className="min-w-0 leading-tight">
          <p className="truncate text-sm font-semibold">{t("brand")}</p>
          <p className="truncate text-xs text-muted-foreground">{t(`audience.${audience}`)}</p>
        </div>
      )}
    </div>
  );
}

export function NavLinks({
  sections,
  collapsed = false,
  onNavigate,
  pendingCounts = {},
}: {
  sections: NavSection[];
  collapsed?: boolean;
  onNavigate?: () => void;
  /** What waits for a second operator, by the entries' `pendingApprovals`. */
  pendingCounts?: Partial<Record<PendingApprovalKind, number>>;
}) {
  const pathname = usePathname();
  const t = useTranslations("shell.nav");
  const tShell = useTranslations("shell");
  return (
    <nav aria-label={t("main")} className="flex flex-col gap-4">
      {sections.map((section, index) => (
        <div key={section.labelKey ?? index} className="flex flex-col gap-0.5">
          {section.labelKey && !collapsed && (
            <p className="px-2 pb-1 text-xs font-medium text-muted-foreground">{t(section.labelKey)}</p>
          )}
          {section.items.map((item) => {
            const active = isActive(item, pathname);
            const Icon = item.icon;
            const pending = item.pendingApprovals ? (pendingCounts[item.pendingApprovals] ?? 0) : 0;
            const count = pending > 0 && (
              <span
                className={cn(
                  "tabular rounded-full bg-status-warn-bg px-1.5 text-xs font-semibold text-status-warn",
                  collapsed ? "absolute top-0 right-0 px-1 text-[10px] leading-4" : "ml-auto",
                )}
                data-testid={`nav-pending-${item.pendingApprovals}`}
              >
                <span aria-hidden>{pending}</span>
                <span className="sr-only">{tShell("pendingCount", { count: pending })}</span>
              </span>
            );
            const link = (
              <Link
                key={item.href}
                href={item.href}
                onClick={onNavigate}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "flex h-8 items-center gap-2.5 rounded-md px-2 text-sm font-medium text-sidebar-foreground/80 transition-colors hover:bg-sidebar-accent hover:text-sidebar-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none",
                  active && "bg-sidebar-accent text-foreground",
                  collapsed && "relative justify-center px-0",
                )}
              >
                <Icon
                  className={cn("size-4 shrink-0", active ? "text-primary" : "text-muted-foreground")}
                  aria-hidden
                />
                {collapsed ? <span className="sr-only">{t(item.labelKey)}</span> : t(item.labelKey)}
                {count}
              </Link>
            );
            if (!collapsed) return link;
            return (
              <Suspense key={item.href} fallback={link}>
                <NavTooltip label={t(item.labelKey)}>{link}</NavTooltip>
              </Suspense>
            );
          })}
        </div>
      ))}
    </nav>
  );
}
