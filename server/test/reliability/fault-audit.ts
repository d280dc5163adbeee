import pg from "pg";
import { TEST_ADMIN_TOKEN } from "../support/test-app";

/**
 * What the fault tests check after the faults, read from the database and the service as
 * an auditor would: nothing lost, nothing counted twice, nothing half-made.
 *
 * - `balanceAudit` (GraphQL, operator) is consistent for every account;
 * - the ledger's running balance never skips (each `balance_after` is the previous one plus
 *   the amount, from zero, in id order) and ends at the account's balance;
 * - every withdrawal was reserved exactly once, refunded once exactly when it FAILED or was
 *   CANCELLED, and its transitions are exactly its outbox events (`withdrawal.<status>`, in
 *   order); every PAID charge was credited once and announced once, no other charge was;
 * - every refund was reserved exactly once, given back once exactly when it FAILED, announced
 *   as refund.processing then once as its final status, and each charge's refunded_amount is
 *   the sum of its refunds that did not fail.
 */
export async function moneyProblems(databaseUrl: string, baseUrl: string, companyIds: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const companyId of companyIds) {
    const response = await fetch(`${baseUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
      body: JSON.stringify({
        query: "query($c: ID!) { balanceAudit(companyId: $c) { consistent runningBalance recomputedBalance } }",
        variables: { c: companyId },
      }),
    });
    const body = (await response.json()) as { data?: { balanceAudit?: { consistent: boolean } } };
    if (body.data?.balanceAudit?.consistent !== true)
      problems.push(`balanceAudit of ${companyId}: ${JSON.stringify(body)}`);
  }

  const sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
  try {
    const ledger = await sql.query(
      `SELECT l.id, l.company_id, l.amount_cents, l.balance_after_cents, c.balance_cents
         FROM ledger_entries l JOIN companies c ON c.id = l.company_id
        WHERE l.company_id = ANY($1) ORDER BY l.company_id, l.id`,
      [companyIds],
    );
    const running = new Map<string, { balance: bigint; final: bigint }>();
    for (const row of ledger.rows) {
      const account = running.get(row.company_id) ?? { balance: 0n, final: BigInt(row.balance_cents) };
      const after = BigInt(row.balance_after_cents);
      if (after !== account.balance + BigInt(row.amount_cents))
        problems.push(`ledger of ${row.company_id} skips at entry ${row.id}`);
      account.balance = after;
      running.set(row.company_id, account);
    }
    for (const [companyId, account] of running) {
      if (account.balance !== account.final)
        problems.push(`${companyId}: ledger ends at ${account.balance}, account says ${account.final}`);
    }

    const withdrawals = await sql.query(
      `SELECT w.id, w.status,
              (SELECT count(*) FROM ledger_entries l WHERE l.withdrawal_id = w.id AND l.kind = 'WITHDRAWAL_RESERVED')::int AS reserved,
              (SELECT count(*) FROM ledger_entries l WHERE l.withdrawal_id = w.id AND l.kind = 'WITHDRAWAL_REFUNDED')::int AS refunded,
              coalesce((SELECT string_agg('withdrawal.' || lower(t.to_status), ',' ORDER BY t.id)
                          FROM withdrawal_transitions t WHERE t.withdrawal_id = w.id), '') AS transitions,
              coalesce((SELECT string_agg(e.event, ',' ORDER BY e.sequence)
                          FROM webhook_events e WHERE e.subject_id = w.id), '') AS events
         FROM withdrawals w WHERE w.company_id = ANY($1)`,
      [companyIds],
    );
    for (const w of withdrawals.rows) {
      const returned = w.status === "FAILED" || w.status === "CANCELLED";
      if (w.reserved !== 1) problems.push(`withdrawal ${w.id} reserved ${w.reserved} times`);
      if (w.refunded !== (returned ? 1 : 0))
        problems.push(`withdrawal ${w.id} (${w.status}) refunded ${w.refunded} times`);
      if (w.transitions !== w.events)
        problems.push(`withdrawal ${w.id}: transitions [${w.transitions}] but events [${w.events}]`);
    }

    const charges = await sql.query(
      `SELECT ch.id, ch.status,
              (SELECT count(*) FROM ledger_entries l WHERE l.charge_id = ch.id AND l.kind = 'CHARGE_PAID')::int AS credited,
              (SELECT count(*) FROM webhook_events e WHERE e.subject_id = ch.id AND e.event = 'charge.paid')::int AS announced
         FROM charges ch WHERE ch.company_id = ANY($1)`,
      [companyIds],
    );
    for (const c of charges.rows) {
      const paid = c.status === "PAID" ? 1 : 0;
      if (c.credited !== paid || c.announced !== paid)
        problems.push(`charge ${c.id} (${c.status}) credited ${c.credited}, announced ${c.announced} times`);
    }

    const refunds = await sql.query(
      `SELECT r.id, r.status,
              (SELECT count(*) FROM ledger_entries l WHERE l.refund_id = r.id AND l.kind = 'REFUND_RESERVED')::int AS reserved,
              (SELECT count(*) FROM ledger_entries l WHERE l.refund_id = r.id AND l.kind = 'REFUND_FAILED')::int AS given_back,
              coalesce((SELECT string_agg(e.event, ',' ORDER BY e.sequence)
                          FROM webhook_events e WHERE e.subject_id = r.id), '') AS events
         FROM refunds r WHERE r.company_id = ANY($1)`,
      [companyIds],
    );
    for (const r of refunds.rows) {
      const events =
        r.status === "PROCESSING" ? "refund.processing" : `refund.processing,refund.${r.status.toLowerCase()}`;
      if (r.reserved !== 1) problems.push(`refund ${r.id} reserved ${r.reserved} times`);
      if (r.given_back !== (r.status === "FAILED" ? 1 : 0))
        problems.push(`refund ${r.id} (${r.status}) given back ${r.given_back} times`);
      if (r.events !== events)
        problems.push(`refund ${r.id} (${r.status}): events [${r.events}], expected [${events}]`);
    }
    const refunded = await sql.query(
      `SELECT ch.id, ch.refunded_amount_cents::text AS recorded,
              coalesce((SELECT sum(r.amount_cents) FROM refunds r WHERE r.charge_id = ch.id AND r.status <> 'FAILED'), 0)::text AS summed
         FROM charges ch WHERE ch.company_id = ANY($1)`,
      [companyIds],
    );
    for (const c of refunded.rows) {
      if (c.recorded !== c.summed)
        problems.push(`charge ${c.id}: refunded_amount ${c.recorded}, its refunds ${c.summed}`);
    }
  } finally {
    await sql.end();
  }
  return problems;
}

/**
 * Webhook history: every event of these accounts DELIVERED, and each one's attempts numbered
 * 1..n without a gap (an attempt cut short by a crash stays in the history, unfinished).
 */
export async function deliveryProblems(databaseUrl: string, companyIds: string[]): Promise<string[]> {
  const sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
  try {
    const { rows } = await sql.query(
      `SELECT e.id, e.delivery_status,
              coalesce(array_agg(a.attempt_number ORDER BY a.attempt_number) FILTER (WHERE a.id IS NOT NULL), '{}') AS attempts
         FROM webhook_events e LEFT JOIN webhook_attempts a ON a.event_id = e.id
        WHERE e.company_id = ANY($1) GROUP BY e.id, e.delivery_status`,
      [companyIds],
    );
    const problems: string[] = [];
    for (const row of rows) {
      if (row.delivery_status !== "DELIVERED") problems.push(`event ${row.id} is ${row.delivery_status}`);
      const attempts = (row.attempts as number[]).map(Number);
      if (attempts.some((n, i) => n !== i + 1))
        problems.push(`event ${row.id}: attempts numbered ${attempts.join(",")}`);
    }
    return problems;
  } finally {
    await sql.end();
  }
}

/** Polls until `check` answers no problems; answers the last problems when time runs out. */
export async function settled(check: () => Promise<string[]>, timeoutMs: number): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const problems = await check();
    if (problems.length === 0 || Date.now() > deadline) return problems;
    await new Promise((done) => setTimeout(done, 250));
  }
}

/** One HTTP call that never throws: a lost connection is status 0. */
export async function call(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<{ status: number; body: any; ms: number }> {
  const started = Date.now();
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
    });
    const text = await response.text();
    let body: any = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    return { status: response.status, body, ms: Date.now() - started };
  } catch {
    return { status: 0, body: null, ms: Date.now() - started };
  }
}

/** An account made through the API: its id, client secret, webhook URL set and funded by an adjustment. */
export async function openAccount(
  baseUrl: string,
  options: { fund: string; webhookUrl?: string },
): Promise<{ companyId: string; secret: string }> {
  const gql = async (query: string, variables: Record<string, unknown>, token = TEST_ADMIN_TOKEN) => {
    const result = await call(baseUrl, "POST", "/graphql", { token, body: { query, variables } });
    if (result.status !== 200 || result.body?.errors) throw new Error(`${query}: ${JSON.stringify(result.body)}`);
    return result.body.data;
  };
  const created = await gql(
    'mutation { createCompany(input: {name: "Loja Falhas"}) { company { id } clientSecret } }',
    {},
  );
  const companyId = created.createCompany.company.id as string;
  const secret = created.createCompany.clientSecret as string;
  await gql(
    `mutation($c: ID!, $a: Money!) { createAdjustment(companyId: $c, amount: $a, description: "fault test funding") { id } }`,
    { c: companyId, a: options.fund },
  );
  if (options.webhookUrl)
    await gql("mutation($u: String!) { updateWebhookSettings(url: $u) { url } }", { u: options.webhookUrl }, secret);
  return { companyId, secret };
}

/** FAULT_ROUNDS scales every fault test (1 in `npm test`). */
export const FAULT_ROUNDS = Math.max(1, Number(process.env.FAULT_ROUNDS ?? 1));

/** The line run-long-tests.mjs reads a fault test's figures from (written with t.diagnostic). */
export function figuresLine(test: string, figures: Record<string, unknown>): string {
  return `fault figures: ${JSON.stringify({ test, ...figures })}`;
}
