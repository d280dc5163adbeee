import { randomBytes, randomUUID } from "node:crypto";
import { amountDueOn } from "../../server/src/billing/amount-due";
import { isoDate, nextBusinessDay, parseIsoDate, saoPauloDay } from "../../server/src/billing/business-days";
import { buildDynamicBrCode } from "../../server/src/charges/br-code";
import { newEndToEndId } from "../../server/src/core/ids";
import { type CobvValor, termsFromCobv } from "../../server/src/provider/api-pix-cobv";
import type { PixKeyType } from "../../server/src/withdrawals/pix-key";
import { maskDocument, sandboxKeyOwner } from "../../server/src/withdrawals/recipients";
import { efiError, problem } from "./efi-errors";

/**
 * The bank behind the local PSP, in memory: immediate charges (cob), due-date charges (cobv)
 * and their batches (lotecobv), the Pix it received,
 * its Pix Send transfers, the devoluções of received Pix, the MED infractions against
 * received Pix (Efí's `/v2/gn/infracoes`), and the webhook of its key.
 * It answers as Efí's Pix API does (statuses, 409 for a txid or idEnvio used before) and
 * tells `notify` what Efí would POST to the key's webhook.
 */
export const EFI_ISPB = "09089356";
/** The payers' bank in the end-to-end ids of Pix received here (not a real institution). */
const PAYER_ISPB = "99999999";
const LOCATION_HOST = "qrcodes.psp-sim.invalid";

export type CobStatus = "ATIVA" | "CONCLUIDA" | "REMOVIDA_PELO_USUARIO_RECEBEDOR" | "REMOVIDA_PELO_PSP";

export interface Cob {
  txid: string;
  revisao: number;
  status: CobStatus;
  criacao: Date;
  expiracao: number;
  valor: string;
  chave: string;
  solicitacaoPagador?: string;
  loc: { id: number; location: string; criacao: Date };
  pixCopiaECola: string;
  /** End-to-end ids of the Pix that paid it. */
  pix: string[];
}

/** A due-date charge (API Pix cobv), kept as it was sent. */
export interface Cobv {
  txid: string;
  revisao: number;
  status: CobStatus;
  criacao: Date;
  calendario: { dataDeVencimento: string; validadeAposVencimento?: number };
  devedor: { nome: string; cpf?: string; cnpj?: string };
  valor: CobvValor;
  chave: string;
  solicitacaoPagador?: string;
  loc: { id: number; location: string; criacao: Date };
  pixCopiaECola: string;
  pix: string[];
}

/** A batch of cobvs (API Pix lotecobv): each request's outcome. */
export interface Lote {
  id: string;
  descricao: string;
  criacao: Date;
  cobsv: { txid: string; status: "CRIADA" | "NEGADA"; problema?: Record<string, unknown>; criacao: Date }[];
}

export interface Payer {
  nome: string;
  cpf?: string;
  cnpj?: string;
}

export interface Devolucao {
  id: string;
  rtrId: string;
  valor: string;
  descricao?: string;
  natureza: string;
  solicitacao: Date;
  liquidacao?: Date;
  status: "EM_PROCESSAMENTO" | "DEVOLVIDO" | "NAO_REALIZADO";
  motivo?: string;
}

export interface ReceivedPix {
  endToEndId: string;
  txid?: string;
  valor: string;
  chave: string;
  horario: Date;
  infoPagador?: string;
  pagador?: Payer;
  devolucoes: Devolucao[];
  /** What Efí returned itself to the payer for accepted MED infractions (never listed in devolucoes). */
  medReturnedCents?: bigint;
}

export interface PixSend {
  idEnvio: string;
  endToEndId: string;
  valor: string;
  chave: string;
  favorecido: Record<string, unknown>;
  /** Who the bank found the money goes to: the key's holder in the directory, or the account's. */
  identificacao: { nome: string; cpf?: string; cnpj?: string };
  infoPagador?: string;
  solicitacao: Date;
  liquidacao?: Date;
  status: "EM_PROCESSAMENTO" | "REALIZADO" | "NAO_REALIZADO";
  erro?: { codigo: string; origem: string; motivo: string };
  /** Held in processing: it never settles by itself (only the control API decides it). */
  held?: boolean;
}

/** Efí's states of a MED infraction against a Pix this account received. */
export type InfracaoStatus = "ABERTA" | "EM_DEFESA" | "ACEITA" | "REJEITADA" | "CANCELADA_EFI";
/** Efí's decisions: the claim stands (Efí returns the blocked amount itself), or does not, or it is cancelled. */
export const FINAL_INFRACAO_STATUSES = ["ACEITA", "REJEITADA", "CANCELADA_EFI"] as const;
export type FinalInfracaoStatus = (typeof FINAL_INFRACAO_STATUSES)[number];

