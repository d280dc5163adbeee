import type { DataSource } from "typeorm";
import { enqueueJob } from "../../core/jobs";
import { describeError, type Logger } from "../../core/logger";
import { queryRows } from "../../core/sql";
import type { EfiPixProvider } from "../../provider";
import { listEveryPage, readProviderState, writeProviderState } from "../../provider";
import type { EfiInfractions } from "./efi-infractions";
import {
  type EfiPix,
  type EfiReadBack,
  PROCESSING_WITHDRAWAL_COLUMNS,
  type ProcessingWithdrawal,
  TRANSFER_READ_BACK_AFTER_MS,
} from "./efi-read-back";
import type { EfiRecurrences } from "./efi-recurrences";

/**
 * A real PSP's webhook can be lost or late. Every EFI_RECONCILE_EVERY_S a job reads Efí's
 * received Pix (`GET /v2/pix?inicio&fim`, every page) over a window that overlaps the last
 * one, and applies each through the same inbound service as a notification: what a
 * notification already brought answers DUPLICATE (the end-to-end id is claimed once), what
 * none brought is credited now, and what the service does not know (a txid it never made, a
 * Pix without txid) becomes a payment exception. Withdrawals still PROCESSING are read back
 * (`GET /v2/gn/pix/enviados/id-envio/{idEnvio}`) and settled or failed as the bank says (both
 * through efi-read-back.ts, the path a notification's read-back takes too), and
 * the MED infractions notified in the window open their disputes, and Efí's decisions on the
 * disputes still undecided close them (efi-infractions.ts).
 * Each run is kept, and a report per day compares both sides.
 */
export interface ReconciliationDifference {
  endToEndId: string | null;
  txid: string | null;
  valor: string | null;
  /**
   * CREDITED (no notification had brought it), EXCEPTION (recorded for review), a transfer's
   * outcome, or a MED infraction's (DISPUTE_OPENED, INFRACTION_NOT_OPENED, DISPUTE_DECIDED,
   * DECISION_NOT_APPLIED).
   */
  outcome: string;
  detail: string | null;
}

export interface ReconciliationRunResult {
  windowFrom: Date;
  windowTo: Date;
  pixSeen: number;
  credited: number;
  exceptions: number;
  transfersReadBack: number;
  transfersDecided: number;
  infractionsSeen: number;
  disputesOpened: number;
  /** Disputes Efí's final decision closed (returned or released) in this run. */
  disputesDecided: number;
  /** Pix Automático's recs and cobrs that changed in the window (`GET /v2/rec`, `GET /v2/cobr`). */
  recurrencesSeen: number;
  recurringChargesSeen: number;
  /** What of them moved a recurrence or recorded a debit (a lost notification's doing, or a late one's). */
  recurrenceChanges: number;
  differences: ReconciliationDifference[];
}

/** Windows reach back this far before the end of the last one (lost and late notifications alike). */
const MIN_OVERLAP_MS = 10 * 60_000;
/** A first run, or one after a long stop, looks back at most this far. */
const MAX_LOOKBACK_MS = 5 * 86_400_000;
const PAGE_SIZE = 1000;
const TRANSFERS_PER_RUN = 200;
/** Today's report is made again at most this often. */
const REPORT_EVERY_MS = 10 * 60_000;
export const RECONCILE_JOB = "efi_reconcile";
const SAO_PAULO_OFFSET = "-03:00";

export class EfiReconciliation {
  constructor(
    private readonly db: DataSource,
    private readonly provider: EfiPixProvider,
    private readonly readBack: EfiReadBack,
    private readonly infractions: EfiInfractions,
    private readonly logger: Logger,
    private readonly everySeconds: number,
    private readonly recurrences: Pick<EfiRecurrences, "reconcile"> | null = null,
  ) {}

  /**
   * The job: one run, then the next one queued under the same job key (one chain per
   * database, whatever the number of workers). A failed run is recorded and logged, not
   * retried by the queue: the next run's window covers it.
   */
  async runAndScheduleNext(): Promise<void> {
    try {
      await this.run();
    } catch (error) {
      this.logger.error("efi: reconciliation failed; the next run covers its window", describeError(error));
    } finally {
      await this.scheduleNext(this.everySeconds * 1000);
    }
  }

  async scheduleNext(delayMs: number): Promise<void> {
    await enqueueJob(this.db, RECONCILE_JOB, {}, { jobKey: RECONCILE_JOB, runAt: new Date(Date.now() + delayMs) });
  }

