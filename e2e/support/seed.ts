import { readFileSync } from "node:fs";
import { SEED_FILE } from "./env";

export interface Seed {
  padaria: { id: string; name: string; clientSecret: string };
  others: Array<{ id: string; name: string; clientSecret: string }>;
}

/** What the setup project seeded (ids and secrets), for specs that need them. */
export function readSeed(): Seed {
  return JSON.parse(readFileSync(SEED_FILE, "utf8")) as Seed;
}
