import type { FastifyInstance } from "fastify";
import type { DataSource } from "typeorm";
import { serviceUnavailable, unauthenticated, validationError } from "../../core/errors";
import type { Logger } from "../../core/logger";
import { formatBrl } from "../../core/money";
import { queryRows } from "../../core/sql";
import { registerRawBodies } from "../../http/json-body";
import type { InboundPixResult } from "../../inbound-pix";
import {
  EFI_WEBHOOK_PATH,
  type EfiPixProvider,
  ProviderUnavailableError,
  type TransferAtBank,
  withdrawalIdOf,
  writeProviderState,
} from "../../provider";
import { TRANSFER_ORDER_COLUMNS, type TransferOrderRow, transferOrderOfRow } from "../../withdrawals";
import { UnconfirmedNotificationKind } from "../unconfirmed-notification.entity";
import type {
  NotificationCaller,
  UnconfirmedClaim,
  UnconfirmedNotificationsService,
} from "../unconfirmed-notifications.service";
import type { EfiPix, EfiReadBack } from "./efi-read-back";

/** What a notification's entry of a received Pix (and its devoluções) led to. */
export interface EfiPixHintResult {
  /** The end-to-end id it named (null: none that can be read back). */
  endToEndId: string | null;
  /** CONFIRMED: the bank says what it said; UNCONFIRMED: it does not (kept for review). */
  outcome: "CONFIRMED" | "UNCONFIRMED";
  /** What the bank's own Pix, read back, did (null when the bank has none). */
  applied: InboundPixResult | null;
  /** The review records of what the bank did not confirm. */
  unconfirmed: string[];
}

/** What a notification of a Pix Send's outcome led to. */
export interface EfiTransferHintResult {
  idEnvio: string | null;
  withdrawalId: string | null;
  /** PAID or FAILED: what the bank, read back, decided now; UNCHANGED: nothing to apply. */
  outcome: "PAID" | "FAILED" | "UNCHANGED";
  confirmed: boolean;
  unconfirmed: string | null;
}

export interface EfiNotificationResult {
  received: number;
  /** Efí's test notification (sent when the webhook is registered): nothing to apply. */
  test: boolean;
  pix: EfiPixHintResult[];
  transfers: EfiTransferHintResult[];
}

/** The notification's last call, for the provider page. */
export interface LastNotification {
  at: string;
  test: boolean;
  payments: number;
  transfers: number;
  /** Entries the bank did not confirm, kept for review. */
  unconfirmed?: number;
  failed: string | null;
}

const END_TO_END_ID = /^[A-Za-z0-9]{32}$/;
const VALOR = /^\d{1,10}\.\d{2}$/;
const MAX_ITEMS = 500;
/** Efí's words for a send's states, as the service reads them back. */
const SEND_STATUS_OF: Record<TransferAtBank["status"], string> = {
  PAID: "REALIZADO",
  FAILED: "NAO_REALIZADO",
  PROCESSING: "EM_PROCESSAMENTO",
};

/**
 * Efí's notifications (`POST /provider/efi/pix?hmac=…&ignorar=/pix`). The `hmac` only says who
 * may call; nothing is taken on a notification's word (CONTRACT §10). Each entry is a hint:
 * - a received Pix is read back (`GET /v2/pix/{e2eid}`) and what the bank has is applied,
 *   with its devoluções as the bank lists them, through the path reconciliation applies its
 *   lists by (efi-read-back.ts);
 * - a Pix Send's outcome (`gnExtras.idEnvio`) reads the send back
 *   (`GET /v2/gn/pix/enviados/id-envio/{idEnvio}`) and applies the bank's state, as
 *   reconciliation does for a send without news.
 * What the bank does not confirm (no such Pix, another txid or amount, a send or devolução in
 * another state) is kept for an operator with the caller's address and changes nothing. The
 * caller gets a 2xx either way, so that Efí does not send it forever; a bank that cannot be
 * read answers 503, and Efí sends the notification again (reconciliation covers it too).
 */
export class EfiNotificationsService {
  constructor(
    private readonly db: DataSource,
    private readonly provider: EfiPixProvider,
    private readonly readBack: EfiReadBack,
    private readonly review: UnconfirmedNotificationsService,
    private readonly logger: Logger,
  ) {}

