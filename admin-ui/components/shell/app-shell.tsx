"use client";

import { MenuIcon, PanelLeftCloseIcon, PanelLeftOpenIcon } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import type * as React from "react";
import { lazy, useState } from "react";
import { Button } from "@/components/ui/button";
import { LazyTrigger } from "@/components/ui/lazy-trigger";
import { SandboxBanner } from "@/components/ui/sandbox-banner";
import { usePendingApprovalCounts } from "@/features/overview/pending-approval-counts";
import type { Viewer } from "@/lib/auth/viewer";
import { cn } from "@/lib/utils";
import { Breadcrumbs } from "./breadcrumbs";
import { CrumbLabelsProvider } from "./crumb-labels";
import { NAVS, type NavKey, SIDEBAR_COOKIE } from "./nav";
import { Brand, NavLinks } from "./nav-links";
import { SearchTrigger } from "./search-trigger";
import { UserMenu } from "./user-menu";

// The phones' navigation sheet (Radix's dialog) is fetched at the first press of its button.
const loadMobileNav = () => import("./mobile-nav");
const MobileNav = lazy(loadMobileNav);

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
