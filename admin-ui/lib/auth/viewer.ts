import type { ConsoleLocale, ConsoleUserKind } from "@/gql/graphql";

/** Who is signed in, as the layouts and the user menu need it. */
export interface Viewer {
  id: string;
  kind: ConsoleUserKind;
  role: string;
  name: string | null;
  email: string | null;
  companyId: string | null;
  companyName: string | null;
  /** The language the user chose; null: not chosen. */
  locale: ConsoleLocale | null;
}

/** The home of each kind of user. */
export function homeOf(viewer: Pick<Viewer, "kind">): string {
  return viewer.kind === "OPERATOR" ? "/ops" : "/m";
}

/** Operators who may act on money (approve, reject, adjust); viewers only read. */
export function canActOnMoney(viewer: Pick<Viewer, "kind" | "role">): boolean {
  return viewer.kind === "OPERATOR" && (viewer.role === "ADMIN" || viewer.role === "OPERATOR");
}

/**
 * `next` as a path on this site, or null. It is resolved with the WHATWG URL parser against
 * the service's own origin, as the browser will resolve it, and kept only when it stays on
 * that origin and comes back as a path with one leading "/" and no backslash. Decided on the
 * result, not the input: "/..//evil.example" resolves to the path "//evil.example", which a
 * browser reads as another host. The input is checked first too, since the parser drops tabs
 * and newlines and reads a backslash as "/" ("/<tab>/evil.example" would become
 * "//evil.example"). The sign-in page itself is refused (no loop).
 */
export function safeNextPath(next: string | null | undefined, origin: string): string | null {
  if (typeof next !== "string" || next.length === 0 || next.length > 2048) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (!next.startsWith("/") || /[\u0000-\u001f\u007f\\]/.test(next)) return null;
  let own: URL;
  let url: URL;
  try {
    own = new URL(origin);
    url = new URL(next, own);
  } catch {
    return null;
  }
  if (url.origin !== own.origin || url.username !== "" || url.password !== "") return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith("/") || path.startsWith("//") || path.includes("\\")) return null;
  if (url.pathname === "/login" || url.pathname.startsWith("/login/")) return null;
  return path;
}
