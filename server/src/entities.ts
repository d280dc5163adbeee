import { ClientCredential } from "./auth/client-credential.entity";
import { UnconfirmedNotification } from "./bank-events/unconfirmed-notification.entity";
import { Charge } from "./charges/charge.entity";
import { AutoApproveLimitRequest } from "./companies/auto-approve-limit-request.entity";
import { Company } from "./companies/company.entity";
import { ConsoleUser } from "./console-users/console-user.entity";
import { ServiceSetting } from "./core/service-setting.entity";
import { Customer } from "./customers/customer.entity";
import { Dispute } from "./disputes/dispute.entity";
import { PaymentException } from "./inbound-pix/payment-exception.entity";
import { Adjustment } from "./ledger/adjustment.entity";
import { LedgerEntry } from "./ledger/ledger-entry.entity";
import { PaymentLink } from "./payment-links/payment-link.entity";
import { QrCode } from "./qrcodes/qr-code.entity";
import { Recurrence } from "./recurrences/recurrence.entity";
import { Refund } from "./refunds/refund.entity";
import { RefundRequest } from "./refunds/refund-request.entity";
import { WebhookAttempt } from "./webhooks/webhook-attempt.entity";
import { WebhookEvent } from "./webhooks/webhook-event.entity";
import { Withdrawal } from "./withdrawals/withdrawal.entity";
import { WithdrawalTransition } from "./withdrawals/withdrawal-transition.entity";

/**
 * Every entity TypeORM maps, one list for the whole service: a new feature's entity is added
 * here. (database.ts hands it to core/data-source.ts, so that core imports no feature.)
 */
export const ENTITIES = [
  ServiceSetting,
  Company,
  AutoApproveLimitRequest,
  ClientCredential,
  Charge,
  Withdrawal,
  WithdrawalTransition,
  Adjustment,
  LedgerEntry,
  WebhookEvent,
  WebhookAttempt,
  PaymentException,
  UnconfirmedNotification,
  ConsoleUser,
  Refund,
  RefundRequest,
  Dispute,
  Customer,
  PaymentLink,
  QrCode,
  Recurrence,
];