  /** One run: received Pix over the window, the transfers without outcome, the MED infractions, the day's report. */
  async run(now = new Date()): Promise<ReconciliationRunResult> {
    const overlap = Math.max(MIN_OVERLAP_MS, 3 * this.everySeconds * 1000);
    const until = await readProviderState<{ at: string }>(this.db, "reconciled_until");
    const lastEnd = until ? new Date(until.at).getTime() : now.getTime() - MAX_LOOKBACK_MS;
    const windowFrom = new Date(Math.max(lastEnd - overlap, now.getTime() - MAX_LOOKBACK_MS));
    const windowTo = now;
    const [runRow] = await queryRows<{ id: string }>(
      this.db,
      `INSERT INTO reconciliation_runs (provider, started_at, window_from, window_to) VALUES ('efi', now(), $1, $2) RETURNING id`,
      [windowFrom, windowTo],
    );
    const result: ReconciliationRunResult = {
      windowFrom,
      windowTo,
      pixSeen: 0,
      credited: 0,
      exceptions: 0,
      transfersReadBack: 0,
      transfersDecided: 0,
      infractionsSeen: 0,
      disputesOpened: 0,
      disputesDecided: 0,
      recurrencesSeen: 0,
      recurringChargesSeen: 0,
      recurrenceChanges: 0,
      differences: [],
    };
    try {
      const pix = await this.listPix(windowFrom, windowTo);
      result.pixSeen = pix.length;
      await this.applyReceived(pix, result);
      await this.readBackTransfers(result);
      await this.readInfractions(windowFrom, windowTo, result);
      await this.readRecurrences(windowFrom, windowTo, result);
      await writeProviderState(this.db, "reconciled_until", { at: windowTo.toISOString() });
      await this.reportDays(now);
      await this.finish(runRow.id, result, null);
      return result;
    } catch (error) {
      await this.finish(runRow.id, result, error instanceof Error ? error.message : String(error)).catch(
        () => undefined,
      );
      throw error;
    }
  }

  private async finish(id: string, result: ReconciliationRunResult, error: string | null): Promise<void> {
    await this.db.query(
      `UPDATE reconciliation_runs SET finished_at = now(), pix_seen = $2, credited = $3, exceptions = $4,
              transfers_read_back = $5, transfers_decided = $6, differences = $7::jsonb, error = $8 WHERE id = $1`,
      [
        id,
        result.pixSeen,
        result.credited,
        result.exceptions,
        result.transfersReadBack,
        result.transfersDecided,
        JSON.stringify(result.differences.slice(0, 200)),
        error,
      ],
    );
  }

  /** Every page of `GET /v2/pix` for the window. */
  listPix(from: Date, to: Date): Promise<EfiPix[]> {
    return listEveryPage<EfiPix>(this.provider.client, "/v2/pix", "pix", from, to, PAGE_SIZE);
  }

  private async applyReceived(pix: EfiPix[], result: ReconciliationRunResult): Promise<void> {
    const outcomes = await this.readBack.applyReceived(pix, null);
    outcomes.forEach((outcome, index) => {
      if (outcome.outcome !== "CREDITED" && outcome.outcome !== "EXCEPTION") return;
      if (outcome.outcome === "CREDITED") result.credited += 1;
      else result.exceptions += 1;
      result.differences.push({
        endToEndId: pix[index].endToEndId ?? null,
        txid: pix[index].txid ?? null,
        valor: pix[index].valor ?? null,
        outcome: outcome.outcome,
        detail:
          outcome.exceptionKind ?? outcome.problem ?? "credited by reconciliation: no notification had brought it",
      });
    });
  }

  private async readInfractions(from: Date, to: Date, result: ReconciliationRunResult): Promise<void> {
    const { seen, differences } = await this.infractions.readInfractions(from, to);
    result.infractionsSeen = seen;
    for (const difference of differences) {
      if (difference.outcome === "DISPUTE_OPENED") result.disputesOpened += 1;
      if (difference.outcome === "DISPUTE_DECIDED") result.disputesDecided += 1;
      result.differences.push({ ...difference, txid: null });
    }
  }

  private async readRecurrences(from: Date, to: Date, result: ReconciliationRunResult): Promise<void> {
    if (this.recurrences === null) return;
    const { recs, cobsr, differences } = await this.recurrences.reconcile(from, to);
    result.recurrencesSeen = recs;
    result.recurringChargesSeen = cobsr;
    result.recurrenceChanges = differences.length;
    for (const difference of differences) {
      result.differences.push({
        endToEndId: null,
        txid: difference.txid,
        valor: null,
        outcome: difference.outcome,
        detail: difference.idRec === null ? difference.detail : `${difference.idRec}: ${difference.detail ?? ""}`,
      });
    }
  }

