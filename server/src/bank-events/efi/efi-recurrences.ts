import type { FastifyInstance } from "fastify";
import type { DataSource } from "typeorm";
import type { Acting } from "../../audit";
import { serviceUnavailable, unauthenticated, validationError } from "../../core/errors";
import { describeError, type Logger } from "../../core/logger";
import { queryRows } from "../../core/sql";
import { registerRawBodies } from "../../http/json-body";
import {
  EFI_COBR_WEBHOOK_PATH,
  EFI_REC_WEBHOOK_PATH,
  type EfiCobr,
  type EfiPixProvider,
  type EfiRec,
  listEveryPage,
  ProviderUnavailableError,
  recurrenceAtBankOf,
} from "../../provider";
import { RecurrenceStatus, type RecurrencesService, type RecurringChargesService } from "../../recurrences";
import { UnconfirmedNotificationKind } from "../unconfirmed-notification.entity";
import type { NotificationCaller, UnconfirmedNotificationsService } from "../unconfirmed-notifications.service";
import type { EfiReadBack } from "./efi-read-back";

/**
 * Pix Automático with Efí (CONTRACT §10, §12): what Efí says of a recurrence (`rec`) and of a
 * recurring charge (`cobr`), applied through one path whether it comes from a notification
 * or from reconciliation's listings:
 * - a rec's status moves the recurrence (APROVADA, REJEITADA, EXPIRADA; CANCELADA by the payer
 *   or the receiver), idempotently (RecurrencesService.applyBankStatus);
 * - a cobr's attempts (`tentativas`, in order: attempt n is the n-th) record each debit's
 *   outcome once (RecurringChargesService.applyBankDebit): PAGA pays the charge (ledger, fee,
 *   charge.paid) under the attempt's end-to-end id, REJEITADA records the refusal and
 *   charge.payment_failed; the retry the service then schedules is asked of Efí
 *   (`POST /v2/cobr/{txid}/retentativa/{data}`). A debit Efí made for a charge that is no
 *   longer PENDING is money that came: it goes the way of any received Pix (a payment exception).
 * A notification is only a hint (`POST /provider/efi/rec`, `/provider/efi/cobr`, the `hmac` as
 * the Pix one's): each entry is read back (`GET /v2/rec/{idRec}`, `GET /v2/cobr/{txid}`) and
 * what the bank answers is applied; what the entry claimed and the bank does not say is kept
 * for operators. Every bank call is outside the transactions that apply it.
 */
export const EFI_ACTOR = "provider:efi";
const EFI_ACTING: Acting = {
  actor: EFI_ACTOR,
  audit: { actor: EFI_ACTOR, actorKind: "SYSTEM", address: null, requestId: null },
  requestId: null,
};
const MAX_ITEMS = 500;
const PAGE_SIZE = 1000;
const RETRIES_PER_RUN = 200;
const REC_ID = /^[A-Za-z0-9]{29}$/;
const TXID = /^[A-Za-z0-9]{26,35}$/;

/** What one rec or cobr of the bank led to. */
export interface RecurrenceDifference {
  idRec: string | null;
  txid: string | null;
  /** RECURRENCE_MOVED, DEBIT_PAID, DEBIT_FAILED, RETRY_ASKED, DEBIT_EXCEPTION, UNKNOWN. */
  outcome: string;
  detail: string | null;
}

export interface RecurrenceNotificationResult {
  received: number;
  test: boolean;
  applied: RecurrenceDifference[];
  unconfirmed: string[];
}

interface ChargeRow {
  id: string;
  company_id: string;
  status: string;
  type: string;
  e2e_id: string | null;
  debit_attempt: number | null;
  next_attempt_day: string | null;
}

export class EfiRecurrences {
  constructor(
    private readonly db: DataSource,
    private readonly provider: EfiPixProvider,
    private readonly recurrences: Pick<RecurrencesService, "applyBankStatus">,
    private readonly recurringCharges: Pick<RecurringChargesService, "applyBankDebit">,
    private readonly readBack: Pick<EfiReadBack, "applyReceived">,
    private readonly review: Pick<UnconfirmedNotificationsService, "record">,
    private readonly logger: Logger,
  ) {}

