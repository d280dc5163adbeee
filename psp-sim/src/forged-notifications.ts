import { newEndToEndId } from "../../server/src/core/ids";
import { type Bank, devolucaoJson } from "./bank";

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
