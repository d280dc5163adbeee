import { createHash } from "node:crypto";
import type { DueDateTerms } from "../billing";
import { newEndToEndId } from "../core/ids";
import type { Cents } from "../core/money";
import { hmacSha256Hex, safeEqual } from "../core/secrets";
import {
  type BankAccount,
  KEY_NOT_DOCUMENTS_REASON,
  maskDocument,
  type PixKeyType,
  pixParticipantName,
  type RecipientAtBank,
  sandboxKeyOwner,
  sandboxKeyRecipient,
} from "../withdrawals/model";

/** Where a transfer goes: a PIX key, or an account (ISPB, branch, number) with its holder. */
export type TransferDestination =
  | { pixKeyType: PixKeyType; pixKey: string; bankAccount: null }
  | { pixKeyType: null; pixKey: null; bankAccount: BankAccount };

/** What the service asks the bank to pay out. */
export type TransferOrder = TransferDestination & {
  withdrawalId: string;
  reference: string;
  amountCents: bigint;
  /** The CPF or CNPJ the key must belong to (canonical); null: the bank does not check. */
  recipientDocument: string | null;
};

/**
 * The bank's answer to a submission: accepted under the transfer's end-to-end id (it
 * settles later, by a notification or, in the sandbox, after `settleAfterMs`) or refused for good. A transient failure (bank
 * unavailable, timeout) is thrown as ProviderUnavailableError and retried by the caller.
 */
export type TransferSubmission =
  | { outcome: "accepted"; endToEndId: string; settleAfterMs: number | null; recipient: RecipientAtBank | null }
  | { outcome: "refused"; reason: string };

/** Where a transfer stands at the bank when read back. */
export type TransferAtBank =
  | { status: "PROCESSING"; endToEndId: string | null; recipient?: RecipientAtBank | null }
  | { status: "PAID"; endToEndId: string; recipient?: RecipientAtBank | null }
  | { status: "FAILED"; reason: string };

export class ProviderUnavailableError extends Error {
  constructor(message = "bank unavailable") {
    super(message);
    this.name = "ProviderUnavailableError";
  }
}

/**
 * What the service asks the bank to give back to a payer: a devolução of a received Pix
 * (API Pix `PUT /pix/{e2eid}/devolucao/{id}`), for a refund or a payment exception.
 */
export interface RefundOrder {
  /** The received Pix's end-to-end id: the `e2eid` of the devolução. */
  endToEndId: string;
  /**
   * The devolução's `id` at the bank, `[a-zA-Z0-9]{1,35}`, derived from what is returned (a
   * refund's id without its underscore): the same refund is always the same devolução, so
   * a submission sent again (a retried job, a worker killed after the call) cannot return
   * the money twice.
   */
  returnRequestId: string;
  amountCents: Cents;
  /** Sent as `descricao` (at most 140 characters); null sends none. */
  description: string | null;
  /**
   * API Pix `natureza`: omitted or ORIGINAL for a refund; MED_FRAUDE or MED_OPERACIONAL for the
   * devolução of an accepted MED dispute.
   */
  nature?: "ORIGINAL" | "MED_FRAUDE" | "MED_OPERACIONAL";
}

/**
 * Where a devolução stands at the bank (API Pix `Devolucao.status`):
 * - PROCESSING (`EM_PROCESSAMENTO`): taken, the outcome comes later. `returnId` is its
 *   `rtrId` once the bank has named it. `settleAfterMs` is the sandbox's own settlement
 *   delay (a real bank answers null: its outcome arrives by notification or read-back).
 * - RETURNED (`DEVOLVIDO`): the payer has the money back.
 * - REFUSED (`NAO_REALIZADO`, or refused outright): nothing was returned, for good.
 */
export type RefundAtBank =
  | { status: "PROCESSING"; returnId: string | null; settleAfterMs: number | null }
  | { status: "RETURNED"; returnId: string; returnedAt: Date }
  | { status: "REFUSED"; returnId: string | null; reason: string };

