/** The console's session cookie: httpOnly, SameSite=Lax, Secure over https, Path=/. */
export const SESSION_COOKIE = "pix_session";

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
  return `${SESSION_COOKIE}=${token}; ${attributes(secure)}; Max-Age=${maxAgeSeconds}`;
}

/** Set-Cookie that makes the browser forget the session. */
export function clearedSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; ${attributes(secure)}; Max-Age=0`;
}
