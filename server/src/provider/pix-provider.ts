import { newEndToEndId } from "../core/ids";
import { hmacSha256Hex, safeEqual } from "../core/secrets";

/** What the service asks the bank to pay out. */
export interface TransferOrder {
  withdrawalId: string;
  reference: string;
  amountCents: bigint;
  pixKeyType: string;
  pixKey: string;
}

/**
 * The bank's answer to a submission: accepted under the transfer's end-to-end id (it
 * settles later, by a notification or, in the sandbox, after `settleAfterMs`) or refused for good. A transient failure (bank
 * unavailable, timeout) is thrown as ProviderUnavailableError and retried by the caller.
 */
export type TransferSubmission =
  | { outcome: "accepted"; endToEndId: string; settleAfterMs: number | null }
  | { outcome: "refused"; reason: string };

export class ProviderUnavailableError extends Error {
  constructor(message = "bank unavailable") {
    super(message);
    this.name = "ProviderUnavailableError";
  }
}

/**
 * How the service reaches the PIX network, with three duties: register a charge, send a
 * transfer, and take in the provider's notifications. The sandbox provider simulates the
 * bank inside the service; a real PSP integration implements the same interface.
 */
export interface PixProvider {
  readonly name: string;
  /** ISPB of the receiving institution, written into the end-to-end ids it reports. */
  readonly ispb: string;
  /** Registers a charge and answers where the payer's bank fetches it: host and path, no scheme. */
  registerCharge(charge: { locationId: string; txid: string }): Promise<{ location: string }>;
  /** Submits a transfer; throws ProviderUnavailableError when the bank cannot take it now. */
  sendTransfer(order: TransferOrder): Promise<TransferSubmission>;
  /** True when an inbound notification's raw body carries the provider's signature. */
  verifyNotification(rawBody: Buffer, signatureHeader: string | undefined): boolean;
}

/** Sandbox e-mail domains that make the simulated bank refuse or be unavailable. */
export const SANDBOX_REFUSING_DOMAIN = "@fail.invalid";
export const SANDBOX_UNAVAILABLE_DOMAIN = "@unavailable.invalid";

export class SandboxPixProvider implements PixProvider {
  readonly name = "sandbox";
  readonly ispb = "99999999"; // not a real institution's ISPB
  private readonly publicHost: string;

  constructor(
    publicBaseUrl: string,
    private readonly settleMs: number,
    private readonly webhookSecret: string,
  ) {
    const url = new URL(publicBaseUrl);
    this.publicHost = `${url.host}${url.pathname.replace(/\/+$/, "")}`;
  }

  async registerCharge(charge: { locationId: string }): Promise<{ location: string }> {
    return { location: `${this.publicHost}/pix/v2/${charge.locationId}` };
  }

  async sendTransfer(order: TransferOrder): Promise<TransferSubmission> {
    const key = order.pixKey.toLowerCase();
    if (order.pixKeyType === "EMAIL" && key.endsWith(SANDBOX_UNAVAILABLE_DOMAIN)) throw new ProviderUnavailableError();
    if (order.pixKeyType === "EMAIL" && key.endsWith(SANDBOX_REFUSING_DOMAIN)) {
      return { outcome: "refused", reason: "PIX key not found" };
    }
    // SANDBOX_SETTLE_MS=0: the transfer stays PROCESSING until simulateWithdrawalOutcome.
    return {
      outcome: "accepted",
      endToEndId: newEndToEndId(this.ispb),
      settleAfterMs: this.settleMs > 0 ? this.settleMs : null,
    };
  }

  verifyNotification(rawBody: Buffer, signatureHeader: string | undefined): boolean {
    if (!signatureHeader) return false;
    return safeEqual(signatureHeader.trim().toLowerCase(), hmacSha256Hex(this.webhookSecret, rawBody));
  }
}

export function createPixProvider(config: {
  pixProvider: "sandbox";
  publicBaseUrl: string;
  sandboxSettleMs: number;
  providerWebhookSecret: string;
}): PixProvider {
  switch (config.pixProvider) {
    case "sandbox":
      return new SandboxPixProvider(config.publicBaseUrl, config.sandboxSettleMs, config.providerWebhookSecret);
  }
}
