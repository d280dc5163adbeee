import { AppError } from "../../core/errors";
import { formatBrl } from "../../core/money";
import { safeEqual } from "../../core/secrets";
import {
  BankAccountType,
  KEY_NOT_DOCUMENTS_REASON,
  maskDocument,
  pixParticipantName,
  type RecipientAtBank,
} from "../../withdrawals/model";
import { cobvCalendario, cobvValor, devedorOf } from "../api-pix-cobv";
import {
  type ChargeRegistration,
  type ChargeRemoval,
  type DueDateChargeRegistration,
  type PayerBankAuthorisation,
  type PayerBankAuthorisationRequest,
  type PixProvider,
  ProviderUnavailableError,
  type RecurrenceAtBank,
  type RecurrenceRegistration,
  type RecurrenceTerms,
  type RecurringChargeRegistration,
  type RefundAtBank,
  type RefundOrder,
  type RegisteredCharge,
  type RegisteredRecurrence,
  type TransferAtBank,
  type TransferOrder,
  type TransferSubmission,
} from "../pix-provider";
import { EfiApiError, type EfiClient } from "./efi-client";

/** Efí Pay's ISPB (Efí S.A. IP), in the end-to-end ids of the transfers it sends. */
export const EFI_ISPB = "09089356";
/** Where Efí's notifications come in (CONTRACT §10). */
export const EFI_WEBHOOK_PATH = "/provider/efi/pix";

/**
 * A withdrawal's Pix Send id (`idEnvio`, `[a-zA-Z0-9]{1,35}`): its id without the underscore
 * (`wd_AbC…` → `wdAbC…`). The same withdrawal is always the same send, so a submission sent
 * again (a retried job, a worker killed after the call) cannot pay twice: Efí answers 409.
 */
export function idEnvioOf(withdrawalId: string): string {
  return withdrawalId.replace("_", "");
}

/** The withdrawal a Pix Send id belongs to, or null when the id is not one of ours. */
export function withdrawalIdOf(idEnvio: string): string | null {
  return /^wd[A-Za-z0-9]{1,33}$/.test(idEnvio) ? `wd_${idEnvio.slice(2)}` : null;
}

/** How often, and how many times, a lote Efí is still processing is read again. */
const LOTE_READS = 20;
const LOTE_READ_INTERVAL_MS = 500;

/** API Pix money: "10.50". */
const valor = (cents: bigint) => formatBrl(cents);

interface CobAnswer {
  txid: string;
  status: string;
  valor?: { original?: string };
  location?: string;
  loc?: { location?: string };
  pixCopiaECola?: string;
}

interface LoteAnswer {
  cobsv?: { txid: string; status: string; problema?: { detail?: string; title?: string } }[];
}

interface SendAnswer {
  endToEndId?: string;
  idEnvio?: string;
  status?: string;
  favorecido?: {
    identificacao?: { nome?: string; cpf?: string; cnpj?: string };
    contaBanco?: { nome?: string; cpf?: string; cnpj?: string; codigoBanco?: string };
  };
  gnExtras?: { erro?: { motivo?: string } };
}

/** Efí's error for a send whose key is not the `favorecido.cpf|cnpj`'s (CONTRACT §15). */
const KEY_NOT_DOCUMENTS = "chave_nao_pertence_ao_documento";

interface DevolucaoAnswer {
  id: string;
  rtrId?: string;
  status?: string;
  motivo?: string;
  horario?: { solicitacao?: string; liquidacao?: string };
}

export interface EfiProviderOptions {
  pixKey: string;
  webhookSecret: string;
  publicBaseUrl: string;
  /** EFI_ACCOUNT_NUMBER: the account recurring charges credit; null: none can be made. */
  accountNumber?: string | null;
}

/** Where Efí's Pix Automático notifications come in: `{webhookUrl}/rec` and `/cobr` land in `ignorar`. */
export const EFI_REC_WEBHOOK_PATH = "/provider/efi/rec";
export const EFI_COBR_WEBHOOK_PATH = "/provider/efi/cobr";

/** Efí Bank's branch, and the kind of its accounts (a payment institution's). */
const EFI_BRANCH = "0001";
const EFI_ACCOUNT_TYPE_OF_RECEIVER = "PAGAMENTO";

/** The service's frequencies and retry policies as API Pix names them. */
const PERIODICIDADE: Record<RecurrenceTerms["frequency"], string> = {
  WEEKLY: "SEMANAL",
  MONTHLY: "MENSAL",
  QUARTERLY: "TRIMESTRAL",
  SEMIANNUAL: "SEMESTRAL",
  ANNUAL: "ANUAL",
};
const POLITICA_RETENTATIVA: Record<RecurrenceTerms["retryPolicy"], string> = {
  NONE: "NAO_PERMITE",
  THREE_IN_SEVEN_DAYS: "PERMITE_3R_7D",
};

