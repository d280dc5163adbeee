"use client";

import { AlertTriangleIcon, RotateCwIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

export function ErrorState({
  title,
  message,
  onRetry,
  className,
}: {
  title?: string;
  message?: string;
  onRetry?: () => void;
  className?: string;
}) {
  const t = useTranslations("common");
  return (
    <div
      role="alert"
      className={cn("flex flex-col items-center justify-center gap-3 px-6 py-14 text-center", className)}
    >
      <div className="flex size-11 items-center justify-center rounded-full bg-status-danger-bg text-status-danger">
        <AlertTriangleIcon className="size-5" />
      </div>
      <div className="space-y-1">
        <p className="text-sm font-medium">{title ?? t("states.loadFailed")}</p>
        {message && <p className="max-w-md text-sm text-muted-foreground">{message}</p>}
      </div>
      {onRetry && (
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RotateCwIcon aria-hidden /> {t("actions.retry")}
        </Button>
      )}
    </div>
  );
}
