/**
 * Where a charge's payer's page is: `{PUBLIC_BASE_URL}/pay/<token>` (CONTRACT §13). The base
 * is the process's PUBLIC_BASE_URL, set once as the services are built (services.ts), so that
 * every Charge read anywhere (a list, a cancel's answer, a webhook's replay) carries the same
 * URL without each read path being handed the configuration.
 */
let publicBaseUrl = "http://localhost:4000";

export function setPaymentPagesBase(url: string): void {
  publicBaseUrl = url.replace(/\/+$/, "");
}

const PAYER_PAGE_PATH = "/pay";

export function paymentUrlOf(token: string): string {
  return `${publicBaseUrl}${PAYER_PAGE_PATH}/${token}`;
}

const PAYMENT_LINK_PATH = "/l";

export function paymentLinkUrlOf(token: string): string {
  return `${publicBaseUrl}${PAYMENT_LINK_PATH}/${token}`;
}