export interface Infracao {
  idInfracao: string;
  endToEndId: string;
  valor: string;
  razao: string;
  status: InfracaoStatus;
  abertura: Date;
  prazoFinalizacao: Date;
  /** What the account answered (`POST /v2/gn/infracoes/:id/defesa`). */
  analise?: "aceito" | "rejeitado";
  defesa?: string;
  recebimentoDefesa?: Date;
  /** Efí's decision: when, and its analyst's reason. */
  finalizacao?: Date;
  justificativaAnalista?: string;
  atualizadoEm: Date;
}

/** Efí concludes a MED analysis within 7 days of the notification. */
const INFRACAO_ANALYSIS_MS = 7 * 86_400_000;

export interface WebhookRegistration {
  chave: string;
  webhookUrl: string;
  criacao: Date;
  skipMtlsChecking: boolean;
}

export interface BankOptions {
  pixKey: string;
  merchantName: string;
  merchantCity: string;
  /** Sends and devoluções settle by themselves this long after they are asked (0: only through the control API). */
  settleMs: number;
}

/** What Efí POSTs to the webhook of a key: the chave and the body. */
export type Notify = (chave: string, body: { pix: Record<string, unknown>[] }) => void;

export const centsOf = (valor: string): bigint => {
  const [whole, fraction] = valor.split(".");
  return BigInt(whole) * 100n + BigInt(fraction);
};
export const valorOf = (cents: bigint): string => `${cents / 100n}.${(cents % 100n).toString().padStart(2, "0")}`;

