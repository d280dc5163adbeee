"use client";

import { ChevronRightIcon } from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { SEGMENT_LABELS } from "./nav";

/** Where the page sits: one link per path segment, the last one the current page. */
export function Breadcrumbs() {
  const pathname = usePathname();
  const segments = pathname.split("/").filter(Boolean);
  if (segments.length === 0) return null;
  const crumbs = segments.map((segment, index) => ({
    href: `/${segments.slice(0, index + 1).join("/")}`,
    label: SEGMENT_LABELS[segment] ?? decodeURIComponent(segment),
    isId: !(segment in SEGMENT_LABELS),
  }));
  // Phones show the last two crumbs; larger screens show them all.
  const firstOnPhone = Math.max(0, crumbs.length - 2);
  return (
    <nav aria-label="Breadcrumb" className="min-w-0">
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
