import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from "@server/auth/session-cookie";
import { isApiPath } from "@server/http/api-paths";
import { type NextRequest, NextResponse } from "next/server";
import { isPayerPath, PAYER_PATHS } from "@/lib/payer-paths";

/**
 * Runs before every console page. It redirects a request without a session cookie to the
 * sign-in page with `next` (a same-site path) so it comes back after signing in, and gives
 * each page its Content-Security-Policy with a nonce of its own. Whether the session is valid
 * and what its role may see is decided on the server by each audience's layout (and again by
 * the API for every operation).
 */
// The REST reference is public, like the /openapi.json it renders; the payers' pages are
// for people with no account at all.
const PUBLIC_PATHS = ["/login", "/accept-invite", "/developers/reference", ...PAYER_PATHS];

const dev = process.env.NODE_ENV === "development";

/**
 * Scripts run only with this answer's nonce (Next puts it on its own scripts when it finds it
 * in the request's Content-Security-Policy) or when loaded by such a script ('strict-dynamic':
 * Next's chunks, GraphiQL and the REST reference's bundles); no inline script without it, no
 * eval. Styles may be inline: Radix, sonner, GraphiQL and Scalar set style attributes and
 * elements at run time, and a style cannot run code. Workers from blob: (GraphiQL's editor).
 * Next's dev server needs eval (React's call stacks) and its HMR websocket.
 */
function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * The payers' pages (/pay/<token>, /l/<token>) are stricter still: nothing from anywhere but
 * this origin and nothing by default (no workers, no frames, no fonts of any other kind), no
 * <base>, and forms post only here. The address holds the page's token, so it is never sent
 * on as a Referer, never stored by a cache and never indexed.
 */
function payerContentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

const PAYER_HEADERS: Record<string, string> = {
  "cache-control": "no-store",
  "x-robots-tag": "noindex, nofollow",
  "referrer-policy": "no-referrer",
};

export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  // The API's paths are the API's (server/src/app.ts answers them before the console): should
  // one reach the console anyway (the console run on its own), it is no page to guard.
  if (isApiPath(pathname)) return NextResponse.next();
  const isPublic = PUBLIC_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
  // Either name (__Host- over https): only a hint for the redirect, the API judges the session.
  const hasSession = [SESSION_COOKIE, SECURE_SESSION_COOKIE].some((name) => request.cookies.get(name)?.value);
  if (!isPublic && !hasSession) {
    const login = new URL("/login", request.url);
    if (pathname !== "/") login.searchParams.set("next", `${pathname}${search}`);
    return NextResponse.redirect(login);
  }
  const nonce = btoa(crypto.randomUUID());
  const payer = isPayerPath(pathname);
  const policy = payer ? payerContentSecurityPolicy(nonce) : contentSecurityPolicy(nonce);
  const forwarded = new Headers(request.headers);
  forwarded.set("x-pix-path", `${pathname}${search}`);
  forwarded.set("x-nonce", nonce);
  forwarded.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers: forwarded } });
  response.headers.set("content-security-policy", policy);
  if (payer) for (const [name, value] of Object.entries(PAYER_HEADERS)) response.headers.set(name, value);
  return response;
}

export const config = {
  // Pages only: not Next's assets, not files with an extension (a literal: Next reads it at
  // build time). The API's paths are left out by isApiPath above, from the API's own list.
  matcher: ["/((?!_next/|.*\\.[\\w]+$).*)"],
};
