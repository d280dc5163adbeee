import { CheckCircle2Icon, LoaderIcon, type LucideIcon, XCircleIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import type { RefundStatus } from "@/gql/graphql";

const LOOK: Record<RefundStatus, { variant: BadgeVariant; icon: LucideIcon }> = {
  PROCESSING: { variant: "info", icon: LoaderIcon },
  REFUNDED: { variant: "success", icon: CheckCircle2Icon },
  FAILED: { variant: "danger", icon: XCircleIcon },
};

/** A refund's (or a returned payment's) status: hue, icon and name, as every status badge. */
export function RefundStatusBadge({ status }: { status: RefundStatus }) {
  const t = useTranslations("refunds.status");
  const Icon = LOOK[status].icon;
  return (
    <Badge variant={LOOK[status].variant}>
      <Icon aria-hidden />
      {t(status)}
    </Badge>
  );
}