  async receive(hmac: string | undefined, rawBody: Buffer, caller: NotificationCaller): Promise<EfiNotificationResult> {
    if (!this.provider.verifyWebhookSecret(hmac)) throw unauthenticated();
    let body: unknown;
    try {
      body = JSON.parse(rawBody.toString("utf8"));
    } catch {
      throw validationError("body is not valid JSON");
    }
    if (typeof body !== "object" || body === null || Array.isArray(body))
      throw validationError("body must be an object");
    const items = (body as { pix?: unknown }).pix;
    if (!Array.isArray(items)) {
      // Efí's test notification when the webhook is registered: `{"evento": "teste_webhook", ...}`.
      if (typeof (body as { evento?: unknown }).evento === "string") {
        await this.remember({ at: new Date().toISOString(), test: true, payments: 0, transfers: 0, failed: null });
        return { received: 0, test: true, pix: [], transfers: [] };
      }
      throw validationError('body must be {"pix": [...]}');
    }
    if (items.length > MAX_ITEMS) throw validationError(`at most ${MAX_ITEMS} entries per notification`);
    const result: EfiNotificationResult = { received: items.length, test: false, pix: [], transfers: [] };
    let failure: unknown = null;
    // One read-back per end-to-end id, however many entries of the batch name it.
    const readBacks = new Map<string, Promise<EfiPix | null>>();
    const readPix = (endToEndId: string) => {
      let read = readBacks.get(endToEndId);
      if (!read) {
        read = this.readBack.readPix(endToEndId);
        readBacks.set(endToEndId, read);
      }
      return read;
    };
    for (const item of items) {
      try {
        if (isTransferOutcome(item)) result.transfers.push(await this.transferHint(item as SendNotice, caller));
        else result.pix.push(await this.pixHint(item, caller, readPix));
      } catch (error) {
        failure ??= error;
      }
    }
    const unconfirmed =
      result.pix.reduce((sum, hint) => sum + hint.unconfirmed.length, 0) +
      result.transfers.filter((hint) => hint.unconfirmed !== null).length;
    await this.remember({
      at: new Date().toISOString(),
      test: false,
      payments: items.length - result.transfers.length,
      transfers: result.transfers.length,
      unconfirmed,
      failed: failure === null ? null : failure instanceof Error ? failure.message : String(failure),
    }).catch(() => undefined);
    if (failure instanceof ProviderUnavailableError) {
      throw serviceUnavailable("The bank could not be read back; send the notification again");
    }
    if (failure !== null) throw failure; // Efí sends it again; what was applied answers as duplicate then
    return result;
  }

  /**
   * A received Pix: the bank's own, read back by the end-to-end id the entry names, is applied;
   * the entry's txid, amount and devoluções are only compared with it.
   */
  private async pixHint(
    item: unknown,
    caller: NotificationCaller,
    readPix: (endToEndId: string) => Promise<EfiPix | null>,
  ): Promise<EfiPixHintResult> {
    const entry = isObject(item) ? (item as PixNotice) : {};
    const endToEndId =
      typeof entry.endToEndId === "string" && END_TO_END_ID.test(entry.endToEndId) ? entry.endToEndId : null;
    const claim = {
      endToEndId,
      txid: typeof entry.txid === "string" ? entry.txid.slice(0, 35) : null,
      amountCents: centsOf(entry.valor),
    };
    const unconfirmed: string[] = [];
    const keep = async (fields: Omit<UnconfirmedClaim, "notification">) =>
      unconfirmed.push(await this.review.record({ ...fields, notification: item }, caller));
    if (endToEndId === null) {
      await keep({
        kind: UnconfirmedNotificationKind.RECEIVED_PIX,
        problem: "no endToEndId to read the Pix back by",
        ...claim,
        companyId: await this.companyOfTxid(claim.txid),
        bankAnswer: null,
      });
      return { endToEndId, outcome: "UNCONFIRMED", applied: null, unconfirmed };
    }
    const bank = await readPix(endToEndId);
    if (bank === null) {
      await keep({
        kind: UnconfirmedNotificationKind.RECEIVED_PIX,
        problem: `the bank has no received Pix ${endToEndId}`,
        ...claim,
        companyId: await this.companyOfTxid(claim.txid),
        bankAnswer: null,
      });
      return { endToEndId, outcome: "UNCONFIRMED", applied: null, unconfirmed };
    }
    const bankCents = centsOf(bank.valor);
    // Only what the entry claims is compared: an entry that names the Pix alone is a plain hint.
    const otherTxid = typeof entry.txid === "string" && entry.txid !== (bank.txid ?? null);
    const otherAmount = entry.valor !== undefined && (bankCents === null || bankCents !== claim.amountCents);
    if (otherTxid || otherAmount) {
      await keep({
        kind: UnconfirmedNotificationKind.RECEIVED_PIX,
        problem: `the bank has Pix ${endToEndId} for txid ${bank.txid ?? "(none)"} and ${moneyText(bankCents)}, not txid ${claim.txid ?? "(none)"} and ${moneyText(claim.amountCents)}`,
        ...claim,
        companyId: await this.companyOfTxid(claim.txid),
        bankAnswer: bank,
      });
    }
    for (const devolucao of claimedReturns(entry.devolucoes)) {
      const problem = returnDisagreement(devolucao, bank);
      if (problem === null) continue;
      await keep({
        kind: UnconfirmedNotificationKind.RETURN_OUTCOME,
        problem,
        endToEndId,
        txid: bank.txid ?? null,
        amountCents: centsOf(devolucao.valor),
        claimedStatus: typeof devolucao.status === "string" ? devolucao.status.slice(0, 40) : null,
        returnRequestId: typeof devolucao.id === "string" ? devolucao.id.slice(0, 35) : null,
        companyId: await this.companyOfTxid(bank.txid ?? null),
        bankAnswer: bank.devolucoes ?? [],
      });
    }
    // What the bank has is applied whatever the entry said (a real Pix is money that came).
    const [applied] = await this.readBack.applyReceived([bank], caller.requestId);
    return { endToEndId, outcome: unconfirmed.length === 0 ? "CONFIRMED" : "UNCONFIRMED", applied, unconfirmed };
  }