  // --- the one path --------------------------------------------------------------------------

  /** A rec as the bank has it: the recurrence moves to the status the bank gives it, once. */
  async applyRec(rec: EfiRec, requestId: string | null = null): Promise<RecurrenceDifference | null> {
    const idRec = rec.idRec ?? null;
    const atBank = recurrenceAtBankOf(rec);
    if (idRec === null || atBank === null || atBank.status === "CREATED") return null; // CRIADA: nothing decided yet
    const [row] = await queryRows<{ id: string }>(this.db, "SELECT id FROM recurrences WHERE bank_recurrence_id = $1", [
      idRec,
    ]);
    if (!row) return { idRec, txid: null, outcome: "UNKNOWN", detail: `no recurrence has idRec ${idRec}` };
    const moved = await this.recurrences.applyBankStatus(
      row.id,
      RecurrenceStatus[atBank.status],
      atBank.reason,
      atBank.byPayer,
      { ...EFI_ACTING, requestId },
    );
    return moved === null
      ? null
      : { idRec, txid: null, outcome: "RECURRENCE_MOVED", detail: `recurrence ${row.id} is ${moved.status}` };
  }

  /**
   * A cobr as the bank has it: each attempt's outcome recorded in order, once; then the retry
   * the service scheduled asked of the bank, when the bank has no attempt for that day yet.
   */
  async applyCobr(cobr: EfiCobr, requestId: string | null = null): Promise<RecurrenceDifference[]> {
    const txid = cobr.txid ?? null;
    if (txid === null) return [];
    const differences: RecurrenceDifference[] = [];
    const note = (outcome: string, detail: string | null) =>
      differences.push({ idRec: cobr.idRec ?? null, txid, outcome, detail });
    let charge = await this.chargeOfTxid(txid);
    if (charge === null || charge.type !== "RECURRING") {
      note("UNKNOWN", `no recurring charge has txid ${txid}`);
      // A debit Efí made for a cobr the service does not have (a registration whose answer was lost) is money that came.
      for (const pix of cobr.pix ?? []) {
        if (!pix.endToEndId) continue;
        const [applied] = await this.readBack.applyReceived([{ ...pix, txid }], requestId);
        if (applied && applied.outcome !== "DUPLICATE")
          note("DEBIT_EXCEPTION", applied.exceptionKind ?? applied.outcome);
      }
      return differences;
    }
    const acting = { ...EFI_ACTING, requestId };
    const attempts = cobr.tentativas ?? [];
    for (const [index, attempt] of attempts.entries()) {
      const number = index + 1;
      if (attempt.status === "PAGA") {
        const e2eId = attempt.endToEndId ?? null;
        const pix = (cobr.pix ?? []).find((item) => item.endToEndId === e2eId) ?? cobr.pix?.[0];
        if (e2eId === null) continue;
        const paidAt = new Date(pix?.horario ?? lastChange(attempt) ?? Date.now());
        const paid = await this.recurringCharges.applyBankDebit(
          charge.id,
          number,
          "PAID",
          null,
          { e2eId, paidAt },
          acting,
        );
        if (paid) note("DEBIT_PAID", `charge ${charge.id} paid by attempt ${number}`);
        else if (charge.e2e_id !== e2eId) {
          // Efí debited the payer for a charge no longer PENDING here: money that came, for review.
          const [applied] = await this.readBack.applyReceived(
            [{ endToEndId: e2eId, txid, valor: pix?.valor ?? cobr.valor?.original, horario: paidAt.toISOString() }],
            requestId,
          );
          if (applied && applied.outcome !== "DUPLICATE")
            note("DEBIT_EXCEPTION", applied.exceptionKind ?? applied.outcome);
        }
      } else if (attempt.status === "REJEITADA") {
        const reason = attempt.rejeicao?.descricao?.slice(0, 140) ?? attempt.rejeicao?.codigo ?? null;
        const failed = await this.recurringCharges.applyBankDebit(charge.id, number, "FAILED", reason, null, acting);
        if (failed) note("DEBIT_FAILED", `charge ${charge.id} attempt ${number}: ${reason ?? "refused"}`);
      } else {
        break; // scheduled, or ended without a debit: nothing more to record
      }
      charge = (await this.chargeOfTxid(txid)) as ChargeRow;
    }
    const retryDay = charge.next_attempt_day;
    const last = attempts.at(-1);
    if (
      charge.status === "PENDING" &&
      retryDay !== null &&
      last?.status === "REJEITADA" &&
      !attempts.some((attempt) => attempt.dataLiquidacao === retryDay)
    ) {
      try {
        await this.provider.retryRecurringCharge(txid, retryDay);
        note("RETRY_ASKED", `attempt ${charge.debit_attempt} on ${retryDay}`);
      } catch (error) {
        if (error instanceof ProviderUnavailableError) throw error;
        this.logger.warn("efi: the bank refused a recurring charge's retry", {
          txid,
          retryDay,
          ...describeError(error),
        });
        note("RETRY_REFUSED", error instanceof Error ? error.message : String(error));
      }
    }
    return differences;
  }

