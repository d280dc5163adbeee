import { Secret, TOTP } from "otpauth";
import { hashSecret } from "../core/secrets";

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
const PERIOD = 30;
const DIGITS = 6;
/** One step either side: a phone clock a little off, or a code typed as it changed. */
const WINDOW = 1;
const SECRET_BYTES = 20;
const RECOVERY_CODE_BYTES = 10;

/** A new TOTP secret: 160 random bits, in base32 as apps take it by hand. */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function otpauthUri(secret: string, issuer: string, account: string): string {
  return totpOf(secret, issuer, account).toString();
}

function totpOf(secret: string, issuer = "", label = "OTPAuth"): TOTP {
  return new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: DIGITS,
    period: PERIOD,
  });
}

/**
 * The time step a code belongs to, or null when it is not the secret's code now (or one
 * step before or after). otpauth compares every candidate in constant time.
 */
export function totpStepOf(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : TOTP.counter({ period: PERIOD, timestamp: now }) + delta;
}

/** The code of a secret at a time (tests, and nothing else, compute codes). */
export function totpCodeAt(secret: string, timestamp: number): string {
  return totpOf(secret).generate({ timestamp });
}

/** True when the text is shaped like a TOTP code (six digits), which a recovery code never is. */
export function looksLikeTotpCode(code: string): boolean {
  return code.length === DIGITS && [...code].every((char) => char >= "0" && char <= "9");
}

/** A recovery code: 80 random bits in base32, shown as four groups of four. */
export function newRecoveryCode(): string {
  const text = new Secret({ size: RECOVERY_CODE_BYTES }).base32.toLowerCase();
  return [0, 4, 8, 12].map((start) => text.slice(start, start + 4)).join("-");
}

/**
 * What is kept of a recovery code: the SHA-256 of its letters, whatever the case, spaces
 * and dashes typed. 80 random bits need no slow hash, and the hash is the lookup key.
 */
export function recoveryCodeHash(code: string): string {
  const letters = [...code.toLowerCase()].filter((char) => char !== "-" && char.trim() !== "").join("");
  return hashSecret(`recovery:${letters}`);
}
