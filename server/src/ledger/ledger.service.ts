import type { DataSource, EntityManager } from "typeorm";
import { type Acting, type AuditContext, appendAudit } from "../audit";
import { type AccountRef, CALLER_COLUMNS, callerCte, callerFound } from "../auth/model";
import { LAG_TOLERANT, lagTolerantRows, readCancellable } from "../core/cancellable-read";
import { entityRowMapper } from "../core/entity-rows";
import { invalidState, notFound, unauthenticated, validationError } from "../core/errors";
import { newAdjustmentId } from "../core/ids";
import { type Cents, formatBrl, MAX_AMOUNT_CENTS } from "../core/money";
import {
  CREATED_KEY,
  cappedCount,
  type KeyColumn,
  type Page,
  type PageArgs,
  readPage,
  readPageWindow,
  SqlParams,
  type Total,
} from "../core/pagination";
import { preparedRows, queryRows } from "../core/sql";
import { runTransaction } from "../core/transactions";
import { Adjustment, AdjustmentStatus } from "./adjustment.entity";
import { LedgerEntry, LedgerEntryKind } from "./ledger-entry.entity";
import { MAKER_CHECKER_OFF, type MakerCheckerPolicy, mayMoveAlone } from "./maker-checker";

/** Filters of the ledger statement: a time range including its start and excluding its end. */
export interface StatementFilter extends PageArgs {
  from?: Date | null;
  to?: Date | null;
}

/** The statement's order: entry time, then id (see postLedgerEntry: the same order as balance_after). */
const LEDGER_KEY: KeyColumn[] = [
  { column: "created_at", type: "timestamptz" },
  { column: "id", type: "bigint" },
];

export interface LedgerPosting {
  companyId: string;
  kind: LedgerEntryKind;
  /** Signed: credits positive, debits negative. */
  amountCents: Cents;
  chargeId?: string | null;
  withdrawalId?: string | null;
  adjustmentId?: string | null;
  refundId?: string | null;
  disputeId?: string | null;
  memo?: string | null;
  /**
   * The account row also counts its PENDING withdrawals (queue positions): a posting that
   * puts a withdrawal into the queue (+1) or takes it out (-1) moves the count with it.
   */
  pendingWithdrawalsDelta?: number;
}

/**
 * Writes one ledger entry and moves the account's running balance in the caller's
 * transaction, in one statement. The UPDATE takes the account's row lock, so postings on
 * one account are serialized and balance_after is exact. The entry's time is taken under
 * that lock (clock_timestamp, not the transaction's start), so an account's statement in
 * time order is also the order of its running balance.
 */
export async function postLedgerEntry(em: EntityManager, posting: LedgerPosting): Promise<Cents> {
  const rows = await queryRows<{ balance_after_cents: string }>(
    em,
    `WITH account AS (
       UPDATE companies
          SET balance_cents = balance_cents + $2, pending_withdrawals = pending_withdrawals + $8, updated_at = now()
        WHERE id = $1
       RETURNING balance_cents
     )
     INSERT INTO ledger_entries (company_id, kind, amount_cents, balance_after_cents, charge_id, withdrawal_id, adjustment_id,
                                 memo, refund_id, dispute_id, created_at)
     SELECT $1, $3, $2, account.balance_cents, $4, $5, $6, $7, $9, $10, clock_timestamp() FROM account
     RETURNING balance_after_cents`,
    [
      posting.companyId,
      posting.amountCents.toString(),
      posting.kind,
      posting.chargeId ?? null,
      posting.withdrawalId ?? null,
      posting.adjustmentId ?? null,
      posting.memo ?? null,
      posting.pendingWithdrawalsDelta ?? 0,
      posting.refundId ?? null,
      posting.disputeId ?? null,
    ],
  );
  if (rows.length === 0) throw notFound("Company");
  return BigInt(rows[0].balance_after_cents);
}

/** The ledger entry of a POSTED adjustment (the caller holds the account lock). */
async function postAdjustment(em: EntityManager, adjustment: Adjustment): Promise<void> {
  await postLedgerEntry(em, {
    companyId: adjustment.companyId,
    kind: LedgerEntryKind.ADJUSTMENT,
    amountCents: adjustment.amountCents,
    adjustmentId: adjustment.id,
    memo: adjustment.description,
  });
}

/**
 * A withdrawal leaves PENDING without moving money (approval): the account's PENDING count
 * goes with it, in the caller's transaction.
 */
