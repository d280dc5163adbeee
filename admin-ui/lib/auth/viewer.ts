import type { ConsoleUserKind } from "@/gql/graphql";

/** Who is signed in, as the layouts and the user menu need it. */
export interface Viewer {
  id: string;
  kind: ConsoleUserKind;
  role: string;
  name: string | null;
  email: string | null;
  companyId: string | null;
  companyName: string | null;
}

export type OperatorRole = "ADMIN" | "OPERATOR" | "VIEWER";

/** The home of each kind of user. */
export function homeOf(viewer: Pick<Viewer, "kind">): string {
  return viewer.kind === "OPERATOR" ? "/ops" : "/m";
}

/** Operators who may act on money (approve, reject, adjust); viewers only read. */
export function canActOnMoney(viewer: Pick<Viewer, "kind" | "role">): boolean {
  return viewer.kind === "OPERATOR" && (viewer.role === "ADMIN" || viewer.role === "OPERATOR");
}

export const ROLE_LABELS: Record<string, string> = {
  ADMIN: "Admin",
  OPERATOR: "Operator",
  VIEWER: "Viewer",
  MEMBER: "Member",
};

/**
 * `next` as a path on this site, or null: it must start with one "/" (no "//host" or "/\\host"),
 * hold no scheme or control characters, and not point back at the sign-in page.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || next.length > 2048) return null;
  if (!next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\\]/.test(next)) return null;
  try {
    const url = new URL(next, "http://console.invalid");
    if (url.origin !== "http://console.invalid") return null;
    if (url.pathname === "/login") return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
