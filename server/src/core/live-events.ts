import type { SqlRunner } from "./sql";

/**
 * Live pages (server/src/live): every outbox row is also announced on this PostgreSQL
 * channel by the statement that writes it (webhooks/webhook-outbox.ts), so the announcement
 * is sent if and only if its transaction commits, to every process listening on the
 * database (API processes and workers alike may write the row).
 */
export const LIVE_CHANNEL = "live_events";

/**
 * What is announced: which event, of which type, for which account, about which charge,
 * withdrawal, refund or dispute. Ids only: never a body, an amount, a payer or a key (any
 * session of the database may LISTEN). Far below NOTIFY's 8000-byte limit.
 */
export interface LiveNotice {
  id: string;
  type: string;
  companyId: string;
  resourceId: string | null;
}

export function liveNoticePayload(notice: LiveNotice): string {
  return JSON.stringify({
    id: notice.id,
    type: notice.type,
    companyId: notice.companyId,
    resourceId: notice.resourceId,
  });
}

/** A payload as announced, or null for anything else (a hand-made NOTIFY, a future shape). */
export function parseLiveNotice(payload: string | undefined): LiveNotice | null {
  if (!payload) return null;
  try {
    const value = JSON.parse(payload) as Partial<LiveNotice>;
    if (typeof value.id !== "string" || typeof value.type !== "string" || typeof value.companyId !== "string")
      return null;
    return {
      id: value.id,
      type: value.type,
      companyId: value.companyId,
      resourceId: typeof value.resourceId === "string" ? value.resourceId : null,
    };
  } catch {
    return null;
  }
}

/**
 * Announces, in the caller's transaction (so on commit), a change that writes no outbox
 * event but that open pages show: a withdrawal's first approval of two.
 */
export async function notifyLive(runner: SqlRunner, notice: LiveNotice): Promise<void> {
  await runner.query(`SELECT pg_notify('${LIVE_CHANNEL}', $1)`, [liveNoticePayload(notice)]);
}
