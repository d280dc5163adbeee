/**
 * The paths the API answers; every other path is the console's. One list, read by the HTTP
 * app (server/src/app.ts: an unknown API path answers JSON 404, not a console page) and by
 * the console's proxy (admin-ui/proxy.ts). Plain data and functions only: the console's
 * build imports this file.
 */
export const API_PATH_PREFIXES = [
  "/charges",
  "/customers",
  "/payment-links",
  "/qrcodes",
  "/refunds",
  "/disputes",
  "/recurrences",
  "/withdrawals",
  "/webhook-endpoints",
  "/graphql",
  "/provider",
  "/pix",
  "/openapi.json",
  "/healthz",
  "/readyz",
  "/metrics",
  // The console's live updates (server/src/live): answered by the API, never a page.
  "/live",
] as const;

/** The path of a request's URL (its query string cut off). */
export function pathOf(url: string): string {
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}

/** A path of the API: one of the prefixes itself, or below it. */
export function isApiPath(path: string): boolean {
  for (const prefix of API_PATH_PREFIXES) {
    if (path.startsWith(prefix) && (path.length === prefix.length || path[prefix.length] === "/")) return true;
  }
  return false;
}

/**
 * The console's static files: Next's content-hashed build output and the site icon. Public
 * and the same for everyone, so they are served before admission: no session lookup, no
 * rate limit spent (a page load fetches dozens of them).
 */
export function isConsoleAsset(path: string): boolean {
  return path.startsWith("/_next/static/") || path === "/favicon.ico" || path === "/icon.svg";
}

/** A CSV export of the console (admin-ui/app/api/export): admitted with a budget of its own. */
export function isConsoleExport(path: string): boolean {
  return path.startsWith("/api/export/");
}