/** A recurrence as Efí answers it (API Pix RecCompleta), as far as the service reads it. */
export interface EfiRec {
  idRec?: string;
  status?: string;
  atualizacao?: { status?: string; data?: string }[];
  loc?: { id?: number; location?: string };
  encerramento?: {
    rejeicao?: { codigo?: string; descricao?: string };
    cancelamento?: { solicitante?: string; codigo?: string; descricao?: string };
  };
  dadosQR?: { jornada?: string; pixCopiaECola?: string };
}

const STATUS_OF_REC: Record<string, RecurrenceAtBank["status"]> = {
  CRIADA: "CREATED",
  APROVADA: "APPROVED",
  REJEITADA: "REJECTED",
  EXPIRADA: "EXPIRED",
  CANCELADA: "CANCELLED",
};
/** The API Pix `encerramento.cancelamento.solicitante` of a cancel from the payer's side. */
const PAYER_SIDE = new Set(["USUARIO_PAGADOR", "PSP_PAGADOR"]);

/**
 * A rec's status, reason and side in the service's words (the one reading of it, for its
 * notifications, reconciliation's listings and the expiry's read): the reason is the
 * rejection's or cancel's `descricao` (140 characters), an expiry's "not authorised in time";
 * null for a status the API Pix does not name.
 */
export function recurrenceAtBankOf(rec: EfiRec): RecurrenceAtBank | null {
  const status = STATUS_OF_REC[rec.status ?? ""];
  if (status === undefined) return null;
  const ended = rec.encerramento?.cancelamento ?? rec.encerramento?.rejeicao;
  const reason = ended?.descricao?.slice(0, 140) ?? (status === "EXPIRED" ? "not authorised in time" : null);
  return { status, reason, byPayer: PAYER_SIDE.has(rec.encerramento?.cancelamento?.solicitante ?? "") };
}

/** A recurring charge as Efí answers it (API Pix CobRCompleta), as far as the service reads it. */
export interface EfiCobr {
  idRec?: string;
  txid?: string;
  status?: string;
  atualizacao?: { status?: string; data?: string }[];
  valor?: { original?: string };
  tentativas?: {
    dataLiquidacao?: string;
    tipo?: string;
    status?: string;
    endToEndId?: string;
    rejeicao?: { codigo?: string; descricao?: string };
    atualizacao?: { status?: string; data?: string }[];
  }[];
  pix?: { endToEndId?: string; txid?: string; valor?: string; horario?: string }[];
}

/**
 * PIX_PROVIDER=efi: the provider interface over Efí's Pix API (CONTRACT §10). Charges are
 * `cob`s whose `pixCopiaECola` is the charge's BR Code; cancelling removes the cob;
 * withdrawals are Pix Send, refunds devoluções. Every sending call is idempotent by an id
 * derived from the service's own row, and a 409 (the id was used) is answered by reading
 * the operation back.
 */
export class EfiPixProvider implements PixProvider {
  readonly name = "efi";
  /** A real bank: nothing is simulated (sandbox-only.ts). */
  readonly simulated = false;
  readonly ispb = EFI_ISPB;
  /** Efí's notifications can be lost: a devolução or transfer still open is read back at these delays. */
  readonly outcomeCheckDelaysMs: readonly number[] = [60_000, 300_000, 1_800_000, 7_200_000, 21_600_000, 86_400_000];
  readonly servesLocations = false;
  /**
   * Efí blocks the claimed amount at its side and returns it to the payer itself when the
   * infraction is ACEITA; its defence takes only `aceito` or `rejeitado` (docs/disputes.md).
   */
  readonly returnsMedItself = true;

  constructor(
    readonly client: EfiClient,
    private readonly options: EfiProviderOptions,
  ) {}

  /** The URL registered for the key: Efí appends `/pix`, which the `ignorar` parameter swallows. */
  get webhookUrl(): string {
    return `${this.options.publicBaseUrl}${EFI_WEBHOOK_PATH}?hmac=${encodeURIComponent(this.options.webhookSecret)}&ignorar=`;
  }

  get pixKey(): string {
    return this.options.pixKey;
  }

  /** A notification's `hmac` parameter against EFI_WEBHOOK_SECRET, in constant time. */
  verifyWebhookSecret(hmac: string | undefined): boolean {
    return typeof hmac === "string" && safeEqual(hmac, this.options.webhookSecret);
  }

