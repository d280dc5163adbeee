"use client";

import { CheckIcon, CopyIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { cn } from "@/lib/utils";

/** Copies `value`; says so in a toast and in its own label for screen readers. */
export function CopyButton({
  value,
  label,
  showLabel = false,
  className,
}: {
  value: string;
  label?: string;
  showLabel?: boolean;
  className?: string;
}) {
  const t = useTranslations("common");
  const [copied, setCopied] = useState(false);
  const shown = label ?? t("actions.copy");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast.success(t("copy.copied"));
      setTimeout(() => setCopied(false), 1500);
    } catch {
      toast.error(t("copy.failed"));
    }
  };
  const Icon = copied ? CheckIcon : CopyIcon;
  return (
    <Button
      variant={showLabel ? "outline" : "ghost"}
      size={showLabel ? "sm" : "icon-sm"}
      onClick={copy}
      aria-label={showLabel ? undefined : shown}
      className={cn(!showLabel && "size-7 text-muted-foreground", className)}
    >
      <Icon className={cn("size-3.5", copied && "text-status-success")} aria-hidden />
      {showLabel && (copied ? t("actions.copied") : shown)}
    </Button>
  );
}

/** A monospace id with its copy button. */
export function CopyableId({ value, className }: { value: string; className?: string }) {
  const t = useTranslations("common");
  return (
    <span className={cn("inline-flex items-center gap-1", className)}>
      <code className="font-mono text-xs">{value}</code>
      <CopyButton value={value} label={t("copy.copyValue", { value })} />
    </span>
  );
}
