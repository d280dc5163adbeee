import type { DataSource, EntityManager } from "typeorm";
import { notFound, validationError } from "../core/errors";
import { newAdjustmentId } from "../core/ids";
import { type Cents, MAX_AMOUNT_CENTS } from "../core/money";
import { queryRows } from "../core/sql";
import { Adjustment } from "./adjustment.entity";
import { LedgerEntryKind } from "./ledger-entry.entity";

export interface LedgerPosting {
  companyId: string;
  kind: LedgerEntryKind;
  /** Signed: credits positive, debits negative. */
  amountCents: Cents;
  chargeId?: string | null;
  withdrawalId?: string | null;
  adjustmentId?: string | null;
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
 * one account are serialized and balance_after is exact.
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
     INSERT INTO ledger_entries (company_id, kind, amount_cents, balance_after_cents, charge_id, withdrawal_id, adjustment_id, memo)
     SELECT $1, $3, $2, account.balance_cents, $4, $5, $6, $7 FROM account
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
    ],
  );
  if (rows.length === 0) throw notFound("Company");
  return BigInt(rows[0].balance_after_cents);
}

/** Locks the account row for the rest of the transaction and returns its running balance. */
export async function lockAccountBalance(em: EntityManager, companyId: string): Promise<Cents> {
  const rows: Array<{ balance_cents: string }> = await em.query(
    "SELECT balance_cents FROM companies WHERE id = $1 FOR UPDATE",
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
  paidChargesNetCents: Cents;
  adjustmentsCents: Cents;
  withdrawalsHeldCents: Cents;
  recomputedBalanceCents: Cents;
  ledgerEntries: number;
  /** The account row's count of PENDING withdrawals, and the count of the rows themselves. */
  pendingWithdrawals: number;
  pendingWithdrawalsCounted: number;
  consistent: boolean;
  checkedAt: Date;
}

export class LedgerService {
  constructor(private readonly db: DataSource) {}

  /** One primary-key read of the running balance: the cost does not grow with history. */
  async readBalance(companyId: string): Promise<{ balanceCents: Cents; timestamp: Date }> {
    const rows: Array<{ balance_cents: string; now: Date }> = await this.db.query(
      "SELECT balance_cents, now() AS now FROM companies WHERE id = $1",
      [companyId],
    );
    if (rows.length === 0) throw notFound("Company");
    return { balanceCents: BigInt(rows[0].balance_cents), timestamp: rows[0].now };
  }

  async createAdjustment(
    companyId: string,
    amountCents: Cents,
    description: string,
    actor: string,
  ): Promise<Adjustment> {
    if (amountCents === 0n) throw validationError("amount must not be zero");
    if (amountCents > MAX_AMOUNT_CENTS || amountCents < -MAX_AMOUNT_CENTS) {
      throw validationError("amount must be between -99999999.99 and 99999999.99");
    }
    const text = description.trim();
    if (text.length === 0 || text.length > 500) throw validationError("description must have 1 to 500 characters");
    return this.db.transaction(async (em) => {
      await lockAccountBalance(em, companyId);
      const adjustment = em.getRepository(Adjustment).create({
        id: newAdjustmentId(),
        companyId,
        amountCents,
        description: text,
        createdBy: actor,
        createdAt: new Date(),
      });
      await em.getRepository(Adjustment).insert(adjustment);
      await postLedgerEntry(em, {
        companyId,
        kind: LedgerEntryKind.ADJUSTMENT,
        amountCents,
        adjustmentId: adjustment.id,
        memo: text,
      });
      return adjustment;
    });
  }

  listAdjustments(companyId: string | null): Promise<Adjustment[]> {
    return this.db.getRepository(Adjustment).find({
      where: companyId ? { companyId } : {},
      order: { createdAt: "DESC", id: "DESC" },
      take: 500,
    });
  }

  /**
   * Recomputes the balance from the source rows (the contract's formula) in one snapshot
   * and compares it with the ledger's sum, its last balance_after and the running balance.
   */
  async auditBalance(companyId: string): Promise<BalanceAuditResult> {
    return this.db.transaction("REPEATABLE READ", async (em) => {
      const rows: Array<Record<string, string | null>> = await em.query(
        `SELECT
           (SELECT balance_cents FROM companies WHERE id = $1) AS running,
           (SELECT pending_withdrawals FROM companies WHERE id = $1) AS pending_row,
           (SELECT count(*) FROM withdrawals WHERE company_id = $1 AND status = 'PENDING') AS pending_counted,
           (SELECT coalesce(sum(amount_cents), 0) FROM ledger_entries WHERE company_id = $1) AS ledger_sum,
           (SELECT count(*) FROM ledger_entries WHERE company_id = $1) AS ledger_count,
           (SELECT balance_after_cents FROM ledger_entries WHERE company_id = $1 ORDER BY id DESC LIMIT 1) AS last_after,
           (SELECT coalesce(sum(net_amount_cents), 0) FROM charges
             WHERE company_id = $1 AND status = 'PAID' AND NOT reserved) AS paid_net,
           (SELECT coalesce(sum(amount_cents), 0) FROM adjustments WHERE company_id = $1) AS adjustments,
           (SELECT coalesce(sum(amount_cents), 0) FROM withdrawals
             WHERE company_id = $1 AND status IN ('PENDING', 'PROCESSING', 'PAID')) AS withdrawals_held`,
        [companyId],
      );
      const row = rows[0];
      if (row.running === null) throw notFound("Company");
      const big = (value: string | null) => BigInt(value ?? "0");
      const recomputed = big(row.paid_net) + big(row.adjustments) - big(row.withdrawals_held);
      const result: BalanceAuditResult = {
        companyId,
        runningBalanceCents: big(row.running),
        ledgerSumCents: big(row.ledger_sum),
        lastEntryBalanceCents: big(row.last_after),
        paidChargesNetCents: big(row.paid_net),
        adjustmentsCents: big(row.adjustments),
        withdrawalsHeldCents: big(row.withdrawals_held),
        recomputedBalanceCents: recomputed,
        ledgerEntries: Number(row.ledger_count),
        pendingWithdrawals: Number(row.pending_row),
        pendingWithdrawalsCounted: Number(row.pending_counted),
        consistent: false,
        checkedAt: new Date(),
      };
      result.consistent =
        result.runningBalanceCents === recomputed &&
        result.ledgerSumCents === recomputed &&
        result.lastEntryBalanceCents === recomputed &&
        result.pendingWithdrawals === result.pendingWithdrawalsCounted;
      return result;
    });
  }
}
