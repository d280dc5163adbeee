import { readFileSync } from "node:fs";

/**
 * The institutions that take part in Pix, by ISPB, from the `bancos-brasileiros` package
 * (the central bank's lists of participants gathered as data; its entries with a `PixType`,
 * direct or indirect). Read once, the first time a name is asked for.
 */
export interface PixParticipant {
  ispb: string;
  /** The institution's name as the central bank registers it. */
  name: string;
  /** The COMPE code of the clearing house, when it has one (`001`). */
  code: string | null;
}

interface BankEntry {
  ISPB: string;
  COMPE?: string | null;
  LongName: string;
  ShortName: string;
  PixType?: string | null;
}

let participants: ReadonlyMap<string, PixParticipant> | null = null;

function byIspb(): ReadonlyMap<string, PixParticipant> {
  if (participants === null) {
    // The file starts with a byte order mark, which JSON.parse refuses.
    const text = readFileSync(require.resolve("bancos-brasileiros/bancos.json"), "utf8").replace(/^\uFEFF/, "");
    const entries = JSON.parse(text) as BankEntry[];
    participants = new Map(
      entries
        .filter((entry) => entry.PixType && /^\d{8}$/.test(entry.ISPB))
        .map((entry) => [
          entry.ISPB,
          { ispb: entry.ISPB, name: (entry.LongName || entry.ShortName).trim(), code: entry.COMPE ?? null },
        ]),
    );
  }
  return participants;
}

/** Every Pix participant, by name (pt-BR order). */
export function listPixParticipants(): PixParticipant[] {
  return [...byIspb().values()].sort((a, b) => a.name.localeCompare(b.name, "pt-BR"));
}

/** The participant's name, or null when the ISPB is not a Pix participant's. */
export function pixParticipantName(ispb: string): string | null {
  return byIspb().get(ispb)?.name ?? null;
}
