import "server-only";
import { PAGE_TICKET_HEADER, type PageOperation, pageOperationBridge } from "@server/console/page-operations";
import { headers } from "next/headers";
import { redirect } from "next/navigation";

/**
 * Server components' way to the API: in this same process, as the caller the page's own
 * request was admitted as (one session lookup per page), with no HTTP request: the ticket the
 * API's thread gave the page (server/src/console/page-operations.ts) goes with the operation
 * to the bridge of the console's worker. Chosen by the `react-server` condition of
 * admin-ui/package.json "imports", so it never reaches a browser bundle.
 */
export async function send(operation: PageOperation): Promise<{ status: number; text: string }> {
  // Reading the request first also marks every page that calls the API as dynamic (never prerendered).
  const ticket = (await headers()).get(PAGE_TICKET_HEADER);
  const answer = await pageOperationBridge()(ticket, operation);
  return { status: answer.status, text: answer.body };
}

/**
 * A FORBIDDEN answer while rendering a page of the other audience (a merchant at /ops, an
 * operator at /m): the layout already turns them away, but Next renders the page beside it,
 * and its data call would fail the render with a logged stack trace. Sent home instead.
 */
export async function turnAwayFromOtherAudience(): Promise<void> {
  const { PATH_HEADER, getViewer } = await import("@/lib/auth/session");
  const { homeOf } = await import("@/lib/auth/viewer");
  const path = ((await headers()).get(PATH_HEADER) ?? "").split("?")[0];
  const audience =
    path === "/ops" || path.startsWith("/ops/")
      ? "OPERATOR"
      : path === "/m" || path.startsWith("/m/")
        ? "MERCHANT"
        : null;
  if (audience === null) return;
  const viewer = await getViewer();
  if (viewer && viewer.kind !== audience) redirect(homeOf(viewer));
}
