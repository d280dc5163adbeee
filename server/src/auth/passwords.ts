import { randomBytes } from "node:crypto";
import { Algorithm, hash, verify } from "@node-rs/argon2";
import { validationError } from "../core/errors";

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 256;

/** argon2id with the library's defaults (19 MiB, 2 passes, 1 lane: OWASP's baseline). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: Algorithm.Argon2id });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

export function checkNewPassword(password: string, field = "password"): string {
  if (typeof password !== "string" || password.length < MIN_PASSWORD_LENGTH) {
    throw validationError(`${field} must have at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw validationError(`${field} must have at most ${MAX_PASSWORD_LENGTH} characters`);
  }
  return password;
}

/** A random password for the generated first operator: 120 bits, no look-alike punctuation. */
export function randomPassword(): string {
  return randomBytes(15).toString("base64url");
}

let dummyHash: Promise<string> | undefined;

/**
 * A hash to verify against when the e-mail is unknown (or has no password yet), so such
 * an attempt costs the same time as a wrong password.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  return dummyHash;
}