  private async chargeOfTxid(txid: string): Promise<ChargeRow | null> {
    const [row] = await queryRows<ChargeRow>(
      this.db,
      `SELECT id, company_id, status, type, e2e_id, debit_attempt, next_attempt_on::text AS next_attempt_day
         FROM charges WHERE txid = $1`,
      [txid],
    );
    return row ?? null;
  }

  // --- reconciliation --------------------------------------------------------------------------

  /** Every rec and cobr that changed in the window (`GET /v2/rec`, `GET /v2/cobr`, every page), applied. */
  async reconcile(from: Date, to: Date): Promise<{ recs: number; cobsr: number; differences: RecurrenceDifference[] }> {
    const recs = await listEveryPage<EfiRec>(this.provider.client, "/v2/rec", "recs", from, to, PAGE_SIZE);
    const cobsr = await listEveryPage<EfiCobr>(this.provider.client, "/v2/cobr", "cobsr", from, to, PAGE_SIZE);
    const differences: RecurrenceDifference[] = [];
    for (const rec of recs) {
      const difference = await this.applyRec(rec);
      if (difference) differences.push(difference);
    }
    const listed = new Set(cobsr.map((cobr) => cobr.txid));
    for (const cobr of cobsr) differences.push(...(await this.applyCobr(cobr)));
    // A retry the bank could not be asked for (it was down longer than the windows overlap) is asked again.
    for (const txid of await this.chargesAwaitingRetry()) {
      if (listed.has(txid)) continue;
      const cobr = await this.provider.readRecurringCharge(txid);
      if (cobr !== null) differences.push(...(await this.applyCobr(cobr)));
    }
    return { recs: recs.length, cobsr: cobsr.length, differences };
  }

  /** PENDING recurring charges past a refused attempt whose next attempt is today or later. */
  private async chargesAwaitingRetry(): Promise<string[]> {
    const rows = await queryRows<{ txid: string }>(
      this.db,
      `SELECT txid FROM charges
        WHERE type = 'RECURRING' AND status = 'PENDING' AND debit_attempt > 1
          AND next_attempt_on >= (now() AT TIME ZONE 'America/Sao_Paulo')::date
        ORDER BY next_attempt_on LIMIT ${RETRIES_PER_RUN}`,
    );
    return rows.map((row) => row.txid);
  }

  // --- notifications ---------------------------------------------------------------------------