export async function movePendingWithdrawals(em: EntityManager, companyId: string, delta: number): Promise<void> {
  await em.query("UPDATE companies SET pending_withdrawals = pending_withdrawals + $2 WHERE id = $1", [
    companyId,
    delta,
  ]);
}

/** Locks the account row for the rest of the transaction and returns its running balance. */
export async function lockAccountBalance(em: EntityManager, companyId: string): Promise<Cents> {
  const rows: Array<{ balance_cents: string }> = await em.query(
    "SELECT balance_cents FROM companies WHERE id = $1 FOR NO KEY UPDATE",
    [companyId],
  );
  if (rows.length === 0) throw notFound("Company");
  return BigInt(rows[0].balance_cents);
}

export interface BalanceAuditResult {
  companyId: string;
  runningBalanceCents: Cents;
  ledgerSumCents: Cents;
  lastEntryBalanceCents: Cents;
  /** Net of every PAID charge, held or not. */
  paidChargesNetCents: Cents;
  /** What operators' holds of PAID charges took out (their reserved amounts). */
  chargesHeldCents: Cents;
  adjustmentsCents: Cents;
  withdrawalsHeldCents: Cents;
  /** Refunds PROCESSING or REFUNDED: their amounts left the balance. */
  refundsHeldCents: Cents;
  /**
   * Held amounts of MED disputes OPEN or REJECTED, or ACCEPTED with no devolução yet (answered
   * to a bank that returns the money itself): blocked, out of the available balance.
   */
  disputesHeldCents: Cents;
  recomputedBalanceCents: Cents;
  ledgerEntries: number;
  /** The account row's count of PENDING withdrawals, and the count of the rows themselves. */
  pendingWithdrawals: number;
  pendingWithdrawalsCounted: number;
  /** The list counters (totals of the lists) agree with the rows, per list and status. */
  listCountersConsistent: boolean;
  /** The daily volumes (dashboards) agree with the paid charges and withdrawals, per day. */
  dailyVolumesConsistent: boolean;
  consistent: boolean;
  checkedAt: Date;
}

function adjustmentFields(adjustment: Adjustment) {
  return {
    amount: formatBrl(adjustment.amountCents),
    description: adjustment.description,
    status: adjustment.status,
    requestedBy: adjustment.createdBy,
    confirmedBy: adjustment.confirmedBy,
    rejectedBy: adjustment.rejectedBy,
  };
}

const SAO_PAULO_PAID_DAY = "(coalesce(paid_at, updated_at) AT TIME ZONE 'America/Sao_Paulo')::date";

/**
 * The rows kept by triggers for fast reads, recomputed from their source rows: list
 * counters (count, amount and net per list and status) and daily volumes (paid charges and
 * paid withdrawals per day). Answers how many groups differ either way.
 */
const DERIVED_ROWS_AUDIT = `
  WITH kept AS (
    SELECT list, status, sum(n)::bigint AS n, sum(amount_cents)::bigint AS amount, sum(net_amount_cents)::bigint AS net
      FROM list_counters WHERE company_id = $1 GROUP BY list, status
    HAVING sum(n) <> 0 OR sum(amount_cents) <> 0 OR sum(net_amount_cents) <> 0
  ), counted AS (
    SELECT 'charges'::text AS list, status, count(*) AS n,
           sum(coalesce(paid_amount_cents, amount_cents))::bigint AS amount, sum(net_amount_cents)::bigint AS net
      FROM charges WHERE company_id = $1 GROUP BY status
    UNION ALL
    SELECT 'withdrawals', status, count(*), sum(amount_cents)::bigint, sum(amount_cents)::bigint
      FROM withdrawals WHERE company_id = $1 GROUP BY status
    UNION ALL
    SELECT 'adjustments', 'ALL', count(*), sum(amount_cents)::bigint, sum(amount_cents)::bigint
      FROM adjustments WHERE company_id = $1 HAVING count(*) > 0
    UNION ALL
    SELECT 'refunds', status, count(*), sum(amount_cents)::bigint, sum(amount_cents)::bigint
      FROM refunds WHERE company_id = $1 GROUP BY status
  ), kept_days AS (
    SELECT day, kind, n, amount_cents AS amount FROM daily_volumes
     WHERE company_id = $1 AND (n <> 0 OR amount_cents <> 0)
  ), counted_days AS (
    SELECT ${SAO_PAULO_PAID_DAY} AS day, 'charges_paid'::text AS kind, count(*) AS n,
           sum(coalesce(paid_amount_cents, amount_cents))::bigint AS amount
      FROM charges WHERE company_id = $1 AND status = 'PAID' GROUP BY 1
    UNION ALL
    SELECT ${SAO_PAULO_PAID_DAY}, 'withdrawals_paid', count(*), sum(amount_cents)::bigint
      FROM withdrawals WHERE company_id = $1 AND status = 'PAID' GROUP BY 1
  )
  SELECT
    (SELECT count(*) FROM ((TABLE kept EXCEPT TABLE counted) UNION ALL (TABLE counted EXCEPT TABLE kept)) AS d)
      AS counter_mismatches,
    (SELECT count(*) FROM ((TABLE kept_days EXCEPT TABLE counted_days) UNION ALL
                           (TABLE counted_days EXCEPT TABLE kept_days)) AS d) AS volume_mismatches`;

