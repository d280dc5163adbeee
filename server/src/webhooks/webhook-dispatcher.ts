import type { DataSource } from "typeorm";
import type { Logger } from "../core/logger";
import { queryRows } from "../core/sql";
import { WebhookDeliveryStatus } from "./webhook-event.entity";
import { DELIVER_WEBHOOK_JOB, WEBHOOK_JOB_KEY_PREFIX, webhookJobKey } from "./webhook-jobs";
import type { WebhookResponse, WebhookSender } from "./webhook-sender";

interface ClaimedAttempt {
  event_id: string;
  event: string;
  body: string;
  signature: string;
  attempt_number: number;
  manual_attempt: boolean;
  webhook_url: string;
  attempt_id: string;
}

export const INTERRUPTED_ATTEMPT_ERROR = "interrupted: the worker stopped before an answer was recorded";

/**
 * After attempt n fails, the next one waits retryScheduleMs[n - 1]; when the schedule is
 * spent (or the attempt was a one-off asked for by hand) the delivery is FAILED.
 */
export function nextRetryDelayMs(retryScheduleMs: readonly number[], attemptNumber: number, manual: boolean) {
  if (manual) return null;
  return retryScheduleMs[attemptNumber - 1] ?? null;
}

/**
 * The worker's half of webhooks: sends one outbox event per job. Each attempt is
 * claimed before it is sent (a numbered row, unique per event), so no attempt is sent
 * twice, whatever the number of workers; the outcome and the next retry are recorded
 * together afterwards. A worker that dies mid-attempt leaves its job to another worker
 * (see core/jobs.ts), which sends the event again as a new attempt: at least once.
 */
export class WebhookDispatcher {
  constructor(
    private readonly db: DataSource,
    private readonly sender: WebhookSender,
    private readonly retryScheduleMs: readonly number[],
    private readonly logger: Logger,
  ) {}

  async deliverEvent(eventId: string): Promise<void> {
    const attempt = await this.claimAttempt(eventId);
    if (!attempt) return;
    const response = await this.sender.send({
      url: attempt.webhook_url,
      body: attempt.body,
      event: attempt.event,
      signature: attempt.signature,
    });
    await this.recordOutcome(attempt, response);
  }

  /**
   * Numbers the next attempt of a PENDING event and records it as started, in one
   * statement. An attempt left unfinished by a worker that died is closed as interrupted.
   * Nothing is claimed for an event already delivered or failed, or without a URL (then
   * it is marked NO_URL).
   */
  private async claimAttempt(eventId: string): Promise<ClaimedAttempt | null> {
    const rows = await queryRows<ClaimedAttempt>(
      this.db,
      `WITH claimed AS (
         UPDATE webhook_events e
            SET attempt_count = e.attempt_count + 1, last_attempt_at = now(), next_attempt_at = NULL
           FROM companies c
          WHERE e.id = $1 AND e.delivery_status = 'PENDING' AND c.id = e.company_id AND c.webhook_url IS NOT NULL
         RETURNING e.id, e.event, e.body, e.signature, e.attempt_count, e.manual_attempt, c.webhook_url
       ), interrupted AS (
         UPDATE webhook_attempts SET error = $2, finished_at = now()
          WHERE event_id IN (SELECT id FROM claimed) AND finished_at IS NULL
       ), attempt AS (
         INSERT INTO webhook_attempts (event_id, attempt_number, manual, url)
         SELECT id, attempt_count, manual_attempt, webhook_url FROM claimed
         RETURNING id
       )
       SELECT claimed.id AS event_id, claimed.event, claimed.body, claimed.signature,
              claimed.attempt_count AS attempt_number, claimed.manual_attempt, claimed.webhook_url,
              attempt.id AS attempt_id
         FROM claimed, attempt`,
      [eventId, INTERRUPTED_ATTEMPT_ERROR],
    );
    if (rows.length > 0) return rows[0];
    await this.db.query(
      `UPDATE webhook_events e SET delivery_status = 'NO_URL', next_attempt_at = NULL
         FROM companies c
        WHERE e.id = $1 AND e.delivery_status = 'PENDING' AND c.id = e.company_id AND c.webhook_url IS NULL`,
      [eventId],
    );
    return null;
  }

  /**
   * Closes the attempt and moves the delivery on: DELIVERED, PENDING with the next retry
   * queued, or FAILED. Only the newest attempt of an event moves it, so a slow attempt
   * overtaken by a redelivery cannot undo what the newer one decided.
   */
  private async recordOutcome(attempt: ClaimedAttempt, response: WebhookResponse): Promise<void> {
    const retryDelayMs = response.ok
      ? null
      : nextRetryDelayMs(this.retryScheduleMs, attempt.attempt_number, attempt.manual_attempt);
    let status = WebhookDeliveryStatus.DELIVERED;
    if (!response.ok) status = retryDelayMs === null ? WebhookDeliveryStatus.FAILED : WebhookDeliveryStatus.PENDING;
    await this.db.query(
      `WITH closed AS (
         UPDATE webhook_attempts
            SET response_status = $2, response_time_ms = $3, response_body = $4, error = $5, finished_at = now()
          WHERE id = $1
       ), moved AS (
         UPDATE webhook_events
            SET delivery_status = $6,
                delivered_at = CASE WHEN $6 = 'DELIVERED' THEN now() ELSE delivered_at END,
                next_attempt_at = CASE WHEN $6 = 'PENDING' THEN now() + $9 * interval '1 millisecond' END,
                manual_attempt = false
          WHERE id = $7 AND attempt_count = $8 AND delivery_status = 'PENDING'
         RETURNING id, next_attempt_at
       )
       SELECT (graphile_worker.add_job($10, json_build_object('eventId', id), run_at => next_attempt_at, job_key => $11)).id
         FROM moved WHERE $6 = 'PENDING'`,
      [
        attempt.attempt_id,
        response.status,
        response.timeMs,
        response.bodyStart,
        response.error,
        status,
        attempt.event_id,
        attempt.attempt_number,
        retryDelayMs ?? 0,
        DELIVER_WEBHOOK_JOB,
        webhookJobKey(attempt.event_id),
      ],
    );
    if (!response.ok) {
      this.logger.debug("webhook attempt failed", {
        eventId: attempt.event_id,
        attempt: attempt.attempt_number,
        error: response.error,
        next: status,
      });
    }
  }

  /**
   * Safety net for a delivery whose job was lost (for instance an event written before
   * delivery existed): a PENDING event overdue by `graceMs` with no job gets one again.
   */
  async requeueOrphanedDeliveries(graceMs: number): Promise<number> {
    const rows = await queryRows<{ id: string }>(
      this.db,
      `SELECT (graphile_worker.add_job($1, json_build_object('eventId', e.id), job_key => $2 || e.id)).id
         FROM webhook_events e
        WHERE e.delivery_status = 'PENDING'
          AND coalesce(e.next_attempt_at, e.last_attempt_at) < now() - $3 * interval '1 millisecond'
          AND NOT EXISTS (SELECT 1 FROM graphile_worker.jobs j WHERE j.key = $2 || e.id)
        LIMIT 500`,
      [DELIVER_WEBHOOK_JOB, WEBHOOK_JOB_KEY_PREFIX, graceMs],
    );
    return rows.length;
  }
}
