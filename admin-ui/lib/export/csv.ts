import type { ActorInfo } from "@/components/actor-name";
import { formatDateTime, moneyToCentavos } from "@/lib/format";
import type { Messages } from "@/messages";

/**
 * CSV as Brazilian spreadsheets open it: `;` between fields (the comma is the decimal
 * separator there), amounts with a decimal comma and no thousands separator ("1234,56"),
 * dates in São Paulo time, CRLF line ends, and a UTF-8 BOM so accents survive Excel.
 */
export const CSV_SEPARATOR = ";";
export const CSV_BOM = "\uFEFF";

export type CsvCell = string | number | boolean | null | undefined;

/** A Money string as "1234,56" (sign kept), exact: through centavos, never a float. */
export function csvMoney(money: string | null | undefined): string {
  if (money === null || money === undefined) return "";
  const centavos = moneyToCentavos(money);
  const abs = centavos < 0n ? -centavos : centavos;
  return `${centavos < 0n ? "-" : ""}${abs / 100n},${(abs % 100n).toString().padStart(2, "0")}`;
}

export function csvDateTime(iso: string | null | undefined): string {
  return iso ? formatDateTime(iso, { seconds: true }) : "";
}

/**
 * One field: quoted when it holds the separator, a quote or a line break. Text that a
 * spreadsheet would run as a formula (= + - @ at the start) gets a leading apostrophe;
 * money and dates come from csvMoney/csvDateTime and are passed `trusted`.
 */
export function csvField(value: CsvCell, trusted = false): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (!trusted && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A column's title: a key of the `exports.headers` catalogue, written in the reader's language. */
export type CsvHeader = keyof Messages["exports"]["headers"];

/** The words a file is written with, in the language of whoever downloads it. */
export interface CsvWords {
  header: (key: CsvHeader) => string;
  yes: string;
  no: string;
  /** The `statement` catalogue, for the names of ledger entry kinds. */
  /** An actor in words ("Ana Admin <ana@pix.test>"), from the `actors` catalogue. */
  actor: (actor: ActorInfo) => string;
  statement: (key: `kinds.${keyof Messages["statement"]["kinds"]}`) => string;
}

export interface CsvColumn<Row> {
  /** Names the column's title in `exports.headers`. */
  key: CsvHeader;
  value: (row: Row, words: CsvWords) => CsvCell;
  /** Money and dates: formatted by this module, never a formula. */
  trusted?: boolean;
}

export function csvLine(cells: string[]): string {
  return `${cells.join(CSV_SEPARATOR)}\r\n`;
}

export function csvHeader<Row>(columns: CsvColumn<Row>[], words: CsvWords): string {
  return csvLine(columns.map((column) => csvField(words.header(column.key))));
}

export function csvRow<Row>(columns: CsvColumn<Row>[], row: Row, words: CsvWords): string {
  return csvLine(columns.map((column) => csvField(column.value(row, words), column.trusted)));
}
