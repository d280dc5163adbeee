/**
 * Dynamic PIX BR Code ("copia e cola" payload) as laid out in the Banco Central BR Code manual:
 * EMV merchant-presented TLV fields, ID(2) + LENGTH(2) + VALUE, closed by a CRC16 over the text.
 * The payer's bank fetches the charge from the location URL; amount, name and city are shown to
 * the payer before that fetch, so they must match the charge. A due-date charge's amount
 * depends on the day it is paid: its code carries none (field 54 left out), and the payer's
 * bank takes the day's `valor.final` from the location's cobv.
 */
export interface BrCodeInput {
  /** Location of the charge payload without scheme, e.g. "localhost:4000/pix/v2/abc". */
  locationUrl: string;
  /** Null for a due-date charge: no field 54. */
  amountCents: bigint | null;
  merchantName: string;
  merchantCity: string;
}

const PIX_GUI = "br.gov.bcb.pix";
// Field 26 holds GUI (4 + 14) and URL (4 + n), and its own length has two digits: 99 - 22 = 77.
const MAX_LOCATION_LENGTH = 77;
const MAX_NAME_LENGTH = 25;
const MAX_CITY_LENGTH = 15;
const MAX_AMOUNT_LENGTH = 13; // EMV field 54
const FALLBACK_NAME = "PIX";
const FALLBACK_CITY = "SAO PAULO";

export function buildDynamicBrCode(input: BrCodeInput): string {
  const { locationUrl, amountCents } = input;
  checkLocation(locationUrl);
  if (amountCents !== null && (typeof amountCents !== "bigint" || amountCents <= 0n)) {
    throw new Error("BR Code amount must be a positive number of centavos");
  }
  const amount = amountCents === null ? null : formatAmount(amountCents);
  if (amount !== null && amount.length > MAX_AMOUNT_LENGTH) {
    throw new Error(`BR Code amount must fit in ${MAX_AMOUNT_LENGTH} characters`);
  }

  const withoutCrc = [
    emvField("00", "01"), // payload format indicator
    emvField("01", "12"), // point of initiation: 12 = single use, as a charge is paid once
    emvField("26", emvField("00", PIX_GUI) + emvField("25", locationUrl)),
    emvField("52", "0000"), // merchant category code: not informed
    emvField("53", "986"), // BRL
    amount === null ? "" : emvField("54", amount),
    emvField("58", "BR"),
    emvField("59", toEmvText(input.merchantName, MAX_NAME_LENGTH) || FALLBACK_NAME),
    emvField("60", toEmvText(input.merchantCity, MAX_CITY_LENGTH) || FALLBACK_CITY),
    emvField("62", emvField("05", "***")), // txid lives in the location payload, not here
    "6304", // the CRC covers its own ID and length
  ].join("");
  return withoutCrc + crc16Ccitt(withoutCrc);
}

function checkLocation(locationUrl: string): void {
  if (typeof locationUrl !== "string" || locationUrl.length === 0) {
    throw new Error("BR Code location must not be empty");
  }
  if (locationUrl.length > MAX_LOCATION_LENGTH) {
    throw new Error(`BR Code location must be at most ${MAX_LOCATION_LENGTH} characters`);
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(locationUrl)) {
    throw new Error("BR Code location must not include the scheme (the payer's bank adds https://)");
  }
  // EMV lengths count characters and the CRC counts bytes: only printable ASCII keeps them equal.
  if (!/^[\x21-\x7e]+$/.test(locationUrl)) {
    throw new Error("BR Code location must be printable ASCII without spaces");
  }
}

/** What a Pix Automático authorisation's BR Code carries. */
export interface RecurrenceBrCodeInput {
  /** The recurrence's location (API Pix `locrec`) without scheme: field 80, subfield 25. */
  recurrenceLocationUrl: string;
  /** A payment made with the authorisation (journey 3): its `cob` location and amount; null: journey 2. */
  firstPayment: { locationUrl: string; amountCents: bigint } | null;
  merchantName: string;
  merchantCity: string;
}

/**
 * A Pix Automático authorisation's BR Code (BR Code manual, Pix Automático): field 80 holds
 * the GUI and the recurrence's location. Journey 2 (the authorisation alone) keeps field 26
 * with the GUI only and no amount; journey 3 (a payment now, whose payment authorises) is a
 * dynamic charge's code (26 with the `cob` location, 54 its amount) with field 80 added.
 */
