import type { DataSource } from "typeorm";
import { lagTolerantRows } from "../core/cancellable-read";
import { notFound, validationError } from "../core/errors";
import type { Cents } from "../core/money";
import { TOTAL_CAP } from "../core/pagination";

/**
 * The dashboards' figures, each from a few rows: the list counters and the daily volumes
 * (kept by triggers in the transaction of every change, see the lists-that-scale
 * migration), the approval queue's index and the small partial sets of failures. Days are
 * calendar days in America/Sao_Paulo.
 */
export const DASHBOARD_TIME_ZONE = "America/Sao_Paulo";
const TODAY = `(now() AT TIME ZONE '${DASHBOARD_TIME_ZONE}')::date`;
export const MAX_DAYS = 366;

export interface AmountCount {
  count: number;
  amountCents: Cents;
}

export interface DailyVolume {
  /** YYYY-MM-DD in America/Sao_Paulo. */
  date: string;
  paidCount: number;
  paidAmountCents: Cents;
  withdrawalCount: number;
  withdrawalAmountCents: Cents;
}

export interface OperatorDashboardFigures {
  pendingWithdrawals: AmountCount & { oldestCreatedAt: Date | null };
  today: { paidCharges: AmountCount; withdrawals: AmountCount };
  failedWebhookDeliveries: number;
  openPaymentExceptions: number;
}

/** What waits for a second operator that this operator may be: neither asked for by them nor already approved by them. */
export interface PendingApprovalsFigures {
  /** REQUESTED adjustments; the amount is their size (credits and debits alike). */
  adjustments: AmountCount;
  /** PENDING withdrawals with a first approval. */
  withdrawals: AmountCount;
}

export interface MerchantOverviewFigures {
  companyId: string;
  balanceCents: Cents;
  /** Net of every PAID charge, held or not. */
  paidChargesNetCents: Cents;
  /** Taken out by operators' holds (the held charges' reserved amounts). */
  reservedCents: Cents;
  /** Held by MED disputes (blocked until decided). */
  disputesHeldCents: Cents;
  adjustmentsCents: Cents;
  withdrawalsHeldCents: Cents;
  refundsHeldCents: Cents;
  today: { received: AmountCount; sent: AmountCount };
}

type TodayRows = Record<string, [string, string]> | null;

function todayFigure(rows: TodayRows, kind: "charges_paid" | "withdrawals_paid"): AmountCount {
  const [count, amount] = rows?.[kind] ?? ["0", "0"];
  return { count: Number(count), amountCents: BigInt(amount) };
}

/** Today's paid charges and paid withdrawals, of one account or all, as JSON of text (no float). */
function todaySql(companyFilter: string): string {
  return `(SELECT json_object_agg(kind, json_build_array(n::text, amount::text)) FROM
             (SELECT kind, sum(n) AS n, sum(amount_cents) AS amount FROM daily_volumes
               WHERE day = ${TODAY}${companyFilter} GROUP BY kind) t)`;
}

export class DashboardsService {
  constructor(private readonly db: DataSource) {}

  async operatorDashboard(): Promise<OperatorDashboardFigures> {
    const [row] = await lagTolerantRows<{
      pending_n: string;
      pending_amount: string;
      oldest: Date | null;
      failed: string;
      open_exceptions: string;
      today: TodayRows;
    }>(
      this.db,
      `SELECT
         (SELECT coalesce(sum(n), 0) FROM list_counters WHERE list = 'withdrawals' AND status = 'PENDING') AS pending_n,
         (SELECT coalesce(sum(amount_cents), 0) FROM list_counters
           WHERE list = 'withdrawals' AND status = 'PENDING') AS pending_amount,
         (SELECT created_at FROM withdrawals WHERE status = 'PENDING' ORDER BY created_at, id LIMIT 1) AS oldest,
         (SELECT count(*) FROM (SELECT 1 FROM webhook_events WHERE delivery_status = 'FAILED' LIMIT ${TOTAL_CAP}) f)
           AS failed,
         (SELECT count(*) FROM (SELECT 1 FROM payment_exceptions WHERE status = 'OPEN' LIMIT ${TOTAL_CAP}) o)
           AS open_exceptions,
         ${todaySql("")} AS today`,
    );
    return {
      pendingWithdrawals: {
        count: Number(row.pending_n),
        amountCents: BigInt(row.pending_amount),
        oldestCreatedAt: row.oldest,
      },
      today: {
        paidCharges: todayFigure(row.today, "charges_paid"),
        withdrawals: todayFigure(row.today, "withdrawals_paid"),
      },
      failedWebhookDeliveries: Number(row.failed),
      openPaymentExceptions: Number(row.open_exceptions),
    };
  }