/** What the bank needs to register a charge (an API Pix immediate charge, `cob`). */
export interface ChargeRegistration {
  locationId: string;
  txid: string;
  amountCents: Cents;
  expiresInSeconds: number;
  /** Shown to the payer (`solicitacaoPagador`); at most 140 characters. */
  description: string | null;
}

/** What the bank needs to register a due-date charge (an API Pix `cobv`). */
export interface DueDateChargeRegistration {
  locationId: string;
  txid: string;
  /** The amount, due date, days after it and the fine, interest, abatement and discount. */
  terms: DueDateTerms;
  /** Who it is addressed to (`devedor`): a name and a CPF (11 digits) or CNPJ (14 characters). */
  debtor: { name: string; document: string };
  /** Shown to the payer (`solicitacaoPagador`); at most 140 characters. */
  description: string | null;
}

/**
 * Where the payer's bank fetches the charge (host and path, no scheme) and, from a bank that
 * writes the BR Code itself (Efí's `pixCopiaECola`), the code; null: the service writes it.
 */
export interface RegisteredCharge {
  location: string;
  pixCode: string | null;
}

/** A recurrence's terms as the bank registers them (the API Pix `rec`). */
export interface RecurrenceTerms {
  contract: string;
  object: string;
  frequency: "WEEKLY" | "MONTHLY" | "QUARTERLY" | "SEMIANNUAL" | "ANNUAL";
  startDate: string;
  endDate: string | null;
  /** A fixed amount; null: each charge's own. */
  amountCents: Cents | null;
  retryPolicy: "NONE" | "THREE_IN_SEVEN_DAYS";
  /** The payer: a name and a CPF (11 digits) or CNPJ (14 characters). */
  payer: { name: string; document: string };
}

/**
 * What the bank needs to register a Pix Automático authorisation: the recurrence's location
 * (API Pix `locrec`), its terms and, when the payer pays now too (journey 3), the first
 * payment's `cob` (its location, and the txid the service gives it).
 */
export interface RecurrenceRegistration {
  locationId: string;
  firstPaymentLocationId: string | null;
  terms: RecurrenceTerms;
  /** Journey 3's payment now: payable until the authorisation expires (`expiresInSeconds`). */
  firstPayment: { txid: string; amountCents: Cents; description: string; expiresInSeconds: number } | null;
}

/**
 * Where the payer's bank reads the recurrence (and the first payment); from a bank that writes
 * it, the code; the bank's id of the recurrence (API Pix `idRec`), null for the sandbox.
 */
export interface RegisteredRecurrence {
  location: string;
  firstPaymentLocation: string | null;
  pixCode: string | null;
  bankRecurrenceId: string | null;
}

/**
 * What the bank holds of a registered recurrence (the API Pix `rec`), in the service's words:
 * CREATED while the payer has not decided; the bank's reason of a refusal or a cancel; whether
 * a cancel came from the payer's side (the payer or their bank).
 */
export interface RecurrenceAtBank {
  status: "CREATED" | "APPROVED" | "REJECTED" | "EXPIRED" | "CANCELLED";
  reason: string | null;
  byPayer: boolean;
}

/**
 * The payer's account at their own bank, for asking that bank to authorise a recurrence (API
 * Pix `SolicRec.destinatario`): the bank's ISPB, the branch (when it has one), the account
 * with its check digit, and the holder's CPF (11 digits) or CNPJ (14 characters).
 */
export interface PayerBankAccount {
  ispb: string;
  branch: string | null;
  account: string;
  document: string;
}

/** A registered recurrence's authorisation asked of the payer's bank, answered until `expiresAt`. */
export interface PayerBankAuthorisationRequest {
  bankRecurrenceId: string;
  account: PayerBankAccount;
  expiresAt: Date;
}

/** The bank's request (API Pix `idSolicRec`) and its status (ENVIADA once sent to the payer's bank). */
export interface PayerBankAuthorisation {
  /** Null for the sandbox, which keeps no request of its own. */
  requestId: string | null;
  status: string;
}

