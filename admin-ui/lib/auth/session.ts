import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { ViewerDocument } from "@/features/auth/documents";
import { execute, GraphQLRequestError } from "@/lib/graphql/execute";
import { safeNextPath, type Viewer } from "./viewer";

/** The header proxy.ts sets to the requested path, so layouts can send people back to it. */
export const PATH_HEADER = "x-pix-path";

/**
 * The service's own origin (PUBLIC_BASE_URL's), which `next` is resolved against. The API's
 * process hands it to the console (server/src/console/console-worker.ts); without it (the
 * console built or run on its own) an origin that no `next` can name stands in.
 */
export function consoleOrigin(): string {
  return process.env.PIX_PUBLIC_ORIGIN ?? "http://console.invalid";
}

/**
 * The signed-in console user, read once per request from the API (`viewer`) with the
 * browser's session cookie; null without a valid session. Bearer callers never reach the
 * console (browsers send no bearer header), and are refused here if they did.
 */
export const getViewer = cache(async (): Promise<Viewer | null> => {
  try {
    const { viewer } = await execute(ViewerDocument);
    if (viewer?.authenticatedBy !== "SESSION") return null;
    return {
      id: viewer.id,
      kind: viewer.kind,
      role: viewer.role,
      name: viewer.name ?? null,
      email: viewer.email ?? null,
      companyId: viewer.companyId ?? null,
      companyName: viewer.companyName ?? null,
      locale: viewer.locale ?? null,
    };
  } catch (error) {
    if (error instanceof GraphQLRequestError && error.code === "UNAUTHENTICATED") return null;
    throw error;
  }
});

async function loginRedirect(): Promise<never> {
  const path = safeNextPath((await headers()).get(PATH_HEADER), consoleOrigin());
  redirect(path ? `/login?next=${encodeURIComponent(path)}` : "/login");
}

/** The viewer, or a redirect to the sign-in page that comes back here afterwards. */
export async function requireViewer(): Promise<Viewer> {
  return (await getViewer()) ?? loginRedirect();
}