  /** Efí does not sign bodies: its notifications come to EFI_WEBHOOK_PATH, never to /provider/pix. */
  verifyNotification(): boolean {
    return false;
  }

  /** `PUT /v2/webhook/{chave}` with `x-skip-mtls-checking: true` (mutual TLS is the proxy's choice). */
  async registerWebhook(): Promise<{ webhookUrl: string }> {
    await this.client.call(
      "PUT",
      `/v2/webhook/${encodeURIComponent(this.options.pixKey)}`,
      {
        webhookUrl: this.webhookUrl,
      },
      { "x-skip-mtls-checking": "true" },
    );
    return { webhookUrl: this.webhookUrl };
  }

  async registerCharge(charge: ChargeRegistration): Promise<RegisteredCharge> {
    return this.putCharge("cob", charge.txid, cobBody(charge, this.options.pixKey));
  }

  /** `PUT /v2/cobv/{txid}`: a due-date charge, its modes as the API Pix `modalidade` numbers. */
  async registerDueDateCharge(charge: DueDateChargeRegistration): Promise<RegisteredCharge> {
    return this.putCharge("cobv", charge.txid, cobvBody(charge, this.options.pixKey));
  }

  /** The URLs registered for Pix Automático's notifications (`PUT /v2/webhookrec`, `/v2/webhookcobr`). */
  webhookUrlOf(kind: "rec" | "cobr"): string {
    const path = kind === "rec" ? EFI_REC_WEBHOOK_PATH : EFI_COBR_WEBHOOK_PATH;
    return `${this.options.publicBaseUrl}${path}?hmac=${encodeURIComponent(this.options.webhookSecret)}&ignorar=`;
  }

  /** `PUT /v2/webhookrec` and `PUT /v2/webhookcobr`, as the Pix one (`x-skip-mtls-checking: true`). */
  async registerRecurrenceWebhooks(): Promise<void> {
    for (const kind of ["rec", "cobr"] as const) {
      await this.client.call(
        "PUT",
        `/v2/webhook${kind}`,
        { webhookUrl: this.webhookUrlOf(kind) },
        { "x-skip-mtls-checking": "true" },
      );
    }
  }

  /**
   * A Pix Automático authorisation: with a first payment (journey 3) its cob first
   * (`PUT /v2/cob/{txid}`), then the location (`POST /v2/locrec`), the recurrence on it
   * (`POST /v2/rec`, the cob's txid in `ativacao.dadosJornada`), and its BR Code read back
   * (`GET /v2/rec/{idRec}`, `?txid=` for journey 3's composite code: `dadosQR.pixCopiaECola`).
   */
  async registerRecurrence(recurrence: RecurrenceRegistration): Promise<RegisteredRecurrence> {
    try {
      const first = recurrence.firstPayment;
      const firstCob =
        first === null
          ? null
          : await this.putCharge(
              "cob",
              first.txid,
              cobBody(
                {
                  locationId: recurrence.firstPaymentLocationId ?? "",
                  txid: first.txid,
                  amountCents: first.amountCents,
                  expiresInSeconds: first.expiresInSeconds,
                  description: first.description,
                },
                this.options.pixKey,
              ),
            );
      const loc = (await this.client.call<{ id?: number; location?: string }>("POST", "/v2/locrec")).body;
      if (typeof loc.id !== "number" || !loc.location)
        throw new AppError("SERVICE_UNAVAILABLE", "The bank's recurrence location came without id or location");
      const created = await this.client.call<EfiRec>(
        "POST",
        "/v2/rec",
        recBody(recurrence.terms, loc.id, first === null ? null : first.txid),
      );
      const idRec = created.body.idRec;
      if (!idRec) throw new AppError("SERVICE_UNAVAILABLE", "The bank's recurrence came without idRec");
      const query = first === null ? "" : `?txid=${first.txid}`;
      const read = await this.callOrUnavailable<EfiRec>("GET", `/v2/rec/${idRec}${query}`);
      const pixCode = read.body.dadosQR?.pixCopiaECola;
      if (!pixCode) throw new AppError("SERVICE_UNAVAILABLE", "The bank's recurrence came without its BR Code");
      return {
        location: loc.location,
        firstPaymentLocation: firstCob?.location ?? null,
        pixCode,
        bankRecurrenceId: idRec,
      };
    } catch (error) {
      throw recurrenceFailure(error);
    }
  }

