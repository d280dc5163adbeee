"use client";

import { ChevronRightIcon } from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCrumbLabels } from "./crumb-labels";
import { LABELLED_SEGMENTS } from "./nav";

/** Where the page sits: one link per path segment, the last one the current page. */
export function Breadcrumbs() {
  const pathname = usePathname();
  const t = useTranslations("shell");
  const given = useCrumbLabels();
  const segments = pathname.split("/").filter(Boolean);
  if (segments.length === 0) return null;
  const crumbs = segments.map((segment, index) => ({
    href: `/${segments.slice(0, index + 1).join("/")}`,
    label: LABELLED_SEGMENTS.has(segment)
      ? t(`segments.${segment}` as "segments.ops")
      : (given[decodeURIComponent(segment)] ?? decodeURIComponent(segment)),
    isId: !LABELLED_SEGMENTS.has(segment),
  }));
  // Phones show the last two crumbs; larger screens show them all.
  const firstOnPhone = Math.max(0, crumbs.length - 2);
  return (
    <nav aria-label={t("breadcrumb")} className="min-w-0">
      <ol className="flex min-w-0 items-center gap-1 text-sm">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li
              key={crumb.href}
              className={`flex min-w-0 items-center gap-1 ${index < firstOnPhone ? "hidden sm:flex" : ""}`}
            >
              {index > 0 && (
                <ChevronRightIcon
                  className={`size-3.5 shrink-0 text-muted-foreground/60 ${index === firstOnPhone ? "hidden sm:block" : ""}`}
                  aria-hidden
                />
              )}
              {last ? (
                <span aria-current="page" className={`truncate font-medium ${crumb.isId ? "font-mono text-xs" : ""}`}>
                  {crumb.label}
                </span>
              ) : (
                <Link href={crumb.href} className="truncate text-muted-foreground hover:text-foreground">
                  {crumb.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
