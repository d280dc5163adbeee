import {
  BanIcon,
  CheckCircle2Icon,
  CircleDashedIcon,
  ClockIcon,
  LoaderIcon,
  LockIcon,
  type LucideIcon,
  TimerOffIcon,
  XCircleIcon,
} from "lucide-react";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import type { ChargeStatus, WebhookDeliveryStatus, WithdrawalStatus } from "@/gql/graphql";

interface StatusLook {
  label: string;
  variant: BadgeVariant;
  icon: LucideIcon;
}

/**
 * Each status has its own hue AND its own icon AND its name, so no one needs to tell colours
 * apart (the hues come from a colour-blind-safe set: blue, amber, green-teal, vermilion, grey).
 */
const CHARGE: Record<ChargeStatus, StatusLook> = {
  PENDING: { label: "Pending", variant: "warn", icon: ClockIcon },
  PAID: { label: "Paid", variant: "success", icon: CheckCircle2Icon },
  EXPIRED: { label: "Expired", variant: "neutral", icon: TimerOffIcon },
  CANCELLED: { label: "Cancelled", variant: "neutral", icon: BanIcon },
};

const WITHDRAWAL: Record<WithdrawalStatus, StatusLook> = {
  PENDING: { label: "Pending approval", variant: "warn", icon: ClockIcon },
  PROCESSING: { label: "Processing", variant: "info", icon: LoaderIcon },
  PAID: { label: "Paid", variant: "success", icon: CheckCircle2Icon },
  FAILED: { label: "Failed", variant: "danger", icon: XCircleIcon },
  CANCELLED: { label: "Cancelled", variant: "neutral", icon: BanIcon },
};

const DELIVERY: Record<WebhookDeliveryStatus, StatusLook> = {
  // Its first attempt or a retry is due or in flight: the last answer says which.
  PENDING: { label: "Pending", variant: "warn", icon: ClockIcon },
  DELIVERED: { label: "Delivered", variant: "success", icon: CheckCircle2Icon },
  FAILED: { label: "Failed", variant: "danger", icon: XCircleIcon },
  NO_URL: { label: "No URL", variant: "neutral", icon: CircleDashedIcon },
};

function StatusBadge({ look, className }: { look: StatusLook; className?: string }) {
  const Icon = look.icon;
  return (
    <Badge variant={look.variant} className={className}>
      <Icon aria-hidden />
      {look.label}
    </Badge>
  );
}

export function ChargeStatusBadge({ status, className }: { status: ChargeStatus; className?: string }) {
  return <StatusBadge look={CHARGE[status]} className={className} />;
}

export function WithdrawalStatusBadge({ status, className }: { status: WithdrawalStatus; className?: string }) {
  return <StatusBadge look={WITHDRAWAL[status]} className={className} />;
}

export function DeliveryStatusBadge({ status, className }: { status: WebhookDeliveryStatus; className?: string }) {
  return <StatusBadge look={DELIVERY[status]} className={className} />;
}

export function ReservedBadge({ className }: { className?: string }) {
  return <StatusBadge look={{ label: "Reserved", variant: "danger", icon: LockIcon }} className={className} />;
}

export const CHARGE_STATUS_LABELS = Object.fromEntries(Object.entries(CHARGE).map(([key, look]) => [key, look.label]));
export const WITHDRAWAL_STATUS_LABELS = Object.fromEntries(
  Object.entries(WITHDRAWAL).map(([key, look]) => [key, look.label]),
);
export const DELIVERY_STATUS_LABELS = Object.fromEntries(
  Object.entries(DELIVERY).map(([key, look]) => [key, look.label]),
) as Record<WebhookDeliveryStatus, string>;