  /** `PATCH /v2/rec/{idRec}` `{status: CANCELADA}`; one the bank has ended already counts as removed. */
  async cancelRecurrence(bankRecurrenceId: string): Promise<ChargeRemoval> {
    try {
      await this.client.call("PATCH", `/v2/rec/${bankRecurrenceId}`, { status: "CANCELADA" });
      return { outcome: "removed" };
    } catch (error) {
      if (!(error instanceof EfiApiError)) throw error;
      if (error.status === 401 || error.status === 403) throw new ProviderUnavailableError(error.message);
      const rec = await this.readRecurrence(bankRecurrenceId);
      if (rec === null || ["CANCELADA", "REJEITADA", "EXPIRADA"].includes(rec.status ?? ""))
        return { outcome: "removed" };
      return { outcome: "refused", reason: error.reason };
    }
  }

  /**
   * `POST /v2/solicrec`: the authorisation of a registered rec sent to the payer's bank
   * (`destinatario`: their account and document), valid until `dataExpiracaoSolicitacao`. Efí
   * answers the request ENVIADA; the payer's decision arrives as the rec's notification
   * (`tipoJornada: JORNADA_1`), applied as the other journeys' are.
   */
  async requestAuthorisationAtPayerBank(request: PayerBankAuthorisationRequest): Promise<PayerBankAuthorisation> {
    try {
      const answer = await this.client.call<{ idSolicRec?: string; status?: string }>(
        "POST",
        "/v2/solicrec",
        solicRecBody(request),
      );
      const { idSolicRec, status } = answer.body;
      if (!idSolicRec || !status)
        throw new AppError("SERVICE_UNAVAILABLE", "The bank's authorisation request came without idSolicRec");
      return { requestId: idSolicRec, status };
    } catch (error) {
      // A bank that cannot answer now is tried again by the service's job; a refusal is final.
      if (error instanceof ProviderUnavailableError) throw error;
      if (error instanceof EfiApiError && (error.status === 401 || error.status === 403 || error.status >= 500))
        throw new ProviderUnavailableError(error.message);
      throw recurrenceFailure(error);
    }
  }

  /**
   * `PATCH /v2/solicrec/{idSolicRec}` `{status: CANCELADA}`: the request withdrawn from the
   * payer's bank once its recurrence ended. One Efí will not cancel (decided, expired, already
   * cancelled) is over anyway: removed.
   */
  async cancelAuthorisationRequestAtPayerBank(requestId: string): Promise<ChargeRemoval> {
    try {
      await this.client.call("PATCH", `/v2/solicrec/${requestId}`, { status: "CANCELADA" });
      return { outcome: "removed" };
    } catch (error) {
      if (!(error instanceof EfiApiError)) throw error;
      if (error.status === 401 || error.status === 403 || error.status >= 500)
        throw new ProviderUnavailableError(error.message);
      return { outcome: "removed" };
    }
  }

  /**
   * `PUT /v2/cobr/{txid}`: a cycle's charge of an approved recurrence, debited on its due date
   * (`ajusteDiaUtil: false`: on the day the service holds it payable), credited to
   * EFI_ACCOUNT_NUMBER. A txid used before (an attempt whose answer was lost) is read back.
   * Nothing to scan (the API Pix `CobR` has no `pixCopiaECola` and no location): the charge's
   * pix_code is null.
   */
  async registerRecurringCharge(charge: RecurringChargeRegistration): Promise<RegisteredCharge> {
    if (charge.bankRecurrenceId === null)
      throw new AppError("SERVICE_UNAVAILABLE", "The recurrence is not registered at the bank");
    const body = cobrBody(charge, this.options.accountNumber ?? null);
    try {
      await this.client.call("PUT", `/v2/cobr/${charge.txid}`, body);
    } catch (error) {
      if (!(error instanceof EfiApiError && error.status === 409)) throw chargeFailure(error);
      const cobr = await this.readRecurringCharge(charge.txid);
      if (cobr?.valor?.original !== body.valor.original || cobr.idRec !== body.idRec)
        throw new AppError("SERVICE_UNAVAILABLE", "The bank holds a different charge under this txid");
    }
    return { location: "", pixCode: "" };
  }

  /**
   * `POST /v2/cobr/{txid}/retentativa/{data}`: the next attempt of a refused debit. One the
   * bank already has for that day (a retried job) counts as asked.
   */
  async retryRecurringCharge(txid: string, day: string): Promise<void> {
    try {
      await this.client.call("POST", `/v2/cobr/${txid}/retentativa/${day}`);
    } catch (error) {
      if (!(error instanceof EfiApiError)) throw error;
      const cobr = await this.readRecurringCharge(txid);
      if ((cobr?.tentativas ?? []).some((tentativa) => tentativa.dataLiquidacao === day)) return;
      throw new AppError("SERVICE_UNAVAILABLE", `The bank refused the retry: ${error.reason}`);
    }
  }