/** The balance read (the hottest read: its text is built once). */
const BALANCE_BY_ACCOUNT_SQL = "SELECT balance_cents, now() AS now FROM companies WHERE id = $1";
/** The same read for a client secret its statement checks (auth/credential-lookup.ts). */
const BALANCE_BY_CREDENTIAL_SQL = `${callerCte("$1")}
  SELECT ${CALLER_COLUMNS}, companies.balance_cents, now() AS now
    FROM caller LEFT JOIN companies ON companies.id = caller.company_id`;

export class LedgerService {
  private readonly adjustmentFromRow: (row: Record<string, unknown>) => Adjustment;
  private readonly entryFromRow: (row: Record<string, unknown>) => LedgerEntry;

  constructor(
    private readonly db: DataSource,
    /** Maker-checker: adjustments above the threshold (either sign, per operator and account over the window) wait for a second operator. */
    private readonly makerChecker: MakerCheckerPolicy = MAKER_CHECKER_OFF,
  ) {
    this.adjustmentFromRow = entityRowMapper(db, Adjustment);
    this.entryFromRow = entityRowMapper(db, LedgerEntry);
  }

  /**
   * One primary-key read of the running balance: the cost does not grow with history. For
   * a client secret not checked yet, the same read joined to the live credential, one
   * statement (auth/credential-lookup.ts): no credential row is 401.
   */
  async readBalance(account: AccountRef): Promise<{ balanceCents: Cents; timestamp: Date }> {
    const checked = typeof account === "string";
    const rows = await preparedRows<{ balance_cents: string | null; now: Date }>(
      this.db,
      checked ? BALANCE_BY_ACCOUNT_SQL : BALANCE_BY_CREDENTIAL_SQL,
      [checked ? account : account.secretHash],
    );
    if (!checked) {
      if (rows.length === 0) throw unauthenticated();
      callerFound(account, rows[0]);
    }
    if (rows.length === 0 || rows[0].balance_cents === null) throw notFound("Company");
    return { balanceCents: BigInt(rows[0].balance_cents), timestamp: rows[0].now };
  }

  async createAdjustment(
    companyId: string,
    amountCents: Cents,
    description: string,
    { actor, audit }: Acting,
  ): Promise<Adjustment> {
    if (amountCents === 0n) throw validationError("amount must not be zero");
    if (amountCents > MAX_AMOUNT_CENTS || amountCents < -MAX_AMOUNT_CENTS) {
      throw validationError("amount must be between -99999999.99 and 99999999.99");
    }
    const text = description.trim();
    if (text.length === 0 || text.length > 500) throw validationError("description must have 1 to 500 characters");
    return runTransaction(this.db, async (em) => {
      await lockAccountBalance(em, companyId);
      // Above the maker-checker amount (this one plus what the operator moved alone on the
      // account in the window, counted under the account lock) it waits, REQUESTED, outside the ledger.
      const status = (await mayMoveAlone(em, this.makerChecker, actor, companyId, amountCents))
        ? AdjustmentStatus.POSTED
        : AdjustmentStatus.REQUESTED;
      const adjustment = em.getRepository(Adjustment).create({
        id: newAdjustmentId(),
        companyId,
        amountCents,
        description: text,
        createdBy: actor,
        createdAt: new Date(),
        status,
        confirmedBy: null,
        rejectedBy: null,
        rejectionReason: null,
        decidedAt: null,
      });
      await em.getRepository(Adjustment).insert(adjustment);
      if (status === AdjustmentStatus.POSTED) await postAdjustment(em, adjustment);
      await appendAudit(em, audit, {
        action: "adjustment.create",
        objectType: "adjustment",
        objectId: adjustment.id,
        companyId,
        reason: text,
        after: adjustmentFields(adjustment),
      });
      return adjustment;
    });
  }

