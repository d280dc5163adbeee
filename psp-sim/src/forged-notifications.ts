import { newEndToEndId } from "../../server/src/core/ids";
import { type Bank, devolucaoJson } from "./bank";
import type { PixAutomatico } from "./pix-automatico";

/**
 * Notifications the bank never sent, as someone who learned the webhook URL (logs, a proxy, a
 * former employee) would POST them: the service must read each back before it believes it.
 * The bank's own state never changes here.
 */
const FORGER_ISPB = "99999999";

/** A received Pix that never happened (or, with `endToEndId` of a real one, another txid or amount). */
export function forgedPix(
  bank: Bank,
  body: { txid?: unknown; valor?: unknown; endToEndId?: unknown; pagador?: unknown; devolucoes?: unknown },
): { pix: Record<string, unknown>[] } {
  if (typeof body.valor !== "string" || !/^\d{1,10}\.\d{2}$/.test(body.valor))
    throw new Error('valor must be like "10.00"');
  return {
    pix: [
      {
        endToEndId: typeof body.endToEndId === "string" ? body.endToEndId : newEndToEndId(FORGER_ISPB),
        ...(typeof body.txid === "string" ? { txid: body.txid } : {}),
        chave: bank.options.pixKey,
        valor: body.valor,
        horario: new Date().toISOString(),
        ...(typeof body.pagador === "object" && body.pagador !== null ? { gnExtras: { pagador: body.pagador } } : {}),
        ...(body.devolucoes !== undefined ? { devolucoes: body.devolucoes } : {}),
      },
    ],
  };
}

const SEND_STATUSES = ["EM_PROCESSAMENTO", "REALIZADO", "NAO_REALIZADO"] as const;
type SendStatus = (typeof SEND_STATUSES)[number];

/** A send's outcome the bank did not give it (a failure of a send it is paying, or the reverse). */
export function forgedSendOutcome(
  bank: Bank,
  idEnvio: string,
  body: { status?: unknown; motivo?: unknown; valor?: unknown },
): { pix: Record<string, unknown>[] } {
  const status = (body.status ?? "NAO_REALIZADO") as SendStatus;
  if (!SEND_STATUSES.includes(status)) throw new Error(`status must be one of ${SEND_STATUSES.join(", ")}`);
  const motivo = typeof body.motivo === "string" ? body.motivo : "Chave Pix não encontrada";
  const erro = status === "NAO_REALIZADO" ? { codigo: "AC14", origem: "PSP do favorecido", motivo } : undefined;
  const send = bank.sends.get(idEnvio) ?? {
    idEnvio,
    endToEndId: newEndToEndId("09089356"),
    valor: typeof body.valor === "string" ? body.valor : "1.00",
    chave: bank.options.pixKey,
    favorecido: {},
    identificacao: { nome: "" },
    solicitacao: new Date(),
    status,
  };
  return { pix: [bank.sendNotification(send, status, erro)] };
}

const DEVOLUCAO_STATUSES = ["EM_PROCESSAMENTO", "DEVOLVIDO", "NAO_REALIZADO"] as const;
type DevolucaoStatus = (typeof DEVOLUCAO_STATUSES)[number];

/** A devolução's outcome the bank did not give it, inside its Pix as Efí notifies one. */
export function forgedDevolucaoOutcome(
  bank: Bank,
  id: string,
  body: { status?: unknown; motivo?: unknown },
): { pix: Record<string, unknown>[] } {
  const status = (body.status ?? "NAO_REALIZADO") as DevolucaoStatus;
  if (!DEVOLUCAO_STATUSES.includes(status)) throw new Error(`status must be one of ${DEVOLUCAO_STATUSES.join(", ")}`);
  const found = [...bank.received.values()].flatMap((pix) =>
    pix.devolucoes.filter((devolucao) => devolucao.id === id).map((devolucao) => ({ pix, devolucao })),
  );
  if (found.length === 0) throw new Error(`no devolução ${id} at the bank`);
  const { pix, devolucao } = found[0];
  const claimed = {
    ...devolucaoJson(devolucao),
    status,
    ...(status === "NAO_REALIZADO" ? { motivo: typeof body.motivo === "string" ? body.motivo : "forjado" } : {}),
  };
  return { pix: [{ ...bank.pixJson(pix, false), devolucoes: [claimed] }] };
}

const REC_STATUSES = ["CRIADA", "APROVADA", "REJEITADA", "EXPIRADA", "CANCELADA"] as const;
const COBR_STATUSES = ["CRIADA", "ATIVA", "CONCLUIDA", "EXPIRADA", "REJEITADA", "CANCELADA"] as const;

/** A rec notification with a status the bank did not give it (an approval the payer never made). */
export function forgedRecStatus(
  recurrences: PixAutomatico,
  idRec: string,
  body: { status?: unknown },
): { recs: Record<string, unknown>[] } {
  const status = body.status ?? "APROVADA";
  if (!REC_STATUSES.includes(status as never)) throw new Error(`status must be one of ${REC_STATUSES.join(", ")}`);
  const rec = recurrences.recs.get(idRec);
  const notification = rec
    ? recurrences.recNotification(rec)
    : { idRec, atualizacao: [], ativacao: { tipoJornada: "JORNADA_2" } };
  const atualizacao = [...(notification.atualizacao as unknown[]), { status, data: new Date().toISOString() }];
  return { recs: [{ ...notification, status, atualizacao }] };
}

/** A cobr notification of a payment the bank never received (its attempt PAGA, a Pix that does not exist). */
export function forgedCobrPayment(
  recurrences: PixAutomatico,
  txid: string,
  body: { status?: unknown },
): { cobsr: Record<string, unknown>[] } {
  const status = body.status ?? "CONCLUIDA";
  if (!COBR_STATUSES.includes(status as never)) throw new Error(`status must be one of ${COBR_STATUSES.join(", ")}`);
  const cobr = recurrences.cobrs.get(txid);
  if (!cobr) throw new Error(`no cobr ${txid}`);
  const notification = recurrences.cobrNotification(cobr);
  const now = new Date().toISOString();
  const tentativas = (notification.tentativas as Record<string, unknown>[]).map((tentativa, index, all) =>
    index === all.length - 1 ? { ...tentativa, status: "PAGA" } : tentativa,
  );
  const endToEndId = tentativas.at(-1)?.endToEndId ?? newEndToEndId(FORGER_ISPB);
  return {
    cobsr: [
      {
        ...notification,
        status,
        atualizacao: [...(notification.atualizacao as unknown[]), { status, data: now }],
        tentativas,
        pix: [{ endToEndId, txid, valor: cobr.valor, horario: now }],
      },
    ],
  };
}
