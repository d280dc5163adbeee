import { CompanyNameDocument } from "@/features/withdrawals/documents";
import type { ExportClient } from "./graphql-client";

/** Names already read during one export (one client per download): each company is read once. */
const namesByExport = new WeakMap<ExportClient, Map<string, Promise<string | null>>>();

/**
 * Rows with their company's name beside its id, for CSVs that people read: an export names
 * each company once (the first row that needs it), however many pages follow. A company the
 * reader cannot see (or a row without one) gets an empty name.
 */
export async function withCompanyNames<Row extends { companyId?: string | null }>(
  client: ExportClient,
  rows: Row[],
): Promise<Array<Row & { companyName: string | null }>> {
  let names = namesByExport.get(client);
  if (!names) {
    names = new Map();
    namesByExport.set(client, names);
  }
  const known = names;
  for (const row of rows) {
    const id = row.companyId;
    if (id && !known.has(id)) {
      known.set(
        id,
        client(CompanyNameDocument, { id }).then(
          ({ company }) => company.name,
          () => null,
        ),
      );
    }
  }
  return Promise.all(
    rows.map(async (row) => ({ ...row, companyName: row.companyId ? await (known.get(row.companyId) ?? null) : null })),
  );
}