  /** `GET /v2/rec/{idRec}`; null when Efí has none. */
  readRecurrence(idRec: string): Promise<EfiRec | null> {
    if (!/^[A-Za-z0-9]{29}$/.test(idRec)) return Promise.resolve(null);
    return this.readOrNull<EfiRec>(`/v2/rec/${idRec}`);
  }

  /** `GET /v2/rec/{idRec}` in the service's words; null when Efí has none (or answers a status it does not know). */
  async readRecurrenceAtBank(idRec: string): Promise<RecurrenceAtBank | null> {
    const rec = await this.readRecurrence(idRec);
    return rec === null ? null : recurrenceAtBankOf(rec);
  }

  /** `GET /v2/cobr/{txid}`; null when Efí has none. */
  readRecurringCharge(txid: string): Promise<EfiCobr | null> {
    if (!/^[A-Za-z0-9]{26,35}$/.test(txid)) return Promise.resolve(null);
    return this.readOrNull<EfiCobr>(`/v2/cobr/${txid}`);
  }

  /**
   * `PUT /v2/lotecobv/{id}`: Efí takes the batch (202) and creates its cobvs; each one is then
   * read back (`GET /v2/cobv/{txid}`) for its location and pixCopiaECola. A batch Efí refuses
   * in part is taken off the bank (the cobvs it made are removed) and fails whole.
   */
  async registerDueDateChargeBatch(
    batchId: bigint,
    description: string,
    charges: DueDateChargeRegistration[],
  ): Promise<RegisteredCharge[]> {
    const body = {
      descricao: description,
      cobsv: charges.map((charge) => ({ txid: charge.txid, ...cobvBody(charge, this.options.pixKey) })),
    };
    try {
      await this.client.call("PUT", `/v2/lotecobv/${batchId}`, body);
    } catch (error) {
      throw chargeFailure(error);
    }
    const lote = await this.settledLote(batchId);
    const refused = (lote.cobsv ?? []).find((item) => item.status === "NEGADA");
    const registered: RegisteredCharge[] = [];
    if (!refused) {
      for (const charge of charges) {
        const cob = await this.readOrNull<CobAnswer>(`/v2/cobv/${charge.txid}`);
        if (cob === null) break;
        registered.push(registeredOf(cob));
      }
    }
    if (registered.length === charges.length) return registered;
    await Promise.all(
      charges.map((charge) => this.removeCharge({ txid: charge.txid, dueDate: true }).catch(() => undefined)),
    );
    const reason = refused?.problema?.detail ?? refused?.problema?.title ?? "not every charge of the batch was created";
    throw new AppError("SERVICE_UNAVAILABLE", `The bank refused the batch: ${reason}`);
  }

  /** The lote once Efí has decided each of its cobvs (it creates them after answering 202). */
  private async settledLote(batchId: bigint): Promise<LoteAnswer> {
    for (let attempt = 0; ; attempt += 1) {
      const lote = (await this.readOrNull<LoteAnswer>(`/v2/lotecobv/${batchId}`)) ?? {};
      const pending = (lote.cobsv ?? []).some((item) => item.status === "EM_PROCESSAMENTO");
      if (!pending || attempt === LOTE_READS) return lote;
      await new Promise((resolve) => setTimeout(resolve, LOTE_READ_INTERVAL_MS));
    }
  }

  /** PUT of a cob or cobv; a txid used before (an attempt whose answer was lost) is read back. */
  private async putCharge(kind: "cob" | "cobv", txid: string, body: { valor: { original: string } }) {
    let cob: CobAnswer;
    try {
      cob = (await this.client.call<CobAnswer>("PUT", `/v2/${kind}/${txid}`, body)).body;
    } catch (error) {
      if (error instanceof EfiApiError && error.status === 409) {
        // This txid was registered by an earlier attempt whose answer was lost: the same charge.
        cob = (await this.callOrUnavailable<CobAnswer>("GET", `/v2/${kind}/${txid}`)).body;
        if (cob.valor?.original !== body.valor.original) {
          throw new AppError("SERVICE_UNAVAILABLE", "The bank holds a different charge under this txid");
        }
      } else {
        throw chargeFailure(error);
      }
    }
    return registeredOf(cob);
  }

