import { readCookie } from "../auth/session-cookie";
import { CHALLENGE_MINUTES, TRUSTED_BROWSER_DAYS } from "./two-factor.service";

/** Between a right password and its second factor: the challenge's token (10 minutes). */
export const SIGN_IN_CHALLENGE_COOKIE = "pix_sign_in";
/** A browser the user trusts for 30 days: no code at sign-in (step-up still asks for one). */
export const TRUSTED_BROWSER_COOKIE = "pix_trusted_browser";

// Strict: only ever read by the console's own sign-in, never needed on a link from elsewhere.
function attributes(secure: boolean): string {
  return `Path=/; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`;
}

export const challengeCookie = (token: string, secure: boolean) =>
  `${SIGN_IN_CHALLENGE_COOKIE}=${token}; ${attributes(secure)}; Max-Age=${CHALLENGE_MINUTES * 60}`;

export const clearedChallengeCookie = (secure: boolean) =>
  `${SIGN_IN_CHALLENGE_COOKIE}=; ${attributes(secure)}; Max-Age=0`;

export const trustedBrowserCookie = (token: string, secure: boolean) =>
  `${TRUSTED_BROWSER_COOKIE}=${token}; ${attributes(secure)}; Max-Age=${TRUSTED_BROWSER_DAYS * 86_400}`;

export const readChallengeCookie = (header: string | null | undefined) =>
  readCookie(header ?? undefined, SIGN_IN_CHALLENGE_COOKIE);

export const readTrustedBrowserCookie = (header: string | null | undefined) =>
  readCookie(header ?? undefined, TRUSTED_BROWSER_COOKIE);
