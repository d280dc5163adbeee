import {
  ArrowLeftIcon,
  ArrowLeftRightIcon,
  BookOpenIcon,
  Building2Icon,
  ContactIcon,
  FileClockIcon,
  GavelIcon,
  HomeIcon,
  KeyRoundIcon,
  LandmarkIcon,
  LinkIcon,
  type LucideIcon,
  QrCodeIcon,
  ReceiptIcon,
  RepeatIcon,
  ScaleIcon,
  ScrollTextIcon,
  ShieldAlertIcon,
  TerminalSquareIcon,
  UsersIcon,
  WebhookIcon,
} from "lucide-react";
import type { PendingApprovalKind } from "@/features/overview/pending-approval-counts";
import type { Messages } from "@/messages";

/** A label of the sidebar, from the `shell.nav` catalogue. */
export type NavLabel = keyof Messages["shell"]["nav"];

export interface NavItem {
  /** Its label: `shell.nav.<labelKey>`. */
  labelKey: NavLabel;
  href: string;
  icon: LucideIcon;
  /** Match the path exactly (dashboards), else any path below it too. */
  exact?: boolean;
  /** Shown only to operators with the ADMIN role (the page refuses the others too). */
  adminOnly?: boolean;
  /** Shown only to this kind of console user (the developer pages lead each back to their home). */
  kind?: "OPERATOR" | "MERCHANT";
  /** Counts what waits here for a second operator (maker-checker), beside its label. */
  pendingApprovals?: PendingApprovalKind;
}

export interface NavSection {
  /** Its heading: `shell.nav.<labelKey>`; the first section has none. */
  labelKey?: NavLabel;
  items: NavItem[];
}

/** Sidebar entries per audience; a page appears here once it exists. */
export const OPERATOR_NAV: NavSection[] = [
  {
    items: [
      { labelKey: "overview", href: "/ops", icon: HomeIcon, exact: true },
      { labelKey: "withdrawals", href: "/ops/withdrawals", icon: ArrowLeftRightIcon, pendingApprovals: "withdrawals" },
      { labelKey: "companies", href: "/ops/companies", icon: Building2Icon },
      { labelKey: "charges", href: "/ops/charges", icon: ReceiptIcon },
      { labelKey: "recurrences", href: "/ops/recurrences", icon: RepeatIcon },
      { labelKey: "adjustments", href: "/ops/adjustments", icon: ScaleIcon, pendingApprovals: "adjustments" },
    ],
  },
  {
    labelKey: "oversight",
    items: [
      { labelKey: "paymentExceptions", href: "/ops/payment-exceptions", icon: ShieldAlertIcon },
      { labelKey: "disputes", href: "/ops/disputes", icon: GavelIcon },
      { labelKey: "webhookDeliveries", href: "/ops/webhooks", icon: WebhookIcon },
      { labelKey: "bankProvider", href: "/ops/provider", icon: LandmarkIcon },
      { labelKey: "auditLog", href: "/ops/audit-log", icon: FileClockIcon },
      { labelKey: "operators", href: "/ops/operators", icon: UsersIcon, adminOnly: true },
    ],
  },
];

export const MERCHANT_NAV: NavSection[] = [
  {
    items: [
      { labelKey: "home", href: "/m", icon: HomeIcon, exact: true },
      { labelKey: "charges", href: "/m/charges", icon: ReceiptIcon },
      { labelKey: "customers", href: "/m/customers", icon: ContactIcon },
      { labelKey: "recurrences", href: "/m/recurrences", icon: RepeatIcon },
      { labelKey: "paymentLinks", href: "/m/payment-links", icon: LinkIcon },
      { labelKey: "qrCodes", href: "/m/qrcodes", icon: QrCodeIcon },
      { labelKey: "withdrawals", href: "/m/withdrawals", icon: ArrowLeftRightIcon },
      { labelKey: "statement", href: "/m/statement", icon: ScrollTextIcon },
      { labelKey: "disputes", href: "/m/disputes", icon: GavelIcon },
    ],
  },
  {
    labelKey: "settings",
    items: [
      { labelKey: "webhooks", href: "/m/webhooks", icon: WebhookIcon },
      { labelKey: "apiCredentials", href: "/m/api-credentials", icon: KeyRoundIcon },
      { labelKey: "team", href: "/m/team", icon: UsersIcon },
    ],
  },
  {
    labelKey: "developers",
    items: [{ labelKey: "developers", href: "/developers", icon: TerminalSquareIcon }],
  },
];

export const DEVELOPER_NAV: NavSection[] = [
  {
    items: [
      { labelKey: "overview", href: "/developers", icon: TerminalSquareIcon, exact: true },
      { labelKey: "graphqlExplorer", href: "/developers/explorer", icon: TerminalSquareIcon },
      { labelKey: "restReference", href: "/developers/reference", icon: BookOpenIcon },
    ],
  },
  {
    items: [
      { labelKey: "backToOperations", href: "/ops", icon: ArrowLeftIcon, kind: "OPERATOR" },
      { labelKey: "backToMerchant", href: "/m", icon: ArrowLeftIcon, kind: "MERCHANT" },
    ],
  },
];

/** Path segments with a label (`shell.segments.<segment>`); other segments (ids) are shown as they are. */
export const LABELLED_SEGMENTS = new Set<string>([
  "ops",
  "account",
  "sessions",
  "m",
  "developers",
  "withdrawals",
  "companies",
  "charges",
  "customers",
  "recurrences",
  "payment-links",
  "qrcodes",
  "print",
  "reference",
  "audit-log",
  "adjustments",
  "payment-exceptions",
  "disputes",
  "provider",
  "operators",
  "new",
  "statement",
  "webhooks",
  "api-credentials",
  "team",
  "explorer",
] satisfies Array<keyof Messages["shell"]["segments"]>);

export function isActive(item: NavItem, pathname: string): boolean {
  return item.exact ? pathname === item.href : pathname === item.href || pathname.startsWith(`${item.href}/`);
}

/** Cookie that remembers a collapsed sidebar, read by the server layout to render it so. */
export const SIDEBAR_COOKIE = "pix_sidebar";

export type NavKey = "operator" | "merchant" | "developers";

/** Looked up by key on the client: icons are components, which cannot cross from server to client. */
export const NAVS: Record<NavKey, NavSection[]> = {
  operator: OPERATOR_NAV,
  merchant: MERCHANT_NAV,
  developers: DEVELOPER_NAV,
};
