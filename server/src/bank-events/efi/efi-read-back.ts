import type { DataSource } from "typeorm";
import { AppError } from "../../core/errors";
import { queryRows } from "../../core/sql";
import type { InboundPixResult, InboundPixService } from "../../inbound-pix";
import type { EfiPixProvider, TransferAtBank } from "../../provider";
import { parsePixNotifications } from "../../provider";
import {
  TRANSFER_ORDER_COLUMNS,
  type TransferOrderRow,
  transferOrderOfRow,
  type WithdrawalBankOutcomes,
} from "../../withdrawals";
import { BANK_UNAVAILABLE_REASON, TRANSIENT_RETRY_DELAYS_MS } from "../../withdrawals/model";

/** A received Pix as Efí reports it (`GET /v2/pix`, `GET /v2/pix/{e2eid}`). */
export interface EfiPix {
  endToEndId?: string;
  txid?: string;
  valor?: string;
  horario?: string;
  gnExtras?: { pagador?: unknown };
  pagador?: unknown;
  devolucoes?: { id?: string; valor?: string; status?: string }[];
}

/** A withdrawal still PROCESSING, as its read-back needs it. */
export interface ProcessingWithdrawal extends TransferOrderRow {
  e2e_id: string | null;
  retry_count: number;
  updated_at: Date;
}

export const PROCESSING_WITHDRAWAL_COLUMNS = `${TRANSFER_ORDER_COLUMNS}, e2e_id, retry_count, updated_at`;

/**
 * A withdrawal PROCESSING this long without the bank knowing its send has lost it for good (its
 * submissions spent); younger, a submission may still be on its way to the bank.
 */
export const TRANSFER_READ_BACK_AFTER_MS = 2 * 60_000;

/** What reading a send back did: the bank's state (null: it has none) and the outcome applied. */
export interface TransferReadBack {
  state: TransferAtBank | null;
  decided: "PAID" | "FAILED" | null;
  /** Why it FAILED: Efí's reason, or "bank unavailable" for a send Efí never took. */
  failureReason?: string;
}

/**
 * What the bank says, applied: the one path by which Efí's money moves the service's books.
 * Reconciliation reads Efí's lists and the sends still open; a notification is only a hint
 * that reads the same operation back now (CONTRACT §10, "Nothing taken on a notification's
 * word"). Both hand what the bank answered to the functions here, never what a caller wrote.
 * The bank is read before, and outside, the transactions that apply it.
 */
export class EfiReadBack {
  constructor(
    private readonly db: DataSource,
    private readonly provider: EfiPixProvider,
    private readonly inboundPix: InboundPixService,
    private readonly withdrawals: WithdrawalBankOutcomes,
  ) {}

  /** `GET /v2/pix/{e2eid}`; null when Efí has no such Pix. */
  readPix(endToEndId: string): Promise<EfiPix | null> {
    return this.provider.readReceivedPix<EfiPix>(endToEndId);
  }

  /**
   * Received Pix as Efí reported them, through the inbound service (idempotent by end-to-end
   * id; the payer from `gnExtras.pagador`; their `devolucoes` settle the refunds they name).
   */
  applyReceived(pix: EfiPix[], requestId: string | null): Promise<InboundPixResult[]> {
    const entries = pix.map((item) =>
      item.pagador === undefined && typeof item.gnExtras?.pagador === "object"
        ? { ...item, pagador: item.gnExtras.pagador }
        : item,
    );
    return this.inboundPix.applyPixEntries(parsePixNotifications({ pix: entries }), requestId);
  }

  /** A PROCESSING withdrawal by id, or null when there is none in PROCESSING. */
  async processingWithdrawal(id: string): Promise<ProcessingWithdrawal | null> {
    const [row] = await queryRows<ProcessingWithdrawal>(
      this.db,
      `SELECT ${PROCESSING_WITHDRAWAL_COLUMNS} FROM withdrawals WHERE id = $1 AND status = 'PROCESSING'`,
      [id],
    );
    return row ?? null;
  }

  /**
   * Reads the withdrawal's send back (`GET /v2/gn/pix/enviados/id-envio/{idEnvio}`) and applies
   * what Efí says: REALIZADO settles it, NAO_REALIZADO fails it with Efí's reason. A send Efí
   * never took fails only once its submissions are spent and it has waited long enough that no
   * submission can still be on its way; EM_PROCESSAMENTO changes nothing.
   */
  async readBackTransfer(row: ProcessingWithdrawal, requestId: string | null): Promise<TransferReadBack> {
    const order = transferOrderOfRow(row);
    const state = await this.provider.readTransfer(order);
    let decision: TransferAtBank | null = state;
    if (state === null) {
      const lost =
        row.e2e_id === null &&
        row.retry_count >= TRANSIENT_RETRY_DELAYS_MS.length &&
        row.updated_at.getTime() < Date.now() - TRANSFER_READ_BACK_AFTER_MS;
      if (!lost) return { state, decided: null };
      decision = { status: "FAILED", reason: BANK_UNAVAILABLE_REASON };
    }
    if (decision === null || decision.status === "PROCESSING") return { state, decided: null };
    try {
      if (decision.status === "PAID") {
        if (decision.endToEndId)
          await this.withdrawals.recordBankAcceptance(row.id, decision.endToEndId, decision.recipient ?? null);
        await this.withdrawals.settleWithdrawal(row.id, "provider", requestId);
        return { state, decided: "PAID" };
      }
      await this.withdrawals.failWithdrawal(row.id, decision.reason, "provider", requestId);
      return { state, decided: "FAILED", failureReason: decision.reason };
    } catch (error) {
      // Decided meanwhile (a notification's read-back, reconciliation or a cancel got there first).
      if (error instanceof AppError && error.code === "INVALID_STATE") return { state, decided: null };
      throw error;
    }
  }
}
