/**
 * Every visible string of the provider page, in one place until the console's catalogues
 * (next-intl) take them.
 */
export const PROVIDER_STRINGS = {
  title: "Bank provider",
  description: "Which PSP moves the money, and how the connection, its notifications and the reconciliation are doing.",
  sandbox:
    "The built-in sandbox bank simulates the PIX network inside the service: no real money moves. Set PIX_PROVIDER=efi to connect to Efí Pay (see docs/providers.md).",
  connection: "Connection",
  certificate: "Certificate",
  expiresIn: (days: number) => (days < 0 ? "expired" : `expires in ${days} days`),
  token: "Access token",
  tokenValid: "valid",
  tokenMissing: "none yet",
  tokenRequests: (count: number) => `${count} token requests since this process started`,
  circuit: "Circuit breaker",
  circuitLabels: {
    closed: "closed: calls go through",
    open: "open: failing fast after errors",
    "half-open": "half-open: trying again",
  } as Record<string, string>,
  lastFailure: "Last failure",
  webhook: "Webhook",
  webhookMissing: "Not registered yet (the service registers it at every start).",
  registered: "registered",
  notRegistered: "registration failed",
  lastNotification: "Last notification",
  noNotification: "No notification received yet.",
  notificationSummary: (payments: number, transfers: number, test: boolean) =>
    test ? "test notification" : `${payments} payments, ${transfers} transfer outcomes`,
  reconciliation: "Last reconciliation",
  noReconciliation: "No reconciliation has run yet.",
  reconciliationSummary: (seen: number, credited: number, exceptions: number) =>
    `${seen} Pix read, ${credited} credited without a notification, ${exceptions} exceptions`,
  every: (seconds: number) => `every ${seconds} s`,
  differences: "Differences",
  noDifferences: "No differences.",
  reports: "Daily reconciliation",
  noReports: "No daily report yet: the first one appears after the first reconciliation.",
  day: "Day",
  atPsp: "At the PSP",
  credited: "Credited",
  kind: "Kind",
  endToEndId: "End-to-end id",
  amount: "Amount",
  balanced: "balanced",
} as const;