  /** A Pix Send's outcome: the send is read back and the bank's state applied, never the entry's. */
  private async transferHint(item: SendNotice, caller: NotificationCaller): Promise<EfiTransferHintResult> {
    const idEnvio = typeof item.gnExtras?.idEnvio === "string" ? item.gnExtras.idEnvio.slice(0, 35) : null;
    const withdrawalId = idEnvio === null ? null : withdrawalIdOf(idEnvio);
    const claimedStatus = typeof item.status === "string" ? item.status.slice(0, 40) : null;
    const claim = {
      kind: UnconfirmedNotificationKind.TRANSFER_OUTCOME,
      endToEndId: typeof item.endToEndId === "string" ? item.endToEndId.slice(0, 32) : null,
      amountCents: centsOf(item.valor),
      claimedStatus,
      withdrawalId,
      notification: item,
    };
    const unchanged = (unconfirmed: string | null, confirmed = false): EfiTransferHintResult => ({
      idEnvio,
      withdrawalId,
      outcome: "UNCHANGED",
      confirmed,
      unconfirmed,
    });
    if (withdrawalId === null) {
      this.logger.warn("efi: outcome of a Pix Send that is not a withdrawal of this service", {
        idEnvio,
        requestId: caller.requestId,
      });
      return unchanged(
        await this.review.record(
          { ...claim, problem: `idEnvio ${idEnvio ?? "(none)"} is not a withdrawal of this service`, bankAnswer: null },
          caller,
        ),
      );
    }
    const row = await this.readBack.processingWithdrawal(withdrawalId);
    if (row === null) return this.decidedTransferHint(withdrawalId, idEnvio as string, claim, caller);
    const { state, decided } = await this.readBack.readBackTransfer(row, caller.requestId);
    const bankSays = state === null ? null : SEND_STATUS_OF[state.status];
    if (bankSays !== claimedStatus) {
      const id = await this.review.record(
        {
          ...claim,
          companyId: await this.companyOfWithdrawal(withdrawalId),
          problem:
            state === null
              ? `the bank has no Pix Send ${idEnvio}`
              : `the bank reports Pix Send ${idEnvio} ${bankSays}, not ${claimedStatus ?? "(no status)"}`,
          bankAnswer: state,
        },
        caller,
      );
      return { idEnvio, withdrawalId, outcome: decided ?? "UNCHANGED", confirmed: false, unconfirmed: id };
    }
    return { idEnvio, withdrawalId, outcome: decided ?? "UNCHANGED", confirmed: true, unconfirmed: null };
  }

  /**
   * The outcome of a withdrawal no longer PROCESSING (or unknown): the same outcome again is a
   * repeat; another one is read back and kept for review (a send Efí paid after the service
   * gave up on it is money out twice: an operator must see it).
   */
  private async decidedTransferHint(
    withdrawalId: string,
    idEnvio: string,
    claim: Omit<UnconfirmedClaim, "problem" | "bankAnswer">,
    caller: NotificationCaller,
  ): Promise<EfiTransferHintResult> {
    const [row] = await queryRows<TransferOrderRow & { status: string; company_id: string }>(
      this.db,
      `SELECT ${TRANSFER_ORDER_COLUMNS}, status, company_id FROM withdrawals WHERE id = $1`,
      [withdrawalId],
    );
    const result = (unconfirmed: string | null): EfiTransferHintResult => ({
      idEnvio,
      withdrawalId,
      outcome: "UNCHANGED",
      confirmed: unconfirmed === null,
      unconfirmed,
    });
    if (!row) {
      return result(
        await this.review.record({ ...claim, problem: `no withdrawal ${withdrawalId}`, bankAnswer: null }, caller),
      );
    }
    const same =
      (row.status === "PAID" && claim.claimedStatus === "REALIZADO") ||
      (row.status === "FAILED" && claim.claimedStatus === "NAO_REALIZADO");
    if (same) return result(null);
    const state = await this.provider.readTransfer(transferOrderOfRow(row));
    return result(
      await this.review.record(
        {
          ...claim,
          companyId: row.company_id,
          problem: `withdrawal ${withdrawalId} is ${row.status}; the notification said ${claim.claimedStatus ?? "(no status)"}, the bank reports ${state === null ? "no such send" : SEND_STATUS_OF[state.status]}`,
          bankAnswer: state,
        },
        caller,
      ),
    );
  }

