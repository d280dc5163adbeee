import type { DataSource, EntityManager } from "typeorm";
import { type Acting, appendAudit } from "../audit";
import type { ChargesService } from "../charges";
import { entityRowMapper } from "../core/entity-rows";
import { invalidState, validationError } from "../core/errors";
import { checkIdempotencyKey, findOriginalRequest, insertUnlessTaken, requestFingerprint } from "../core/idempotency";
import { newRefundRequestId } from "../core/ids";
import { formatBrl } from "../core/money";
import { queryRows } from "../core/sql";
import { runTransaction } from "../core/transactions";
import { RefundRequest, RefundRequestStatus } from "./refund-request.entity";
import {
  ownRefundRequest,
  refundIdempotencyKeyReused,
  refundKeyOfDirectRefund,
  refundRequestNotFound,
} from "./refunds.errors";
import { checkRefundInput, lockAccountForKeys, type NewRefund, type RefundsService } from "./refunds.service";

const HOUR_MS = 60 * 60 * 1000;
/** With APPROVAL_SECOND_OPERATOR_WINDOW_H=0 (amounts counted per item) a request still waits a day. */
const DEFAULT_WINDOW_HOURS = 24;

/** The requests' rows (fromRow reads a REQUESTED one past expires_at as EXPIRED). */
const SELECT_REQUESTS = "SELECT q.* FROM refund_requests q";

/**
 * Operators' refunds under maker-checker (docs/refunds.md), as withdrawals' approvals are:
 * above APPROVAL_SECOND_OPERATOR_ABOVE, or past what the operator may move alone on the
 * account in APPROVAL_SECOND_OPERATOR_WINDOW_H (mayMoveAlone), an operator's refund is a
 * request that moves no money; a second, different operator confirms it within the window,
 * and only that confirmation creates the refund, in one transaction with its reservation,
 * ledger entry, audit rows and refund.processing event. Under the rule, the request makes the
 * refund at once. Merchants never see requests: the refund statuses stay the contract's.
 */
export class RefundRequestsService {
  private readonly fromRow: (row: Record<string, unknown>) => RefundRequest;

  constructor(
    private readonly db: DataSource,
    private readonly charges: ChargesService,
    private readonly refunds: RefundsService,
    /** APPROVAL_SECOND_OPERATOR_WINDOW_H: how long a request waits for its second operator. */
    windowHours: number,
  ) {
    const mapped = entityRowMapper(db, RefundRequest);
    this.windowMs = (windowHours > 0 ? windowHours : DEFAULT_WINDOW_HOURS) * HOUR_MS;
    this.fromRow = (row) => {
      const request = mapped(row);
      if (request.status === RefundRequestStatus.REQUESTED && request.expiresAt.getTime() <= Date.now()) {
        request.status = RefundRequestStatus.EXPIRED;
      }
      return request;
    };
  }

  private readonly windowMs: number;

  /**
   * An operator's refund of any account's charge. The refund's checks run now (the charge
   * PAID, not reserved, within 90 days, the amount within what remains, the balance), and
   * again at confirmation. Within the maker-checker rule the refund is made at once (the
   * request CONFIRMED, decided by nobody else); above it the request waits, REQUESTED. The
   * Idempotency-Key is the account's, as a refund's: the same request again answers the
   * original (replayed), another request with it (or a refund made with it directly) is 409
   * IDEMPOTENCY_KEY_REUSED. The refund carries the key.
   */
  async requestRefund(
    chargeIdInput: string,
    input: NewRefund,
    rawIdempotencyKey: string | null | undefined,
    { actor, audit, requestId }: Acting,
  ): Promise<{ request: RefundRequest; replayed: boolean }> {
    const { id: chargeId } = await this.charges.getCharge(null, chargeIdInput);
    const idempotencyKey = checkIdempotencyKey(rawIdempotencyKey, true) as string;
    const { askedCents, reason } = checkRefundInput(input);
    const fingerprint = requestFingerprint([chargeId, askedCents, reason]);
    const outcome = await runTransaction(this.db, async (em) => {
      const charge = await this.charges.lockCharge(em, null, chargeId);
      await lockAccountForKeys(em, charge.companyId);
      const original = await this.originalRequest(em, charge.companyId, idempotencyKey, fingerprint);
      if (original) return { id: original.id, replayed: true };
      if (await this.refunds.replayRefund(em, charge.companyId, idempotencyKey, fingerprint)) {
        throw refundKeyOfDirectRefund();
      }
      const { amountCents, account } = await this.refunds.refundableNow(em, charge, askedCents);
      const alone = await this.refunds.mayRefundAlone(em, actor, charge.companyId, amountCents);
      const now = new Date();
      const request = em.getRepository(RefundRequest).create({
        id: newRefundRequestId(),
        companyId: charge.companyId,
        chargeId: charge.id,
        amountCents,
        reason,
        status: RefundRequestStatus.REQUESTED,
        idempotencyKey,
        requestFingerprint: fingerprint,
        requestedBy: actor,
        decidedBy: null,
        rejectionReason: null,
        refundId: null,
        requestedAt: now,
        expiresAt: new Date(now.getTime() + this.windowMs),
        decidedAt: null,
      });
      // The key is claimed before any money moves, by an insert that tolerates a taken key
      // (the account's lock orders this service's requests; a writer without it loses here).
      if (!(await insertUnlessTaken(em, RefundRequest, request))) {
        const winner = await this.originalRequest(em, charge.companyId, idempotencyKey, fingerprint);
        if (winner) return { id: winner.id, replayed: true };
        throw new Error("refund request not inserted: its id was taken (24 random characters: not expected)");
      }
      if (alone) {
        const order = { amountCents, reason, idempotencyKey, fingerprint, actor };
        const { refund, replayed } = await this.refunds.insertRefund(em, charge, account, order, audit, requestId);
        // The key names a refund made without a request (checked above under the account's lock).
        if (replayed) throw refundKeyOfDirectRefund();
        request.status = RefundRequestStatus.CONFIRMED;
        request.refundId = refund.id;
        request.decidedAt = now;
        await em.query("UPDATE refund_requests SET status = $2, refund_id = $3, decided_at = $4 WHERE id = $1", [
          request.id,
          request.status,
          request.refundId,
          request.decidedAt,
        ]);
      }
      await appendAudit(em, audit, {
        action: "refund_request.create",
        objectType: "refund_request",
        objectId: request.id,
        companyId: request.companyId,
        reason,
        after: requestAuditFields(request),
      });
      return { id: request.id, replayed: false };
    });
    return { request: await this.getRequest(outcome.id), replayed: outcome.replayed };
  }