  /** PATCH of the cob (or the cobv of a due-date charge) to REMOVIDA_PELO_USUARIO_RECEBEDOR. */
  async removeCharge(charge: { txid: string; dueDate: boolean; recurring?: boolean }): Promise<ChargeRemoval> {
    if (charge.recurring) return this.removeRecurringCharge(charge.txid);
    const kind = charge.dueDate ? "cobv" : "cob";
    try {
      await this.client.call("PATCH", `/v2/${kind}/${charge.txid}`, { status: "REMOVIDA_PELO_USUARIO_RECEBEDOR" });
      return { outcome: "removed" };
    } catch (error) {
      if (!(error instanceof EfiApiError)) throw error;
      if (error.status === 404) return { outcome: "removed" }; // nothing at the bank to pay
      const cob = await this.readOrNull<CobAnswer>(`/v2/${kind}/${charge.txid}`);
      if (cob === null || cob.status.startsWith("REMOVIDA")) return { outcome: "removed" };
      if (cob.status === "CONCLUIDA") return { outcome: "refused", reason: "the charge was already paid at the bank" };
      return { outcome: "refused", reason: error.reason };
    }
  }

  /** `PATCH /v2/cobr/{txid}` `{status: CANCELADA}`: a cancelled recurring charge is not debited. */
  private async removeRecurringCharge(txid: string): Promise<ChargeRemoval> {
    try {
      await this.client.call("PATCH", `/v2/cobr/${txid}`, { status: "CANCELADA" });
      return { outcome: "removed" };
    } catch (error) {
      if (!(error instanceof EfiApiError)) throw error;
      if (error.status === 404) return { outcome: "removed" };
      const cobr = await this.readRecurringCharge(txid);
      if (cobr === null || ["CANCELADA", "EXPIRADA", "REJEITADA"].includes(cobr.status ?? ""))
        return { outcome: "removed" };
      if (cobr.status === "CONCLUIDA")
        return { outcome: "refused", reason: "the charge was already debited at the bank" };
      return { outcome: "refused", reason: error.reason };
    }
  }

  /** Efí tells the holder in its answer to the send, not before. */
  recipientAtCreation(): null {
    return null;
  }

  async sendTransfer(order: TransferOrder): Promise<TransferSubmission> {
    const idEnvio = idEnvioOf(order.withdrawalId);
    try {
      const { body } = await this.client.call<SendAnswer>(
        "PUT",
        `/v3/gn/pix/${idEnvio}`,
        pixSendBody(order, this.options.pixKey),
      );
      if (!body.endToEndId) throw new ProviderUnavailableError("Efí took the transfer without an endToEndId");
      return { outcome: "accepted", endToEndId: body.endToEndId, settleAfterMs: null, recipient: recipientOf(body) };
    } catch (error) {
      if (!(error instanceof EfiApiError)) throw error;
      if (error.status === 409) {
        // Sent before (an attempt whose answer was lost): what the bank did with it decides.
        const sent = await this.readTransfer(order);
        if (sent === null) throw new ProviderUnavailableError("Efí reports the idEnvio used but has no such transfer");
        if (sent.status === "FAILED") return { outcome: "refused", reason: sent.reason };
        if (sent.endToEndId) {
          const recipient = sent.recipient ?? null;
          return { outcome: "accepted", endToEndId: sent.endToEndId, settleAfterMs: null, recipient };
        }
        throw new ProviderUnavailableError("Efí has the transfer without an endToEndId yet");
      }
      if (error.status === 401 || error.status === 403) throw new ProviderUnavailableError(error.message);
      if (error.efiName === KEY_NOT_DOCUMENTS) return { outcome: "refused", reason: KEY_NOT_DOCUMENTS_REASON };
      return { outcome: "refused", reason: error.reason };
    }
  }

  async readTransfer(order: TransferOrder): Promise<TransferAtBank | null> {
    const answer = await this.readOrNull<SendAnswer>(`/v2/gn/pix/enviados/id-envio/${idEnvioOf(order.withdrawalId)}`);
    if (answer === null) return null;
    switch (answer.status) {
      case "REALIZADO":
        return { status: "PAID", endToEndId: answer.endToEndId ?? "", recipient: recipientOf(answer) };
      case "NAO_REALIZADO":
        return { status: "FAILED", reason: answer.gnExtras?.erro?.motivo ?? "Pix não realizado" };
      default:
        return { status: "PROCESSING", endToEndId: answer.endToEndId ?? null, recipient: recipientOf(answer) };
    }
  }

  /**
   * `GET /v2/pix/{e2eid}`: a received Pix as Efí has it (txid, valor, horario, the payer in
   * `gnExtras.pagador`, its `devolucoes` in their current state); null when Efí has none.
   */
  async readReceivedPix<T>(endToEndId: string): Promise<T | null> {
    if (!/^[A-Za-z0-9]{32}$/.test(endToEndId)) return null; // not an end-to-end id: no such Pix anywhere
    return this.readOrNull<T>(`/v2/pix/${endToEndId}`);
  }

