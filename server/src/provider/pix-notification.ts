import { validationError } from "../core/errors";
import type { Cents } from "../core/money";
import { cleanProviderText, MAX_STORED_DEPTH, storableJson } from "./provider-text";

/**
 * A devolução of a received Pix as the bank reports it: an entry of API Pix's
 * `pix[].devolucoes[]` (its outcome is final, DEVOLVIDO or NAO_REALIZADO, or still
 * EM_PROCESSAMENTO), or a devolução read back.
 */
export interface ReturnReport {
  /** The received Pix's end-to-end id. */
  endToEndId: string | null;
  /** The devolução's `id`, as the service named it when it asked for it. */
  returnRequestId: string;
  /** Its `rtrId`. */
  returnId: string | null;
  amountCents: Cents;
  status: "PROCESSING" | "RETURNED" | "REFUSED";
  /** `motivo`: why it was not made, when it was not. */
  reason: string | null;
  /** When it was settled (`horario.liquidacao`), else asked for. */
  at: Date | null;
  /** The devolução's entry as received, with its Pix's end-to-end id and txid. */
  raw: unknown;
}

/** One received PIX, as the central bank's API Pix webhook reports it. */
export interface PixNotification {
  endToEndId: string | null;
  txid: string;
  amountCents: Cents;
  paidAt: Date;
  payerName: string | null;
  payerDocument: string | null;
  /** The item as received, kept with any exception (as jsonb can keep it: see storableJson). */
  raw: unknown;
  /** Its devoluções the bank reports (`devolucoes[]`). */
  returns: ReturnReport[];
  /** Devoluções of it that could not be read: each is kept for review on its own. */
  malformedReturns: MalformedPixNotification[];
}

/**
 * API Pix `Pix.txid`: 1 to 35 letters and digits. A charge's has 26 to 35 (the central bank's
 * rule for a cob); a static QR code's identifier, which the bank reports as the txid, at most 25.
 */
const TXID = /^[a-zA-Z0-9]{1,35}$/;
/** API Pix: E (or D for devolutions) + ISPB + timestamp + sequence, 32 characters. */
const END_TO_END_ID = /^[A-Za-z0-9]{32}$/;
/** "valor" is a string with exactly two decimals, as API Pix writes money. */
const VALOR = /^\d{1,8}\.\d{2}$/;
const MAX_ITEMS = 500;
/** API Pix DevolucaoId: what the service sends is `[a-zA-Z0-9]{1,35}`. */
const RETURN_REQUEST_ID = /^[a-zA-Z0-9]{1,35}$/;
const RETURN_ID = /^[a-zA-Z0-9]{32}$/;
const RETURN_STATUSES: Record<string, ReturnReport["status"]> = {
  EM_PROCESSAMENTO: "PROCESSING",
  DEVOLVIDO: "RETURNED",
  NAO_REALIZADO: "REFUSED",
};
const MAX_RETURNS = 500;

/** Why an entry of the batch could not be read, in the provider's terms ("pix[2]: ..."). */
export interface MalformedPixNotification {
  index: number;
  problem: string;
  /** Whatever could be read, for the operator's review. */
  endToEndId: string | null;
  txid: string | null;
  amountCents: Cents | null;
  paidAt: Date | null;
  /** The entry as received, as jsonb can keep it (see storableJson). */
  raw: unknown;
}

export type ParsedPixEntry = { ok: true; notification: PixNotification } | ({ ok: false } & MalformedPixNotification);

const readable = <T>(value: unknown, pattern: RegExp, read: (text: string) => T): T | null =>
  typeof value === "string" && pattern.test(value) ? read(value) : null;

function centsOf(valor: string): Cents {
  const [whole, fraction] = valor.split(".");
  return BigInt(whole) * 100n + BigInt(fraction);
}

function readEntry(item: unknown, index: number): ParsedPixEntry {
  const stored = storableJson(item);
  const raw = stored ?? { unreadable: `nested deeper than ${MAX_STORED_DEPTH} levels` };
  if (typeof item !== "object" || item === null || Array.isArray(item)) {
    return malformed(index, "must be an object", {}, raw);
  }
  const entry = item as Record<string, unknown>;
  if (stored === null) return malformed(index, `nested deeper than ${MAX_STORED_DEPTH} levels`, entry, raw);
  const { endToEndId, txid, valor, horario } = entry;
  if (endToEndId !== undefined && endToEndId !== null && readable(endToEndId, END_TO_END_ID, String) === null)
    return malformed(index, "endToEndId must be 32 letters and digits", entry, raw);
  if (readable(txid, TXID, String) === null)
    return malformed(index, "txid must be 1 to 35 letters and digits", entry, raw);
  if (readable(valor, VALOR, centsOf) === null)
    return malformed(index, 'valor must be a string like "10.00"', entry, raw);
  if (readTime(horario) === null) return malformed(index, "horario must be an ISO 8601 time", entry, raw);
  const payer =
    typeof entry.pagador === "object" && entry.pagador !== null ? (entry.pagador as Record<string, unknown>) : {};
  const notification: PixNotification = {
    endToEndId: typeof endToEndId === "string" ? endToEndId : null,
    txid: txid as string,
    amountCents: centsOf(valor as string),
    paidAt: readTime(horario) as Date,
    payerName: cleanProviderText(payer.nome, 200),
    payerDocument: cleanProviderText(payer.cpf, 14) ?? cleanProviderText(payer.cnpj, 18),
    raw,
    returns: [],
    malformedReturns: [],
  };
  readReturns(entry.devolucoes, index, notification);
  return { ok: true, notification };
}

