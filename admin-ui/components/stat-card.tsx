import { ArrowDownRightIcon, ArrowUpRightIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import type * as React from "react";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/utils";

/** A headline number with its context: a delta against the previous period, a hint. */
export function StatCard({
  label,
  value,
  hint,
  delta,
  icon: Icon,
  tone = "default",
  className,
}: {
  label: string;
  value: React.ReactNode;
  hint?: React.ReactNode;
  /** Percent change against the previous period; positive is up. */
  delta?: { value: number; label?: string } | null;
  icon?: React.ComponentType<{ className?: string }>;
  tone?: "default" | "warn" | "danger";
  className?: string;
}) {
  const t = useTranslations("common.trend");
  const up = delta ? delta.value >= 0 : false;
  return (
    <Card className={cn("gap-0 overflow-hidden p-0", className)}>
      <div className="flex items-start justify-between gap-3 px-4 pt-4 sm:px-5">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        {Icon && (
          <Icon
            className={cn(
              "size-4 text-muted-foreground",
              tone === "warn" && "text-status-warn",
              tone === "danger" && "text-status-danger",
            )}
          />
        )}
      </div>
      <div className="flex items-end justify-between gap-3 px-4 pt-1.5 pb-4 sm:px-5">
        <div className="min-w-0">
          <p className="tabular truncate text-lg font-semibold tracking-tight sm:text-2xl">{value}</p>
          <div className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
            {delta && (
              <span
                className={cn(
                  "inline-flex items-center font-medium",
                  up ? "text-status-success" : "text-status-danger",
                )}
              >
                {up ? (
                  <ArrowUpRightIcon className="size-3.5" aria-hidden />
                ) : (
                  <ArrowDownRightIcon className="size-3.5" aria-hidden />
                )}
                <span className="sr-only">{up ? t("up") : t("down")}</span>
                {Math.abs(delta.value).toLocaleString("pt-BR", { maximumFractionDigits: 1 })}%
              </span>
            )}
            {delta?.label && <span>{delta.label}</span>}
            {hint && <span>{hint}</span>}
          </div>
        </div>
      </div>
    </Card>
  );
}