  private async readBackTransfers(result: ReconciliationRunResult): Promise<void> {
    const stuck = await queryRows<ProcessingWithdrawal>(
      this.db,
      `SELECT ${PROCESSING_WITHDRAWAL_COLUMNS} FROM withdrawals
        WHERE status = 'PROCESSING' AND updated_at < now() - $1 * interval '1 millisecond'
          AND (sends_on IS NULL OR released_at IS NOT NULL) -- a scheduled payout not sent yet: nothing at the bank
        ORDER BY updated_at LIMIT ${TRANSFERS_PER_RUN}`,
      [TRANSFER_READ_BACK_AFTER_MS],
    );
    for (const row of stuck) {
      const { state, decided, failureReason } = await this.readBack.readBackTransfer(row, null);
      result.transfersReadBack += 1;
      if (decided === null) continue;
      result.transfersDecided += 1;
      result.differences.push({
        endToEndId: state?.status === "PAID" ? state.endToEndId : null,
        txid: null,
        valor: null,
        outcome: decided === "PAID" ? "TRANSFER_PAID" : "TRANSFER_FAILED",
        detail: `withdrawal ${row.id} decided by reading it back${decided === "FAILED" ? `: ${failureReason}` : ""}`,
      });
    }
  }

  /** Today's report (at most every 10 minutes) and yesterday's once more after the day ended. */
  private async reportDays(now: Date): Promise<void> {
    const today = saoPauloDay(now);
    const yesterday = saoPauloDay(new Date(now.getTime() - 86_400_000));
    const rows = await queryRows<{ day: string; generated_at: Date }>(
      this.db,
      "SELECT day::text AS day, generated_at FROM reconciliation_reports WHERE day = ANY($1::date[])",
      [[today, yesterday]],
    );
    const generated = new Map(rows.map((row) => [row.day, row.generated_at.getTime()]));
    const endOfYesterday = dayBounds(yesterday).to.getTime();
    if (
      (generated.get(yesterday) ?? 0) < endOfYesterday + MIN_OVERLAP_MS &&
      now.getTime() >= endOfYesterday + MIN_OVERLAP_MS
    ) {
      await this.reportDay(yesterday);
    }
    if ((generated.get(today) ?? 0) < now.getTime() - REPORT_EVERY_MS) await this.reportDay(today);
  }

  /** A day (São Paulo) on both sides: Efí's received Pix and the charges the service credited. */
  async reportDay(day: string): Promise<void> {
    const { from, to } = dayBounds(day);
    const psp = await this.listPix(from, new Date(Math.min(to.getTime(), Date.now())));
    const service = await queryRows<{ e2e_id: string | null; amount_cents: string; id: string }>(
      this.db,
      "SELECT id, e2e_id, coalesce(paid_amount_cents, amount_cents) AS amount_cents FROM charges WHERE status = 'PAID' AND paid_at >= $1 AND paid_at < $2",
      [from, to],
    );
    const credited = new Map(service.map((charge) => [charge.e2e_id, charge]));
    const atPsp = new Set(psp.map((item) => item.endToEndId));
    const differences = [
      ...psp
        .filter((item) => !credited.has(item.endToEndId ?? null))
        .map((item) => ({
          side: "PSP_ONLY",
          endToEndId: item.endToEndId ?? null,
          txid: item.txid ?? null,
          valor: item.valor ?? null,
        })),
      ...service
        .filter((charge) => !atPsp.has(charge.e2e_id ?? undefined))
        .map((charge) => ({
          side: "SERVICE_ONLY",
          endToEndId: charge.e2e_id,
          chargeId: charge.id,
          valor: centsText(BigInt(charge.amount_cents)),
        })),
    ];
    const pspSum = psp.reduce((sum, item) => sum + centsOf(item.valor), 0n);
    const serviceSum = service.reduce((sum, charge) => sum + BigInt(charge.amount_cents), 0n);
    await this.db.query(
      `INSERT INTO reconciliation_reports (day, provider, generated_at, psp_count, psp_sum_cents, service_count, service_sum_cents, differences)
       VALUES ($1, 'efi', now(), $2, $3, $4, $5, $6::jsonb)
       ON CONFLICT (day) DO UPDATE SET generated_at = now(), psp_count = EXCLUDED.psp_count, psp_sum_cents = EXCLUDED.psp_sum_cents,
         service_count = EXCLUDED.service_count, service_sum_cents = EXCLUDED.service_sum_cents, differences = EXCLUDED.differences`,
      [
        day,
        psp.length,
        pspSum.toString(),
        service.length,
        serviceSum.toString(),
        JSON.stringify(differences.slice(0, 500)),
      ],
    );
  }
}

function centsOf(valor: string | undefined): bigint {
  if (!valor || !/^\d{1,10}\.\d{2}$/.test(valor)) return 0n;
  const [whole, fraction] = valor.split(".");
  return BigInt(whole) * 100n + BigInt(fraction);
}

function centsText(cents: bigint): string {
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, "0")}`;
}

/** The calendar day in São Paulo (UTC-3 all year since 2019), as YYYY-MM-DD. */
export function saoPauloDay(at: Date): string {
  return new Date(at.getTime() - 3 * 3_600_000).toISOString().slice(0, 10);
}

export function dayBounds(day: string): { from: Date; to: Date } {
  const from = new Date(`${day}T00:00:00.000${SAO_PAULO_OFFSET}`);
  return { from, to: new Date(from.getTime() + 86_400_000) };
}
