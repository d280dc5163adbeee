import { CheckIcon } from "lucide-react";
import type * as React from "react";
import { DateTime } from "@/components/date-time";

export interface TimelineItem {
  key: string;
  at: string;
  title: React.ReactNode;
  /** Who did it (operators' view), after the time. */
  by?: React.ReactNode;
  detail?: React.ReactNode;
}

/** A vertical list of what happened, oldest first (a charge's, a withdrawal's). */
export function Timeline({ items, label }: { items: TimelineItem[]; label: string }) {
  return (
    <ol aria-label={label} className="relative ml-2 border-l pl-6">
      {items.map((item) => (
        <li key={item.key} className="relative pb-5 last:pb-0">
          <span
            className="absolute top-1 -left-[31px] flex size-4 items-center justify-center rounded-full border bg-card"
            aria-hidden
          >
            <CheckIcon className="size-2.5 text-primary" />
          </span>
          <p className="text-sm font-medium">{item.title}</p>
          <p className="text-xs text-muted-foreground">
            <DateTime value={item.at} seconds />
            {item.by && <> · {item.by}</>}
          </p>
          {item.detail && <div className="mt-1 text-sm">{item.detail}</div>}
        </li>
      ))}
    </ol>
  );
}