/**
 * Reads `devolucoes` (a list; a single object, as one of API Pix's own examples writes it,
 * counts as a list of one) into the notification's returns. An unreadable devolução is
 * kept for review by itself and never holds back the payment or the devoluções beside it.
 */
function readReturns(devolucoes: unknown, index: number, notification: PixNotification): void {
  if (devolucoes === undefined || devolucoes === null) return;
  const items = Array.isArray(devolucoes) ? devolucoes.slice(0, MAX_RETURNS) : [devolucoes];
  items.forEach((item, position) => {
    const where = `pix[${index}].devolucoes[${position}]`;
    const kept = { endToEndId: notification.endToEndId, txid: notification.txid, devolucao: storableJson(item) };
    const problem = returnProblem(item);
    if (problem !== null) {
      notification.malformedReturns.push({
        index,
        problem: `${where}: ${problem}`,
        endToEndId: notification.endToEndId,
        txid: notification.txid,
        amountCents: null,
        paidAt: null,
        raw: kept,
      });
      return;
    }
    const devolucao = item as Record<string, unknown>;
    const horario =
      typeof devolucao.horario === "object" && devolucao.horario !== null
        ? (devolucao.horario as Record<string, unknown>)
        : {};
    notification.returns.push({
      endToEndId: notification.endToEndId,
      returnRequestId: devolucao.id as string,
      returnId: typeof devolucao.rtrId === "string" ? devolucao.rtrId : null,
      amountCents: centsOf(devolucao.valor as string),
      status: RETURN_STATUSES[devolucao.status as string],
      reason: cleanProviderText(devolucao.motivo, 140),
      at: readTime(horario.liquidacao) ?? readTime(horario.solicitacao),
      raw: kept,
    });
  });
}

function returnProblem(item: unknown): string | null {
  if (typeof item !== "object" || item === null || Array.isArray(item)) return "must be an object";
  const { id, rtrId, valor, status } = item as Record<string, unknown>;
  if (typeof id !== "string" || !RETURN_REQUEST_ID.test(id)) return "id must be 1 to 35 letters and digits";
  if (rtrId !== undefined && rtrId !== null && (typeof rtrId !== "string" || !RETURN_ID.test(rtrId)))
    return "rtrId must be 32 letters and digits";
  if (typeof valor !== "string" || !VALOR.test(valor)) return 'valor must be a string like "10.00"';
  if (typeof status !== "string" || !Object.hasOwn(RETURN_STATUSES, status))
    return "status must be EM_PROCESSAMENTO, DEVOLVIDO or NAO_REALIZADO";
  return null;
}

function readTime(value: unknown): Date | null {
  const time = typeof value === "string" ? new Date(value) : null;
  return time && !Number.isNaN(time.getTime()) ? time : null;
}

function malformed(
  index: number,
  problem: string,
  entry: Record<string, unknown>,
  raw: unknown,
): { ok: false } & MalformedPixNotification {
  return {
    ok: false,
    index,
    problem: `pix[${index}]: ${problem}`,
    endToEndId: readable(entry.endToEndId, END_TO_END_ID, String),
    txid: readable(entry.txid, TXID, String),
    amountCents: readable(entry.valor, VALOR, centsOf),
    paidAt: readTime(entry.horario),
    raw,
  };
}

/**
 * Reads `{"pix": [...]}`. A body that is not such a batch is refused whole (400): there is
 * nothing to apply. Each entry is read on its own: a malformed one is answered and kept
 * for review by itself, and never holds back the valid entries beside it (the provider
 * would otherwise send the same batch again forever, and pay out none of it).
 */
export function parsePixNotifications(body: unknown): ParsedPixEntry[] {
  if (typeof body !== "object" || body === null || !Array.isArray((body as { pix?: unknown }).pix)) {
    throw validationError('body must be {"pix": [...]}');
  }
  const items = (body as { pix: unknown[] }).pix;
  if (items.length > MAX_ITEMS) throw validationError(`at most ${MAX_ITEMS} payments per notification`);
  return items.map((item, index) => readEntry(item, index));
}
