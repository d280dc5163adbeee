import { randomBytes, randomInt } from "node:crypto";

const UPPER_ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const LOWER_ALNUM = "abcdefghijklmnopqrstuvwxyz0123456789";

/** Uniform random string from a crypto source (randomInt has no modulo bias). */
export function randomString(alphabet: string, length: number): string {
  let out = "";
  for (let i = 0; i < length; i += 1) out += alphabet[randomInt(alphabet.length)];
  return out;
}

export const newChargeId = () => randomString(UPPER_ALNUM, 8);
export const newWithdrawalId = () => `wd_${randomString(ALNUM, 24)}`;
export const newWithdrawalReference = () => `WDR_${randomString(UPPER_ALNUM, 16)}`;
export const newCompanyId = () => `comp_${randomString(ALNUM, 20)}`;
export const newEventId = () => `evt_${randomString(ALNUM, 24)}`;
export const newWebhookEndpointId = () => `we_${randomString(ALNUM, 24)}`;
/** An open `pix-webhooks listen` stream's row in webhook_listeners (live/live-hub.ts). */
export const newWebhookListenerId = () => `wl_${randomString(ALNUM, 24)}`;
export const newAdjustmentId = () => `adj_${randomString(ALNUM, 20)}`;
export const newAutoApproveLimitRequestId = () => `aal_${randomString(ALNUM, 20)}`;
export const newCredentialId = () => `cred_${randomString(ALNUM, 20)}`;
export const newPaymentExceptionId = () => `pex_${randomString(ALNUM, 20)}`;
export const newUnconfirmedNotificationId = () => `unc_${randomString(ALNUM, 20)}`;
export const newRefundId = () => `rf_${randomString(ALNUM, 24)}`;
export const newRefundRequestId = () => `rfq_${randomString(ALNUM, 24)}`;
export const newDisputeId = () => `dsp_${randomString(ALNUM, 24)}`;
export const newCustomerId = () => `cus_${randomString(ALNUM, 24)}`;
export const newRecurrenceId = () => `rec_${randomString(ALNUM, 24)}`;
export const newConsoleUserId = () => `usr_${randomString(ALNUM, 20)}`;
/** A console session's public name (its key is the SHA-256 of the cookie's value, never shown). */
export const newSessionId = () => `ses_${randomString(ALNUM, 20)}`;
/** API Pix txid of an immediate charge: 26 to 35 characters [a-zA-Z0-9]. */
export const newTxid = () => randomString(ALNUM, 32);
/**
 * The random part of a charge's payer's page (`/pay/<token>`, CONTRACT §13): 18 random bytes
 * (144 bits) as 24 characters of base64url.
 */
export const newPaymentToken = () => randomBytes(18).toString("base64url");
/** Unguessable path segment of the charge's public location. */
export const newLocationId = () => randomString(LOWER_ALNUM, 32);

/** Central bank end-to-end id: "E" + 8-digit ISPB + yyyyMMddHHmm (UTC) + 11 alphanumerics. */
export function newEndToEndId(ispb: string, at: Date = new Date()): string {
  const iso = at.toISOString(); // 2026-11-22T10:00:00.000Z
  const stamp = iso.slice(0, 4) + iso.slice(5, 7) + iso.slice(8, 10) + iso.slice(11, 13) + iso.slice(14, 16);
  return `E${ispb}${stamp}${randomString(ALNUM, 11)}`;
}

export const CHARGE_ID_PATTERN = /^[A-Z0-9]{8}$/;
export const E2E_ID_PATTERN = /^E\d{8}\d{12}[a-zA-Z0-9]{11}$/;
/** A devolução's rtrId: "D" + 8-digit ISPB + yyyyMMddHHmm (UTC) + 11 alphanumerics. */
export const RETURN_ID_PATTERN = /^D\d{8}\d{12}[a-zA-Z0-9]{11}$/;
export const UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