/** A cycle's charge of an approved recurrence (API Pix `cobr`), debited on its due date by the payer's bank. */
export interface RecurringChargeRegistration extends ChargeRegistration {
  /** The recurrence's id at the bank (`idRec`); null for the sandbox. */
  bankRecurrenceId: string | null;
  dueDate: string;
}

/** What became of the removal of a charge at the bank (API Pix cob `REMOVIDA_PELO_USUARIO_RECEBEDOR`). */
export type ChargeRemoval = { outcome: "removed" } | { outcome: "refused"; reason: string };

/**
 * How the service reaches the PIX network: register a charge and remove it, send a
 * transfer, return a received Pix (devolução), read back what the bank did when its
 * notification never came, and take in the provider's notifications. The sandbox provider
 * simulates the bank inside the service; a real PSP integration implements the same
 * interface. Every call is made outside database transactions, and every sending call is
 * idempotent by an id the service derives from its own row, so the service may repeat
 * one whose answer it never saw. A transient failure (bank unavailable, timeout, 5xx, 429)
 * is thrown as ProviderUnavailableError; the caller retries.
 */
export interface PixProvider {
  readonly name: string;
  /**
   * True only for the built-in sandbox: the bank is simulated inside the service, so the
   * operations that play the bank may run (sandbox-only.ts). A real PSP is false.
   */
  readonly simulated: boolean;
  /** ISPB of the receiving institution, written into the end-to-end ids it reports. */
  readonly ispb: string;
  /** The PIX key the service receives on (a static QR code's BR Code names it: CONTRACT §13). */
  readonly pixKey: string;
  /**
   * Delays after the bank took a devolução (or a transfer) at which the service reads it
   * back when no notification has decided it yet: notifications can be lost. Empty for the
   * sandbox, which decides by itself.
   */
  readonly outcomeCheckDelaysMs: readonly number[];
  /**
   * True when the service itself answers the charge's location (`GET /pix/v2/:locationId`):
   * the sandbox. A real PSP serves its own locations.
   */
  readonly servesLocations: boolean;
  /**
   * True when the bank makes the MED devolução of a claim it notified itself (Efí): under the
   * MED the receiving PSP holds the cautionary block and returns it to the payer once the
   * claim is accepted, so accepting one of its disputes answers it (`aceito`) and sends no
   * devolução of the service's own; the return is recorded when the bank's decision is read
   * back (docs/disputes.md). False: the service returns an accepted claim by its devolução.
   */
  readonly returnsMedItself: boolean;
  /** Registers a charge; a failure the merchant cannot fix is an AppError SERVICE_UNAVAILABLE. */
  registerCharge(charge: ChargeRegistration): Promise<RegisteredCharge>;
  /** Registers a due-date charge (`cobv`); failures as registerCharge's. */
  registerDueDateCharge(charge: DueDateChargeRegistration): Promise<RegisteredCharge>;
  /**
   * Registers a batch of due-date charges at once (API Pix `lotecobv`, numbered `batchId`):
   * each one's registration, in the given order. A bank that refuses any of them fails the
   * whole batch (the ones it took are removed), as the service creates all or none.
   */
  registerDueDateChargeBatch(
    batchId: bigint,
    description: string,
    charges: DueDateChargeRegistration[],
  ): Promise<RegisteredCharge[]>;
  /** Registers a Pix Automático authorisation for the payer to approve; failures as registerCharge's. */
  registerRecurrence(recurrence: RecurrenceRegistration): Promise<RegisteredRecurrence>;
  /**
   * Cancels the authorisation at the bank (the merchant's cancel): no more debits. One already
   * ended is "removed"; a bank that cannot answer now throws ProviderUnavailableError.
   */
  cancelRecurrence(bankRecurrenceId: string): Promise<ChargeRemoval>;
  /**
   * Reads a registered recurrence back (API Pix `GET /rec/{idRec}`): what the bank holds of the
   * payer's decision, whose notification may have been lost. Null when the bank has no such
   * recurrence; a bank that cannot answer now throws ProviderUnavailableError.
   */
  readRecurrenceAtBank(bankRecurrenceId: string): Promise<RecurrenceAtBank | null>;
  /**
   * The central bank's journey of a request sent to the payer's bank (API Pix `solicrec`, its
   * JORNADA_1): for a payer whose account is known (the merchant gave it), the registered
   * recurrence's authorisation appears in their bank's app without a code to scan; their
   * decision comes back as any (the recurrence's notification). A bank without it leaves it
   * out (a recurrence with `payer_bank_account` is then refused). A refusal is an AppError
   * SERVICE_UNAVAILABLE with the bank's reason; a bank that cannot answer now throws
   * ProviderUnavailableError (the service's job tries again).
   */
  requestAuthorisationAtPayerBank?(request: PayerBankAuthorisationRequest): Promise<PayerBankAuthorisation>;
  /**
   * Withdraws a request still open at the payer's bank (API Pix `PATCH /solicrec/{id}`
   * CANCELADA) when its recurrence ended first. One already decided or ended is "removed";
   * a bank that cannot answer now throws ProviderUnavailableError.
   */
  cancelAuthorisationRequestAtPayerBank?(requestId: string): Promise<ChargeRemoval>;
  /** Registers a cycle's charge of an approved recurrence (the bank debits it); failures as registerCharge's. */
  registerRecurringCharge(charge: RecurringChargeRegistration): Promise<RegisteredCharge>;
  /**
   * Takes a cancelled charge (or an expired due-date charge) off the bank, so that it can no
   * longer be paid. Removing one already removed is "removed"; one the bank cannot remove
   * (already paid) is "refused", and its payment, when it arrives, is recorded for review as
   * any payment of a cancelled or expired charge.
   */
  removeCharge(charge: {
    locationId: string;
    txid: string;
    dueDate: boolean;
    recurring?: boolean;
  }): Promise<ChargeRemoval>;
  /**
   * Who the key belongs to, when the bank's directory is known before any call (the sandbox's,
   * CONTRACT §15); null for a real bank, which tells it in its answer to the send.
   */
  recipientAtCreation(destination: TransferDestination): RecipientAtBank | null;
  /** Submits a transfer; throws ProviderUnavailableError when the bank cannot take it now. */
  sendTransfer(order: TransferOrder): Promise<TransferSubmission>;
  /**
   * Reads a transfer back by the reference it was sent with (the outcome of a submission
   * whose answer or notification never came); null when the bank has no such transfer,
   * so sending it is safe.
   */
  readTransfer(order: TransferOrder): Promise<TransferAtBank | null>;
  /**
   * Requests the devolução. Idempotent by `returnRequestId`: the same order sent again
   * answers the state of the devolução already made (a real PSP refuses an id it has seen;
   * its adapter then reads the devolução back) and never returns twice.
   */
  sendRefund(order: RefundOrder): Promise<RefundAtBank>;
  /** Reads the devolução back (API Pix `GET /pix/{e2eid}/devolucao/{id}`); null when the bank has none. */
  readRefund(order: RefundOrder): Promise<RefundAtBank | null>;
  /** True when an inbound notification's raw body carries the provider's signature. */
  verifyNotification(rawBody: Buffer, signatureHeader: string | undefined): boolean;
}

