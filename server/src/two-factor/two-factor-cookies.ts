import { readCookie } from "../auth/model";
import { CHALLENGE_MINUTES, TRUSTED_BROWSER_DAYS } from "./two-factor.service";

/**
 * Between a right password and its second factor: the challenge's token (10 minutes).
 * Over https (`secure`) both cookies carry the `__Host-` prefix, as the session's does: the
 * browser then refuses them unless set Secure, by this host, for the whole site, so neither a
 * sibling subdomain nor a plain http answer can plant a challenge or a trusted browser. Only
 * the prefixed name is read there.
 */
export const SIGN_IN_CHALLENGE_COOKIE = "pix_sign_in";
/** A browser the user trusts for 30 days: no code at sign-in (step-up still asks for one). */
export const TRUSTED_BROWSER_COOKIE = "pix_trusted_browser";

const nameOf = (name: string, secure: boolean) => (secure ? `__Host-${name}` : name);

// Strict: only ever read by the console's own sign-in, never needed on a link from elsewhere.
function attributes(secure: boolean): string {
  return `Path=/; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`;
}

export const challengeCookie = (token: string, secure: boolean) =>
  `${nameOf(SIGN_IN_CHALLENGE_COOKIE, secure)}=${token}; ${attributes(secure)}; Max-Age=${CHALLENGE_MINUTES * 60}`;

export const clearedChallengeCookie = (secure: boolean) =>
  `${nameOf(SIGN_IN_CHALLENGE_COOKIE, secure)}=; ${attributes(secure)}; Max-Age=0`;

export const trustedBrowserCookie = (token: string, secure: boolean) =>
  `${nameOf(TRUSTED_BROWSER_COOKIE, secure)}=${token}; ${attributes(secure)}; Max-Age=${TRUSTED_BROWSER_DAYS * 86_400}`;

export const readChallengeCookie = (header: string | null | undefined, secure: boolean) =>
  readCookie(header ?? undefined, nameOf(SIGN_IN_CHALLENGE_COOKIE, secure));

export const readTrustedBrowserCookie = (header: string | null | undefined, secure: boolean) =>
  readCookie(header ?? undefined, nameOf(TRUSTED_BROWSER_COOKIE, secure));
