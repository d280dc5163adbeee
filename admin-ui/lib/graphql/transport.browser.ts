import type { PageOperation } from "@server/console/page-operations";

/**
 * The browser's way to the API: same-origin /graphql. The browser adds the session cookie
 * (httpOnly) and the Origin header the API checks on state-changing requests.
 */
export async function send(operation: PageOperation): Promise<{ status: number; text: string }> {
  const response = await fetch("/graphql", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(operation),
    cache: "no-store",
    credentials: "same-origin",
  });
  return { status: response.status, text: await response.text() };
}

/** In the browser a FORBIDDEN answer is shown where it happened (transport.server.ts sends a wrong audience home). */
export async function turnAwayFromOtherAudience(): Promise<void> {}