  /** The request first made with this key on the account when this is the same one; 409 when another; null when unused. */
  private originalRequest(em: EntityManager, companyId: string, idempotencyKey: string, fingerprint: string) {
    return findOriginalRequest(em, RefundRequest, companyId, idempotencyKey, fingerprint, refundIdempotencyKeyReused);
  }

  /**
   * A second, different operator confirms a REQUESTED request within its window: the refund
   * is created now, with the checks of a refund (the charge and the balance as they are now).
   * Under the request's row lock, so of two simultaneous confirmations one creates the refund
   * and the other finds it CONFIRMED (409 INVALID_STATE).
   */
  async confirmRequest(id: string, { actor, audit, requestId }: Acting): Promise<RefundRequest> {
    await runTransaction(this.db, async (em) => {
      const request = await em
        .getRepository(RefundRequest)
        .findOne({ where: { id: String(id) }, lock: { mode: "for_no_key_update" } });
      if (!request) throw refundRequestNotFound();
      checkDecidable(request);
      if (request.requestedBy === actor) throw ownRefundRequest();
      const before = requestAuditFields(request);
      const charge = await this.charges.lockCharge(em, null, request.chargeId);
      const { amountCents, account } = await this.refunds.refundableNow(em, charge, request.amountCents);
      const order = {
        amountCents,
        reason: request.reason,
        idempotencyKey: request.idempotencyKey,
        fingerprint: request.requestFingerprint,
        actor: request.requestedBy,
      };
      const { refund } = await this.refunds.insertRefund(em, charge, account, order, audit, requestId);
      request.status = RefundRequestStatus.CONFIRMED;
      request.decidedBy = actor;
      request.decidedAt = new Date();
      request.refundId = refund.id;
      await em.getRepository(RefundRequest).save(request);
      await appendAudit(em, audit, {
        action: "refund_request.confirm",
        objectType: "refund_request",
        objectId: request.id,
        companyId: request.companyId,
        before,
        after: requestAuditFields(request),
      });
    });
    return this.getRequest(id);
  }

  /** REQUESTED -> REJECTED with a reason (the requester may withdraw it too); no money moved. */
  async rejectRequest(id: string, reason: string, { actor, audit }: Acting) {
    const text = typeof reason === "string" ? reason.trim() : "";
    if (text.length === 0 || [...text].length > 500) throw validationError("reason must have 1 to 500 characters");
    await runTransaction(this.db, async (em) => {
      const request = await em
        .getRepository(RefundRequest)
        .findOne({ where: { id: String(id) }, lock: { mode: "for_no_key_update" } });
      if (!request) throw refundRequestNotFound();
      checkDecidable(request);
      const before = requestAuditFields(request);
      request.status = RefundRequestStatus.REJECTED;
      request.decidedBy = actor;
      request.decidedAt = new Date();
      request.rejectionReason = text;
      await em.getRepository(RefundRequest).save(request);
      await appendAudit(em, audit, {
        action: "refund_request.reject",
        objectType: "refund_request",
        objectId: request.id,
        companyId: request.companyId,
        reason: text,
        before,
        after: requestAuditFields(request),
      });
    });
    return this.getRequest(id);
  }

  async getRequest(id: string): Promise<RefundRequest> {
    const [row] = await queryRows<Record<string, unknown>>(this.db, `${SELECT_REQUESTS} WHERE q.id = $1`, [
      String(id).slice(0, 100),
    ]);
    if (!row) throw refundRequestNotFound();
    return this.fromRow(row);
  }

  /** A charge's requests, newest first. */
  async requestsOfCharge(chargeIdInput: string): Promise<RefundRequest[]> {
    const { id } = await this.charges.getCharge(null, chargeIdInput);
    const rows = await queryRows<Record<string, unknown>>(
      this.db,
      `${SELECT_REQUESTS} WHERE q.charge_id = $1 ORDER BY q.requested_at DESC, q.id DESC LIMIT 100`,
      [id],
    );
    return rows.map(this.fromRow);
  }
}

function checkDecidable(request: RefundRequest): void {
  if (request.status !== RefundRequestStatus.REQUESTED) {
    throw invalidState(`Refund request is ${request.status}; only a REQUESTED request can be decided`);
  }
  if (request.expiresAt.getTime() <= Date.now()) {
    throw invalidState("Refund request expired: nobody confirmed it within the window; request it again");
  }
}

function requestAuditFields(request: RefundRequest) {
  return {
    status: request.status,
    chargeId: request.chargeId,
    amount: formatBrl(request.amountCents),
    requestedBy: request.requestedBy,
    decidedBy: request.decidedBy,
    refundId: request.refundId,
  };
}