/** Who acts for the provider in audit rows and on the disputes it opens ("provider:efi"). */
export function providerActor(provider: Pick<PixProvider, "name">): string {
  return `provider:${provider.name}`;
}

/** Sandbox e-mail domains that make the simulated bank refuse or be unavailable. */
export const SANDBOX_REFUSING_DOMAIN = "@fail.invalid";
export const SANDBOX_UNAVAILABLE_DOMAIN = "@unavailable.invalid";
/** Words in a refund's reason (its `descricao`) that make the simulated bank refuse it or be unavailable. */
export const SANDBOX_REFUND_REFUSED_MARKER = "[sandbox:refuse]";
export const SANDBOX_REFUND_UNAVAILABLE_MARKER = "[sandbox:unavailable]";
export const SANDBOX_REFUND_REFUSED_REASON = "payer account closed";

/**
 * A devolução's `rtrId` as the central bank builds it ("D" + ISPB + yyyyMMddHHmm (UTC) + 11
 * alphanumerics), the sequence derived from the devolução's id: the sandbox names the same
 * devolução the same way whenever it is asked.
 */
export function sandboxReturnId(ispb: string, returnRequestId: string, at: Date): string {
  const sequence = createHash("sha256").update(returnRequestId).digest("base64url").replace(/[-_]/g, "").slice(0, 11);
  return `D${newEndToEndId(ispb, at).slice(1, 21)}${sequence}`;
}