  /** A second, different operator confirms a REQUESTED adjustment: it is POSTED with its ledger entry. */
  confirmAdjustment(id: string, { actor, audit }: Acting): Promise<Adjustment> {
    return this.decideAdjustment(id, audit, async (em, adjustment) => {
      if (adjustment.createdBy === actor) {
        throw invalidState("You requested this adjustment: a second, different operator must confirm it");
      }
      await lockAccountBalance(em, adjustment.companyId);
      adjustment.status = AdjustmentStatus.POSTED;
      adjustment.confirmedBy = actor;
      await postAdjustment(em, adjustment);
      return "adjustment.confirm";
    });
  }

  /** Turns down a REQUESTED adjustment (its requester may withdraw it too); the balance never moved. */
  rejectAdjustment(id: string, reason: string, { actor, audit }: Acting): Promise<Adjustment> {
    const text = typeof reason === "string" ? reason.trim() : "";
    if (text.length === 0 || text.length > 500) throw validationError("reason must have 1 to 500 characters");
    return this.decideAdjustment(id, audit, async (_em, adjustment) => {
      adjustment.status = AdjustmentStatus.REJECTED;
      adjustment.rejectedBy = actor;
      adjustment.rejectionReason = text;
      return "adjustment.reject";
    });
  }

  /** Under the adjustment's row lock: REQUESTED -> the decision, saved with its audit row. */
  private decideAdjustment(
    id: string,
    audit: AuditContext | null,
    decide: (em: EntityManager, adjustment: Adjustment) => Promise<string>,
  ): Promise<Adjustment> {
    return runTransaction(this.db, async (em) => {
      const repo = em.getRepository(Adjustment);
      const adjustment = await repo.findOne({ where: { id }, lock: { mode: "for_no_key_update" } });
      if (!adjustment) throw notFound("Adjustment");
      if (adjustment.status !== AdjustmentStatus.REQUESTED) {
        throw invalidState(`Adjustment is ${adjustment.status}; only a REQUESTED adjustment can be decided`);
      }
      const before = adjustmentFields(adjustment);
      const action = await decide(em, adjustment);
      adjustment.decidedAt = new Date();
      await repo.save(adjustment);
      await appendAudit(em, audit, {
        action,
        objectType: "adjustment",
        objectId: adjustment.id,
        companyId: adjustment.companyId,
        reason: adjustment.rejectionReason,
        before,
        after: adjustmentFields(adjustment),
      });
      return adjustment;
    });
  }

  /** Newest first; the total is exact (counters kept by a trigger) unless a status is asked for. */
  listAdjustments(
    companyId: string | null,
    paging: PageArgs,
    status: AdjustmentStatus | null = null,
  ): Promise<Page<Adjustment>> {
    const window = readPageWindow(paging);
    const params = new SqlParams();
    const where = companyId === null ? [] : [`company_id = ${params.add(companyId)}`];
    if (status !== null) where.push(`status = ${params.add(status)}`);
    const query = {
      cursorTag: "adjustments",
      from: "adjustments",
      columns: "*",
      key: CREATED_KEY,
      branches: [where],
      params,
    };
    return readCancellable(
      this.db,
      undefined,
      (sql) =>
        readPage(sql, query, window, this.adjustmentFromRow, () =>
          status === null ? this.countAdjustments(companyId) : cappedCount(sql, query),
        ),
      LAG_TOLERANT,
    );
  }

  private async countAdjustments(companyId: string | null): Promise<Total> {
    const rows = await lagTolerantRows<{ n: string }>(
      this.db,
      `SELECT coalesce(sum(n), 0) AS n FROM list_counters WHERE list = 'adjustments'${companyId === null ? "" : " AND company_id = $1"}`,
      companyId === null ? [] : [companyId],
    );
    return { total: Number(rows[0].n), capped: false };
  }

  /** The account's statement: entries with their running balance, newest first by default. */
  listEntries(companyId: string, filter: StatementFilter): Promise<Page<LedgerEntry>> {
    const window = readPageWindow(filter);
    const params = new SqlParams();
    const where = [`company_id = ${params.add(companyId)}`];
    if (filter.from) where.push(`created_at >= ${params.add(filter.from, "::timestamptz")}`);
    if (filter.to) where.push(`created_at < ${params.add(filter.to, "::timestamptz")}`);
    const query = {
      cursorTag: "ledgerEntries",
      from: "ledger_entries",
      columns: "*",
      key: LEDGER_KEY,
      branches: [where],
      params,
    };
    return readCancellable(
      this.db,
      undefined,
      (sql) => readPage(sql, query, window, this.entryFromRow, () => cappedCount(sql, query)),
      LAG_TOLERANT,
    );
  }