export class Bank {
  readonly cobs = new Map<string, Cob>();
  readonly cobvs = new Map<string, Cobv>();
  readonly lotes = new Map<string, Lote>();
  readonly received = new Map<string, ReceivedPix>();
  readonly sends = new Map<string, PixSend>();
  readonly webhooks = new Map<string, WebhookRegistration>();
  readonly infracoes = new Map<string, Infracao>();
  private nextLocId = 1;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    readonly options: BankOptions,
    private readonly notify: Notify,
  ) {}

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private later(fn: () => void): void {
    if (this.options.settleMs <= 0) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, this.options.settleMs);
    timer.unref();
    this.timers.add(timer);
  }

  private ownKey(chave: string, what: string): void {
    if (chave !== this.options.pixKey)
      throw efiError(400, "chave_invalida", `A chave ${what} não pertence a esta conta`);
  }

  // --- cob -----------------------------------------------------------------------------

  createCob(
    txid: string,
    body: {
      calendario?: { expiracao?: number };
      valor: { original: string };
      chave: string;
      solicitacaoPagador?: string;
    },
  ): Cob {
    this.txidFree(txid);
    if (body.chave !== this.options.pixKey) {
      throw problem(400, "CobOperacaoInvalida", [
        { razao: "A chave informada não pertence ao usuário recebedor.", propriedade: "cob.chave", valor: body.chave },
      ]);
    }
    if (centsOf(body.valor.original) <= 0n) {
      throw problem(400, "CobOperacaoInvalida", [
        { razao: "Valor da cobrança não pode ser 0.00", propriedade: "cob.valor.original" },
      ]);
    }
    const criacao = new Date();
    const location = `${LOCATION_HOST}/v2/${randomBytes(16).toString("hex")}`;
    const cob: Cob = {
      txid,
      revisao: 0,
      status: "ATIVA",
      criacao,
      expiracao: body.calendario?.expiracao ?? 86400,
      valor: body.valor.original,
      chave: body.chave,
      ...(body.solicitacaoPagador !== undefined ? { solicitacaoPagador: body.solicitacaoPagador } : {}),
      loc: { id: this.nextLocId++, location, criacao },
      pixCopiaECola: buildDynamicBrCode({
        locationUrl: location,
        amountCents: centsOf(body.valor.original),
        merchantName: this.options.merchantName,
        merchantCity: this.options.merchantCity,
      }),
      pix: [],
    };
    this.cobs.set(txid, cob);
    return cob;
  }

  /** Efí keeps one txid space for cob and cobv. */
  private txidFree(txid: string): void {
    if (this.cobs.has(txid) || this.cobvs.has(txid))
      throw efiError(409, "txid_duplicado", "Campo txid informado já foi utilizado em outra cobrança");
  }

  // --- cobv ------------------------------------------------------------------------------

  createCobv(
    txid: string,
    body: Omit<Cobv, "txid" | "revisao" | "status" | "criacao" | "loc" | "pixCopiaECola" | "pix">,
  ) {
    this.txidFree(txid);
    if (body.chave !== this.options.pixKey) {
      throw problem(400, "CobVOperacaoInvalida", [
        { razao: "A chave informada não pertence ao usuário recebedor.", propriedade: "cobv.chave", valor: body.chave },
      ]);
    }
    if (centsOf(body.valor.original) <= 0n) {
      throw problem(400, "CobVOperacaoInvalida", [
        { razao: "Valor da cobrança não pode ser 0.00", propriedade: "cobv.valor.original" },
      ]);
    }
    const due = parseIsoDate(body.calendario.dataDeVencimento);
    if (due === null || due < saoPauloDay(new Date())) {
      throw problem(400, "CobVOperacaoInvalida", [
        {
          razao: "A data de vencimento não pode ser anterior à data atual.",
          propriedade: "cobv.calendario.dataDeVencimento",
        },
      ]);
    }
    const criacao = new Date();
    const location = `${LOCATION_HOST}/v2/cobv/${randomBytes(16).toString("hex")}`;
    const cobv: Cobv = {
      txid,
      revisao: 0,
      status: "ATIVA",
      criacao,
      calendario: body.calendario,
      devedor: body.devedor,
      valor: body.valor,
      chave: body.chave,
      ...(body.solicitacaoPagador !== undefined ? { solicitacaoPagador: body.solicitacaoPagador } : {}),
      loc: { id: this.nextLocId++, location, criacao },
      // The amount depends on the day of payment: the payer's bank reads it at the location.
      pixCopiaECola: buildDynamicBrCode({
        locationUrl: location,
        amountCents: null,
        merchantName: this.options.merchantName,
        merchantCity: this.options.merchantCity,
      }),
      pix: [],
    };
    this.cobvs.set(txid, cobv);
    return cobv;
  }

  getCobv(txid: string): Cobv {
    const cobv = this.cobvs.get(txid);
    if (!cobv) throw efiError(404, "cobranca_nao_encontrada", "Nenhuma cobrança encontrada para o txid informado");
    return cobv;
  }

  reviseCobv(txid: string, body: { status?: string }): Cobv {
    const cobv = this.getCobv(txid);
    if (cobv.status !== "ATIVA") {
      throw problem(400, "CobVOperacaoInvalida", [
        { razao: `A cobrança está ${cobv.status} e não pode ser alterada.`, propriedade: "cobv.status" },
      ]);
    }
    if (body.status === "REMOVIDA_PELO_USUARIO_RECEBEDOR") cobv.status = "REMOVIDA_PELO_USUARIO_RECEBEDOR";
    cobv.revisao += 1;
    return cobv;
  }

  /**
   * The last day a cobv can be paid, by the central bank's rule (API Pix
   * `validadeAposVencimento`): that many days after the due date moved to a business day,
   * and moved again when it falls on a day that is not one.
   */
  lastPayableDay(cobv: Cobv): number {
    const due = parseIsoDate(cobv.calendario.dataDeVencimento) as number;
    return nextBusinessDay(nextBusinessDay(due) + (cobv.calendario.validadeAposVencimento ?? 30));
  }

  /** What a payment on the day of `at` (America/Sao_Paulo) must bring. */
  cobvAmountDue(cobv: Cobv, at: Date): string {
    return valorOf(amountDueOn(termsFromCobv(cobv), saoPauloDay(at)).amountDueCents);
  }

  /** Test time: the cobv as if made `days` days earlier (its dates, its creation), so that today is later. */
  ageCobv(txid: string, days: number): Cobv {
    const cobv = this.getCobv(txid);
    const shift = (date: string) => isoDate((parseIsoDate(date) as number) - days);
    cobv.calendario = { ...cobv.calendario, dataDeVencimento: shift(cobv.calendario.dataDeVencimento) };
    const desconto = cobv.valor.desconto as { descontoDataFixa?: { data: string; valorPerc: string }[] } | undefined;
    if (desconto?.descontoDataFixa) {
      desconto.descontoDataFixa = desconto.descontoDataFixa.map((entry) => ({ ...entry, data: shift(entry.data) }));
    }
    cobv.criacao = new Date(cobv.criacao.getTime() - days * 86_400_000);
    return cobv;
  }

  cobvJson(cobv: Cobv): Record<string, unknown> {
    return {
      calendario: { criacao: cobv.criacao.toISOString(), ...cobv.calendario },
      txid: cobv.txid,
      revisao: cobv.revisao,
      loc: { id: cobv.loc.id, location: cobv.loc.location, tipoCob: "cobv", criacao: cobv.loc.criacao.toISOString() },
      location: cobv.loc.location,
      status: cobv.status,
      devedor: cobv.devedor,
      recebedor: { nome: this.options.merchantName, cidade: this.options.merchantCity },
      valor: cobv.valor,
      chave: cobv.chave,
      ...(cobv.solicitacaoPagador !== undefined ? { solicitacaoPagador: cobv.solicitacaoPagador } : {}),
      pixCopiaECola: cobv.pixCopiaECola,
      ...(cobv.pix.length > 0 ? { pix: cobv.pix.map((e2e) => this.pixJson(this.received.get(e2e)!, false)) } : {}),
    };
  }

  /**
   * `PUT /v2/lotecobv/{id}`: each cobv is created or refused on its own (NEGADA with its
   * problem). The same lote again (the same txids) changes nothing; other txids are refused.
   */
  createLote(
    id: string,
    body: { descricao: string; cobsv: Array<Parameters<Bank["createCobv"]>[1] & { txid: string }> },
  ) {
    const existing = this.lotes.get(id);
    if (existing) {
      const same = existing.cobsv.map((item) => item.txid).join() === body.cobsv.map((item) => item.txid).join();
      if (same) return existing;
      throw problem(400, "LoteCobVOperacaoInvalida", [
        { razao: "Um lote criado não pode ganhar ou perder cobranças.", propriedade: "loteCobV.cobsV" },
      ]);
    }
    const criacao = new Date();
    const lote: Lote = {
      id,
      descricao: body.descricao,
      criacao,
      cobsv: body.cobsv.map(({ txid, ...cobv }) => {
        try {
          this.createCobv(txid, cobv);
          return { txid, status: "CRIADA" as const, criacao };
        } catch (error) {
          const problema = (error as { body?: Record<string, unknown> }).body ?? { title: String(error) };
          return { txid, status: "NEGADA" as const, problema, criacao };
        }
      }),
    };
    this.lotes.set(id, lote);
    return lote;
  }

  getLote(id: string): Lote {
    const lote = this.lotes.get(id);
    if (!lote) throw problem(404, "LoteCobVNaoEncontrado", [{ razao: "Lote não encontrado", propriedade: "id" }]);
    return lote;
  }

  loteJson(lote: Lote): Record<string, unknown> {
    return {
      id: Number(lote.id),
      descricao: lote.descricao,
      criacao: lote.criacao.toISOString(),
      cobsv: lote.cobsv.map((item) => ({ ...item, criacao: item.criacao.toISOString() })),
    };
  }

  getCob(txid: string): Cob {
    const cob = this.cobs.get(txid);
    if (!cob) throw efiError(404, "cobranca_nao_encontrada", "Nenhuma cobrança encontrada para o txid informado");
    return cob;
  }

  reviseCob(txid: string, body: { status?: string; solicitacaoPagador?: string; calendario?: { expiracao?: number } }) {
    const cob = this.getCob(txid);
    if (cob.status !== "ATIVA") {
      throw problem(400, "CobOperacaoInvalida", [
        { razao: `A cobrança está ${cob.status} e não pode ser alterada.`, propriedade: "cob.status" },
      ]);
    }
    if (body.status === "REMOVIDA_PELO_USUARIO_RECEBEDOR") cob.status = "REMOVIDA_PELO_USUARIO_RECEBEDOR";
    if (body.solicitacaoPagador !== undefined) cob.solicitacaoPagador = body.solicitacaoPagador;
    if (body.calendario?.expiracao !== undefined) cob.expiracao = body.calendario.expiracao;
    cob.revisao += 1;
    return cob;
  }

  cobJson(cob: Cob): Record<string, unknown> {
    return {
      calendario: { criacao: cob.criacao.toISOString(), expiracao: cob.expiracao },
      txid: cob.txid,
      revisao: cob.revisao,
      loc: { id: cob.loc.id, location: cob.loc.location, tipoCob: "cob", criacao: cob.loc.criacao.toISOString() },
      location: cob.loc.location,
      status: cob.status,
      valor: { original: cob.valor },
      chave: cob.chave,
      ...(cob.solicitacaoPagador !== undefined ? { solicitacaoPagador: cob.solicitacaoPagador } : {}),
      pixCopiaECola: cob.pixCopiaECola,
      ...(cob.pix.length > 0 ? { pix: cob.pix.map((e2e) => this.pixJson(this.received.get(e2e)!, false)) } : {}),
    };
  }

  // --- received Pix ----------------------------------------------------------------------

  /**
   * A payer pays a cob, or a cobv at its amount due that day (the control API's doing); `valor`
   * pays another amount, as a payer's bank that got it wrong would.
   */
  payCob(txid: string, payment: { pagador?: Payer; infoPagador?: string; valor?: string }): ReceivedPix {
    if (this.cobvs.has(txid)) return this.payCobv(this.getCobv(txid), payment);
    const cob = this.getCob(txid);
    if (cob.status !== "ATIVA") throw efiError(409, "cobranca_nao_ativa", `A cobrança está ${cob.status}`);
    if (cob.criacao.getTime() + cob.expiracao * 1000 <= Date.now())
      throw efiError(409, "cobranca_expirada", "A cobrança está expirada");
    const { valor, ...rest } = payment;
    const pix = this.receive({ txid, valor: valor ?? cob.valor, ...rest });
    cob.status = "CONCLUIDA";
    cob.pix.push(pix.endToEndId);
    return pix;
  }

  private payCobv(cobv: Cobv, payment: { pagador?: Payer; infoPagador?: string; valor?: string }): ReceivedPix {
    if (cobv.status !== "ATIVA") throw efiError(409, "cobranca_nao_ativa", `A cobrança está ${cobv.status}`);
    const now = new Date();
    if (saoPauloDay(now) > this.lastPayableDay(cobv))
      throw efiError(409, "cobranca_expirada", "A cobrança está vencida");
    const { valor, ...rest } = payment;
    const pix = this.receive({ txid: cobv.txid, valor: valor ?? this.cobvAmountDue(cobv, now), ...rest });
    cobv.status = "CONCLUIDA";
    cobv.pix.push(pix.endToEndId);
    return pix;
  }

  /** A Pix arrives at the key, for a txid or none (the control API's doing). */
  receive(payment: { txid?: string; valor: string; pagador?: Payer; infoPagador?: string }): ReceivedPix {
    const pix: ReceivedPix = {
      endToEndId: newEndToEndId(PAYER_ISPB),
      ...(payment.txid !== undefined ? { txid: payment.txid } : {}),
      valor: payment.valor,
      chave: this.options.pixKey,
      horario: new Date(),
      ...(payment.infoPagador !== undefined ? { infoPagador: payment.infoPagador } : {}),
      ...(payment.pagador !== undefined ? { pagador: payment.pagador } : {}),
      devolucoes: [],
    };
    this.received.set(pix.endToEndId, pix);
    this.notify(pix.chave, { pix: [this.pixJson(pix, true)] });
    return pix;
  }

  getPix(e2eid: string): ReceivedPix {
    const pix = this.received.get(e2eid);
    if (!pix) throw efiError(404, "pix_nao_encontrado", "Nenhum pix encontrado para o identificador informado");
    return pix;
  }

  /** `GET /v2/pix`: received Pix with horario in [inicio, fim], oldest first, paged. */
  listPix(inicio: Date, fim: Date, page: number, perPage: number) {
    const all = [...this.received.values()]
      .filter((pix) => pix.horario >= inicio && pix.horario <= fim)
      .sort((a, b) => a.horario.getTime() - b.horario.getTime());
    const { parametros, items } = pageOf(all, inicio, fim, page, perPage);
    return { parametros, pix: items.map((pix) => this.pixJson(pix, true)) };
  }

  /** A received Pix as API Pix writes it, with Efí's `gnExtras.pagador` (the payer) when asked. */
  pixJson(pix: ReceivedPix, withExtras: boolean): Record<string, unknown> {
    return {
      endToEndId: pix.endToEndId,
      ...(pix.txid !== undefined ? { txid: pix.txid } : {}),
      chave: pix.chave,
      valor: pix.valor,
      horario: pix.horario.toISOString(),
      ...(pix.infoPagador !== undefined ? { infoPagador: pix.infoPagador } : {}),
      ...(pix.devolucoes.length > 0 ? { devolucoes: pix.devolucoes.map(devolucaoJson) } : {}),
      ...(withExtras && pix.pagador ? { gnExtras: { pagador: pix.pagador } } : {}),
    };
  }

  // --- MED infractions ------------------------------------------------------------------

  /**
   * The payer's bank notifies an infraction against a received Pix (the whole Pix unless
   * `valor`; now unless `abertura`, for a notification made earlier).
   */
  openInfracao(body: { endToEndId: string; valor?: string; razao?: string; abertura?: Date }): Infracao {
    const pix = this.getPix(body.endToEndId);
    const now = body.abertura ?? new Date();
    const infracao: Infracao = {
      idInfracao: randomUUID(),
      endToEndId: pix.endToEndId,
      valor: body.valor ?? pix.valor,
      razao: body.razao ?? "Pagador relata golpe",
      status: "ABERTA",
      abertura: now,
      prazoFinalizacao: new Date(now.getTime() + INFRACAO_ANALYSIS_MS),
      atualizadoEm: now,
    };
    this.infracoes.set(infracao.idInfracao, infracao);
    return infracao;
  }

  /** `GET /v2/gn/infracoes`: infractions opened in [inicio, fim], oldest first, paged. */
  listInfracoes(inicio: Date, fim: Date, page: number, perPage: number) {
    const all = [...this.infracoes.values()]
      .filter((infracao) => infracao.abertura >= inicio && infracao.abertura <= fim)
      .sort((a, b) => a.abertura.getTime() - b.abertura.getTime());
    const { parametros, items } = pageOf(all, inicio, fim, page, perPage);
    return { parametros, infracoes: items.map((infracao) => this.infracaoJson(infracao)) };
  }

  /** The account's answer to an open infraction: it accepts the claim or rejects it with a defence. */
  defendInfracao(id: string, body: { analise: "aceito" | "rejeitado"; justificativa: string }): Infracao {
    const infracao = this.infracoes.get(id);
    if (!infracao) throw efiError(404, "infracao_nao_encontrada", "Nenhuma infração encontrada para o id informado");
    if (infracao.status !== "ABERTA")
      throw efiError(409, "infracao_nao_aberta", `A infração está ${infracao.status} e não aceita defesa`);
    const now = new Date();
    Object.assign(infracao, {
      status: "EM_DEFESA",
      analise: body.analise,
      defesa: body.justificativa,
      recebimentoDefesa: now,
      atualizadoEm: now,
    });
    return infracao;
  }

  /**
   * Efí decides an infraction still ABERTA or EM_DEFESA. ACEITA: Efí returns the amount to the
   * payer itself (a MED devolução of the Pix, out of what it blocked), so what the account may
   * still return of that Pix by its own devolução shrinks by as much.
   */
  decideInfracao(id: string, status: FinalInfracaoStatus, justificativaAnalista?: string): Infracao {
    const infracao = this.infracoes.get(id);
    if (!infracao) throw efiError(404, "infracao_nao_encontrada", "Nenhuma infração encontrada para o id informado");
    if (infracao.status !== "ABERTA" && infracao.status !== "EM_DEFESA")
      throw efiError(409, "infracao_finalizada", `A infração já está ${infracao.status}`);
    const now = new Date();
    if (status === "ACEITA") {
      const pix = this.getPix(infracao.endToEndId);
      pix.medReturnedCents = (pix.medReturnedCents ?? 0n) + centsOf(infracao.valor);
    }
    Object.assign(infracao, {
      status,
      finalizacao: now,
      atualizadoEm: now,
      ...(justificativaAnalista !== undefined ? { justificativaAnalista } : {}),
    });
    return infracao;
  }

  infracaoJson(infracao: Infracao): Record<string, unknown> {
    return {
      idInfracao: infracao.idInfracao,
      endToEndId: infracao.endToEndId,
      valor: infracao.valor,
      status: infracao.status,
      razao: infracao.razao,
      tipoSituacao: "golpe",
      ...(infracao.defesa !== undefined ? { defesa: infracao.defesa } : {}),
      ...(infracao.justificativaAnalista !== undefined
        ? { justificativaAnalista: infracao.justificativaAnalista }
        : {}),
      dadosAnalise: {
        abertura: infracao.abertura.toISOString(),
        prazoFinalizacao: infracao.prazoFinalizacao.toISOString(),
        ...(infracao.recebimentoDefesa ? { recebimentoDefesa: infracao.recebimentoDefesa.toISOString() } : {}),
        ...(infracao.finalizacao ? { finalizacao: infracao.finalizacao.toISOString() } : {}),
      },
      criadoEm: infracao.abertura.toISOString(),
      atualizadoEm: infracao.atualizadoEm.toISOString(),
    };
  }

  // --- devolução -------------------------------------------------------------------------

  requestDevolucao(e2eid: string, id: string, body: { valor: string; descricao?: string; natureza?: string }) {
    const pix = this.getPix(e2eid);
    if (pix.devolucoes.some((devolucao) => devolucao.id === id))
      throw efiError(409, "devolucao_id_duplicado", "O id de devolução informado já foi utilizado para este Pix");
    const returned = pix.devolucoes
      .filter((devolucao) => devolucao.status !== "NAO_REALIZADO")
      .reduce((sum, devolucao) => sum + centsOf(devolucao.valor), pix.medReturnedCents ?? 0n);
    const asked = centsOf(body.valor);
    if (asked <= 0n || asked > centsOf(pix.valor) - returned) {
      throw problem(400, "PixDevolucaoInvalida", [
        {
          razao: `O valor da devolução excede o valor disponível para devolução (${valorOf(centsOf(pix.valor) - returned)}).`,
          propriedade: "devolucao.valor",
          valor: body.valor,
        },
      ]);
    }
    const devolucao: Devolucao = {
      id,
      rtrId: `D${newEndToEndId(EFI_ISPB).slice(1)}`,
      valor: body.valor,
      ...(body.descricao !== undefined ? { descricao: body.descricao } : {}),
      natureza: body.natureza ?? "ORIGINAL",
      solicitacao: new Date(),
      status: "EM_PROCESSAMENTO",
    };
    pix.devolucoes.push(devolucao);
    this.later(() => {
      if (devolucao.status === "EM_PROCESSAMENTO") this.settleDevolucao(id, "DEVOLVIDO");
    });
    return devolucao;
  }

  getDevolucao(e2eid: string, id: string): Devolucao {
    const devolucao = this.getPix(e2eid).devolucoes.find((candidate) => candidate.id === id);
    if (!devolucao) throw efiError(404, "devolucao_nao_encontrada", "Nenhuma devolução encontrada para o id informado");
    return devolucao;
  }

  /** The bank returns the money (DEVOLVIDO) or cannot (NAO_REALIZADO, with its reason), and tells the webhook. */
  settleDevolucao(id: string, status: "DEVOLVIDO" | "NAO_REALIZADO", motivo?: string): Devolucao {
    const found = [...this.received.values()].flatMap((pix) =>
      pix.devolucoes.filter((devolucao) => devolucao.id === id).map((devolucao) => ({ pix, devolucao })),
    );
    if (found.length === 0) throw efiError(404, "devolucao_nao_encontrada", "Nenhuma devolução com este id");
    const { pix, devolucao } = found[0];
    if (devolucao.status !== "EM_PROCESSAMENTO")
      throw efiError(409, "devolucao_finalizada", `A devolução já está ${devolucao.status}`);
    devolucao.status = status;
    devolucao.liquidacao = new Date();
    if (motivo !== undefined) devolucao.motivo = motivo;
    this.notify(pix.chave, { pix: [{ ...this.pixJson(pix, false), devolucoes: [devolucaoJson(devolucao)] }] });
    return devolucao;
  }

  // --- Pix Send ----------------------------------------------------------------------------

  send(
    idEnvio: string,
    body: { valor: string; pagador: { chave: string; infoPagador?: string }; favorecido: Record<string, unknown> },
  ): PixSend {
    if (this.sends.has(idEnvio))
      throw efiError(409, "id_envio_duplicado", "O idEnvio informado já foi utilizado em outra requisição de envio");
    this.ownKey(body.pagador.chave, "do pagador");
    if (!this.webhooks.has(body.pagador.chave)) {
      throw efiError(
        400,
        "webhook_nao_cadastrado",
        "Para requisitar o envio de Pix, a chave do pagador precisa ter um webhook associado",
      );
    }
    if (centsOf(body.valor) <= 0n) throw efiError(400, "valor_invalido", "O valor do envio deve ser maior que 0.00");
    if (body.favorecido.chave === body.pagador.chave)
      throw efiError(400, "chave_favorecido_invalida", "A chave do favorecido não pode ser a chave do pagador");
    const send: PixSend = {
      idEnvio,
      endToEndId: newEndToEndId(EFI_ISPB),
      valor: body.valor,
      chave: body.pagador.chave,
      favorecido: body.favorecido,
      identificacao: favorecidoIdentificado(body.favorecido),
      ...(body.pagador.infoPagador !== undefined ? { infoPagador: body.pagador.infoPagador } : {}),
      solicitacao: new Date(),
      status: "EM_PROCESSAMENTO",
    };
    this.sends.set(idEnvio, send);
    this.later(() => {
      if (send.status === "EM_PROCESSAMENTO" && !send.held) this.settleSend(idEnvio, "REALIZADO");
    });
    return send;
  }

  /** A send the bank keeps in processing (a slow receiving PSP): it settles only through the control API. */
  holdSend(idEnvio: string): PixSend {
    const send = this.getSend(idEnvio);
    if (send.status !== "EM_PROCESSAMENTO") throw efiError(409, "envio_finalizado", `O envio já está ${send.status}`);
    send.held = true;
    return send;
  }

  /**
   * What Efí would POST for a send's outcome. `forged` notifications use it with a status the
   * bank never gave the send (the bank's state stays as it is).
   */
  sendNotification(send: PixSend, status = send.status, erro = send.erro): Record<string, unknown> {
    return {
      endToEndId: send.endToEndId,
      chave: send.chave,
      tipo: "SOLICITACAO",
      status,
      valor: send.valor,
      horario: (send.liquidacao ?? new Date()).toISOString(),
      gnExtras: { idEnvio: send.idEnvio, ...(erro ? { erro } : {}) },
    };
  }

  getSend(idEnvio: string): PixSend {
    const send = this.sends.get(idEnvio);
    if (!send) throw efiError(404, "pix_nao_encontrado", "Nenhum Pix enviado encontrado para o idEnvio informado");
    return send;
  }

  settleSend(
    idEnvio: string,
    status: "REALIZADO" | "NAO_REALIZADO",
    motivo = "Conta do favorecido encerrada",
  ): PixSend {
    const send = this.getSend(idEnvio);
    if (send.status !== "EM_PROCESSAMENTO") throw efiError(409, "envio_finalizado", `O envio já está ${send.status}`);
    send.status = status;
    send.liquidacao = new Date();
    if (status === "NAO_REALIZADO") send.erro = { codigo: "AC14", origem: "PSP do favorecido", motivo };
    this.notify(send.chave, { pix: [this.sendNotification(send)] });
    return send;
  }

  sendJson(send: PixSend): Record<string, unknown> {
    return {
      endToEndId: send.endToEndId,
      idEnvio: send.idEnvio,
      valor: send.valor,
      chave: send.chave,
      status: send.status,
      ...(send.infoPagador !== undefined ? { infoPagador: send.infoPagador } : {}),
      horario: {
        solicitacao: send.solicitacao.toISOString(),
        ...(send.liquidacao ? { liquidacao: send.liquidacao.toISOString() } : {}),
      },
      favorecido: { ...send.favorecido, identificacao: send.identificacao },
      ...(send.erro ? { gnExtras: { erro: send.erro } } : {}),
    };
  }

  // --- webhook -----------------------------------------------------------------------------

  registerWebhook(chave: string, webhookUrl: string, skipMtlsChecking: boolean): WebhookRegistration {
    this.ownKey(chave, "informada");
    const url = new URL(webhookUrl);
    if (url.protocol === "http:" && !skipMtlsChecking) {
      throw efiError(
        400,
        "webhook_invalido",
        "A autenticação de TLS mútuo não está configurada na URL informada (use https, ou o cabeçalho x-skip-mtls-checking)",
      );
    }
    const registration = { chave, webhookUrl, criacao: new Date(), skipMtlsChecking };
    this.webhooks.set(chave, registration);
    return registration;
  }

  getWebhook(chave: string): WebhookRegistration {
    const registration = this.webhooks.get(chave);
    if (!registration)
      throw efiError(404, "webhook_nao_encontrado", "Nenhum webhook encontrado para a chave informada");
    return registration;
  }

  deleteWebhook(chave: string): void {
    this.getWebhook(chave);
    this.webhooks.delete(chave);
  }
}

