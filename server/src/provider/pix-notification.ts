import { validationError } from "../core/errors";
import type { Cents } from "../core/money";
import { cleanProviderText, MAX_STORED_DEPTH, storableJson } from "./provider-text";

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
}

const TXID = /^[a-zA-Z0-9]{26,35}$/;
/** API Pix: E (or D for devolutions) + ISPB + timestamp + sequence, 32 characters. */
const END_TO_END_ID = /^[A-Za-z0-9]{32}$/;
/** "valor" is a string with exactly two decimals, as API Pix writes money. */
const VALOR = /^\d{1,8}\.\d{2}$/;
const MAX_ITEMS = 500;

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
    return malformed(index, "txid must be 26 to 35 letters and digits", entry, raw);
  if (readable(valor, VALOR, centsOf) === null)
    return malformed(index, 'valor must be a string like "10.00"', entry, raw);
  if (readTime(horario) === null) return malformed(index, "horario must be an ISO 8601 time", entry, raw);
  const payer =
    typeof entry.pagador === "object" && entry.pagador !== null ? (entry.pagador as Record<string, unknown>) : {};
  return {
    ok: true,
    notification: {
      endToEndId: typeof endToEndId === "string" ? endToEndId : null,
      txid: txid as string,
      amountCents: centsOf(valor as string),
      paidAt: readTime(horario) as Date,
      payerName: cleanProviderText(payer.nome, 200),
      payerDocument: cleanProviderText(payer.cpf, 14) ?? cleanProviderText(payer.cnpj, 18),
      raw,
    },
  };
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
