"use client";

import { useLocale } from "next-intl";
import { useEffect, useState } from "react";
import { formatDateTime, formatRelative } from "@/lib/format";
import { cn } from "@/lib/utils";

/** `23/11/2026 10:15` in São Paulo time, same text on server and browser. */
export function DateTime({ value, seconds, className }: { value: string; seconds?: boolean; className?: string }) {
  return (
    <time dateTime={value} className={cn("tabular whitespace-nowrap", className)}>
      {formatDateTime(value, { seconds })}
    </time>
  );
}

/**
 * "há 5 min." ("5 min. ago" in English). The server renders the absolute date; the browser switches to the relative
 * text after hydration and keeps it fresh, so the two renders never disagree.
 */
export function RelativeTime({ value, className }: { value: string; className?: string }) {
  const locale = useLocale();
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <time
      dateTime={value}
      title={formatDateTime(value, { seconds: true })}
      className={cn("whitespace-nowrap", className)}
    >
      {now ? formatRelative(value, now, locale) : formatDateTime(value)}
    </time>
  );
}
