/**
 * How a console page's server-side render reads the API: in this process, as the caller the
 * page's own request was admitted as, without HTTP. The API's thread gives each page request
 * a ticket (a random name for its caller, in the PAGE_TICKET_HEADER of the request the
 * console's worker receives, valid until the page's answer ends); the page's data calls hand
 * the ticket and their operation to the bridge the worker installs, which asks the API's
 * thread to run it (server/src/console/next-console.ts). One session lookup per page, no
 * loopback request, no rate-limit point per data call.
 *
 * Shared with the console (admin-ui imports it as `@server/console/page-operations`): plain
 * data and functions only.
 */
export const PAGE_TICKET_HEADER = "x-pix-page";

/** Where the console's worker puts the bridge (a global symbol: Next's bundles share the thread's globals). */
export const PAGE_OPERATION_BRIDGE = Symbol.for("pix.console.page-operation");

export interface PageOperation {
  query: string;
  variables: Record<string, unknown>;
  operationName?: string;
}

/** As /graphql would have answered: the status and the JSON text of `{ data, errors }`. */
export interface PageOperationAnswer {
  status: number;
  body: string;
}

export type PageOperationBridge = (ticket: string | null, operation: PageOperation) => Promise<PageOperationAnswer>;

/** The bridge of this thread; throws outside the console's worker (e.g. `next dev` run on its own). */
export function pageOperationBridge(): PageOperationBridge {
  const bridge = (globalThis as Record<symbol, unknown>)[PAGE_OPERATION_BRIDGE];
  if (typeof bridge !== "function") {
    throw new Error("No page-operation bridge: the console runs inside the API's process (npm start)");
  }
  return bridge as PageOperationBridge;
}