/** The sandbox's PIX key (a random key, EVP): fixed, so that a printed static QR code keeps working. */
export const SANDBOX_PIX_KEY = "5f8c1b2e-7a4d-4e9b-9c3f-0d6a2e8b4c71";

export class SandboxPixProvider implements PixProvider {
  readonly name = "sandbox";
  readonly simulated = true;
  readonly ispb = "99999999"; // not a real institution's ISPB
  readonly pixKey = SANDBOX_PIX_KEY;
  /** The sandbox settles by itself (SANDBOX_SETTLE_MS) or by the operator: nothing to read back. */
  readonly outcomeCheckDelaysMs: readonly number[] = [];
  readonly servesLocations = true;
  /** The simulated payer's bank is returned by the service's own MED devolução. */
  readonly returnsMedItself = false;
  private readonly publicHost: string;

  constructor(
    publicBaseUrl: string,
    private readonly settleMs: number,
    private readonly webhookSecret: string,
  ) {
    const url = new URL(publicBaseUrl);
    this.publicHost = `${url.host}${url.pathname.replace(/\/+$/, "")}`;
  }

  async registerCharge(charge: { locationId: string }): Promise<RegisteredCharge> {
    return { location: `${this.publicHost}/pix/v2/${charge.locationId}`, pixCode: null };
  }

  /** The service answers the location with the cobv (charges/pix-location.http.ts). */
  async registerDueDateCharge(charge: DueDateChargeRegistration): Promise<RegisteredCharge> {
    return this.registerCharge(charge);
  }

  async registerDueDateChargeBatch(
    _batchId: bigint,
    _description: string,
    charges: DueDateChargeRegistration[],
  ): Promise<RegisteredCharge[]> {
    return Promise.all(charges.map((charge) => this.registerCharge(charge)));
  }

  async registerRecurrence(recurrence: RecurrenceRegistration): Promise<RegisteredRecurrence> {
    const { firstPaymentLocationId } = recurrence;
    return {
      location: `${this.publicHost}/pix/v2/rec/${recurrence.locationId}`,
      firstPaymentLocation:
        firstPaymentLocationId === null ? null : `${this.publicHost}/pix/v2/${firstPaymentLocationId}`,
      pixCode: null,
      bankRecurrenceId: null,
    };
  }

  /** The simulated payer's bank debits only what the service's own state allows. */
  async cancelRecurrence(): Promise<ChargeRemoval> {
    return { outcome: "removed" };
  }

  /**
   * The sandbox registers no recurrence at a bank (its `bankRecurrenceId` is null): the
   * simulation decides on the service's own row, which is therefore the bank's state, and
   * there is nothing else to read back.
   */
  async readRecurrenceAtBank(): Promise<RecurrenceAtBank | null> {
    return null;
  }

  /**
   * The simulated payer's bank takes every request: it is recorded as sent, and the payer
   * decides with simulateRecurrenceDecision (the sandbox has no idSolicRec to name).
   */
  async requestAuthorisationAtPayerBank(): Promise<PayerBankAuthorisation> {
    return { requestId: null, status: "ENVIADA" };
  }

  async cancelAuthorisationRequestAtPayerBank(): Promise<ChargeRemoval> {
    return { outcome: "removed" };
  }

