"use client";

import { MenuIcon, PanelLeftCloseIcon, PanelLeftOpenIcon } from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import type * as React from "react";
import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import { LazyTrigger } from "@/components/ui/lazy-trigger";
import { SandboxBanner } from "@/components/ui/sandbox-banner";
import { type PendingApprovalKind, usePendingApprovalCounts } from "@/features/overview/pending-approval-counts";
import type { Viewer } from "@/lib/auth/viewer";
import { cn } from "@/lib/utils";
import { Breadcrumbs } from "./breadcrumbs";
import { CrumbLabelsProvider } from "./crumb-labels";
import { isActive, NAVS, type NavKey, type NavSection, SIDEBAR_COOKIE } from "./nav";
import { SearchTrigger } from "./search-trigger";
import { UserMenu } from "./user-menu";

const NavTooltip = lazy(() => import("./nav-tooltip"));
// The phones' navigation sheet (Radix's dialog) is fetched at the first press of its button.
const loadMobileNav = () => import("./mobile-nav");
const MobileNav = lazy(loadMobileNav);

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

/**
 * The frame of every signed-in page: a sidebar (collapsible on desktop, a sheet on phones),
 * a top bar with breadcrumbs, the ⌘K search trigger and the user menu; under it, on the
 * sandbox bank (PIX_PROVIDER=sandbox), a strip that says no real money moves, and the
 * audience's alert above every page's content.
 */
export function AppShell({
  navKey,
  viewer,
  defaultCollapsed,
  sandbox,
  alert,
  children,
}: {
  navKey: NavKey;
  viewer: Viewer;
  defaultCollapsed: boolean;
  sandbox: boolean;
  /** What every page of the audience shows above its content (a merchant admin's failing endpoints). */
  alert?: React.ReactNode;
  children: React.ReactNode;
}) {
  const t = useTranslations("shell");
  const nav = NAVS[navKey]
    .map((section) => ({
      ...section,
      items: section.items.filter(
        (item) => (!item.adminOnly || viewer.role === "ADMIN") && (!item.kind || item.kind === viewer.kind),
      ),
    }))
    .filter((section) => section.items.length > 0);
  const pendingCounts = usePendingApprovalCounts(navKey === "operator" && viewer.role !== "VIEWER");
  const [collapsed, setCollapsed] = useState(defaultCollapsed);
  const [mobileOpen, setMobileOpen] = useState(false);
  const toggle = () => {
    const next = !collapsed;
    setCollapsed(next);
    // biome-ignore lint/suspicious/noDocumentCookie: a UI preference read by the server layout
    document.cookie = `${SIDEBAR_COOKIE}=${next ? "collapsed" : "open"}; path=/; max-age=31536000; samesite=lax`;
  };

  const hamburger = (
    <Button variant="ghost" size="icon-sm" className="md:hidden" aria-label={t("openNavigation")}>
      <MenuIcon aria-hidden />
    </Button>
  );

  return (
    <div className="flex min-h-dvh">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t("skipToContent")}
      </a>
      <aside
        className={cn(
          // print:hidden: a printed page (a QR code's sheet) is its content alone.
          "sticky top-0 hidden h-dvh shrink-0 flex-col border-r bg-sidebar transition-[width] duration-200 md:flex print:hidden",
          collapsed ? "w-14" : "w-60",
        )}
        aria-label={t("nav.sidebar")}
      >
        <div className={cn("flex h-14 items-center border-b px-3", collapsed && "justify-center px-0")}>
          <Link
            href={nav[0]?.items[0]?.href ?? "/"}
            className="rounded-md focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          >
            <Brand collapsed={collapsed} audience={navKey} />
          </Link>
        </div>
        <div className={cn("flex-1 overflow-y-auto px-3 py-4", collapsed && "px-2")}>
          <NavLinks sections={nav} collapsed={collapsed} pendingCounts={pendingCounts} />
        </div>
        <div className={cn("border-t p-2", collapsed && "flex justify-center")}>
          <Button
            variant="ghost"
            size="sm"
            onClick={toggle}
            aria-label={collapsed ? t("expandSidebar") : t("collapseSidebar")}
            aria-expanded={!collapsed}
            className={cn("w-full justify-start text-muted-foreground", collapsed && "w-auto justify-center")}
          >
            {collapsed ? <PanelLeftOpenIcon aria-hidden /> : <PanelLeftCloseIcon aria-hidden />}
            {!collapsed && t("collapse")}
          </Button>
        </div>
      </aside>

      <CrumbLabelsProvider>
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-background/85 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/70 sm:px-6 print:hidden">
            <LazyTrigger button={hamburger} preload={loadMobileNav} onPress={() => setMobileOpen(true)}>
              <MobileNav
                open={mobileOpen}
                onOpenChange={setMobileOpen}
                trigger={hamburger}
                sections={nav}
                pendingCounts={pendingCounts}
                audience={navKey}
              />
            </LazyTrigger>
            <Breadcrumbs />
            <div className="ml-auto flex items-center gap-2">
              <SearchTrigger nav={nav} navKey={navKey} />
              <UserMenu viewer={viewer} />
            </div>
          </header>
          {sandbox && (
            <SandboxBanner
              title={t("sandbox.title")}
              description={t(navKey === "operator" ? "sandbox.operator" : "sandbox.merchant")}
            />
          )}
          <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
            {alert}
            {children}
          </main>
        </div>
      </CrumbLabelsProvider>
    </div>
  );
}
