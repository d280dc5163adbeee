import { isApiPath } from "@server/http/api-paths";
import { type NextRequest, NextResponse } from "next/server";

/**
 * Runs before every console page. It only redirects: a request without a session cookie goes
 * to the sign-in page with `next` (a same-site path) so it comes back after signing in.
 * Whether the session is valid and what its role may see is decided on the server by each
 * audience's layout (and again by the API for every operation).
 */
const SESSION_COOKIE = "pix_session";
// The REST reference is public, like the /openapi.json it renders.
const PUBLIC_PATHS = ["/login", "/accept-invite", "/developers/reference"];

export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  // The API's paths are the API's (server/src/app.ts answers them before the console): should
  // one reach the console anyway (the console run on its own), it is no page to guard.
  if (isApiPath(pathname)) return NextResponse.next();
  const forwarded = new Headers(request.headers);
  forwarded.set("x-pix-path", `${pathname}${search}`);
  const isPublic = PUBLIC_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
  if (!isPublic && !request.cookies.get(SESSION_COOKIE)?.value) {
    const login = new URL("/login", request.url);
    if (pathname !== "/") login.searchParams.set("next", `${pathname}${search}`);
    return NextResponse.redirect(login);
  }
  return NextResponse.next({ request: { headers: forwarded } });
}

export const config = {
  // Pages only: not Next's assets, not files with an extension (a literal: Next reads it at
  // build time). The API's paths are left out by isApiPath above, from the API's own list.
  matcher: ["/((?!_next/|.*\\.[\\w]+$).*)"],
};
