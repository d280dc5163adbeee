import "server-only";
import { CSV_BOM, type CsvWords, csvHeader, csvRow } from "./csv";
import type { ExportClient } from "./graphql-client";
import type { ExportDefinition, ExportPage } from "./registry-types";

/** A safety stop: an export never loops forever on a cursor that does not move. */
const MAX_PAGES = 100_000;

/**
 * The CSV of every row the filters match, streamed page by page: the first page is read
 * before the answer starts (so a refused or invalid request still gets a proper error status),
 * then each next page only when the reader wants more bytes (back-pressure), never the whole
 * list in memory. A page that fails after the answer started breaks the answer off.
 */
export async function streamCsv<Row>(
  definition: ExportDefinition<Row>,
  client: ExportClient,
  filters: URLSearchParams,
  words: CsvWords,
): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  let page: ExportPage<Row> | null = await definition.page(client, filters, null);
  let pages = 1;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(CSV_BOM + csvHeader(definition.columns, words)));
      }
      if (!page) {
        controller.close();
        return;
      }
      const current: ExportPage<Row> = page;
      if (current.rows.length > 0)
        controller.enqueue(encoder.encode(current.rows.map((row) => csvRow(definition.columns, row, words)).join("")));
      if (current.hasNextPage && current.endCursor && pages < MAX_PAGES) {
        try {
          page = await definition.page(client, filters, current.endCursor);
        } catch (error) {
          // The answer has started (200): the only way left to say it failed is to break it
          // off. The stream errors, Next destroys the response, the API's proxy cuts the
          // browser's connection (server/src/console/next-console.ts): a failed download,
          // never a short file that looks whole.
          console.error(
            "export failed mid-stream",
            definition.filename,
            error instanceof Error ? error.message : error,
          );
          controller.error(error);
          return;
        }
        pages++;
      } else {
        page = null;
      }
    },
  });
}
