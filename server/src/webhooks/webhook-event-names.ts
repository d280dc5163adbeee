// Dependency-free on purpose: the browser tests read the same list (e2e/operator/webhooks.spec.ts).
/** Every event a merchant can receive, named here once. */
export const WEBHOOK_EVENTS = {
  chargePaid: "charge.paid",
  chargeExpired: "charge.expired",
  chargeCancelled: "charge.cancelled",
  withdrawalPending: "withdrawal.pending",
  withdrawalProcessing: "withdrawal.processing",
  withdrawalPaid: "withdrawal.paid",
  withdrawalFailed: "withdrawal.failed",
  withdrawalCancelled: "withdrawal.cancelled",
  refundProcessing: "refund.processing",
  refundRefunded: "refund.refunded",
  refundFailed: "refund.failed",
  disputeOpened: "dispute.opened",
  disputeClosed: "dispute.closed",
  chargePaymentFailed: "charge.payment_failed",
  recurrenceApproved: "recurrence.approved",
  recurrenceRejected: "recurrence.rejected",
  recurrenceCancelled: "recurrence.cancelled",
  recurrenceExpired: "recurrence.expired",
  ping: "ping",
} as const;

export type WebhookEventName = (typeof WEBHOOK_EVENTS)[keyof typeof WEBHOOK_EVENTS];

export const WEBHOOK_EVENT_NAMES: readonly WebhookEventName[] = Object.values(WEBHOOK_EVENTS);
