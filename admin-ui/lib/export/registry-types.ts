import type { CsvColumn } from "./csv";
import type { ExportClient } from "./graphql-client";

export interface ExportPage<Row> {
  rows: Row[];
  endCursor: string | null;
  hasNextPage: boolean;
}

/**
 * One exportable list. `page` reads one keyset page with the same filters as the list's URL
 * (the export link copies them), so the file holds every row the view matches, in its order.
 */
export interface ExportDefinition<Row> {
  /** File name without date or extension, in Portuguese, the console's first language ("cobrancas"). */
  filename: string;
  columns: CsvColumn<Row>[];
  page: (client: ExportClient, filters: URLSearchParams, after: string | null) => Promise<ExportPage<Row>>;
}

/** Identity helper that keeps each definition's row type while the registry holds them all. */
export function defineExport<Row>(definition: ExportDefinition<Row>): ExportDefinition<Row> {
  return definition;
}