  /**
   * Recomputes the balance from the source rows (the contract's formula) in one snapshot
   * and compares it with the ledger's sum, its last balance_after and the running balance.
   * It tolerates lag (a replica's snapshot is a committed state too: contract §14).
   */
  async auditBalance(companyId: string): Promise<BalanceAuditResult> {
    return readCancellable(
      this.db,
      undefined,
      async (em) => {
        const rows = await queryRows<Record<string, string | null>>(
          em,
          `SELECT
           (SELECT balance_cents FROM companies WHERE id = $1) AS running,
           (SELECT pending_withdrawals FROM companies WHERE id = $1) AS pending_row,
           (SELECT count(*) FROM withdrawals WHERE company_id = $1 AND status = 'PENDING') AS pending_counted,
           (SELECT coalesce(sum(amount_cents), 0) FROM ledger_entries WHERE company_id = $1) AS ledger_sum,
           (SELECT count(*) FROM ledger_entries WHERE company_id = $1) AS ledger_count,
           (SELECT balance_after_cents FROM ledger_entries WHERE company_id = $1 ORDER BY id DESC LIMIT 1) AS last_after,
           (SELECT coalesce(sum(net_amount_cents), 0) FROM charges
             WHERE company_id = $1 AND status = 'PAID') AS paid_net,
           (SELECT coalesce(sum(reserved_amount_cents), 0) FROM charges
             WHERE company_id = $1 AND reserved) AS charges_held,
           (SELECT coalesce(sum(amount_cents), 0) FROM adjustments
             WHERE company_id = $1 AND status = 'POSTED') AS adjustments,
           (SELECT coalesce(sum(amount_cents), 0) FROM withdrawals
             WHERE company_id = $1 AND status IN ('PENDING', 'PROCESSING', 'PAID')) AS withdrawals_held,
           (SELECT coalesce(sum(amount_cents), 0) FROM refunds
             WHERE company_id = $1 AND status IN ('PROCESSING', 'REFUNDED')) AS refunds_held,
           (SELECT coalesce(sum(held_amount_cents), 0) FROM disputes
             WHERE company_id = $1
               AND (status IN ('OPEN', 'REJECTED') OR (status = 'ACCEPTED' AND refund_id IS NULL))) AS disputes_held`,
          [companyId],
        );
        const row = rows[0];
        if (row.running === null) throw notFound("Company");
        const [derived] = await queryRows<{ counter_mismatches: string; volume_mismatches: string }>(
          em,
          DERIVED_ROWS_AUDIT,
          [companyId],
        );
        const big = (value: string | null) => BigInt(value ?? "0");
        const recomputed =
          big(row.paid_net) -
          big(row.charges_held) +
          big(row.adjustments) -
          big(row.withdrawals_held) -
          big(row.refunds_held) -
          big(row.disputes_held);
        const result: BalanceAuditResult = {
          companyId,
          runningBalanceCents: big(row.running),
          ledgerSumCents: big(row.ledger_sum),
          lastEntryBalanceCents: big(row.last_after),
          paidChargesNetCents: big(row.paid_net),
          chargesHeldCents: big(row.charges_held),
          adjustmentsCents: big(row.adjustments),
          withdrawalsHeldCents: big(row.withdrawals_held),
          refundsHeldCents: big(row.refunds_held),
          disputesHeldCents: big(row.disputes_held),
          recomputedBalanceCents: recomputed,
          ledgerEntries: Number(row.ledger_count),
          pendingWithdrawals: Number(row.pending_row),
          pendingWithdrawalsCounted: Number(row.pending_counted),
          listCountersConsistent: Number(derived.counter_mismatches) === 0,
          dailyVolumesConsistent: Number(derived.volume_mismatches) === 0,
          consistent: false,
          checkedAt: new Date(),
        };
        result.consistent =
          result.runningBalanceCents === recomputed &&
          result.ledgerSumCents === recomputed &&
          result.lastEntryBalanceCents === recomputed &&
          result.pendingWithdrawals === result.pendingWithdrawalsCounted &&
          result.listCountersConsistent &&
          result.dailyVolumesConsistent;
        return result;
      },
      { oneSnapshot: true, lagTolerant: true },
    );
  }
}
