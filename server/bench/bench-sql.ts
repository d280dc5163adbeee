/**
 * Statements and documents the bench shares between the minimal server, the load and the
 * EXPLAIN of the lists: the texts the service sends for the same requests, as
 * pg_stat_statements showed them (ChargesService.listCharges and countCharges).
 */
const PAGE_COLUMNS = `*, (status = 'PENDING' AND expires_at <= now()) AS overdue,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS page_cursor_0, id::text AS page_cursor_1`;

/** The first page of an account's charges, newest first: $1 account, $2 page size + 1. */
export const CHARGE_PAGE_SQL = `SELECT ${PAGE_COLUMNS} FROM charges WHERE company_id = (SELECT $1::text)
  ORDER BY created_at DESC, id DESC LIMIT $2`;

/** The page after a cursor: $1 account, $2 and $3 the cursor's (created_at, id), $4 page size + 1. */
export const CHARGE_CURSOR_PAGE_SQL = `SELECT ${PAGE_COLUMNS} FROM charges
  WHERE company_id = (SELECT $1::text) AND (created_at, id) < ($2::timestamptz, $3::text)
  ORDER BY created_at DESC, id DESC LIMIT $4`;

/** The exact total of an account's charges: its counters and the overdue PENDING ones. */
export const CHARGE_COUNTS_SQL = `SELECT (SELECT json_object_agg(status, n) FROM
    (SELECT status, sum(n) AS n FROM list_counters WHERE list = 'charges' AND company_id = $1 GROUP BY status) s
  ) AS counted,
  (SELECT count(*) FROM charges WHERE status = 'PENDING' AND expires_at <= now() AND company_id = $1) AS overdue`;

/** The GraphQL balance read, as the console and integrators send it. */
export const GRAPHQL_BALANCE_QUERY = "query Balance { balance { balance currency timestamp } }";

/** A page of charges after a cursor, as the console reads deeper pages. */
export const GRAPHQL_CHARGE_PAGE_QUERY =
  "query ChargePage($after: String) { charges(first: 20, after: $after) { data { id amount status createdAt } total pageInfo { endCursor hasNextPage } } }";

/** The payer's page's read (admin-ui/features/payer-page/documents.ts), sent without a credential. */
export const GRAPHQL_PAYER_PAGE_QUERY =
  "query PayerPage($token: String!) { payerPage(token: $token) { accountName status type amount description dueDate expiresAt pixCode paidAt sandbox } }";

/** The cursor the service gives for a row: base64url of ["charges", created_at, id]. */
export function chargeCursor(createdAt: string, id: string): string {
  return Buffer.from(JSON.stringify(["charges", createdAt, id])).toString("base64url");
}
