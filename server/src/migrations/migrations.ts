import { InitialSchema1763800000000 } from "./1763800000000-initial-schema";
import { WithdrawalLifecycle1763800100000 } from "./1763800100000-withdrawal-lifecycle";
import { WebhookDelivery1763800200000 } from "./1763800200000-webhook-delivery";
import { AccountPendingWithdrawals1763800300000 } from "./1763800300000-account-pending-withdrawals";
import { MalformedPixNotifications1763800500000 } from "./1763800500000-malformed-pix-notifications";
import { ConsoleUsers1763800600000 } from "./1763800600000-console-users";
import { AuditLog1763800610000 } from "./1763800610000-audit-log";
import { MakerChecker1763800620000 } from "./1763800620000-maker-checker";
import { RateLimits1763800700000 } from "./1763800700000-rate-limits";
import { ListsThatScale1763800800000 } from "./1763800800000-lists-that-scale";
import { WebhookRequestIds1763800900000 } from "./1763800900000-webhook-request-ids";
import { WebhookHotUpdates1763801000000 } from "./1763801000000-webhook-hot-updates";
import { PaymentExceptionExpectedAmount1763801100000 } from "./1763801100000-payment-exception-expected-amount";
import { WebhookEventQueue1763801200000 } from "./1763801200000-webhook-event-queue";
import { RateLimitBuckets1763902000000 } from "./1763902000000-rate-limit-buckets";
import { Refunds1763905000000 } from "./1763905000000-refunds";
import { ChargeLifecycleEvents1763905100000 } from "./1763905100000-charge-lifecycle-events";
import { ExceptionReturns1763905200000 } from "./1763905200000-exception-returns";
import { Efi1763906000000 } from "./1763906000000-efi";
import { ConsoleUserLocale1763907000000 } from "./1763907000000-console-user-locale";
import { SessionIds1763910000000 } from "./1763910000000-session-ids";
import { MakerCheckerWindow1763911000000 } from "./1763911000000-maker-checker-window";
import { TwoFactor1763912000000 } from "./1763912000000-two-factor";
import { Disputes1763913000000 } from "./1763913000000-disputes";
import { RefundRequests1763914000000 } from "./1763914000000-refund-requests";
import { MedReturnReservation1763914100000 } from "./1763914100000-med-return-reservation";
import { CredentialLabels1763915000000 } from "./1763915000000-credential-labels";
import { RefundRequestOneRefund1763916000000 } from "./1763916000000-refund-request-one-refund";
import { DueDateCharges1764040000000 } from "./1764040000000-due-date-charges";
import { UnconfirmedNotifications1764100000100 } from "./1764100000100-unconfirmed-notifications";
import { TwoFactorLockout1764200000100 } from "./1764200000100-two-factor-lockout";
import { AutoApprovedWindow1764200000200 } from "./1764200000200-auto-approved-window";
import { DisputeSecondOperator1764200000300 } from "./1764200000300-dispute-second-operator";
import { StaticQrCodes1764400000100 } from "./1764400000100-static-qr-codes";
import { PayerPage1764500000100 } from "./1764500000100-payer-page";
import { PaymentLinks1764500000200 } from "./1764500000200-payment-links";
import { ChargeReservedAmount1764600000100 } from "./1764600000100-charge-reserved-amount";
import { WithdrawalRecipients1764800000100 } from "./1764800000100-withdrawal-recipients";
import { AutoApproveLimitRequests1765200000100 } from "./1765200000100-auto-approve-limit-requests";
import { Recurrences1765400000100 } from "./1765400000100-recurrences";
import { RecurringCharges1765400000200 } from "./1765400000200-recurring-charges";
import { ScheduledPayouts1765800000100 } from "./1765800000100-scheduled-payouts";
import { WebhookEndpoints1766300000100 } from "./1766300000100-webhook-endpoints";
import { WebhookEndpointFailures1766300000200 } from "./1766300000200-webhook-endpoint-failures";
import { WebhookListeners1766300000300 } from "./1766300000300-webhook-listeners";
import { RecurrenceCycles1766400000100 } from "./1766400000100-recurrence-cycles";
import { RecurringChargesWithoutPixCode1766400000200 } from "./1766400000200-recurring-charges-without-pix-code";
import { PayerBankRequests1766460000100 } from "./1766460000100-payer-bank-requests";
import { EfiRecurrences1766500000100 } from "./1766500000100-efi-recurrences";
import { RecurrenceCycleClaims1766800000100 } from "./1766800000100-recurrence-cycle-claims";

/** Migrations in order; the schema only ever changes through them. A new migration is added last. */
export const MIGRATIONS = [
  InitialSchema1763800000000,
  WithdrawalLifecycle1763800100000,
  WebhookDelivery1763800200000,
  AccountPendingWithdrawals1763800300000,
  MalformedPixNotifications1763800500000,
  ConsoleUsers1763800600000,
  AuditLog1763800610000,
  MakerChecker1763800620000,
  ListsThatScale1763800800000,
  RateLimits1763800700000,
  WebhookRequestIds1763800900000,
  WebhookHotUpdates1763801000000,
  PaymentExceptionExpectedAmount1763801100000,
  WebhookEventQueue1763801200000,
  RateLimitBuckets1763902000000,
  Refunds1763905000000,
  ChargeLifecycleEvents1763905100000,
  ExceptionReturns1763905200000,
  Efi1763906000000,
  ConsoleUserLocale1763907000000,
  MakerCheckerWindow1763911000000,
  TwoFactor1763912000000,
  Disputes1763913000000,
  SessionIds1763910000000,
  RefundRequests1763914000000,
  MedReturnReservation1763914100000,
  CredentialLabels1763915000000,
  RefundRequestOneRefund1763916000000,
  DueDateCharges1764040000000,
  UnconfirmedNotifications1764100000100,
  TwoFactorLockout1764200000100,
  AutoApprovedWindow1764200000200,
  DisputeSecondOperator1764200000300,
  PayerPage1764500000100,
  PaymentLinks1764500000200,
  ChargeReservedAmount1764600000100,
  WithdrawalRecipients1764800000100,
  StaticQrCodes1764400000100,
  AutoApproveLimitRequests1765200000100,
  Recurrences1765400000100,
  RecurringCharges1765400000200,
  ScheduledPayouts1765800000100,
  WebhookEndpoints1766300000100,
  WebhookEndpointFailures1766300000200,
  WebhookListeners1766300000300,
  RecurrenceCycles1766400000100,
  RecurringChargesWithoutPixCode1766400000200,
  EfiRecurrences1766500000100,
  RecurrenceCycleClaims1766800000100,
  PayerBankRequests1766460000100,
];
