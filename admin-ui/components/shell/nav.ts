import {
  ArrowLeftRightIcon,
  BookOpenIcon,
  Building2Icon,
  FileClockIcon,
  HomeIcon,
  KeyRoundIcon,
  LandmarkIcon,
  type LucideIcon,
  ReceiptIcon,
  ScaleIcon,
  ScrollTextIcon,
  ShieldAlertIcon,
  TerminalSquareIcon,
  UsersIcon,
  WebhookIcon,
} from "lucide-react";

export interface NavItem {
  title: string;
  href: string;
  icon: LucideIcon;
  /** Match the path exactly (dashboards), else any path below it too. */
  exact?: boolean;
  /** Shown only to operators with the ADMIN role (the page refuses the others too). */
  adminOnly?: boolean;
}

export interface NavSection {
  title?: string;
  items: NavItem[];
}

/** Sidebar entries per audience; a page appears here once it exists. */
export const OPERATOR_NAV: NavSection[] = [
  {
    items: [
      { title: "Overview", href: "/ops", icon: HomeIcon, exact: true },
      { title: "Withdrawals", href: "/ops/withdrawals", icon: ArrowLeftRightIcon },
      { title: "Companies", href: "/ops/companies", icon: Building2Icon },
      { title: "Charges", href: "/ops/charges", icon: ReceiptIcon },
      { title: "Adjustments", href: "/ops/adjustments", icon: ScaleIcon },
    ],
  },
  {
    title: "Oversight",
    items: [
      { title: "Payment exceptions", href: "/ops/payment-exceptions", icon: ShieldAlertIcon },
      { title: "Webhook deliveries", href: "/ops/webhooks", icon: WebhookIcon },
      { title: "Bank provider", href: "/ops/provider", icon: LandmarkIcon },
      { title: "Audit log", href: "/ops/audit-log", icon: FileClockIcon },
      { title: "Operators", href: "/ops/operators", icon: UsersIcon, adminOnly: true },
    ],
  },
];

export const MERCHANT_NAV: NavSection[] = [
  {
    items: [
      { title: "Home", href: "/m", icon: HomeIcon, exact: true },
      { title: "Charges", href: "/m/charges", icon: ReceiptIcon },
      { title: "Withdrawals", href: "/m/withdrawals", icon: ArrowLeftRightIcon },
      { title: "Statement", href: "/m/statement", icon: ScrollTextIcon },
    ],
  },
  {
    title: "Settings",
    items: [
      { title: "Webhooks", href: "/m/webhooks", icon: WebhookIcon },
      { title: "API credentials", href: "/m/api-credentials", icon: KeyRoundIcon },
      { title: "Team", href: "/m/team", icon: UsersIcon },
    ],
  },
  {
    title: "Developers",
    items: [{ title: "Developers", href: "/developers", icon: TerminalSquareIcon }],
  },
];

export const DEVELOPER_NAV: NavSection[] = [
  {
    items: [
      { title: "Overview", href: "/developers", icon: TerminalSquareIcon, exact: true },
      { title: "GraphQL explorer", href: "/developers/explorer", icon: TerminalSquareIcon },
      { title: "REST reference", href: "/developers/reference", icon: BookOpenIcon },
    ],
  },
];

/** Labels of path segments for breadcrumbs; unknown segments (ids) are shown as they are. */
export const SEGMENT_LABELS: Record<string, string> = {
  ops: "Operations",
  m: "Merchant",
  developers: "Developers",
  withdrawals: "Withdrawals",
  companies: "Companies",
  charges: "Charges",
  reference: "API reference",
  "audit-log": "Audit log",
  adjustments: "Adjustments",
  "payment-exceptions": "Payment exceptions",
  provider: "Bank provider",
  operators: "Operators",
  new: "New",
  statement: "Statement",
  webhooks: "Webhooks",
  "api-credentials": "API credentials",
  team: "Team",
  explorer: "GraphQL explorer",
};

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
