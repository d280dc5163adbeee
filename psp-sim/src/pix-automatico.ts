import { randomBytes } from "node:crypto";
import { isoDate, nextBusinessDay, parseIsoDate, saoPauloDay } from "../../server/src/billing/business-days";
import { buildRecurrenceBrCode } from "../../server/src/charges/br-code";
import { newEndToEndId } from "../../server/src/core/ids";
import { type Bank, centsOf, EFI_ISPB } from "./bank";
import { efiError, problem } from "./efi-errors";

/**
 * Pix Automático at the local PSP, as Efí serves the central bank's API Pix 2.9.0: the
 * recurrences' locations (`/v2/locrec`), the recurrences (`/v2/rec`) the payer authorises in
 * their bank's app (the control API plays the payer), the requests sent to a known payer's
 * bank (`/v2/solicrec`), the recurring charges (`/v2/cobr`) the payer's bank debits on their
 * due date, and their retries (`/v2/cobr/{txid}/retentativa/{data}`). Every change of status
 * is notified as the API Pix bodies (`{"recs": [...]}` to the webhookrec, `{"cobsr": [...]}`
 * to the webhookcobr).
 *
 * Listings (`GET /v2/rec`, `GET /v2/cobr`) answer what changed in [inicio, fim] (any entry of
 * its `atualizacao` in the window), so that overlapping windows find every change.
 */
export type RecStatus = "CRIADA" | "APROVADA" | "REJEITADA" | "EXPIRADA" | "CANCELADA";
export type CobRStatus = "CRIADA" | "ATIVA" | "CONCLUIDA" | "EXPIRADA" | "REJEITADA" | "CANCELADA";
export type TentativaStatus = "SOLICITADA" | "AGENDADA" | "PAGA" | "CANCELADA" | "REJEITADA" | "EXPIRADA";

export interface LocRec {
  id: number;
  location: string;
  criacao: Date;
  idRec?: string;
}

interface Change<S> {
  status: S;
  data: Date;
}

export interface Rec {
  idRec: string;
  vinculo: { contrato: string; objeto?: string; devedor: { nome: string; cpf?: string; cnpj?: string } };
  calendario: { dataInicial: string; dataFinal?: string; periodicidade: string };
  valor?: { valorRec?: string; valorMinimoRecebedor?: string };
  politicaRetentativa: "NAO_PERMITE" | "PERMITE_3R_7D";
  loc?: number;
  /** Journey 3: the cob paid now with the authorisation. */
  txid?: string;
  tipoJornada: "JORNADA_1" | "JORNADA_2" | "JORNADA_3" | "AGUARDANDO_DEFINICAO";
  status: RecStatus;
  atualizacao: Change<RecStatus>[];
  encerramento?: Record<string, unknown>;
  solicitacoes: string[];
  /**
   * A variable recurrence's most the payer lets be debited, set in their bank's app when they
   * approve: their bank keeps it (the receiver's views never show it) and refuses a debit above it.
   */
  valorMaximoPagador?: string;
}

export interface SolicRec {
  idSolicRec: string;
  idRec: string;
  calendario: { dataExpiracaoSolicitacao: string };
  destinatario: Record<string, string>;
  status: "CRIADA" | "ENVIADA" | "RECEBIDA" | "REJEITADA" | "ACEITA" | "EXPIRADA" | "CANCELADA";
  atualizacao: Change<SolicRec["status"]>[];
}

export interface Tentativa {
  dataLiquidacao: string;
  tipo: "AGND" | "NTAG";
  status: TentativaStatus;
  endToEndId: string;
  atualizacao: Change<TentativaStatus>[];
  rejeicao?: { codigo: string; descricao: string };
}

export interface CobR {
  txid: string;
  idRec: string;
  infoAdicional?: string;
  calendario: { dataDeVencimento: string };
  valor: string;
  ajusteDiaUtil: boolean;
  recebedor: { conta: string; tipoConta: string; agencia?: string };
  criacao: Date;
  status: CobRStatus;
  atualizacao: Change<CobRStatus>[];
  encerramento?: Record<string, unknown>;
  tentativas: Tentativa[];
  /** The Pix of the paid attempt. */
  pix: { endToEndId: string; valor: string; horario: Date }[];
}