  private async companyOfTxid(txid: string | null): Promise<string | null> {
    if (txid === null) return null;
    const [row] = await queryRows<{ company_id: string }>(this.db, "SELECT company_id FROM charges WHERE txid = $1", [
      txid,
    ]);
    return row?.company_id ?? null;
  }

  private async companyOfWithdrawal(id: string): Promise<string | null> {
    const [row] = await queryRows<{ company_id: string }>(this.db, "SELECT company_id FROM withdrawals WHERE id = $1", [
      id,
    ]);
    return row?.company_id ?? null;
  }

  private remember(last: LastNotification): Promise<void> {
    return writeProviderState(this.db, "last_notification", last);
  }
}

interface PixNotice {
  endToEndId?: unknown;
  txid?: unknown;
  valor?: unknown;
  devolucoes?: unknown;
}

interface SendNotice {
  endToEndId?: unknown;
  status?: unknown;
  tipo?: unknown;
  valor?: unknown;
  gnExtras?: { idEnvio?: unknown; erro?: { motivo?: unknown } };
}

interface ReturnNotice {
  id?: unknown;
  valor?: unknown;
  status?: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function isTransferOutcome(item: unknown): boolean {
  if (!isObject(item)) return false;
  const entry = item as SendNotice;
  return entry.tipo === "SOLICITACAO" || (isObject(entry.gnExtras) && entry.gnExtras.idEnvio !== undefined);
}

function centsOf(valor: unknown): bigint | null {
  if (typeof valor !== "string" || !VALOR.test(valor)) return null;
  const [whole, fraction] = valor.split(".");
  return BigInt(whole) * 100n + BigInt(fraction);
}

const moneyText = (cents: bigint | null) => (cents === null ? "(no amount)" : formatBrl(cents));

/** The devoluções an entry claims (`devolucoes`: a list, or one object as an API Pix example writes it). */
function claimedReturns(devolucoes: unknown): ReturnNotice[] {
  if (devolucoes === undefined || devolucoes === null) return [];
  const items = Array.isArray(devolucoes) ? devolucoes.slice(0, MAX_ITEMS) : [devolucoes];
  return items.map((item) => (isObject(item) ? (item as ReturnNotice) : {}));
}

/** Null when the bank's Pix lists the claimed devolução in the claimed state and amount; else what it says. */
function returnDisagreement(claimed: ReturnNotice, bank: EfiPix): string | null {
  const id = typeof claimed.id === "string" ? claimed.id.slice(0, 35) : null;
  if (id === null) return "a devolução without id: nothing to read back";
  const atBank = (bank.devolucoes ?? []).find((devolucao) => devolucao.id === id);
  if (!atBank) return `the bank has no devolução ${id} of Pix ${bank.endToEndId}`;
  const claimedCents = centsOf(claimed.valor);
  if (atBank.status === claimed.status && claimedCents !== null && centsOf(atBank.valor) === claimedCents) return null;
  return `the bank reports devolução ${id} ${atBank.status ?? "(no status)"} for ${moneyText(centsOf(atBank.valor))}, not ${typeof claimed.status === "string" ? claimed.status.slice(0, 40) : "(no status)"} for ${moneyText(claimedCents)}`;
}

/**
 * The route, authenticated by the `hmac` query parameter (CONTRACT §10). The `/pix` Efí
 * appends to the registered URL lands in the ignored `ignorar` parameter. The answer says
 * only how many entries came: what the bank confirmed is nobody's business at this door.
 */
export async function efiNotificationRoutes(app: FastifyInstance, options: { notifications: EfiNotificationsService }) {
  registerRawBodies(app);
  app.post(EFI_WEBHOOK_PATH, { config: { access: "provider" } }, async (request) => {
    const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const { hmac } = request.query as { hmac?: string | string[] };
    const result = await options.notifications.receive(Array.isArray(hmac) ? undefined : hmac, rawBody, {
      address: request.ip,
      requestId: request.id,
    });
    return { received: result.received, test: result.test };
  });
}
