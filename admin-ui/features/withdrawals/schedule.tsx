import { CalendarClockIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { formatIsoDay } from "@/lib/format";
import { cn } from "@/lib/utils";

/** A withdrawal's schedule, when it has one: the day asked for and the day it is sent. */
export interface ScheduleSource {
  scheduledFor?: string | null;
  sendsOn?: string | null;
}

/**
 * "Agendado para 12/12/2026", and the send day beside it when a weekend or a holiday moved it
 * ("envio em 14/12/2026"); nothing for a withdrawal sent once approved.
 */
export function WithdrawalSchedule({ source, className }: { source: ScheduleSource; className?: string }) {
  const t = useTranslations("withdrawals.schedule");
  if (!source.scheduledFor) return null;
  const moved = source.sendsOn && source.sendsOn !== source.scheduledFor;
  return (
    <span className={cn("inline-flex items-center gap-1 text-xs text-muted-foreground", className)}>
      <CalendarClockIcon className="size-3.5 shrink-0" aria-hidden />
      <span>
        {t("scheduledFor", { day: formatIsoDay(source.scheduledFor) })}
        {moved && ` · ${t("sendsOn", { day: formatIsoDay(source.sendsOn as string) })}`}
      </span>
    </span>
  );
}
