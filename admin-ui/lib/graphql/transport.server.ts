import "server-only";
import { PAGE_TICKET_HEADER, type PageOperation, pageOperationBridge } from "@server/console/page-operations";
import { headers } from "next/headers";

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
