import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Lists that scale (issue 11 Foundation 5, issue 13 section 3).
 *
 * - `list_counters`: rows per account, list, status and slot, moved by statement-level
 *   triggers in the transaction of every insert, status change and delete of charges,
 *   withdrawals and adjustments (whatever writes them: the service, a script, the bench's
 *   SQL seed). A list's exact total is a sum of a few counter rows instead of a COUNT(*)
 *   over history. Each row lands in one of 16 slots (a hash of its id), so concurrent
 *   inserts on one account rarely wait for the same counter row; the deltas of a statement
 *   are applied in key order, so two statements never take counter rows in opposite orders.
 * - `daily_volumes`: paid charges and paid withdrawals per account and day (America/Sao_Paulo),
 *   kept by the same triggers, for the dashboards.
 * - Withdrawals gain the bank's end-to-end id and the time they were paid; companies a CNPJ.
 * - An index for every filter and order the lists and the search offer.
 */
const SLOTS = 16;
const SAO_PAULO_DAY = (column: string) => `((${column}) AT TIME ZONE 'America/Sao_Paulo')::date`;

export interface CountedTable {
  table: string;
  list: string;
  /** Status column, or a constant for a list without statuses. */
  status: string;
  amount: string;
  netAmount: string;
  /** The daily volume a row adds while it is paid, if any. */
  rollup?: { kind: string; paidAt: string };
}

export const COUNTED: CountedTable[] = [
  {
    table: "charges",
    list: "charges",
    status: "status",
    amount: "amount_cents",
    netAmount: "net_amount_cents",
    rollup: { kind: "charges_paid", paidAt: "coalesce(paid_at, updated_at)" },
  },
  {
    table: "withdrawals",
    list: "withdrawals",
    status: "status",
    amount: "amount_cents",
    netAmount: "amount_cents",
    rollup: { kind: "withdrawals_paid", paidAt: "coalesce(paid_at, updated_at)" },
  },
  { table: "adjustments", list: "adjustments", status: "'ALL'", amount: "amount_cents", netAmount: "amount_cents" },
];

type Operation = "INSERT" | "UPDATE" | "DELETE";
const SOURCES: Record<Operation, Array<{ rows: string; sign: string }>> = {
  INSERT: [{ rows: "new_rows", sign: "" }],
  UPDATE: [
    { rows: "old_rows", sign: "-" },
    { rows: "new_rows", sign: "" },
  ],
  DELETE: [{ rows: "old_rows", sign: "-" }],
};
const REFERENCING: Record<Operation, string> = {
  INSERT: "REFERENCING NEW TABLE AS new_rows",
  UPDATE: "REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows",
  DELETE: "REFERENCING OLD TABLE AS old_rows",
};

function triggerBody(counted: CountedTable, operation: Operation): string {
  const counterDeltas = SOURCES[operation]
    .map(
      ({ rows, sign }) =>
        `SELECT company_id, ${counted.status} AS status, hashtext(id::text) & ${SLOTS - 1} AS slot,
                ${sign}1 AS dn, ${sign}${counted.amount} AS da, ${sign}${counted.netAmount} AS dnet FROM ${rows}`,
    )
    .join(" UNION ALL ");
  let body = `
    INSERT INTO list_counters AS c (company_id, list, status, slot, n, amount_cents, net_amount_cents)
    SELECT company_id, '${counted.list}', status, slot, sum(dn), sum(da), sum(dnet)
      FROM (${counterDeltas}) d
     GROUP BY company_id, status, slot
    HAVING sum(dn) <> 0 OR sum(da) <> 0 OR sum(dnet) <> 0
     ORDER BY company_id, status, slot
    ON CONFLICT (company_id, list, status, slot) DO UPDATE
       SET n = c.n + excluded.n, amount_cents = c.amount_cents + excluded.amount_cents,
           net_amount_cents = c.net_amount_cents + excluded.net_amount_cents;`;
  if (counted.rollup) {
    const { kind, paidAt } = counted.rollup;
    const rollupDeltas = SOURCES[operation]
      .map(
        ({ rows, sign }) =>
          `SELECT company_id, ${SAO_PAULO_DAY(paidAt)} AS day, ${sign}1 AS dn,
                  ${sign}${counted.amount} AS da FROM ${rows} WHERE status = 'PAID'`,
      )
      .join(" UNION ALL ");
    body += `
    INSERT INTO daily_volumes AS v (company_id, day, kind, n, amount_cents)
    SELECT company_id, day, '${kind}', sum(dn), sum(da)
      FROM (${rollupDeltas}) d
     GROUP BY company_id, day
    HAVING sum(dn) <> 0 OR sum(da) <> 0
     ORDER BY company_id, day
    ON CONFLICT (company_id, day, kind) DO UPDATE
       SET n = v.n + excluded.n, amount_cents = v.amount_cents + excluded.amount_cents;`;
  }
  return body;
}