/** The central bank's rule: a recurring charge is sent 2 to 10 days before its due date. */
const MIN_DAYS_TO_DUE = 2;
const MAX_DAYS_TO_DUE = 10;
/** PERMITE_3R_7D: at most 3 retries, within 7 days after the first attempt's day. */
const MAX_RETRIES = 3;
const RETRY_WINDOW_DAYS = 7;
const LOCATION_HOST = "qrcodes.psp-sim.invalid";
const ALPHANUMERIC = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

export type NotifyRec = (kind: "rec" | "cobr", body: { recs: unknown[] } | { cobsr: unknown[] }) => void;

function sequence(length: number): string {
  return [...randomBytes(length)].map((byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join("");
}

/** `yyyyMMdd` of the day in America/Sao_Paulo. */
const compactDay = (at: Date) => isoDate(saoPauloDay(at)).replaceAll("-", "");

const recProblem = (razao: string, propriedade: string) =>
  problem(400, "RecOperacaoInvalida", [{ razao, propriedade }]);
const cobrProblem = (razao: string, propriedade: string) =>
  problem(400, "CobROperacaoInvalida", [{ razao, propriedade }]);

export class PixAutomatico {
  readonly locrecs = new Map<number, LocRec>();
  readonly recs = new Map<string, Rec>();
  readonly solicrecs = new Map<string, SolicRec>();
  readonly cobrs = new Map<string, CobR>();
  /** The webhooks of recurrences and of recurring charges (one each per account). */
  readonly webhooks: { rec?: { webhookUrl: string; criacao: Date }; cobr?: { webhookUrl: string; criacao: Date } } = {};
  private nextLocId = 1;

  constructor(
    private readonly bank: Bank,
    /** The account's number at this PSP: a cobr credits it (`recebedor.conta`). */
    readonly accountNumber: string,
    private readonly notify: NotifyRec,
  ) {}

  // --- locrec ------------------------------------------------------------------------------

  createLocRec(): LocRec {
    const loc = {
      id: this.nextLocId++,
      location: `${LOCATION_HOST}/v2/rec/${randomBytes(16).toString("hex")}`,
      criacao: new Date(),
    };
    this.locrecs.set(loc.id, loc);
    return loc;
  }

  getLocRec(id: string): LocRec {
    const loc = /^\d{1,18}$/.test(id) ? this.locrecs.get(Number(id)) : undefined;
    if (!loc) throw efiError(404, "location_nao_encontrada", "Nenhuma location encontrada para o id informado");
    return loc;
  }

  locRecJson(loc: LocRec): Record<string, unknown> {
    return {
      id: loc.id,
      location: loc.location,
      tipo: "rec",
      criacao: loc.criacao.toISOString(),
      ...(loc.idRec ? { idRec: loc.idRec } : {}),
    };
  }

  // --- rec ---------------------------------------------------------------------------------

  createRec(
    body: Omit<Rec, "idRec" | "status" | "atualizacao" | "solicitacoes" | "tipoJornada" | "txid"> & {
      ativacao?: { dadosJornada?: { txid: string } };
    },
  ): Rec {
    const start = parseIsoDate(body.calendario.dataInicial);
    if (start === null || start < saoPauloDay(new Date()))
      throw recProblem("A data inicial não pode ser anterior à data atual.", "rec.calendario.dataInicial");
    if (body.calendario.dataFinal !== undefined && (parseIsoDate(body.calendario.dataFinal) ?? 0) < start)
      throw recProblem("A data final não pode ser anterior à data inicial.", "rec.calendario.dataFinal");
    if (body.valor?.valorRec !== undefined && centsOf(body.valor.valorRec) <= 0n)
      throw recProblem("O valor da recorrência deve ser maior que 0.00.", "rec.valor.valorRec");
    let loc: LocRec | undefined;
    if (body.loc !== undefined) {
      loc = this.locrecs.get(body.loc);
      if (!loc) throw recProblem("A location informada não existe.", "rec.loc");
      if (loc.idRec) throw recProblem("A location informada já está vinculada a outra recorrência.", "rec.loc");
    }
    const txid = body.ativacao?.dadosJornada?.txid;
    if (txid !== undefined) {
      const cob = this.bank.cobs.get(txid);
      if (cob?.status !== "ATIVA")
        throw recProblem(
          "A cobrança imediata da jornada 3 não existe ou não está ATIVA.",
          "rec.ativacao.dadosJornada.txid",
        );
    }
    const now = new Date();
    const idRec = `R${body.politicaRetentativa === "PERMITE_3R_7D" ? "R" : "N"}${EFI_ISPB}${compactDay(now)}${sequence(11)}`;
    const rec: Rec = {
      idRec,
      vinculo: body.vinculo,
      calendario: body.calendario,
      ...(body.valor !== undefined ? { valor: body.valor } : {}),
      politicaRetentativa: body.politicaRetentativa,
      ...(loc ? { loc: loc.id } : {}),
      ...(txid !== undefined ? { txid } : {}),
      tipoJornada: "AGUARDANDO_DEFINICAO",
      status: "CRIADA",
      atualizacao: [{ status: "CRIADA", data: now }],
      solicitacoes: [],
    };
    if (loc) loc.idRec = idRec;
    this.recs.set(idRec, rec);
    return rec;
  }

  getRec(idRec: string): Rec {
    const rec = this.recs.get(idRec);
    if (!rec)
      throw efiError(404, "recorrencia_nao_encontrada", "Nenhuma recorrência encontrada para o idRec informado");
    return rec;
  }

  /** `PATCH /v2/rec/{idRec}` with `status: CANCELADA`: the receiver cancels (its charges not yet paid with it). */
  reviseRec(idRec: string, body: { status?: "CANCELADA"; loc?: number }): Rec {
    const rec = this.getRec(idRec);
    if (body.status === "CANCELADA") {
      if (rec.status !== "CRIADA" && rec.status !== "APROVADA")
        throw recProblem(`A recorrência está ${rec.status} e não pode ser cancelada.`, "rec.status");
      this.endRec(rec, "CANCELADA", {
        cancelamento: { solicitante: "USUARIO_RECEBEDOR", codigo: "SLCR", descricao: "Cancelada pelo recebedor" },
      });
    }
    return rec;
  }

  /** The payer's decision in their bank's app (the control API's doing), with their own limit on a variable one. */
  decideRec(idRec: string, status: "APROVADA" | "REJEITADA", descricao?: string, valorMaximo?: string): Rec {
    const rec = this.getRec(idRec);
    if (rec.status !== "CRIADA") throw efiError(409, "recorrencia_nao_criada", `A recorrência está ${rec.status}`);
    if (valorMaximo !== undefined) {
      if (rec.valor?.valorRec !== undefined)
        throw new Error("valorMaximo is the payer's limit of a variable recurrence");
      // The API Pix: the payer's maximum may not be below the receiver's floor (valorMinimoRecebedor).
      const floor = rec.valor?.valorMinimoRecebedor;
      if (floor !== undefined && centsOf(valorMaximo) < centsOf(floor))
        throw new Error(`valorMaximo must not be below the receiver's floor ${floor}`);
      rec.valorMaximoPagador = valorMaximo;
    }
    rec.tipoJornada = rec.solicitacoes.length > 0 ? "JORNADA_1" : rec.txid ? "JORNADA_3" : "JORNADA_2";
    for (const id of rec.solicitacoes) {
      const solic = this.solicrecs.get(id);
      if (solic && solic.status !== "CANCELADA") this.moveSolic(solic, status === "APROVADA" ? "ACEITA" : "REJEITADA");
    }
    if (status === "APROVADA") {
      this.moveRec(rec, "APROVADA");
      if (rec.txid) this.bank.payCob(rec.txid, { pagador: { nome: rec.vinculo.devedor.nome, ...documentOf(rec) } });
    } else {
      this.endRec(rec, "REJEITADA", {
        rejeicao: { codigo: "AP13", descricao: descricao ?? "Recusada pelo usuário pagador" },
      });
    }
    return rec;
  }

  /** The payer cancels at their bank (the control API's doing). */
  cancelRecByPayer(idRec: string, descricao?: string): Rec {
    const rec = this.getRec(idRec);
    if (rec.status !== "CRIADA" && rec.status !== "APROVADA")
      throw efiError(409, "recorrencia_finalizada", `A recorrência está ${rec.status}`);
    this.endRec(rec, "CANCELADA", {
      cancelamento: {
        solicitante: "USUARIO_PAGADOR",
        codigo: "ACCL",
        descricao: descricao ?? "Cancelada pelo pagador",
      },
    });
    return rec;
  }

  /** Not authorised in time (the control API's doing). */
  expireRec(idRec: string): Rec {
    const rec = this.getRec(idRec);
    if (rec.status !== "CRIADA") throw efiError(409, "recorrencia_nao_criada", `A recorrência está ${rec.status}`);
    this.endRec(rec, "EXPIRADA");
    return rec;
  }

  private endRec(rec: Rec, status: "CANCELADA" | "REJEITADA" | "EXPIRADA", encerramento?: Record<string, unknown>) {
    if (encerramento) rec.encerramento = encerramento;
    this.moveRec(rec, status);
    // A recurrence that ends takes its charges not yet paid with it.
    for (const cobr of this.cobrs.values()) {
      if (cobr.idRec === rec.idRec && (cobr.status === "CRIADA" || cobr.status === "ATIVA")) {
        this.cancelCobr(cobr, rec.status === "CANCELADA" ? "PSP_RECEBEDOR" : "PSP_PAGADOR");
      }
    }
  }

  private moveRec(rec: Rec, status: RecStatus): void {
    rec.status = status;
    rec.atualizacao.push({ status, data: new Date() });
    this.notify("rec", { recs: [this.recNotification(rec)] });
  }

  /** A rec's notification (API Pix RecNotification). */
  recNotification(rec: Rec): Record<string, unknown> {
    return {
      idRec: rec.idRec,
      status: rec.status,
      atualizacao: rec.atualizacao.map(changeJson),
      ...(rec.encerramento ? { encerramento: rec.encerramento } : {}),
      ativacao: { tipoJornada: rec.tipoJornada, ...(rec.txid ? { dadosJornada: { txid: rec.txid } } : {}) },
    };
  }

  /** `GET /v2/rec/{idRec}` (API Pix RecCompleta), with the BR Code to authorise it (`dadosQR`); with `txid`, journey 3's. */
  recJson(rec: Rec, txid?: string | null): Record<string, unknown> {
    const loc = rec.loc === undefined ? undefined : this.locrecs.get(rec.loc);
    let dadosQR: Record<string, unknown> | undefined;
    if (loc && rec.status === "CRIADA") {
      const cob = txid ? this.bank.getCob(txid) : undefined;
      dadosQR = {
        jornada: cob ? "JORNADA_3" : "JORNADA_2",
        pixCopiaECola: buildRecurrenceBrCode({
          recurrenceLocationUrl: loc.location,
          firstPayment: cob ? { locationUrl: cob.loc.location, amountCents: centsOf(cob.valor) } : null,
          merchantName: this.bank.options.merchantName,
          merchantCity: this.bank.options.merchantCity,
        }),
      };
    }
    return {
      idRec: rec.idRec,
      vinculo: rec.vinculo,
      calendario: rec.calendario,
      ...(rec.valor ? { valor: rec.valor } : {}),
      recebedor: { cnpj: "09089356000118", nome: this.bank.options.merchantName },
      politicaRetentativa: rec.politicaRetentativa,
      status: rec.status,
      ...(loc ? { loc: this.locRecJson(loc) } : {}),
      atualizacao: rec.atualizacao.map(changeJson),
      ...(rec.encerramento ? { encerramento: rec.encerramento } : {}),
      ativacao: { tipoJornada: rec.tipoJornada, ...(rec.txid ? { dadosJornada: { txid: rec.txid } } : {}) },
      ...(rec.solicitacoes.length > 0
        ? { solicitacao: rec.solicitacoes.map((id) => this.solicRecJson(this.solicrecs.get(id) as SolicRec)) }
        : {}),
      ...(dadosQR ? { dadosQR } : {}),
    };
  }

  listRecs(inicio: Date, fim: Date, status: string | null) {
    return changedIn([...this.recs.values()], inicio, fim).filter((rec) => status === null || rec.status === status);
  }

  // --- solicrec ----------------------------------------------------------------------------

  createSolicRec(body: Pick<SolicRec, "idRec" | "calendario" | "destinatario">): SolicRec {
    const rec = this.recs.get(body.idRec);
    if (!rec)
      throw problem(400, "SolicRecOperacaoInvalida", [
        { razao: "A recorrência não existe.", propriedade: "solicrec.idRec" },
      ]);
    if (rec.status !== "CRIADA")
      throw problem(400, "SolicRecOperacaoInvalida", [
        { razao: `A recorrência está ${rec.status}.`, propriedade: "solicrec.idRec" },
      ]);
    const expires = new Date(body.calendario.dataExpiracaoSolicitacao);
    if (expires.getTime() <= Date.now())
      throw problem(400, "SolicRecOperacaoInvalida", [
        { razao: "A data de expiração deve ser futura.", propriedade: "solicrec.calendario.dataExpiracaoSolicitacao" },
      ]);
    const now = new Date();
    const solic: SolicRec = {
      idSolicRec: `SC${EFI_ISPB}${compactDay(now)}${sequence(11)}`,
      ...body,
      // Sent to the payer's bank at once.
      status: "ENVIADA",
      atualizacao: [
        { status: "CRIADA", data: now },
        { status: "ENVIADA", data: now },
      ],
    };
    this.solicrecs.set(solic.idSolicRec, solic);
    rec.solicitacoes.push(solic.idSolicRec);
    return solic;
  }

  getSolicRec(id: string): SolicRec {
    const solic = this.solicrecs.get(id);
    if (!solic) throw efiError(404, "solicitacao_nao_encontrada", "Nenhuma solicitação encontrada para o id informado");
    return solic;
  }

  cancelSolicRec(id: string): SolicRec {
    const solic = this.getSolicRec(id);
    if (solic.status === "ACEITA" || solic.status === "REJEITADA" || solic.status === "CANCELADA")
      throw problem(400, "SolicRecOperacaoInvalida", [
        { razao: `A solicitação está ${solic.status}.`, propriedade: "solicrec.status" },
      ]);
    this.moveSolic(solic, "CANCELADA");
    return solic;
  }

  private moveSolic(solic: SolicRec, status: SolicRec["status"]): void {
    solic.status = status;
    solic.atualizacao.push({ status, data: new Date() });
  }

  solicRecJson(solic: SolicRec): Record<string, unknown> {
    return {
      idSolicRec: solic.idSolicRec,
      idRec: solic.idRec,
      calendario: solic.calendario,
      destinatario: solic.destinatario,
      status: solic.status,
      atualizacao: solic.atualizacao.map(changeJson),
    };
  }

  // --- cobr --------------------------------------------------------------------------------

  createCobr(
    txid: string,
    body: Omit<CobR, "txid" | "valor" | "criacao" | "status" | "atualizacao" | "tentativas" | "pix"> & {
      valor: { original: string };
    },
  ): CobR {
    if (this.cobrs.has(txid) || this.bank.cobs.has(txid) || this.bank.cobvs.has(txid))
      throw efiError(409, "txid_duplicado", "Campo txid informado já foi utilizado em outra cobrança");
    const rec = this.recs.get(body.idRec);
    if (!rec) throw cobrProblem("A recorrência informada não existe.", "cobr.idRec");
    if (rec.status !== "APROVADA") throw cobrProblem(`A recorrência está ${rec.status}.`, "cobr.idRec");
    if (body.recebedor.conta !== this.accountNumber)
      throw cobrProblem("A conta do recebedor não pertence a este usuário.", "cobr.recebedor.conta");
    const valor = body.valor.original;
    if (centsOf(valor) <= 0n) throw cobrProblem("O valor deve ser maior que 0.00.", "cobr.valor.original");
    if (rec.valor?.valorRec !== undefined && rec.valor.valorRec !== valor)
      throw cobrProblem("O valor difere do valor fixo da recorrência.", "cobr.valor.original");
    const due = parseIsoDate(body.calendario.dataDeVencimento) as number;
    const today = saoPauloDay(new Date());
    if (due < today + MIN_DAYS_TO_DUE || due > today + MAX_DAYS_TO_DUE)
      throw cobrProblem(
        `A data de vencimento deve ser de ${MIN_DAYS_TO_DUE} a ${MAX_DAYS_TO_DUE} dias após a data atual.`,
        "cobr.calendario.dataDeVencimento",
      );
    const now = new Date();
    const settlementDay = body.ajusteDiaUtil ? nextBusinessDay(due) : due;
    const cobr: CobR = {
      txid,
      idRec: body.idRec,
      ...(body.infoAdicional !== undefined ? { infoAdicional: body.infoAdicional } : {}),
      calendario: body.calendario,
      valor,
      ajusteDiaUtil: body.ajusteDiaUtil,
      recebedor: body.recebedor,
      criacao: now,
      status: "CRIADA",
      atualizacao: [{ status: "CRIADA", data: now }],
      tentativas: [newTentativa(isoDate(settlementDay), "AGND", now)],
      pix: [],
    };
    this.cobrs.set(txid, cobr);
    // The payer's bank took the scheduling at once.
    this.moveCobr(cobr, "ATIVA");
    return cobr;
  }

  getCobr(txid: string): CobR {
    const cobr = this.cobrs.get(txid);
    if (!cobr) throw efiError(404, "cobranca_nao_encontrada", "Nenhuma cobrança encontrada para o txid informado");
    return cobr;
  }

  reviseCobr(txid: string): CobR {
    const cobr = this.getCobr(txid);
    if (cobr.status !== "CRIADA" && cobr.status !== "ATIVA")
      throw cobrProblem(`A cobrança está ${cobr.status} e não pode ser cancelada.`, "cobr.status");
    this.cancelCobr(cobr, "USUARIO_RECEBEDOR");
    return cobr;
  }

  private cancelCobr(cobr: CobR, solicitante: string): void {
    const pending = cobr.tentativas.at(-1);
    if (pending && (pending.status === "AGENDADA" || pending.status === "SOLICITADA"))
      moveTentativa(pending, "CANCELADA");
    cobr.encerramento = { cancelamento: { solicitante, codigo: "SLCR", descricao: "Cancelada" } };
    this.moveCobr(cobr, "CANCELADA");
  }

  /**
   * `POST /v2/cobr/{txid}/retentativa/{data}`: another attempt of a refused debit, with
   * PERMITE_3R_7D only, at most 3, a later day than the last, within 7 days of the first.
   */
  retryCobr(txid: string, data: string): CobR {
    const cobr = this.getCobr(txid);
    const rec = this.getRec(cobr.idRec);
    const day = parseIsoDate(data);
    const last = cobr.tentativas.at(-1) as Tentativa;
    const first = parseIsoDate(cobr.tentativas[0].dataLiquidacao) as number;
    const fail = (razao: string) => cobrProblem(razao, "cobr.tentativas");
    if (day === null) throw cobrProblem("A data deve estar no formato YYYY-MM-DD.", "data");
    if (rec.politicaRetentativa !== "PERMITE_3R_7D") throw fail("A recorrência não permite retentativas.");
    if (cobr.status !== "ATIVA") throw fail(`A cobrança está ${cobr.status}.`);
    if (last.status !== "REJEITADA") throw fail("A última tentativa não foi rejeitada.");
    if (cobr.tentativas.length > MAX_RETRIES) throw fail(`No máximo ${MAX_RETRIES} retentativas.`);
    if (day <= (parseIsoDate(last.dataLiquidacao) as number) || day < saoPauloDay(new Date()))
      throw fail("A data da retentativa deve ser posterior à da última tentativa e não anterior a hoje.");
    if (day > first + RETRY_WINDOW_DAYS) throw fail(`A retentativa deve ser em até ${RETRY_WINDOW_DAYS} dias.`);
    cobr.tentativas.push(newTentativa(data, "NTAG", new Date()));
    this.notify("cobr", { cobsr: [this.cobrNotification(cobr)] });
    return cobr;
  }

  /**
   * The payer's bank settles the scheduled attempt (the control API's doing): PAGA (the Pix
   * arrives, the cobr is CONCLUIDA) or REJEITADA (with the SPI's code); a refused attempt with
   * no retry possible expires the cobr.
   */
  debitCobr(txid: string, outcome: "PAGA" | "REJEITADA", rejeicao?: { codigo?: string; descricao?: string }): CobR {
    const cobr = this.getCobr(txid);
    const attempt = cobr.tentativas.at(-1) as Tentativa;
    if (cobr.status !== "ATIVA" || attempt.status !== "AGENDADA")
      throw efiError(409, "cobranca_sem_tentativa_agendada", `A cobrança está ${cobr.status}, sem tentativa agendada`);
    const limit = this.getRec(cobr.idRec).valorMaximoPagador;
    if (outcome === "PAGA" && limit !== undefined && centsOf(cobr.valor) > centsOf(limit)) {
      // The payer's bank refuses a debit above the payer's own limit (AM02, ISO 20022's NotAllowedAmount).
      return this.debitCobr(txid, "REJEITADA", {
        codigo: "AM02",
        descricao: "Valor acima do limite definido pelo pagador",
      });
    }
    if (outcome === "PAGA") {
      moveTentativa(attempt, "PAGA");
      cobr.pix.push({ endToEndId: attempt.endToEndId, valor: cobr.valor, horario: new Date() });
      this.moveCobr(cobr, "CONCLUIDA");
      return cobr;
    }
    attempt.rejeicao = { codigo: rejeicao?.codigo ?? "AM02", descricao: rejeicao?.descricao ?? "Saldo insuficiente" };
    moveTentativa(attempt, "REJEITADA");
    const rec = this.getRec(cobr.idRec);
    const first = parseIsoDate(cobr.tentativas[0].dataLiquidacao) as number;
    const retriesLeft =
      rec.politicaRetentativa === "PERMITE_3R_7D" &&
      cobr.tentativas.length <= MAX_RETRIES &&
      (parseIsoDate(attempt.dataLiquidacao) as number) < first + RETRY_WINDOW_DAYS;
    if (retriesLeft) this.notify("cobr", { cobsr: [this.cobrNotification(cobr)] });
    else this.moveCobr(cobr, "EXPIRADA");
    return cobr;
  }

  private moveCobr(cobr: CobR, status: CobRStatus): void {
    cobr.status = status;
    cobr.atualizacao.push({ status, data: new Date() });
    this.notify("cobr", { cobsr: [this.cobrNotification(cobr)] });
  }

  /** A cobr's notification (API Pix CobRNotification). */
  cobrNotification(cobr: CobR): Record<string, unknown> {
    return {
      idRec: cobr.idRec,
      txid: cobr.txid,
      status: cobr.status,
      atualizacao: cobr.atualizacao.map(changeJson),
      ...(cobr.encerramento ? { encerramento: cobr.encerramento } : {}),
      tentativas: cobr.tentativas.map(tentativaJson),
      ...(cobr.pix.length > 0 ? { pix: cobr.pix.map((pix) => pixJson(cobr, pix)) } : {}),
    };
  }

  /** `GET /v2/cobr/{txid}` (API Pix CobRCompleta). */
  cobrJson(cobr: CobR): Record<string, unknown> {
    const rec = this.recs.get(cobr.idRec);
    return {
      idRec: cobr.idRec,
      txid: cobr.txid,
      ...(cobr.infoAdicional !== undefined ? { infoAdicional: cobr.infoAdicional } : {}),
      calendario: { criacao: isoDate(saoPauloDay(cobr.criacao)), dataDeVencimento: cobr.calendario.dataDeVencimento },
      valor: { original: cobr.valor },
      ajusteDiaUtil: cobr.ajusteDiaUtil,
      recebedor: { ...cobr.recebedor },
      status: cobr.status,
      politicaRetentativa: rec?.politicaRetentativa ?? "NAO_PERMITE",
      devedor: rec ? { ...rec.vinculo.devedor } : undefined,
      atualizacao: cobr.atualizacao.map(changeJson),
      ...(cobr.encerramento ? { encerramento: cobr.encerramento } : {}),
      tentativas: cobr.tentativas.map(tentativaJson),
      ...(cobr.pix.length > 0 ? { pix: cobr.pix.map((pix) => pixJson(cobr, pix)) } : {}),
    };
  }

  listCobrs(inicio: Date, fim: Date, idRec: string | null, status: string | null) {
    return changedIn([...this.cobrs.values()], inicio, fim).filter(
      (cobr) => (idRec === null || cobr.idRec === idRec) && (status === null || cobr.status === status),
    );
  }
}

function documentOf(rec: Rec): { cpf: string } | { cnpj: string } {
  const { cpf, cnpj } = rec.vinculo.devedor;
  return cpf !== undefined ? { cpf } : { cnpj: cnpj as string };
}

function newTentativa(dataLiquidacao: string, tipo: Tentativa["tipo"], at: Date): Tentativa {
  return {
    dataLiquidacao,
    tipo,
    status: "AGENDADA",
    // The payer's bank names the debit's Pix when it schedules it.
    endToEndId: newEndToEndId("99999999", at),
    atualizacao: [
      { status: "SOLICITADA", data: at },
      { status: "AGENDADA", data: at },
    ],
  };
}

function moveTentativa(tentativa: Tentativa, status: TentativaStatus): void {
  tentativa.status = status;
  tentativa.atualizacao.push({ status, data: new Date() });
}

const changeJson = <S>(change: Change<S>) => ({ status: change.status, data: change.data.toISOString() });

function tentativaJson(tentativa: Tentativa): Record<string, unknown> {
  return {
    dataLiquidacao: tentativa.dataLiquidacao,
    tipo: tentativa.tipo,
    status: tentativa.status,
    endToEndId: tentativa.endToEndId,
    atualizacao: tentativa.atualizacao.map(changeJson),
    ...(tentativa.rejeicao ? { rejeicao: tentativa.rejeicao } : {}),
  };
}

function pixJson(cobr: CobR, pix: CobR["pix"][number]): Record<string, unknown> {
  return { endToEndId: pix.endToEndId, txid: cobr.txid, valor: pix.valor, horario: pix.horario.toISOString() };
}

/** When a rec or cobr changed: its history, and its attempts' (a refused debit leaves a cobr ATIVA). */
function changesOf(item: Rec | CobR): number[] {
  const attempts = "tentativas" in item ? item.tentativas.flatMap((tentativa) => tentativa.atualizacao) : [];
  return [...item.atualizacao, ...attempts].map((change) => change.data.getTime());
}

/** What changed in [inicio, fim], by its last change in the window, oldest first. */
function changedIn<T extends Rec | CobR>(all: T[], inicio: Date, fim: Date): T[] {
  const lastIn = (item: T) =>
    Math.max(-1, ...changesOf(item).filter((at) => at >= inicio.getTime() && at <= fim.getTime()));
  return all.filter((item) => lastIn(item) >= 0).sort((a, b) => lastIn(a) - lastIn(b));
}
