import {
  BanIcon,
  CalendarClockIcon,
  CheckCircle2Icon,
  CircleDashedIcon,
  ClockIcon,
  LoaderIcon,
  LockIcon,
  type LucideIcon,
  ShieldAlertIcon,
  TimerOffIcon,
  Undo2Icon,
  XCircleIcon,
} from "lucide-react";
import { useTranslations } from "next-intl";
import type * as React from "react";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import type { ChargeStatus, WebhookDeliveryStatus, WithdrawalStatus } from "@/gql/graphql";
import { formatIsoDay, moneyToCentavos } from "@/lib/format";

interface StatusLook {
  variant: BadgeVariant;
  icon: LucideIcon;
}

/**
 * Each status has its own hue AND its own icon AND its name, so no one needs to tell colours
 * apart (the hues come from a colour-blind-safe set: blue, amber, green-teal, vermilion, grey).
 * The names are in `common.status.<kind>`, agreeing with their object (a cobrança is Paga, a
 * saque Pago).
 */
const CHARGE: Record<ChargeStatus, StatusLook> = {
  PENDING: { variant: "warn", icon: ClockIcon },
  PAID: { variant: "success", icon: CheckCircle2Icon },
  EXPIRED: { variant: "neutral", icon: TimerOffIcon },
  CANCELLED: { variant: "neutral", icon: BanIcon },
};

const WITHDRAWAL: Record<WithdrawalStatus, StatusLook> = {
  PENDING: { variant: "warn", icon: ClockIcon },
  PROCESSING: { variant: "info", icon: LoaderIcon },
  PAID: { variant: "success", icon: CheckCircle2Icon },
  FAILED: { variant: "danger", icon: XCircleIcon },
  CANCELLED: { variant: "neutral", icon: BanIcon },
};

const DELIVERY: Record<WebhookDeliveryStatus, StatusLook> = {
  // Its first attempt or a retry is due or in flight: the last answer says which.
  PENDING: { variant: "warn", icon: ClockIcon },
  DELIVERED: { variant: "success", icon: CheckCircle2Icon },
  FAILED: { variant: "danger", icon: XCircleIcon },
  NO_URL: { variant: "neutral", icon: CircleDashedIcon },
  // Its endpoint is disabled for failing: sent when it is enabled again.
  HELD: { variant: "warn", icon: CircleDashedIcon },
};

type StatusName =
  | { kind: "charge"; status: ChargeStatus }
  | { kind: "withdrawal"; status: WithdrawalStatus }
  | { kind: "delivery"; status: WebhookDeliveryStatus };

/** A status's name in the reader's language. */
function StatusLabel(name: StatusName) {
  const t = useTranslations("common.status");
  if (name.kind === "charge") return t(`charge.${name.status}`);
  if (name.kind === "withdrawal") return t(`withdrawal.${name.status}`);
  return t(`delivery.${name.status}`);
}

function StatusBadge({
  look,
  children,
  className,
}: {
  look: StatusLook;
  children: React.ReactNode;
  className?: string;
}) {
  const Icon = look.icon;
  return (
    <Badge variant={look.variant} className={className}>
      <Icon aria-hidden />
      {children}
    </Badge>
  );
}

export function ChargeStatusBadge({ status, className }: { status: ChargeStatus; className?: string }) {
  return (
    <StatusBadge look={CHARGE[status]} className={className}>
      <StatusLabel kind="charge" status={status} />
    </StatusBadge>
  );
}

function RejectedLabel() {
  return useTranslations("common.status")("withdrawalRejected");
}

function ScheduledLabel({ day }: { day: string }) {
  return useTranslations("common.status")("withdrawalScheduled", { day: formatIsoDay(day) });
}

/** What tells whether a withdrawal is waiting for its scheduled day (see isScheduledWithdrawal). */
export interface ScheduledWithdrawalFields {
  status: WithdrawalStatus;
  scheduledFor?: string | null;
  cancellable?: boolean | null;
}

/**
 * Approved and waiting for its day: PROCESSING for the API, but with a scheduled day and still
 * cancellable (not sent to the bank yet, CONTRACT §15). The console shows it as scheduled; once
 * the day sends it, it is no longer cancellable and reads as processing again.
 */
