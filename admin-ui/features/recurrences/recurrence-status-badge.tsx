import {
  BanIcon,
  CheckCircle2Icon,
  ClockIcon,
  type LucideIcon,
  RepeatIcon,
  TimerOffIcon,
  XCircleIcon,
} from "lucide-react";
import { useTranslations } from "next-intl";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import type { RecurrenceStatus } from "@/gql/graphql";

/** Each status its hue, its icon and its name (no one needs to tell colours apart), as the charges' badges. */
const LOOK: Record<RecurrenceStatus, { variant: BadgeVariant; icon: LucideIcon }> = {
  CREATED: { variant: "warn", icon: ClockIcon },
  APPROVED: { variant: "success", icon: RepeatIcon },
  REJECTED: { variant: "danger", icon: XCircleIcon },
  EXPIRED: { variant: "neutral", icon: TimerOffIcon },
  CANCELLED: { variant: "neutral", icon: BanIcon },
  COMPLETED: { variant: "info", icon: CheckCircle2Icon },
};

export function RecurrenceStatusName({ status }: { status: RecurrenceStatus }) {
  return useTranslations("recurrences.status")(status);
}

export function RecurrenceStatusBadge({ status }: { status: RecurrenceStatus }) {
  const { variant, icon: Icon } = LOOK[status];
  return (
    <Badge variant={variant}>
      <Icon aria-hidden />
      <RecurrenceStatusName status={status} />
    </Badge>
  );
}