export function devolucaoJson(devolucao: Devolucao): Record<string, unknown> {
  return {
    id: devolucao.id,
    rtrId: devolucao.rtrId,
    valor: devolucao.valor,
    natureza: devolucao.natureza,
    ...(devolucao.descricao !== undefined ? { descricao: devolucao.descricao } : {}),
    horario: {
      solicitacao: devolucao.solicitacao.toISOString(),
      ...(devolucao.liquidacao ? { liquidacao: devolucao.liquidacao.toISOString() } : {}),
    },
    status: devolucao.status,
    ...(devolucao.motivo !== undefined ? { motivo: devolucao.motivo } : {}),
  };
}

/** One page of a listing, with the `parametros` Efí answers beside it. */
export function pageOf<T>(all: T[], inicio: Date, fim: Date, page: number, perPage: number) {
  return {
    parametros: {
      inicio: inicio.toISOString(),
      fim: fim.toISOString(),
      paginacao: {
        paginaAtual: page,
        itensPorPagina: perPage,
        quantidadeDePaginas: Math.max(1, Math.ceil(all.length / perPage)),
        quantidadeTotalDeItens: all.length,
      },
    },
    items: all.slice(page * perPage, (page + 1) * perPage),
  };
}

export const newPixKey = () => randomUUID();

