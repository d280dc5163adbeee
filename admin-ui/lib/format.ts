/**
 * Every number, amount and date the console shows goes through this file, with an explicit
 * locale and time zone in every Intl call, so the server's render and the browser's are the
 * same text (no hydration mismatch) whatever the machine's own settings.
 */
export const LOCALE = "pt-BR";
export const TIME_ZONE = "America/Sao_Paulo";

const brl = new Intl.NumberFormat(LOCALE, { style: "currency", currency: "BRL" });
const brlCompact = new Intl.NumberFormat(LOCALE, {
  style: "currency",
  currency: "BRL",
  notation: "compact",
  maximumFractionDigits: 1,
});
const integer = new Intl.NumberFormat(LOCALE);

const MONEY_TEXT = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** Centavos from a GraphQL `Money` string ("1234.50", "-10.00"); never through a float. */
export function moneyToCentavos(money: string): bigint {
  const match = MONEY_TEXT.exec(money.trim());
  if (!match) throw new Error(`not a Money value: ${money}`);
  const [, sign, whole, fraction = ""] = match;
  const centavos = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, "0"));
  return sign ? -centavos : centavos;
}

/** A GraphQL `Money` input ("1234.56") from centavos. */
export function centavosToMoney(centavos: bigint): string {
  const negative = centavos < 0n;
  const abs = negative ? -centavos : centavos;
  const text = `${abs / 100n}.${(abs % 100n).toString().padStart(2, "0")}`;
  return negative ? `-${text}` : text;
}

/**
 * What a charge leaves in the balance once its refunds are out: its net less its refunds not
 * FAILED (below zero when the refunds passed the net: the fee is not given back).
 */
export function netAfterRefunds(charge: { netAmount: string; refundedAmount: string }): string {
  return centavosToMoney(moneyToCentavos(charge.netAmount) - moneyToCentavos(charge.refundedAmount));
}

/**
 * `R$ 1.234,56` from a GraphQL Money string or centavos. The amount reaches Intl as an exact
 * decimal string (Intl.NumberFormat v3), so no value is ever rounded through a float.
 */
export function formatBRL(value: string | bigint, options: { signed?: boolean } = {}): string {
  const centavos = typeof value === "bigint" ? value : moneyToCentavos(value);
  const text = brl.format(centavosToMoney(centavos) as `${number}`);
  if (options.signed && centavos > 0n) return `+${text}`;
  return text;
}

/** `R$ 1,2 mil` for chart axes, where an exact value would not fit. */
export function formatBRLCompact(centavos: number): string {
  return brlCompact.format(centavos / 100);
}

/**
 * Centavos from money a person typed: "1.234,56", "1234,56", "R$ 10", "10.50" (a dot followed
 * by one or two digits at the end is read as the decimal separator). Null when it is not an
 * amount with at most two decimals.
 */
export function parseMoneyInput(text: string): bigint | null {
  let value = text.replace(/R\$|\s|\u00a0/g, "");
  const negative = value.startsWith("-");
  if (negative) value = value.slice(1);
  if (value === "") return null;
  let whole: string;
  let fraction = "";
  if (value.includes(",")) {
    const parts = value.split(",");
    if (parts.length !== 2) return null;
    [whole, fraction] = parts;
    if (!/^\d{1,3}(\.\d{3})*$|^\d+$/.test(whole)) return null;
    whole = whole.replaceAll(".", "");
  } else if (/^\d+\.\d{1,2}$/.test(value)) {
    [whole, fraction] = value.split(".");
  } else if (/^\d{1,3}(\.\d{3})+$|^\d+$/.test(value)) {
    whole = value.replaceAll(".", "");
  } else {
    return null;
  }
  if (!/^\d*$/.test(fraction) || fraction.length > 2 || whole === "") return null;
  const centavos = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, "0") || "0");
  return negative ? -centavos : centavos;
}

export function formatInteger(value: number): string {
  return integer.format(value);
}

export function formatPercent(percent: string): string {
  return `${percent.replace(".", ",")} %`;
}

const dateTime = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});
const dateTimeSeconds = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});
const dateOnly = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
});
const dayMonth = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, day: "2-digit", month: "2-digit" });

/** `23/11/2026 10:15` in São Paulo time. */
export function formatDateTime(iso: string | Date, options: { seconds?: boolean } = {}): string {
  const date = typeof iso === "string" ? new Date(iso) : iso;
  return (options.seconds ? dateTimeSeconds : dateTime).format(date).replace(",", "");
}

export function formatDate(iso: string | Date): string {
  return dateOnly.format(typeof iso === "string" ? new Date(iso) : iso);
}