  /**
   * What waits for a second operator, as `actor` sees it: the REQUESTED adjustments someone
   * else asked for and the PENDING withdrawals someone else approved first (only a different
   * operator completes either). Both sets are small (maker-checker's items), read in one snapshot.
   */
  async pendingApprovals(actor: string): Promise<PendingApprovalsFigures> {
    const [row] = await lagTolerantRows<{ adj_n: string; adj_amount: string; wdr_n: string; wdr_amount: string }>(
      this.db,
      `SELECT a.n AS adj_n, a.amount AS adj_amount, w.n AS wdr_n, w.amount AS wdr_amount
         FROM (SELECT count(*) AS n, coalesce(sum(abs(amount_cents)), 0) AS amount FROM adjustments
                WHERE status = 'REQUESTED' AND created_by <> $1) a,
              (SELECT count(*) AS n, coalesce(sum(amount_cents), 0) AS amount FROM withdrawals w
                WHERE w.status = 'PENDING'
                  AND EXISTS (SELECT 1 FROM withdrawal_approvals f WHERE f.withdrawal_id = w.id)
                  AND NOT EXISTS (SELECT 1 FROM withdrawal_approvals m
                                   WHERE m.withdrawal_id = w.id AND m.operator = $1)) w`,
      [actor],
    );
    return {
      adjustments: { count: Number(row.adj_n), amountCents: BigInt(row.adj_amount) },
      withdrawals: { count: Number(row.wdr_n), amountCents: BigInt(row.wdr_amount) },
    };
  }

  /**
   * The balance split into the contract's formula (every line a summary shows: balance =
   * paidChargesNet − reserved − disputesHeld + adjustments − withdrawalsHeld − refundsHeld), and
   * today's money in and out; one snapshot. Adjustments are the POSTED ones: one waiting for a
   * second operator, or turned down, never moved money.
   */
  async merchantOverview(companyId: string): Promise<MerchantOverviewFigures> {
    const [row] = await lagTolerantRows<{
      balance: string | null;
      paid_net: string;
      reserved: string;
      adjustments: string;
      held: string;
      refunds_held: string;
      disputes_held: string;
      today: TodayRows;
    }>(
      this.db,
      `SELECT
         (SELECT balance_cents FROM companies WHERE id = $1) AS balance,
         (SELECT coalesce(sum(net_amount_cents), 0) FROM list_counters
           WHERE company_id = $1 AND list = 'charges' AND status = 'PAID') AS paid_net,
         (SELECT coalesce(sum(reserved_amount_cents), 0) FROM charges WHERE company_id = $1 AND reserved) AS reserved,
         (SELECT coalesce(sum(held_amount_cents), 0) FROM disputes
           WHERE company_id = $1
             AND (status IN ('OPEN', 'REJECTED') OR (status = 'ACCEPTED' AND refund_id IS NULL))) AS disputes_held,
         (SELECT coalesce(sum(amount_cents), 0) FROM adjustments WHERE company_id = $1 AND status = 'POSTED')
           AS adjustments,
         (SELECT coalesce(sum(amount_cents), 0) FROM list_counters
           WHERE company_id = $1 AND list = 'withdrawals' AND status IN ('PENDING', 'PROCESSING', 'PAID')) AS held,
         (SELECT coalesce(sum(amount_cents), 0) FROM list_counters
           WHERE company_id = $1 AND list = 'refunds' AND status IN ('PROCESSING', 'REFUNDED')) AS refunds_held,
         ${todaySql(" AND company_id = $1")} AS today`,
      [companyId],
    );
    if (row.balance === null) throw notFound("Company");
    return {
      companyId,
      balanceCents: BigInt(row.balance),
      paidChargesNetCents: BigInt(row.paid_net),
      reservedCents: BigInt(row.reserved),
      disputesHeldCents: BigInt(row.disputes_held),
      adjustmentsCents: BigInt(row.adjustments),
      withdrawalsHeldCents: BigInt(row.held),
      refundsHeldCents: BigInt(row.refunds_held),
      today: { received: todayFigure(row.today, "charges_paid"), sent: todayFigure(row.today, "withdrawals_paid") },
    };
  }

  /** Paid charges and paid withdrawals per day, the last `days` days up to today, oldest first; every day listed. */
  async dailyVolumes(companyId: string | null, days: number): Promise<DailyVolume[]> {
    if (!Number.isInteger(days) || days < 1 || days > MAX_DAYS)
      throw validationError(`days must be an integer from 1 to ${MAX_DAYS}`);
    const rows = await lagTolerantRows<{
      date: string;
      paid_n: string;
      paid_amount: string;
      withdrawal_n: string;
      withdrawal_amount: string;
    }>(
      this.db,
      `SELECT to_char(d.day, 'YYYY-MM-DD') AS date,
              coalesce(sum(v.n) FILTER (WHERE v.kind = 'charges_paid'), 0)::text AS paid_n,
              coalesce(sum(v.amount_cents) FILTER (WHERE v.kind = 'charges_paid'), 0)::text AS paid_amount,
              coalesce(sum(v.n) FILTER (WHERE v.kind = 'withdrawals_paid'), 0)::text AS withdrawal_n,
              coalesce(sum(v.amount_cents) FILTER (WHERE v.kind = 'withdrawals_paid'), 0)::text AS withdrawal_amount
         FROM (SELECT (${TODAY} - g) AS day FROM generate_series(0, $1::int - 1) AS g) d
         LEFT JOIN daily_volumes v ON v.day = d.day${companyId === null ? "" : " AND v.company_id = $2"}
        GROUP BY d.day ORDER BY d.day`,
      companyId === null ? [days] : [days, companyId],
    );
    return rows.map((row) => ({
      date: row.date,
      paidCount: Number(row.paid_n),
      paidAmountCents: BigInt(row.paid_amount),
      withdrawalCount: Number(row.withdrawal_n),
      withdrawalAmountCents: BigInt(row.withdrawal_amount),
    }));
  }
}
