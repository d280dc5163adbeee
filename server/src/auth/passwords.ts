import { randomBytes } from "node:crypto";
import { Algorithm, hash, verify } from "@node-rs/argon2";
import { type OptionsType, ZxcvbnFactory, type ZxcvbnResult } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as en from "@zxcvbn-ts/language-en";
import * as ptBr from "@zxcvbn-ts/language-pt-br";
import { AppError } from "../core/errors";

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

/** Why a new password is refused: GraphQL `extensions.reason` of its VALIDATION_ERROR. */
export type PasswordProblem =
  | "PASSWORD_TOO_SHORT"
  | "PASSWORD_TOO_LONG"
  | "PASSWORD_COMMON"
  | "PASSWORD_PERSONAL"
  | "PASSWORD_PREDICTABLE";

/** Below this zxcvbn score (3: about 10^8 guesses) a password is refused. */
const MIN_SCORE = 3;
/** The estimator reads this many characters (a longer password is judged by its start): its cost grows with length. */
const ESTIMATED_LENGTH = 64;
/**
 * Look-alike spellings tried per password (P@ssw0rd): a few catch the usual ones; the
 * library's default (100) made one check cost hundreds of milliseconds of CPU.
 */
const L33T_VARIANTS = 3;

let estimator: ZxcvbnFactory | undefined;

/**
 * zxcvbn-ts with the common-password list, keyboard graphs, and English and Brazilian
 * Portuguese words and names. Wikipedia's word lists are left out: they multiply the start
 * and check time for little. Built on first use (a few tens of milliseconds).
 */
function passwordEstimator(): ZxcvbnFactory {
  const withoutWikipedia = (dictionary: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(dictionary).filter(([name]) => !name.startsWith("wikipedia")));
  estimator ??= new ZxcvbnFactory({
    dictionary: {
      ...common.dictionary,
      ...withoutWikipedia(en.dictionary),
      ...withoutWikipedia(ptBr.dictionary),
    } as OptionsType["dictionary"],
    graphs: common.adjacencyGraphs,
    translations: en.translations,
    maxLength: ESTIMATED_LENGTH,
    l33tMaxSubstitutions: L33T_VARIANTS,
  });
  return estimator;
}

const matchesOf = (result: ZxcvbnResult) =>
  result.sequence as Array<{ pattern: string; dictionaryName?: string; token: string }>;

/**
 * How many characters of the password are the user's own words, wherever they occur (the
 * estimate's best split may read two short names as one random run: it prices every extra
 * piece of a password high).
 */
function personalCharacters(password: string, words: string[]): number {
  const lower = password.toLowerCase();
  const covered = new Array<boolean>(lower.length).fill(false);
  for (const word of words) {
    for (let at = lower.indexOf(word); at !== -1; at = lower.indexOf(word, at + 1)) {
      covered.fill(true, at, at + word.length);
    }
  }
  return covered.filter(Boolean).length;
}

/** What a password must not be built on: the user's e-mail (whole and in pieces), name, and the service's own words. */
function personalWords(person: { email?: string | null; name?: string | null }): string[] {
  const words = new Set<string>(["pix", "pixconsole", "console"]);
  const add = (word: string) => {
    const lower = word.toLowerCase().trim();
    if (lower.length >= 3) words.add(lower);
  };
  if (person.email) {
    const email = person.email.toLowerCase();
    const [local, domain = ""] = email.split("@");
    add(email);
    add(local);
    add(local.replace(/[^\p{L}\p{N}]+/gu, ""));
    for (const piece of local.split(/[^\p{L}\p{N}]+/u)) add(piece);
    for (const label of domain.split(".").slice(0, -1)) add(label);
  }
  if (person.name) {
    add(person.name);
    add(person.name.replace(/\s+/g, ""));
    for (const piece of person.name.split(/\s+/)) add(piece);
  }
  return [...words];
}

const PASSWORD_MESSAGES: Record<PasswordProblem, string> = {
  PASSWORD_TOO_SHORT: `must have at least ${MIN_PASSWORD_LENGTH} characters`,
  PASSWORD_TOO_LONG: `must have at most ${MAX_PASSWORD_LENGTH} characters`,
  PASSWORD_COMMON: "is a commonly used password (on the lists attackers try first); choose another",
  PASSWORD_PERSONAL: "is built on your e-mail or name; choose one nobody could guess from them",
  PASSWORD_PREDICTABLE:
    "is too easy to guess (repeated characters, sequences, keyboard patterns, dates or common words); a few unrelated words make a strong one",
};

function refusal(field: string, problem: PasswordProblem): AppError {
  return new AppError("VALIDATION_ERROR", `${field} ${PASSWORD_MESSAGES[problem]}`, problem);
}

/**
 * NIST SP 800-63B's rule for a password a person chooses: at least 12 characters (code
 * points), at most 256, and not guessable: the zxcvbn-ts estimate, which knows the common
 * passwords and words, repeats, sequences, keyboard patterns and dates, and here also the
 * user's e-mail and name, must reach score 3, and at most half of it may be the user's own
 * words. No composition rules. A refusal is a
 * VALIDATION_ERROR whose message and `reason` say why.
 */
export function checkNewPassword(
  password: string,
  person: { email?: string | null; name?: string | null } = {},
  field = "password",
): string {
  if (typeof password !== "string") throw refusal(field, "PASSWORD_TOO_SHORT");
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) throw refusal(field, "PASSWORD_TOO_SHORT");
  if (length > MAX_PASSWORD_LENGTH) throw refusal(field, "PASSWORD_TOO_LONG");
  const words = personalWords(person);
  // Mostly the user's own words is refused even when the estimate would let it pass.
  const personal = personalCharacters(password, words);
  if (personal * 2 >= password.toLowerCase().length) throw refusal(field, "PASSWORD_PERSONAL");
  const result = passwordEstimator().check(password, words);
  if (result.score >= MIN_SCORE) return password;
  if (personal > 0 || matchesOf(result).some((match) => match.dictionaryName === "userInputs")) {
    throw refusal(field, "PASSWORD_PERSONAL");
  }
  const matches = matchesOf(result);
  if (matches.some((match) => match.pattern === "dictionary" && match.dictionaryName?.startsWith("passwords"))) {
    throw refusal(field, "PASSWORD_COMMON");
  }
  throw refusal(field, "PASSWORD_PREDICTABLE");
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
