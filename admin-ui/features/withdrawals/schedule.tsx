import { CalendarClockIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { isScheduledWithdrawal } from "@/components/status-badge";
import type { WithdrawalStatus } from "@/gql/graphql";
import { formatIsoDay } from "@/lib/format";
import { cn } from "@/lib/utils";

/** A withdrawal's schedule, when it has one: the day asked for and the day it is sent. */
export interface ScheduleSource {
  scheduledFor?: string | null;
  sendsOn?: string | null;
  /** With `cancellable`: a withdrawal its status badge already shows as scheduled (isScheduledWithdrawal). */
  status?: WithdrawalStatus;
  cancellable?: boolean | null;
}

/**
 * "Agendado para 12/12/2026", and the send day beside it when a weekend or a holiday moved it
 * ("envio em 14/12/2026"); nothing for a withdrawal sent once approved. When its status badge
 * already reads "Agendado para 12/12/2026" (approved, waiting for its day), only the moved send
 * day, if any: the day asked for is not said twice.
 */
export function WithdrawalSchedule({ source, className }: { source: ScheduleSource; className?: string }) {
  const t = useTranslations("withdrawals.schedule");
  if (!source.scheduledFor) return null;
  const moved = source.sendsOn && source.sendsOn !== source.scheduledFor;
  const badged =
    source.status !== undefined &&
    isScheduledWithdrawal({
      status: source.status,
      scheduledFor: source.scheduledFor,
      cancellable: source.cancellable,
    });
  if (badged && !moved) return null;
  return (
    <span className={cn("inline-flex items-center gap-1 text-xs text-muted-foreground", className)}>
      <CalendarClockIcon className="size-3.5 shrink-0" aria-hidden />
      <span>
        {badged
          ? t("sendsOnAlone", { day: formatIsoDay(source.sendsOn as string) })
          : t("scheduledFor", { day: formatIsoDay(source.scheduledFor) })}
        {!badged && moved && ` · ${t("sendsOn", { day: formatIsoDay(source.sendsOn as string) })}`}
      </span>
    </span>
  );
}
