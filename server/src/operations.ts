import { auditOperations } from "./audit/audit.operations";
import { providerStatusOperations } from "./bank-events/efi/provider-status.operations";
import { unconfirmedNotificationOperations } from "./bank-events/unconfirmed-notifications.operations";
import { chargeOperations } from "./charges/charges.operations";
import { companyOperations } from "./companies/companies.operations";
import { consoleUserOperations } from "./console-users/console-users.operations";
import { credentialOperations } from "./credentials/credentials.operations";
import { customerOperations } from "./customers/customers.operations";
import { dashboardOperations } from "./dashboards/dashboards.operations";
import { disputeOperations } from "./disputes/disputes.operations";
import { inboundPixOperations } from "./inbound-pix/inbound-pix.operations";
import { ledgerOperations } from "./ledger/ledger.operations";
import type { AnyOperation } from "./operation/operation";
import { payerPageOperations } from "./payer-page/payer-page.operations";
import { paymentLinkOperations } from "./payment-links/payment-links.operations";
import { providerOperations } from "./provider/provider.operations";
import { qrCodeOperations } from "./qrcodes/qrcodes.operations";
import { recurrenceOperations } from "./recurrences/recurrences.operations";
import { refundRequestOperations } from "./refunds/refund-requests.operations";
import { refundOperations } from "./refunds/refunds.operations";
import { searchOperations } from "./search/search.operations";
import type { Services } from "./services";
import { twoFactorOperations } from "./two-factor/two-factor.operations";
import { webhookOperations } from "./webhooks/webhooks.operations";
import { withdrawalOperations } from "./withdrawals/withdrawals.operations";

/**
 * Every declared operation of the service, listed once (each feature's
 * `<feature>.operations.ts`). The GraphQL schema takes its root fields from them
 * (schema.ts) and the REST routes their addresses (app.ts); the services they are handed are
 * these, so each feature's list is checked against what it says it uses.
 */
export const OPERATIONS: ReadonlyArray<AnyOperation<Services>> = [
  // First, as before it was declared: the balance leads /openapi.json and the Query type.
  ...ledgerOperations,
  ...auditOperations,
  ...chargeOperations,
  ...companyOperations,
  ...credentialOperations,
  ...consoleUserOperations,
  ...customerOperations,
  ...dashboardOperations,
  ...providerOperations,
  ...inboundPixOperations,
  ...providerStatusOperations,
  ...searchOperations,
  ...disputeOperations,
  ...refundOperations,
  ...refundRequestOperations,
  ...twoFactorOperations,
  ...unconfirmedNotificationOperations,
  ...payerPageOperations,
  ...paymentLinkOperations,
  ...qrCodeOperations,
  ...recurrenceOperations,
  ...webhookOperations,
  ...withdrawalOperations,
];
