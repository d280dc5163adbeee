/**
 * The console's session cookie: httpOnly, SameSite=Lax, Path=/, no Domain. Over https
 * (`secure`, from PUBLIC_BASE_URL) it is `__Host-pix_session` and Secure: the prefix makes
 * the browser refuse it unless it was set Secure, by this very host, for the whole site, so
 * neither a sibling subdomain nor a plain http answer can plant or overwrite it. Over http
 * (development) it is `pix_session`. Plain data and functions: the console imports the names.
 */
export const SESSION_COOKIE = "pix_session";
export const SECURE_SESSION_COOKIE = "__Host-pix_session";

/** The cookie's name: prefixed when the service is on https. */
export function sessionCookieName(secure: boolean): string {
  return secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

/** The value of one cookie in a Cookie header; null when absent. */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    return value === "" ? null : value;
  }
  return null;
}

function attributes(secure: boolean): string {
  return `Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Set-Cookie of a new session; the browser keeps it until the session's absolute expiry. */
export function sessionCookie(token: string, maxAgeSeconds: number, secure: boolean): string {
  return `${sessionCookieName(secure)}=${token}; ${attributes(secure)}; Max-Age=${maxAgeSeconds}`;
}

/** Set-Cookie that makes the browser forget the session. */
export function clearedSessionCookie(secure: boolean): string {
  return `${sessionCookieName(secure)}=; ${attributes(secure)}; Max-Age=0`;
}
