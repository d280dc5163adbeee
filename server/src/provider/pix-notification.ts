import { validationError } from "../core/errors";
import type { Cents } from "../core/money";

/** One received PIX, as the central bank's API Pix webhook reports it. */
export interface PixNotification {
  endToEndId: string | null;
  txid: string;
  amountCents: Cents;
  paidAt: Date;
  payerName: string | null;
  payerDocument: string | null;
  /** The item as received, kept with any exception. */
  raw: Record<string, unknown>;
}

const TXID = /^[a-zA-Z0-9]{26,35}$/;
/** API Pix: E (or D for devolutions) + ISPB + timestamp + sequence, 32 characters. */
const END_TO_END_ID = /^[A-Za-z0-9]{32}$/;
/** "valor" is a string with exactly two decimals, as API Pix writes money. */
const VALOR = /^\d{1,8}\.\d{2}$/;
const MAX_ITEMS = 500;

function itemError(index: number, message: string) {
  return validationError(`pix[${index}]: ${message}`);
}

function optionalText(value: unknown, max: number): string | null {
  if (typeof value !== "string") return null;
  const text = value.trim();
  return text.length === 0 ? null : text.slice(0, max);
}

/**
 * Reads `{"pix": [...]}`. The whole batch is refused (400) when one item is malformed,
 * so a provider's retry of the fixed batch applies every item exactly once.
 */
export function parsePixNotifications(body: unknown): PixNotification[] {
  if (typeof body !== "object" || body === null || !Array.isArray((body as { pix?: unknown }).pix)) {
    throw validationError('body must be {"pix": [...]}');
  }
  const items = (body as { pix: unknown[] }).pix;
  if (items.length > MAX_ITEMS) throw validationError(`at most ${MAX_ITEMS} payments per notification`);
  return items.map((item, index) => {
    if (typeof item !== "object" || item === null || Array.isArray(item)) throw itemError(index, "must be an object");
    const raw = item as Record<string, unknown>;
    const { endToEndId, txid, valor, horario } = raw;
    if (
      endToEndId !== undefined &&
      endToEndId !== null &&
      (typeof endToEndId !== "string" || !END_TO_END_ID.test(endToEndId))
    )
      throw itemError(index, "endToEndId must be 32 letters and digits");
    if (typeof txid !== "string" || !TXID.test(txid))
      throw itemError(index, "txid must be 26 to 35 letters and digits");
    if (typeof valor !== "string" || !VALOR.test(valor)) throw itemError(index, 'valor must be a string like "10.00"');
    const paidAt = typeof horario === "string" ? new Date(horario) : new Date(Number.NaN);
    if (Number.isNaN(paidAt.getTime())) throw itemError(index, "horario must be an ISO 8601 time");
    const [whole, fraction] = valor.split(".");
    const payer =
      typeof raw.pagador === "object" && raw.pagador !== null ? (raw.pagador as Record<string, unknown>) : {};
    return {
      endToEndId: typeof endToEndId === "string" ? endToEndId : null,
      txid,
      amountCents: BigInt(whole) * 100n + BigInt(fraction),
      paidAt,
      payerName: optionalText(payer.nome, 200),
      payerDocument: optionalText(payer.cpf, 14) ?? optionalText(payer.cnpj, 18),
      raw,
    };
  });
}