  /**
   * `POST /provider/efi/rec` (`{"recs": [...]}`) or `/provider/efi/cobr` (`{"cobsr": [...]}`):
   * the `hmac` says who may call; each entry is read back and the bank's answer applied. A bank
   * that cannot be read answers 503 (Efí sends it again; reconciliation covers it too).
   */
  async receive(
    kind: "rec" | "cobr",
    hmac: string | undefined,
    rawBody: Buffer,
    caller: NotificationCaller,
  ): Promise<RecurrenceNotificationResult> {
    if (!this.provider.verifyWebhookSecret(hmac)) throw unauthenticated();
    let body: unknown;
    try {
      body = JSON.parse(rawBody.toString("utf8"));
    } catch {
      throw validationError("body is not valid JSON");
    }
    if (!isObject(body)) throw validationError("body must be an object");
    const field = kind === "rec" ? "recs" : "cobsr";
    const items = body[field];
    if (!Array.isArray(items)) {
      // Efí's test notification when the webhook is registered.
      if (typeof body.evento === "string") return { received: 0, test: true, applied: [], unconfirmed: [] };
      throw validationError(`body must be {"${field}": [...]}`);
    }
    if (items.length > MAX_ITEMS) throw validationError(`at most ${MAX_ITEMS} entries per notification`);
    const result: RecurrenceNotificationResult = { received: items.length, test: false, applied: [], unconfirmed: [] };
    let failure: unknown = null;
    for (const item of items) {
      try {
        if (kind === "rec") await this.recHint(item, caller, result);
        else await this.cobrHint(item, caller, result);
      } catch (error) {
        failure ??= error;
      }
    }
    if (failure instanceof ProviderUnavailableError) {
      throw serviceUnavailable("The bank could not be read back; send the notification again");
    }
    if (failure !== null) throw failure;
    return result;
  }

  private async recHint(item: unknown, caller: NotificationCaller, result: RecurrenceNotificationResult) {
    const entry = isObject(item) ? item : {};
    const idRec = typeof entry.idRec === "string" && REC_ID.test(entry.idRec) ? entry.idRec : null;
    const claimed = typeof entry.status === "string" ? entry.status.slice(0, 40) : null;
    const bank = idRec === null ? null : await this.provider.readRecurrence(idRec);
    // A status the bank has had is confirmed (read back later, the recurrence may have moved on).
    if (bank === null || !historyOf(bank).has(claimed ?? undefined)) {
      result.unconfirmed.push(
        await this.review.record(
          {
            kind: UnconfirmedNotificationKind.RECURRENCE_STATUS,
            problem:
              idRec === null
                ? "no idRec to read the recurrence back by"
                : bank === null
                  ? `the bank has no recurrence ${idRec}`
                  : `the bank reports recurrence ${idRec} ${bank.status ?? "(no status)"}, not ${claimed ?? "(no status)"}`,
            claimedStatus: claimed,
            companyId: idRec === null ? null : await this.companyOfRec(idRec),
            bankAnswer: bank,
            notification: item,
          },
          caller,
        ),
      );
    }
    if (bank === null) return;
    // What the bank has is applied whatever the entry said.
    const applied = await this.applyRec(bank, caller.requestId);
    if (applied) result.applied.push(applied);
  }

  private async cobrHint(item: unknown, caller: NotificationCaller, result: RecurrenceNotificationResult) {
    const entry = (isObject(item) ? item : {}) as EfiCobr & Record<string, unknown>;
    const txid = typeof entry.txid === "string" && TXID.test(entry.txid) ? entry.txid : null;
    const bank = txid === null ? null : await this.provider.readRecurringCharge(txid);
    const problem = cobrDisagreement(entry, bank, txid);
    if (problem !== null) {
      const paid = Array.isArray(entry.pix) ? entry.pix[0] : undefined;
      result.unconfirmed.push(
        await this.review.record(
          {
            kind: UnconfirmedNotificationKind.RECURRING_DEBIT,
            problem,
            txid,
            endToEndId: typeof paid?.endToEndId === "string" ? paid.endToEndId.slice(0, 32) : null,
            amountCents: centsOf(paid?.valor),
            claimedStatus: typeof entry.status === "string" ? entry.status.slice(0, 40) : null,
            companyId: txid === null ? null : ((await this.chargeOfTxid(txid))?.company_id ?? null),
            bankAnswer: bank,
            notification: item,
          },
          caller,
        ),
      );
    }
    if (bank === null) return;
    result.applied.push(...(await this.applyCobr(bank, caller.requestId)));
  }