/**
 * The counter functions and triggers of a table. `replaceFunctions` rewrites the functions
 * of triggers that exist (a later migration changing what a row counts for).
 */
export function createTriggers(counted: CountedTable, replaceFunctions = false): string {
  return (["INSERT", "UPDATE", "DELETE"] as const)
    .map((operation) => {
      const name = `${counted.table}_count_${operation.toLowerCase()}`;
      return `
        CREATE ${replaceFunctions ? "OR REPLACE " : ""}FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $fn$
        BEGIN
          ${triggerBody(counted, operation)}
          RETURN NULL;
        END
        $fn$;${
          replaceFunctions
            ? ""
            : `
        CREATE TRIGGER ${name} AFTER ${operation} ON ${counted.table}
          ${REFERENCING[operation]} FOR EACH STATEMENT EXECUTE FUNCTION ${name}();`
        }`;
    })
    .join("\n");
}

function backfill(counted: CountedTable): string {
  let sql = `
    INSERT INTO list_counters (company_id, list, status, slot, n, amount_cents, net_amount_cents)
    SELECT company_id, '${counted.list}', ${counted.status}, hashtext(id::text) & ${SLOTS - 1},
           count(*), sum(${counted.amount}), sum(${counted.netAmount})
      FROM ${counted.table} GROUP BY 1, 3, 4;`;
  if (counted.rollup) {
    sql += `
    INSERT INTO daily_volumes (company_id, day, kind, n, amount_cents)
    SELECT company_id, ${SAO_PAULO_DAY(counted.rollup.paidAt)}, '${counted.rollup.kind}', count(*), sum(${counted.amount})
      FROM ${counted.table} WHERE status = 'PAID' GROUP BY 1, 2;`;
  }
  return sql;
}

export class ListsThatScale1763800800000 implements MigrationInterface {
  name = "ListsThatScale1763800800000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      -- Writers wait while the counters are created and filled, so none is missed or counted twice.
      LOCK TABLE charges, withdrawals, adjustments IN SHARE ROW EXCLUSIVE MODE;

      ALTER TABLE withdrawals ADD COLUMN e2e_id text, ADD COLUMN paid_at timestamptz;
      UPDATE withdrawals w SET paid_at = t.created_at
        FROM withdrawal_transitions t WHERE t.withdrawal_id = w.id AND t.to_status = 'PAID';
      ALTER TABLE companies ADD COLUMN cnpj text;

      CREATE TABLE list_counters (
        company_id text NOT NULL,
        list text NOT NULL CHECK (list IN ('charges', 'withdrawals', 'adjustments')),
        status text NOT NULL,
        slot smallint NOT NULL CHECK (slot BETWEEN 0 AND ${SLOTS - 1}),
        n bigint NOT NULL,
        amount_cents bigint NOT NULL,
        net_amount_cents bigint NOT NULL,
        PRIMARY KEY (company_id, list, status, slot)
      );
      CREATE INDEX list_counters_list_status ON list_counters(list, status);

      CREATE TABLE daily_volumes (
        company_id text NOT NULL,
        day date NOT NULL,
        kind text NOT NULL CHECK (kind IN ('charges_paid', 'withdrawals_paid')),
        n bigint NOT NULL,
        amount_cents bigint NOT NULL,
        PRIMARY KEY (company_id, day, kind)
      );
      CREATE INDEX daily_volumes_day ON daily_volumes(day, kind);

      ${COUNTED.map((counted) => createTriggers(counted)).join("\n")}
      ${COUNTED.map(backfill).join("\n")}

      -- Charges. The merchant's lists use charges_company_newest and charges_company_status_newest.
      CREATE INDEX charges_newest ON charges(created_at DESC, id DESC);
      CREATE INDEX charges_status_newest ON charges(status, created_at DESC, id DESC);
      CREATE INDEX charges_company_reserved_newest ON charges(company_id, created_at DESC, id DESC) WHERE reserved;
      CREATE INDEX charges_reserved_newest ON charges(created_at DESC, id DESC) WHERE reserved;
      CREATE INDEX charges_company_paid ON charges(company_id, paid_at DESC, id DESC) WHERE status = 'PAID';
      CREATE INDEX charges_paid ON charges(paid_at DESC, id DESC) WHERE status = 'PAID';
      -- Overdue PENDING charges read as EXPIRED: a range of this index until the sweep runs.
      CREATE INDEX charges_company_pending_expiry ON charges(company_id, expires_at) WHERE status = 'PENDING';