  async registerRecurringCharge(charge: RecurringChargeRegistration): Promise<RegisteredCharge> {
    return this.registerCharge(charge);
  }

  /** The location answers REMOVIDA_PELO_USUARIO_RECEBEDOR from the charge's own status. */
  async removeCharge(): Promise<ChargeRemoval> {
    return { outcome: "removed" };
  }

  /** A key's holder from the directory; an account's holder as declared, at the ISPB's institution. */
  recipientAtCreation(destination: TransferDestination): RecipientAtBank {
    if (destination.bankAccount === null) return sandboxKeyRecipient(destination.pixKeyType, destination.pixKey);
    const { holderName, holderDocument, ispb } = destination.bankAccount;
    return { name: holderName, document: maskDocument(holderDocument), institution: pixParticipantName(ispb) };
  }

  async sendTransfer(order: TransferOrder): Promise<TransferSubmission> {
    const refusal = this.transferRefusal(order);
    if (refusal !== null) return { outcome: "refused", reason: refusal };
    // SANDBOX_SETTLE_MS=0: the transfer stays PROCESSING until simulateWithdrawalOutcome.
    return {
      outcome: "accepted",
      endToEndId: newEndToEndId(this.ispb),
      settleAfterMs: this.settleMs > 0 ? this.settleMs : null,
      recipient: this.recipientAtCreation(order),
    };
  }

  /** The sandbox decides by the key alone, so it answers what it did with the same order. */
  async readTransfer(order: TransferOrder): Promise<TransferAtBank | null> {
    const refusal = this.transferRefusal(order);
    return refusal === null ? { status: "PROCESSING", endToEndId: null } : { status: "FAILED", reason: refusal };
  }

  private transferRefusal(order: TransferOrder): string | null {
    if (order.bankAccount !== null) return null; // the sandbox takes every account
    const key = order.pixKey.toLowerCase();
    if (order.pixKeyType === "EMAIL" && key.endsWith(SANDBOX_UNAVAILABLE_DOMAIN)) throw new ProviderUnavailableError();
    if (order.pixKeyType === "EMAIL" && key.endsWith(SANDBOX_REFUSING_DOMAIN)) return "PIX key not found";
    if (order.recipientDocument !== null && sandboxKeyOwner(order.pixKeyType, order.pixKey) !== order.recipientDocument)
      return KEY_NOT_DOCUMENTS_REASON;
    return null;
  }

  /**
   * Takes every devolução (SANDBOX_SETTLE_MS=0: it stays PROCESSING until
   * simulateRefundOutcome), except those whose reason names a sandbox marker.
   */
  async sendRefund(order: RefundOrder): Promise<RefundAtBank> {
    const state = this.refundState(order, new Date());
    return state.status === "PROCESSING"
      ? { ...state, settleAfterMs: this.settleMs > 0 ? this.settleMs : null }
      : state;
  }

  /** The sandbox decides by the order alone: what it would answer now is what it did. */
  async readRefund(order: RefundOrder): Promise<RefundAtBank | null> {
    return this.refundState(order, new Date());
  }

  private refundState(order: RefundOrder, at: Date): RefundAtBank {
    const description = order.description ?? "";
    if (description.includes(SANDBOX_REFUND_UNAVAILABLE_MARKER)) throw new ProviderUnavailableError();
    if (description.includes(SANDBOX_REFUND_REFUSED_MARKER))
      return { status: "REFUSED", returnId: null, reason: SANDBOX_REFUND_REFUSED_REASON };
    return {
      status: "PROCESSING",
      returnId: sandboxReturnId(this.ispb, order.returnRequestId, at),
      settleAfterMs: null,
    };
  }

  verifyNotification(rawBody: Buffer, signatureHeader: string | undefined): boolean {
    if (!signatureHeader) return false;
    return safeEqual(signatureHeader.trim().toLowerCase(), hmacSha256Hex(this.webhookSecret, rawBody));
  }
}