/**
 * `10/03/2026` from a calendar day `2026-03-10` (a due date): the day as written, never moved
 * by a time zone (as a Date it would be midnight UTC, the day before in São Paulo).
 */
export function formatCalendarDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : day;
}

export function formatDayMonth(iso: string | Date): string {
  return dayMonth.format(typeof iso === "string" ? new Date(iso) : iso);
}

const timeOnly = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, hour: "2-digit", minute: "2-digit" });
const isoDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** `10/12/2026` from a plain day `2026-12-10` (a due date: a day, not an instant, so no time zone). */
export function formatIsoDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : day;
}

/**
 * The last day a charge can be paid, `2027-01-11`, from its expiry (the first instant it can
 * no longer be: a due-date charge's is the midnight after its last payable day).
 */
export function lastPayableDay(expiresAt: string): string {
  return isoDay.format(new Date(new Date(expiresAt).getTime() - 1));
}

/** `10:15` in São Paulo time. */
export function formatTime(iso: string | Date): string {
  return timeOnly.format(typeof iso === "string" ? new Date(iso) : iso);
}

/** The São Paulo day of a moment as `2026-11-23`, as the API names days. */
export function saoPauloDay(date: Date = new Date()): string {
  return isoDay.format(date);
}

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
function relativeFormat(locale: string): Intl.RelativeTimeFormat {
  let format = relativeFormats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: "auto", style: "short" });
    relativeFormats.set(locale, format);
  }
  return format;
}
const UNDER_A_MINUTE = {
  "pt-BR": { past: "há menos de 1 min", future: "em menos de 1 min" },
  en: { past: "less than a minute ago", future: "in less than a minute" },
} as const;
const RELATIVE_STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 30],
  ["month", 12],
  ["year", Number.POSITIVE_INFINITY],
];

/**
 * "há 5 min." / "5 min. ago", in the reader's language (`locale`, pt-BR unless given); `now`
 * is passed in so server and browser can agree.
 */
export function formatRelative(iso: string | Date, now: Date = new Date(), locale: string = LOCALE): string {
  const relative = relativeFormat(locale);
  const date = typeof iso === "string" ? new Date(iso) : iso;
  let delta = (date.getTime() - now.getTime()) / 1000;
  // Seconds are noise on a page that refreshes every 30 s ("há 38 seg."): under a minute says so.
  if (Math.abs(delta) < 60) return UNDER_A_MINUTE[locale === "en" ? "en" : "pt-BR"][delta > 0 ? "future" : "past"];
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(delta) < size) return relative.format(Math.round(delta), unit);
    delta /= size;
  }
  return relative.format(Math.round(delta), "year");
}

/**
 * "3 h 12 min", "2 d 4 h": how long something has waited, in the units the console writes
 * elsewhere ("há menos de 1 min"); symbols, the same in both languages.
 */
export function formatAge(iso: string | Date, now: Date = new Date()): string {
  const date = typeof iso === "string" ? new Date(iso) : iso;
  const minutes = Math.max(0, Math.floor((now.getTime() - date.getTime()) / 60000));
  if (minutes < 1) return "< 1 min";
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/** A charge's public reference, `chg_<id>`, as the REST API names it. */
export function chargeReference(id: string): string {
  return `chg_${id}`;
}

/**
 * A PIX key as people read it: CPF `529.982.247-25`, CNPJ `12.345.678/0001-95`, phone
 * `+55 (11) 98765-4321`; e-mail and random keys as stored. Takes the canonical form the API
 * stores (digits, +55…) and leaves anything else as it is.
 */
export function formatPixKey(type: string, key: string): string {
  if (type === "CPF" || type === "CNPJ") return formatDocument(key);
  if (type === "TELEFONE") {
    const match = /^\+55(\d{2})(\d{4,5})(\d{4})$/.exec(key);
    return match ? `+55 (${match[1]}) ${match[2]}-${match[3]}` : key;
  }
  return key;
}

/**
 * A bank account number as people write it: the API keeps the digits only, check digit
 * included (CONTRACT §15: "123456"), read as the number, a hyphen and the check digit
 * ("12345-6"). Anything else (one digit, not digits) as given.
 */
export function formatBankAccount(account: string): string {
  return /^\d{2,}$/.test(account) ? `${account.slice(0, -1)}-${account.slice(-1)}` : account;
}

/** A CPF (11 digits) or CNPJ (14 characters, the first 12 may be letters) with its mask; else as given. */
export function formatDocument(document: string): string {
  if (/^\d{11}$/.test(document)) return document.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, "$1.$2.$3-$4");
  if (/^[0-9A-Z]{12}\d{2}$/.test(document)) {
    return document.replace(/^(.{2})(.{3})(.{3})(.{4})(.{2})$/, "$1.$2.$3/$4-$5");
  }
  return document;
}