      -- Withdrawals: every account's lists, the approval queue (oldest first), search keys.
      CREATE INDEX withdrawals_newest ON withdrawals(created_at DESC, id DESC);
      CREATE INDEX withdrawals_status_newest ON withdrawals(status, created_at DESC, id DESC);
      CREATE INDEX withdrawals_approval_queue ON withdrawals(created_at, id) INCLUDE (amount_cents)
        WHERE status = 'PENDING';
      CREATE UNIQUE INDEX withdrawals_e2e_id ON withdrawals(e2e_id) WHERE e2e_id IS NOT NULL;

      -- Adjustments and payment exceptions: keyset order, per account and across accounts.
      DROP INDEX adjustments_company;
      CREATE INDEX adjustments_company_newest ON adjustments(company_id, created_at DESC, id DESC);
      CREATE INDEX adjustments_newest ON adjustments(created_at DESC, id DESC);
      DROP INDEX payment_exceptions_company;
      CREATE INDEX payment_exceptions_company_newest ON payment_exceptions(company_id, created_at DESC, id DESC);
      CREATE INDEX payment_exceptions_company_status_newest
        ON payment_exceptions(company_id, status, created_at DESC, id DESC);
      CREATE INDEX payment_exceptions_newest ON payment_exceptions(created_at DESC, id DESC);

      -- Webhook deliveries are listed in outbox order (sequence); subject lookups use
      -- webhook_events_subject_sequence, so the two indexes it covers go.
      DROP INDEX webhook_events_company, webhook_events_subject;
      CREATE INDEX webhook_events_company_status_sequence ON webhook_events(company_id, delivery_status, sequence DESC);
      CREATE INDEX webhook_events_status_sequence ON webhook_events(delivery_status, sequence DESC);
      CREATE INDEX webhook_events_company_event_sequence ON webhook_events(company_id, event, sequence DESC);
      CREATE INDEX webhook_events_event_sequence ON webhook_events(event, sequence DESC);

      -- The ledger statement: a date range of one account, in order.
      CREATE INDEX ledger_entries_company_newest ON ledger_entries(company_id, created_at DESC, id DESC);

      -- Companies: newest first, search by name prefix (any case) and CNPJ.
      CREATE INDEX companies_newest ON companies(created_at DESC, id DESC);
      CREATE INDEX companies_name_prefix ON companies(lower(name) text_pattern_ops);
      CREATE INDEX companies_cnpj ON companies(cnpj) WHERE cnpj IS NOT NULL;
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    const triggers = COUNTED.flatMap(({ table }) =>
      ["insert", "update", "delete"].map(
        (op) => `DROP TRIGGER ${table}_count_${op} ON ${table}; DROP FUNCTION ${table}_count_${op}();`,
      ),
    ).join("\n");
    await db.query(`
      ${triggers}
      DROP TABLE list_counters, daily_volumes;
      DROP INDEX charges_newest, charges_status_newest, charges_company_reserved_newest, charges_reserved_newest,
        charges_company_paid, charges_paid, charges_company_pending_expiry, withdrawals_newest,
        withdrawals_status_newest, withdrawals_approval_queue, withdrawals_e2e_id, adjustments_company_newest,
        adjustments_newest, payment_exceptions_company_newest, payment_exceptions_company_status_newest,
        payment_exceptions_newest, webhook_events_company_status_sequence, webhook_events_status_sequence,
        webhook_events_company_event_sequence, webhook_events_event_sequence, ledger_entries_company_newest,
        companies_newest, companies_name_prefix, companies_cnpj;
      CREATE INDEX adjustments_company ON adjustments(company_id, created_at DESC);
      CREATE INDEX payment_exceptions_company ON payment_exceptions(company_id, created_at DESC);
      CREATE INDEX webhook_events_company ON webhook_events(company_id, created_at DESC);
      CREATE INDEX webhook_events_subject ON webhook_events(subject_id);
      ALTER TABLE withdrawals DROP COLUMN e2e_id, DROP COLUMN paid_at;
      ALTER TABLE companies DROP COLUMN cnpj;
    `);
  }
}
