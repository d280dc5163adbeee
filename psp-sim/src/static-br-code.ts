/**
 * How a payer's bank reads a static BR Code (a counter's QR code) before it sends the Pix:
 * its own reading, apart from the service's writer, so that a code the service gets wrong
 * fails here as it would at a real bank. EMV fields ID(2) + LENGTH(2) + VALUE, CRC16 last.
 */
export interface StaticBrCode {
  pixKey: string;
  /** "10.00", or null: the payer types the amount. */
  valor: string | null;
  /** 62-05, or null for "***" (none). */
  txid: string | null;
  merchantName: string;
}

function fields(text: string): Map<string, string> {
  const found = new Map<string, string>();
  for (let at = 0; at < text.length; ) {
    const id = text.slice(at, at + 2);
    const length = Number(text.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(length) || at + 4 + length > text.length)
      throw new Error(`BR Code: field at ${at} is malformed`);
    if (found.has(id)) throw new Error(`BR Code: field ${id} is given twice`);
    found.set(id, text.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return found;
}

function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(payload, "utf8")) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

export function readStaticBrCode(code: string): StaticBrCode {
  if (!code.endsWith(crc16(code.slice(0, -4))) || code.slice(-8, -4) !== "6304")
    throw new Error("BR Code: the CRC does not match");
  const top = fields(code);
  if (top.get("00") !== "01") throw new Error("BR Code: 00 must be 01");
  if (top.get("01") !== "11") throw new Error("BR Code: not a static code (01 must be 11)");
  if (top.get("53") !== "986") throw new Error("BR Code: 53 must be 986 (BRL)");
  const account = fields(top.get("26") ?? "");
  if (account.get("00")?.toLowerCase() !== "br.gov.bcb.pix") throw new Error("BR Code: 26-00 must be br.gov.bcb.pix");
  if (account.has("25")) throw new Error("BR Code: a static code names a key, not a location");
  const pixKey = account.get("01");
  if (!pixKey) throw new Error("BR Code: 26-01 (the key) is missing");
  const valor = top.get("54") ?? null;
  if (valor !== null && !/^\d{1,10}\.\d{2}$/.test(valor)) throw new Error("BR Code: 54 must be like 10.00");
  const reference = fields(top.get("62") ?? "").get("05");
  if (reference === undefined) throw new Error("BR Code: 62-05 is missing");
  if (reference !== "***" && !/^[A-Za-z0-9]{1,25}$/.test(reference))
    throw new Error("BR Code: 62-05 must be *** or 1 to 25 letters and digits");
  return { pixKey, valor, txid: reference === "***" ? null : reference, merchantName: top.get("59") ?? "" };
}