  private async companyOfRec(idRec: string): Promise<string | null> {
    const [row] = await queryRows<{ company_id: string }>(
      this.db,
      "SELECT company_id FROM recurrences WHERE bank_recurrence_id = $1",
      [idRec],
    );
    return row?.company_id ?? null;
  }
}

/** The statuses a rec, cobr or attempt has had at the bank: its history and its current one. */
function historyOf(
  item: { status?: string; atualizacao?: { status?: string }[] } | undefined,
): Set<string | undefined> {
  return new Set([item?.status, ...(Array.isArray(item?.atualizacao) ? item.atualizacao : []).map((c) => c?.status)]);
}

/**
 * Null when the bank's cobr confirms what the entry claims: each status it names (the cobr's,
 * each attempt's) one the bank has had (a notification read back later finds it moved on),
 * and each Pix it names one the bank has; else what the bank says.
 */
function cobrDisagreement(entry: EfiCobr, bank: EfiCobr | null, txid: string | null): string | null {
  if (txid === null) return "no txid to read the recurring charge back by";
  if (bank === null) return `the bank has no recurring charge ${txid}`;
  const attemptsOf = (cobr: EfiCobr) => (Array.isArray(cobr.tentativas) ? cobr.tentativas : []);
  const pixOf = (cobr: EfiCobr) =>
    (Array.isArray(cobr.pix) ? cobr.pix : []).map((pix) => `${pix?.endToEndId}:${pix?.valor}`).sort();
  const bankAttempts = attemptsOf(bank);
  const sameStatus = entry.status === undefined || historyOf(bank).has(entry.status);
  const sameAttempts = attemptsOf(entry).every(
    (attempt, index) => attempt?.status === undefined || historyOf(bankAttempts[index]).has(attempt.status),
  );
  const bankPix = new Set(pixOf(bank));
  const samePix = pixOf(entry).every((pix) => bankPix.has(pix));
  if (sameStatus && sameAttempts && samePix) return null;
  return `the bank reports recurring charge ${txid} ${bank.status ?? "(no status)"} with attempts [${bankAttempts.map((a) => a?.status).join(", ")}] and Pix [${[...bankPix].join(", ")}], not ${String(entry.status ?? "(no status)").slice(0, 40)} with [${attemptsOf(
    entry,
  )
    .map((a) => a?.status)
    .join(", ")}] and [${pixOf(entry).join(", ")}]`;
}

function lastChange(attempt: NonNullable<EfiCobr["tentativas"]>[number]): string | undefined {
  return attempt.atualizacao?.at(-1)?.data;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function centsOf(valor: unknown): bigint | null {
  if (typeof valor !== "string" || !/^\d{1,10}\.\d{2}$/.test(valor)) return null;
  const [whole, fraction] = valor.split(".");
  return BigInt(whole) * 100n + BigInt(fraction);
}

/**
 * The routes, authenticated by the `hmac` query parameter as the Pix one (CONTRACT §10); the
 * `/rec` or `/cobr` Efí appends lands in the ignored `ignorar` parameter.
 */
export async function efiRecurrenceNotificationRoutes(app: FastifyInstance, options: { recurrences: EfiRecurrences }) {
  registerRawBodies(app);
  for (const [path, kind] of [
    [EFI_REC_WEBHOOK_PATH, "rec"],
    [EFI_COBR_WEBHOOK_PATH, "cobr"],
  ] as const) {
    app.post(path, { config: { access: "provider" } }, async (request) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const { hmac } = request.query as { hmac?: string | string[] };
      const result = await options.recurrences.receive(kind, Array.isArray(hmac) ? undefined : hmac, rawBody, {
        address: request.ip,
        requestId: request.id,
      });
      return { received: result.received, test: result.test };
    });
  }
}