  async sendRefund(order: RefundOrder): Promise<RefundAtBank> {
    const body = {
      valor: valor(order.amountCents),
      ...(order.nature && order.nature !== "ORIGINAL" ? { natureza: order.nature } : {}),
      ...(order.description ? { descricao: order.description.slice(0, 140) } : {}),
    };
    try {
      const answer = await this.client.call<DevolucaoAnswer>(
        "PUT",
        `/v2/pix/${order.endToEndId}/devolucao/${order.returnRequestId}`,
        body,
      );
      return refundState(answer.body);
    } catch (error) {
      if (!(error instanceof EfiApiError)) throw error;
      if (error.status === 401 || error.status === 403) throw new ProviderUnavailableError(error.message);
      // A devolução id used before (an attempt whose answer was lost): read it back.
      const earlier = await this.readRefund(order);
      if (earlier !== null) return earlier;
      return { status: "REFUSED", returnId: null, reason: error.reason };
    }
  }

  async readRefund(order: RefundOrder): Promise<RefundAtBank | null> {
    const answer = await this.readOrNull<DevolucaoAnswer>(
      `/v2/pix/${order.endToEndId}/devolucao/${order.returnRequestId}`,
    );
    return answer === null ? null : refundState(answer);
  }

  /** A GET whose 404 means "the bank has none". */
  private async readOrNull<T>(path: string): Promise<T | null> {
    try {
      return (await this.client.call<T>("GET", path)).body;
    } catch (error) {
      if (error instanceof EfiApiError && error.status === 404) return null;
      if (error instanceof EfiApiError) throw new ProviderUnavailableError(error.message);
      throw error;
    }
  }

  private async callOrUnavailable<T>(method: string, path: string): Promise<{ status: number; body: T }> {
    try {
      return await this.client.call<T>(method, path);
    } catch (error) {
      throw chargeFailure(error);
    }
  }
}

/** The `PUT /v2/cob/{txid}` body (API Pix CobSolicitada). */
export function cobBody(charge: ChargeRegistration, pixKey: string) {
  return {
    calendario: { expiracao: charge.expiresInSeconds },
    valor: { original: valor(charge.amountCents) },
    chave: pixKey,
    ...(charge.description ? { solicitacaoPagador: [...charge.description].slice(0, 140).join("") } : {}),
  };
}

/** The `PUT /v2/cobv/{txid}` body (API Pix CobVSolicitada). */
export function cobvBody(charge: DueDateChargeRegistration, pixKey: string) {
  return {
    calendario: cobvCalendario(charge.terms),
    devedor: devedorOf(charge.debtor),
    valor: cobvValor(charge.terms),
    chave: pixKey,
    ...(charge.description ? { solicitacaoPagador: [...charge.description].slice(0, 140).join("") } : {}),
  };
}

/** The `POST /v2/rec` body (API Pix RecSolicitada): a fixed amount as `valorRec`, a variable one without `valor`. */
export function recBody(terms: RecurrenceTerms, locId: number, firstPaymentTxid: string | null) {
  return {
    vinculo: {
      contrato: terms.contract,
      objeto: terms.object,
      devedor: { ...documentField(terms.payer.document), nome: [...terms.payer.name].slice(0, 140).join("") },
    },
    calendario: {
      dataInicial: terms.startDate,
      ...(terms.endDate === null ? {} : { dataFinal: terms.endDate }),
      periodicidade: PERIODICIDADE[terms.frequency],
    },
    ...(terms.amountCents === null ? {} : { valor: { valorRec: valor(terms.amountCents) } }),
    politicaRetentativa: POLITICA_RETENTATIVA[terms.retryPolicy],
    loc: locId,
    ...(firstPaymentTxid === null ? {} : { ativacao: { dadosJornada: { txid: firstPaymentTxid } } }),
  };
}

/** The `PUT /v2/cobr/{txid}` body (API Pix CobRSolicitada); without EFI_ACCOUNT_NUMBER there is none to send. */
/** The API Pix `SolicRecSolicitada` of an authorisation asked of the payer's bank. */
export function solicRecBody({ bankRecurrenceId, account, expiresAt }: PayerBankAuthorisationRequest) {
  return {
    idRec: bankRecurrenceId,
    calendario: { dataExpiracaoSolicitacao: expiresAt.toISOString() },
    destinatario: {
      conta: account.account,
      ispbParticipante: account.ispb,
      ...(account.branch === null ? {} : { agencia: account.branch }),
      ...documentField(account.document),
    },
  };
}

