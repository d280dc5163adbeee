import { randomBytes } from "node:crypto";
import { chmodSync, linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Logger } from "./logger";
import { parseSecretsKeys } from "./secret-box";

/** The generated key's file in the data directory (not inside PostgreSQL's own directory). */
export const SECRETS_KEY_FILE = "secrets.key";

export interface SecretsKeys {
  /** The current key first, then older ones. */
  keys: Buffer[];
  /** Where the keys came from. */
  source: "SECRETS_KEY" | "file";
  /** The key file, when keys came from one. */
  file: string | null;
  /** True when this start generated the key file. */
  generated: boolean;
}

export interface SecretsKeySettings {
  /** SECRETS_KEY, already checked by config.ts. */
  secretsKey: Buffer[] | undefined;
  dataDir: string;
  /** Whether the database is DATABASE_URL (else the embedded one in dataDir). */
  externalDatabase: boolean;
  env: "development" | "production" | "test";
}

/**
 * SECRETS_KEY, or else a key kept in the data directory: generated at the first start
 * (mode 0600), read at every later one. With DATABASE_URL in production there is no such
 * default: the key must come from the environment, because another process or machine
 * sharing the database could not read this one's file and would fail to sign.
 */
export function loadSecretsKeys(settings: SecretsKeySettings, logger: Logger): SecretsKeys {
  if (settings.secretsKey) return { keys: settings.secretsKey, source: "SECRETS_KEY", file: null, generated: false };
  if (settings.externalDatabase && settings.env === "production") {
    throw new Error(
      "SECRETS_KEY is required in production with DATABASE_URL: it encrypts the webhook signing secrets in the " +
        "database, and every API and worker process needs the same one. Generate one with `openssl rand -base64 32`.",
    );
  }
  const file = join(settings.dataDir, SECRETS_KEY_FILE);
  const existing = readKeyFile(file);
  if (existing) {
    if ((statSync(file).mode & 0o077) !== 0)
      logger.warn("the secrets key file is readable by others: chmod 600 it", { file });
    return { keys: existing, source: "file", file, generated: false };
  }
  const generated = writeKeyFileOnce(file);
  const keys = generated ? parseSecretsKeys(readFileSync(file, "utf8")) : (readKeyFile(file) as Buffer[]);
  if (generated) {
    logger.warn("SECRETS_KEY is not set: generated a key for the webhook secrets and kept it", {
      file,
      note: "back it up with the database; set SECRETS_KEY to use your own",
    });
  }
  return { keys, source: "file", file, generated };
}

function readKeyFile(file: string): Buffer[] | null {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  try {
    return parseSecretsKeys(text);
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`);
  }
}

/**
 * Writes a new key to a temporary file and links it into place, which fails if the file
 * exists: of several processes starting at once, one key wins and all read it.
 */
function writeKeyFileOnce(file: string): boolean {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  writeFileSync(temporary, `${randomBytes(32).toString("base64")}\n`, { mode: 0o600, flag: "wx" });
  try {
    chmodSync(temporary, 0o600); // whatever the umask
    linkSync(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    unlinkSync(temporary);
  }
}