/**
 * Who a send pays, as Efí's answers name it (`favorecido.identificacao`, the CPF masked as the
 * central bank shows it): a key's holder from the directory (the service's sandbox directory,
 * CONTRACT §15), refused with `chave_nao_pertence_ao_documento` when the send names another
 * CPF or CNPJ; an account's holder as the send gives it.
 */
function favorecidoIdentificado(favorecido: Record<string, unknown>): PixSend["identificacao"] {
  const identified = (nome: string, document: string) =>
    document.length === 11 ? { nome, cpf: maskDocument(document) } : { nome, cnpj: maskDocument(document) };
  const conta = favorecido.contaBanco as { nome: string; cpf?: string; cnpj?: string } | undefined;
  if (conta) {
    const holder = conta.cpf ?? conta.cnpj;
    if (holder === undefined || (conta.cpf !== undefined && conta.cnpj !== undefined))
      throw efiError(400, "requisicao_invalida", "contaBanco: informe o cpf ou o cnpj do titular");
    return identified(conta.nome, holder);
  }
  const chave = String(favorecido.chave);
  const owner = sandboxKeyOwner(keyTypeOf(chave), chave);
  const declared = (favorecido.cpf ?? favorecido.cnpj) as string | undefined;
  if (declared !== undefined && declared !== owner) {
    throw efiError(
      400,
      "chave_nao_pertence_ao_documento",
      "A chave Pix informada não pertence ao CPF/CNPJ do favorecido",
    );
  }
  return identified(`Titular Sandbox ${owner.slice(-4)}`, owner);
}

/** The type of a key as the DICT tells them apart by their shape. */
function keyTypeOf(chave: string): PixKeyType {
  if (/^\d{11}$/.test(chave)) return "CPF";
  if (/^[0-9A-Z]{12}\d{2}$/.test(chave)) return "CNPJ";
  if (chave.includes("@")) return "EMAIL";
  if (chave.startsWith("+")) return "TELEFONE";
  return "ALEATORIA";
}