export function cobrBody(charge: RecurringChargeRegistration, accountNumber: string | null) {
  if (accountNumber === null)
    throw new AppError("SERVICE_UNAVAILABLE", "Recurring charges need EFI_ACCOUNT_NUMBER (the account they credit)");
  return {
    idRec: charge.bankRecurrenceId as string,
    ...(charge.description ? { infoAdicional: [...charge.description].slice(0, 140).join("") } : {}),
    calendario: { dataDeVencimento: charge.dueDate },
    valor: { original: valor(charge.amountCents) },
    ajusteDiaUtil: false,
    recebedor: { conta: accountNumber, tipoConta: EFI_ACCOUNT_TYPE_OF_RECEIVER, agencia: EFI_BRANCH },
  };
}

function recurrenceFailure(error: unknown): Error {
  if (error instanceof EfiApiError) {
    return new AppError("SERVICE_UNAVAILABLE", `The bank refused the recurrence: ${error.reason}`);
  }
  return chargeFailure(error);
}

/** Where a cob or cobv Efí answered is fetched from, and its BR Code. */
function registeredOf(cob: CobAnswer): RegisteredCharge {
  const location = cob.location ?? cob.loc?.location;
  if (!location || !cob.pixCopiaECola) {
    throw new AppError("SERVICE_UNAVAILABLE", "The bank's charge came without location or pixCopiaECola");
  }
  return { location, pixCode: cob.pixCopiaECola };
}

/** Efí's `tipoConta`, the SPI's names of account kinds: conta corrente, poupança, conta de pagamento. */
const EFI_ACCOUNT_TYPE: Record<BankAccountType, string> = {
  [BankAccountType.CHECKING]: "cacc",
  [BankAccountType.SAVINGS]: "svgs",
  [BankAccountType.PAYMENT]: "tran",
};

/** `{cpf}` for an 11-digit document, `{cnpj}` for a 14-character one. */
const documentField = (document: string) => (document.length === 11 ? { cpf: document } : { cnpj: document });

/**
 * The `PUT /v3/gn/pix/{idEnvio}` body (Efí's Pix Send). To a key: a declared recipient's
 * document goes as `favorecido.cpf` or `.cnpj`, and Efí refuses the send when the key is not
 * its. To an account: `favorecido.contaBanco` with the institution's ISPB as `codigoBanco`.
 */
export function pixSendBody(order: TransferOrder, pixKey: string) {
  const pagador = { chave: pixKey, infoPagador: `Saque ${order.reference}` };
  if (order.bankAccount !== null) {
    const account = order.bankAccount;
    return {
      valor: valor(order.amountCents),
      pagador,
      favorecido: {
        contaBanco: {
          nome: account.holderName,
          ...documentField(account.holderDocument),
          codigoBanco: account.ispb,
          agencia: account.branch,
          conta: account.account,
          tipoConta: EFI_ACCOUNT_TYPE[account.accountType],
        },
      },
    };
  }
  const document = order.recipientDocument;
  return {
    valor: valor(order.amountCents),
    pagador,
    favorecido: { chave: order.pixKey, ...(document === null ? {} : documentField(document)) },
  };
}

/**
 * Who Efí says the send pays (`favorecido.identificacao`, or the account's holder in
 * `favorecido.contaBanco`): the name and the document masked as the central bank shows it;
 * the institution when the answer names its ISPB. Null when Efí did not say.
 */
function recipientOf(answer: SendAnswer): RecipientAtBank | null {
  const holder = answer.favorecido?.identificacao ?? answer.favorecido?.contaBanco;
  const document = holder?.cpf ?? holder?.cnpj;
  if (!holder?.nome || !document) return null;
  const ispb = answer.favorecido?.contaBanco?.codigoBanco;
  return {
    name: holder.nome,
    document: maskDocument(document),
    institution: ispb ? pixParticipantName(ispb) : null,
  };
}

function refundState(answer: DevolucaoAnswer): RefundAtBank {
  const returnId = answer.rtrId ?? null;
  switch (answer.status) {
    case "DEVOLVIDO":
      return {
        status: "RETURNED",
        returnId: returnId ?? "",
        returnedAt: new Date(answer.horario?.liquidacao ?? answer.horario?.solicitacao ?? Date.now()),
      };
    case "NAO_REALIZADO":
      return { status: "REFUSED", returnId, reason: answer.motivo ?? "Devolução não realizada" };
    default:
      return { status: "PROCESSING", returnId, settleAfterMs: null };
  }
}

function chargeFailure(error: unknown): Error {
  if (error instanceof AppError) return error;
  if (error instanceof EfiApiError) {
    return new AppError("SERVICE_UNAVAILABLE", `The bank refused the charge: ${error.reason}`);
  }
  if (error instanceof ProviderUnavailableError) {
    return new AppError("SERVICE_UNAVAILABLE", "The bank is unavailable; try again shortly");
  }
  return error instanceof Error ? error : new Error(String(error));
}