export function isScheduledWithdrawal(withdrawal: ScheduledWithdrawalFields): boolean {
  return withdrawal.status === "PROCESSING" && Boolean(withdrawal.scheduledFor) && withdrawal.cancellable === true;
}

const SCHEDULED: StatusLook = { variant: "info", icon: CalendarClockIcon };

/**
 * A withdrawal's status; a CANCELLED one an operator rejected reads as such (the API's
 * `rejected`), and an approved one waiting for its scheduled day as "Agendado para 12/12/2026"
 * (its São Paulo calendar day) when `scheduledFor` and `cancellable` are given.
 */
export function WithdrawalStatusBadge({
  status,
  rejected,
  scheduledFor,
  cancellable,
  className,
}: {
  status: WithdrawalStatus;
  rejected?: boolean | null;
  scheduledFor?: string | null;
  cancellable?: boolean | null;
  className?: string;
}) {
  if (scheduledFor && isScheduledWithdrawal({ status, scheduledFor, cancellable }))
    return (
      <StatusBadge look={SCHEDULED} className={className}>
        <ScheduledLabel day={scheduledFor} />
      </StatusBadge>
    );
  return (
    <StatusBadge look={WITHDRAWAL[status]} className={className}>
      {status === "CANCELLED" && rejected ? <RejectedLabel /> : <StatusLabel kind="withdrawal" status={status} />}
    </StatusBadge>
  );
}

export function DeliveryStatusBadge({ status, className }: { status: WebhookDeliveryStatus; className?: string }) {
  return (
    <StatusBadge look={DELIVERY[status]} className={className}>
      <StatusLabel kind="delivery" status={status} />
    </StatusBadge>
  );
}

function ReservedLabel() {
  return useTranslations("common.status")("reserved");
}

function ReservedBadge({ className }: { className?: string }) {
  return (
    <StatusBadge look={{ variant: "danger", icon: LockIcon }} className={className}>
      <ReservedLabel />
    </StatusBadge>
  );
}

function FlagLabel({ flag }: { flag: "refunded" | "partlyRefunded" | "disputed" }) {
  return useTranslations("common.status")(flag);
}

/** What a charge's row needs to say whether it is held, refunded (whole or in part) or disputed. */
export interface ChargeFlagFields {
  reserved: boolean;
  amount: string;
  paidAmount?: string | null;
  refundedAmount?: string | null;
  disputedAmount?: string | null;
}

/**
 * The flags beside a charge's status: held by an operator, refunded in whole or in part (what
 * it brought against its refunds not FAILED), in a MED dispute (an amount held by one).
 */
export function ChargeFlags({ charge }: { charge: ChargeFlagFields }) {
  const refunded = charge.refundedAmount ? moneyToCentavos(charge.refundedAmount) : 0n;
  const brought = moneyToCentavos(charge.paidAmount ?? charge.amount);
  const disputed = charge.disputedAmount ? moneyToCentavos(charge.disputedAmount) : 0n;
  return (
    <>
      {charge.reserved && <ReservedBadge />}
      {refunded > 0n && (
        <StatusBadge look={{ variant: "neutral", icon: Undo2Icon }}>
          <FlagLabel flag={refunded >= brought ? "refunded" : "partlyRefunded"} />
        </StatusBadge>
      )}
      {disputed > 0n && (
        <StatusBadge look={{ variant: "warn", icon: ShieldAlertIcon }}>
          <FlagLabel flag="disputed" />
        </StatusBadge>
      )}
    </>
  );
}

/**
 * Each status's name as an element, for filter options (`FacetOption.label`) and selects: it
 * renders in the reader's language wherever it is placed.
 */
function labelsOf<S extends string>(kind: StatusName["kind"], statuses: S[]): Record<S, React.ReactNode> {
  return Object.fromEntries(
    statuses.map((status) => [status, <StatusLabel key={status} {...({ kind, status } as StatusName)} />]),
  ) as Record<S, React.ReactNode>;
}

export const CHARGE_STATUS_LABELS = labelsOf("charge", Object.keys(CHARGE) as ChargeStatus[]);
export const WITHDRAWAL_STATUS_LABELS = labelsOf("withdrawal", Object.keys(WITHDRAWAL) as WithdrawalStatus[]);
export const DELIVERY_STATUS_LABELS = labelsOf("delivery", Object.keys(DELIVERY) as WebhookDeliveryStatus[]);
