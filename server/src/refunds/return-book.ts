import type { RefundOrder } from "../provider";

/** What a devolução's owner (a refund, a returned payment exception) does with the bank's answers. */
export interface ReturnBook {
  /** The devolução asked of the bank, while it is PROCESSING; null once decided (or unknown). */
  returnOrder(id: string): Promise<RefundOrder | null>;
  /** The bank took it: its rtrId is kept once. */
  recordBankAcceptance(id: string, returnId: string | null): Promise<void>;
  /** The bank could not take it now: one more retry ("retrying"), or the retries are spent ("spent"). */
  recordTransientBankFailure(id: string, requestId: string | null): Promise<"retrying" | "spent" | "decided">;
  /** The bank returned the money. INVALID_STATE when it was decided meanwhile. */
  settleReturn(
    id: string,
    returnId: string | null,
    at: Date | null,
    actor: string,
    requestId: string | null,
  ): Promise<unknown>;
  /** The bank did not return it. INVALID_STATE when it was decided meanwhile. */
  failReturn(id: string, reason: string, actor: string, requestId: string | null): Promise<unknown>;
}
