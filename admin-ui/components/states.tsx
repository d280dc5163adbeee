import { InboxIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import type * as React from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";

export { ErrorState } from "./error-state";

export function EmptyState({
  icon: Icon = InboxIcon,
  title,
  description,
  action,
  className,
}: {
  icon?: React.ComponentType<{ className?: string }>;
  title: string;
  description?: React.ReactNode;
  action?: React.ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("flex flex-col items-center justify-center gap-3 px-6 py-14 text-center", className)}>
      <div className="flex size-11 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon className="size-5" />
      </div>
      <div className="space-y-1">
        <p className="text-sm font-medium">{title}</p>
        {description && <p className="max-w-sm text-sm text-muted-foreground">{description}</p>}
      </div>
      {action}
    </div>
  );
}

/** A table-shaped skeleton: header, then `rows` lines of `columns` cells. */
export function TableSkeleton({ rows = 8, columns = 5 }: { rows?: number; columns?: number }) {
  const t = useTranslations("common.states");
  const widths = ["w-24", "w-32", "w-20", "w-28", "w-16", "w-24"];
  return (
    <div role="status" aria-busy="true" aria-label={t("loading")} className="divide-y">
      {Array.from({ length: rows }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={row} className="flex items-center gap-6 px-3 py-3.5">
          {Array.from({ length: columns }, (_, column) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={column} className={cn("h-4", widths[(row + column) % widths.length])} />
          ))}
        </div>
      ))}
    </div>
  );
}

export function PageSkeleton() {
  const t = useTranslations("common.states");
  return (
    <div role="status" aria-busy="true" aria-label={t("loading")} className="space-y-6">
      <div className="space-y-2">
        <Skeleton className="h-7 w-56" />
        <Skeleton className="h-4 w-80 max-w-full" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {["a", "b", "c", "d"].map((key) => (
          <Skeleton key={key} className="h-28 rounded-xl" />
        ))}
      </div>
      <div className="rounded-xl border bg-card">
        <TableSkeleton rows={6} />
      </div>
    </div>
  );
}
