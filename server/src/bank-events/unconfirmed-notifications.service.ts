import { createHash } from "node:crypto";
import type { DataSource } from "typeorm";
import { type Acting, type AuditContext, appendAudit } from "../audit";
import { type CancelSignal, LAG_TOLERANT, readCancellable } from "../core/cancellable-read";
import { entityRowMapper } from "../core/entity-rows";
import { invalidState, notFound, validationError } from "../core/errors";
import { newUnconfirmedNotificationId } from "../core/ids";
import {
  CREATED_KEY,
  cappedCount,
  type Page,
  type PageArgs,
  readPage,
  readPageWindow,
  SqlParams,
} from "../core/pagination";
import { queryRows } from "../core/sql";
import { runTransaction } from "../core/transactions";
import { MAX_STORED_DEPTH, storableJson } from "../provider";
import {
  UnconfirmedNotification,
  type UnconfirmedNotificationKind,
  UnconfirmedNotificationStatus,
} from "./unconfirmed-notification.entity";

/** What a notification claimed that the bank, read back, did not confirm. */
export interface UnconfirmedClaim {
  kind: UnconfirmedNotificationKind;
  /** What the bank said instead. */
  problem: string;
  endToEndId?: string | null;
  txid?: string | null;
  amountCents?: bigint | null;
  claimedStatus?: string | null;
  withdrawalId?: string | null;
  returnRequestId?: string | null;
  companyId?: string | null;
  /** The bank's answer when read back; null when it has no such operation. */
  bankAnswer: unknown;
  /** The notification's entry as received. */
  notification: unknown;
}

/** Who sent the notification: its address and request. */
export interface NotificationCaller {
  address: string | null;
  requestId: string | null;
}

/**
 * The review list of notifications the bank did not confirm (CONTRACT §10). A claim is kept
 * once, by its digest (the entry and what the bank said of it), with the address that sent it
 * first and an audit row; the same claim again counts (`times_seen`) and keeps the address that
 * sent it last, so a flood of copies is one row an operator reads, not thousands.
 */
export class UnconfirmedNotificationsService {
  private readonly fromRow: (row: Record<string, unknown>) => UnconfirmedNotification;

  constructor(
    private readonly db: DataSource,
    private readonly providerName: string,
  ) {
    this.fromRow = entityRowMapper(db, UnconfirmedNotification);
  }

  /** Records the claim (or counts it again); its id. */
  async record(claim: UnconfirmedClaim, caller: NotificationCaller): Promise<string> {
    const notification = storableJson(claim.notification) ?? {
      unreadable: `nested deeper than ${MAX_STORED_DEPTH} levels`,
    };
    const text = JSON.stringify(notification);
    const digest = createHash("sha256")
      .update(`${this.providerName}\n${claim.kind}\n${claim.returnRequestId ?? ""}\n${claim.problem}\n${text}`)
      .digest("hex");
    return runTransaction(this.db, async (em) => {
      const [row] = await queryRows<{ id: string; inserted: boolean }>(
        em,
        `INSERT INTO unconfirmed_notifications AS u
           (id, provider, kind, problem, end_to_end_id, txid, amount_cents, claimed_status, withdrawal_id,
            return_request_id, company_id, bank_answer, notification, notification_sha256, caller_address, request_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13::jsonb, $14, $15, $16)
         ON CONFLICT (notification_sha256) DO UPDATE
           SET times_seen = u.times_seen + 1, last_seen_at = now(), last_caller_address = EXCLUDED.caller_address
         RETURNING id, (xmax = 0) AS inserted`,
        [
          newUnconfirmedNotificationId(),
          this.providerName,
          claim.kind,
          claim.problem.slice(0, 1000),
          claim.endToEndId ?? null,
          claim.txid ?? null,
          claim.amountCents?.toString() ?? null,
          claim.claimedStatus ?? null,
          claim.withdrawalId ?? null,
          claim.returnRequestId ?? null,
          claim.companyId ?? null,
          claim.bankAnswer === null || claim.bankAnswer === undefined
            ? null
            : JSON.stringify(storableJson(claim.bankAnswer)),
          text,
          digest,
          caller.address,
          caller.requestId,
        ],
      );
      if (row.inserted) {
        const audit: AuditContext = {
          actor: `provider:${this.providerName}`,
          actorKind: "SYSTEM",
          address: caller.address,
          requestId: caller.requestId,
        };
        await appendAudit(em, audit, {
          action: "provider_notification.unconfirmed",
          objectType: "unconfirmed_notification",
          objectId: row.id,
          companyId: claim.companyId ?? null,
          reason: claim.problem.slice(0, 1000),
          after: {
            kind: claim.kind,
            endToEndId: claim.endToEndId ?? null,
            txid: claim.txid ?? null,
            amountCents: claim.amountCents ?? null,
            claimedStatus: claim.claimedStatus ?? null,
            withdrawalId: claim.withdrawalId ?? null,
            returnRequestId: claim.returnRequestId ?? null,
          },
        });
      }
      return row.id;
    });
  }

  /** Newest first; totals capped at 10,000. */
  async list(
    filter: PageArgs & { status?: UnconfirmedNotificationStatus | null },
    signal?: CancelSignal,
  ): Promise<Page<UnconfirmedNotification>> {
    const window = readPageWindow(filter);
    if (filter.status != null && !Object.values(UnconfirmedNotificationStatus).includes(filter.status))
      throw validationError("status must be OPEN or RESOLVED");
    const params = new SqlParams();
    const where: string[] = [];
    if (filter.status != null) where.push(`status = ${params.add(filter.status)}`);
    const query = {
      cursorTag: "unconfirmedNotifications",
      from: "unconfirmed_notifications",
      columns: "*",
      key: CREATED_KEY,
      branches: [where],
      params,
    };
    return readCancellable(
      this.db,
      signal,
      (sql) => readPage(sql, query, window, this.fromRow, () => cappedCount(sql, query)),
      LAG_TOLERANT,
    );
  }

  /** Closes a reviewed notification (the webhook's secret changed, the caller blocked…). Moves no money. */
  async resolve(id: string, resolution: string, { actor, audit }: Acting): Promise<UnconfirmedNotification> {
    const text = resolution.trim();
    if (text.length === 0 || text.length > 500) throw validationError("resolution must have 1 to 500 characters");
    return runTransaction(this.db, async (em) => {
      const [row] = await queryRows<Record<string, unknown>>(
        em,
        "SELECT * FROM unconfirmed_notifications WHERE id = $1 FOR NO KEY UPDATE",
        [id],
      );
      if (!row) throw notFound("Unconfirmed notification");
      if (row.status !== UnconfirmedNotificationStatus.OPEN)
        throw invalidState("Unconfirmed notification is already RESOLVED");
      const [updated] = await queryRows<Record<string, unknown>>(
        em,
        `UPDATE unconfirmed_notifications SET status = 'RESOLVED', resolution = $2, resolved_by = $3, resolved_at = now()
          WHERE id = $1 RETURNING *`,
        [id, text, actor],
      );
      await appendAudit(em, audit, {
        action: "unconfirmed_notification.resolve",
        objectType: "unconfirmed_notification",
        objectId: id,
        companyId: (row.company_id as string | null) ?? null,
        reason: text,
        before: { status: "OPEN" },
        after: { status: "RESOLVED" },
      });
      return this.fromRow(updated);
    });
  }
}