export function buildRecurrenceBrCode(input: RecurrenceBrCodeInput): string {
  checkLocation(input.recurrenceLocationUrl);
  const { firstPayment } = input;
  if (firstPayment !== null) {
    checkLocation(firstPayment.locationUrl);
    if (typeof firstPayment.amountCents !== "bigint" || firstPayment.amountCents <= 0n) {
      throw new Error("BR Code amount must be a positive number of centavos");
    }
  }
  const amount = firstPayment === null ? null : formatAmount(firstPayment.amountCents);
  if (amount !== null && amount.length > MAX_AMOUNT_LENGTH) {
    throw new Error(`BR Code amount must fit in ${MAX_AMOUNT_LENGTH} characters`);
  }
  const withoutCrc = [
    emvField("00", "01"),
    firstPayment === null ? "" : emvField("01", "12"), // the payment now is made once
    emvField("26", emvField("00", PIX_GUI) + (firstPayment === null ? "" : emvField("25", firstPayment.locationUrl))),
    emvField("52", "0000"),
    emvField("53", "986"),
    amount === null ? "" : emvField("54", amount),
    emvField("58", "BR"),
    emvField("59", toEmvText(input.merchantName, MAX_NAME_LENGTH) || FALLBACK_NAME),
    emvField("60", toEmvText(input.merchantCity, MAX_CITY_LENGTH) || FALLBACK_CITY),
    emvField("62", emvField("05", "***")),
    emvField("80", emvField("00", PIX_GUI) + emvField("25", input.recurrenceLocationUrl)),
    "6304",
  ].join("");
  return withoutCrc + crc16Ccitt(withoutCrc);
}

/** What a static BR Code (a shop's counter QR, paid any number of times) carries. */
export interface StaticBrCodeInput {
  /** The receiving PIX key (field 26, subfield 01). */
  pixKey: string;
  /** Null: the payer types the amount (no field 54). */
  amountCents: bigint | null;
  /** Field 62, subfield 05: 1 to 25 letters and digits; the bank reports each Pix with it as `txid`. */
  identifier: string;
  merchantName: string;
  merchantCity: string;
}

const STATIC_IDENTIFIER = /^[A-Za-z0-9]{1,25}$/;
// Field 26 holds GUI (4 + 14) and key (4 + n) within 99 characters: keys (77 at most, an e-mail's) fit.
const MAX_PIX_KEY_LENGTH = 77;

/**
 * Static PIX BR Code (BR Code manual, "QR Code estático"): the key itself instead of a
 * location, point of initiation 11 (reusable), field 54 only with a fixed amount, and the
 * identifier in 62-05.
 */
export function buildStaticBrCode(input: StaticBrCodeInput): string {
  const { pixKey, amountCents, identifier } = input;
  if (typeof pixKey !== "string" || pixKey.length === 0 || pixKey.length > MAX_PIX_KEY_LENGTH) {
    throw new Error(`BR Code PIX key must have 1 to ${MAX_PIX_KEY_LENGTH} characters`);
  }
  if (!/^[\x21-\x7e]+$/.test(pixKey)) throw new Error("BR Code PIX key must be printable ASCII without spaces");
  if (!STATIC_IDENTIFIER.test(identifier)) throw new Error("BR Code identifier must be 1 to 25 letters and digits");
  if (amountCents !== null && (typeof amountCents !== "bigint" || amountCents <= 0n)) {
    throw new Error("BR Code amount must be a positive number of centavos");
  }
  const amount = amountCents === null ? null : formatAmount(amountCents);
  if (amount !== null && amount.length > MAX_AMOUNT_LENGTH) {
    throw new Error(`BR Code amount must fit in ${MAX_AMOUNT_LENGTH} characters`);
  }
  const withoutCrc = [
    emvField("00", "01"),
    emvField("01", "11"), // point of initiation: 11 = static, paid any number of times
    emvField("26", emvField("00", PIX_GUI) + emvField("01", pixKey)),
    emvField("52", "0000"),
    emvField("53", "986"),
    amount === null ? "" : emvField("54", amount),
    emvField("58", "BR"),
    emvField("59", toEmvText(input.merchantName, MAX_NAME_LENGTH) || FALLBACK_NAME),
    emvField("60", toEmvText(input.merchantCity, MAX_CITY_LENGTH) || FALLBACK_CITY),
    emvField("62", emvField("05", identifier)),
    "6304",
  ].join("");
  return withoutCrc + crc16Ccitt(withoutCrc);
}

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) over the UTF-8 bytes, as 4 upper-case hex digits. */
export function crc16Ccitt(payload: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(payload)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/**
 * Free text for EMV fields: accents stripped (São -> Sao), anything but ASCII letters, digits and
 * spaces dropped, runs of spaces collapsed, trimmed and cut to maxLength. Case is kept.
 */
export function toEmvText(value: string, maxLength: number): string {
  if (!Number.isInteger(maxLength) || maxLength < 0) throw new Error("maxLength must be a non-negative integer");
  const cleaned = String(value ?? "")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/\s+/g, " ") // tabs and line breaks separate words too
    .replace(/[^A-Za-z0-9 ]/g, "")
    .replace(/ {2,}/g, " ")
    .trim();
  // Cutting can leave a space at the end ("SAO PAULO CAPITAL" -> "SAO PAULO ").
  return cleaned.slice(0, maxLength).trimEnd();
}

function emvField(id: string, value: string): string {
  if (value.length > 99) throw new Error(`BR Code field ${id} is longer than 99 characters`);
  return id + String(value.length).padStart(2, "0") + value;
}

/** Integer centavos to "10.50" with string operations only: no float ever touches the amount. */
function formatAmount(cents: bigint): string {
  const digits = cents.toString().padStart(3, "0");
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}
