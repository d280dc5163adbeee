import type { DataSource } from "typeorm";
import { batchWhileBusy } from "../core/batch-while-busy";
import { addJobSql } from "../core/jobs";
import type { Logger } from "../core/logger";
import { queryRows } from "../core/sql";
import { observeWebhookAttempt } from "../metrics/metrics";
import { AccountWindows, accountWindowLimits } from "./webhook-account-windows";
import { WebhookDeliveryStatus } from "./webhook-event.entity";
import { DELIVER_WEBHOOK_JOB, WEBHOOK_JOB_KEY_PREFIX } from "./webhook-jobs";
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
  request_id: string | null;
}

export const INTERRUPTED_ATTEMPT_ERROR = "interrupted: the worker stopped before an answer was recorded";

/**
 * How long a delivery may wait for a slot of its account's window before going back in
 * the queue, and how long without any of the account's slots coming back it waits at
 * most. A fast account's slots come back every few milliseconds, so its backlog waits and
 * is served in turn; a receiver that hangs gives none back, so its waiters leave after
 * the stall bound, and one that turns slow has them sent away at once
 * (webhook-account-windows.ts). Sending a fast account's backlog back to the queue after
 * a fixed 100 ms instead cost a statement per delivery and at least a poll interval of
 * idle time for each: under load that, not the deliveries, took most of the worker's time.
 */
const ACCOUNT_SLOT_WAIT_MS = 1000;
const ACCOUNT_SLOT_STALL_MS = 100;
/** A delivery whose account's window stayed full goes back in the queue for this long. */
export const DEFERRED_DELIVERY_MS = 1000;

/**
 * After attempt n fails, the next one waits retryScheduleMs[n - 1]; when the schedule is
 * spent (or the attempt was a one-off asked for by hand) the delivery is FAILED.
 */
export function nextRetryDelayMs(retryScheduleMs: readonly number[], attemptNumber: number, manual: boolean) {
  if (manual) return null;
  return retryScheduleMs[attemptNumber - 1] ?? null;
}

interface DeferredDelivery {
  eventId: string;
  companyId: string;
}

interface AttemptOutcome {
  attempt: ClaimedAttempt;
  response: WebhookResponse;
  status: WebhookDeliveryStatus;
  retryDelayMs: number | null;
}

/**
 * The worker's half of webhooks: sends one outbox event per job. Each attempt is
 * claimed before it is sent (a numbered row, unique per event), so no attempt is sent
 * twice, whatever the number of workers; the outcome and the next retry are recorded
 * together afterwards. A worker that dies mid-attempt leaves its job to another worker
 * (see core/jobs.ts), which sends the event again as a new attempt: at least once.
 * Claims and outcomes of jobs running at the same time share one statement each.
 * An account's attempts in flight are limited by its window (webhook-account-windows.ts),
 * so receivers that hang do not starve the other accounts of worker slots.
 */
export class WebhookDispatcher {
  private readonly claimAttempt = batchWhileBusy((eventIds: string[]) => this.claimAttempts(eventIds));
  private readonly recordOutcome = batchWhileBusy(async (outcomes: AttemptOutcome[]) => {
    await this.recordOutcomes(outcomes);
    return outcomes.map(() => undefined);
  });
  private readonly deferDelivery = batchWhileBusy(async (jobs: DeferredDelivery[]) => {
    await this.deferDeliveries(jobs);
    return jobs.map(() => undefined);
  });

  readonly windows: AccountWindows;

  constructor(
    private readonly db: DataSource,
    private readonly sender: WebhookSender,
    private readonly retryScheduleMs: readonly number[],
    private readonly logger: Logger,
    limits = accountWindowLimits(20, 10_000),
  ) {
    this.windows = new AccountWindows(limits);
  }

  /** Sends the event's next attempt, or, when its account's window is full, queues it again a little later. */
  async deliverEvent(eventId: string, companyId?: string): Promise<void> {
    const account = companyId ?? (await this.accountOf(eventId));
    if (account === null) return;
    if (!(await this.windows.acquire(account, ACCOUNT_SLOT_WAIT_MS, ACCOUNT_SLOT_STALL_MS))) {
      await this.deferDelivery({ eventId, companyId: account });
      return;
    }
    const started = performance.now();
    try {
      await this.attemptDelivery(eventId);
    } finally {
      this.windows.release(account, performance.now() - started);
    }
  }

  /** Queues the deliveries again, DEFERRED_DELIVERY_MS from now, in one statement. */
  private async deferDeliveries(jobs: DeferredDelivery[]): Promise<void> {
    await this.db.query(
      `SELECT (${addJobSql({
        task: "$1",
        payload: "json_build_object('eventId', d.event_id, 'companyId', d.company_id)",
        runAt: "now() + $4 * interval '1 millisecond'",
        jobKey: "$5 || d.event_id",
      })}).id
         FROM unnest($2::text[], $3::text[]) AS d(event_id, company_id)`,
      [
        DELIVER_WEBHOOK_JOB,
        jobs.map((job) => job.eventId),
        jobs.map((job) => job.companyId),
        DEFERRED_DELIVERY_MS,
        WEBHOOK_JOB_KEY_PREFIX,
      ],
    );
  }

  /** The account of an event, for jobs queued without it; null when the event is gone. */
  private async accountOf(eventId: string): Promise<string | null> {
    const rows = await queryRows<{ company_id: string }>(
      this.db,
      "SELECT company_id FROM webhook_events WHERE id = $1",
      [eventId],
    );
    return rows[0]?.company_id ?? null;
  }

  private async attemptDelivery(eventId: string): Promise<void> {
    const attempt = await this.claimAttempt(eventId);
    if (!attempt) return;
    const response = await this.sender.send({
      url: attempt.webhook_url,
      body: attempt.body,
      event: attempt.event,
      signature: attempt.signature,
      requestId: attempt.request_id,
    });
    const retryDelayMs = response.ok
      ? null
      : nextRetryDelayMs(this.retryScheduleMs, attempt.attempt_number, attempt.manual_attempt);
    let status = WebhookDeliveryStatus.DELIVERED;
    if (!response.ok) status = retryDelayMs === null ? WebhookDeliveryStatus.FAILED : WebhookDeliveryStatus.PENDING;
    observeWebhookAttempt(response.ok ? "delivered" : retryDelayMs === null ? "failed" : "retry", response.timeMs);
    await this.recordOutcome({ attempt, response, status, retryDelayMs });
    if (!response.ok) {
      this.logger.debug("webhook attempt failed", {
        eventId,
        attempt: attempt.attempt_number,
        error: response.error,
        next: status,
      });
    }
  }

  /**
   * Numbers the next attempt of each PENDING event and records it as started, in one
   * statement. An attempt left unfinished by a worker that died is closed as interrupted.
   * Nothing is claimed for an event already delivered or failed, or without a URL (then
   * it is marked NO_URL).
   */
  private async claimAttempts(eventIds: string[]): Promise<Array<ClaimedAttempt | null>> {
    const rows = await queryRows<ClaimedAttempt>(
      this.db,
      `WITH claimed AS (
         UPDATE webhook_events e
            SET attempt_count = e.attempt_count + 1, last_attempt_at = now(), next_attempt_at = NULL
           FROM companies c
          WHERE e.id = ANY($1) AND e.delivery_status = 'PENDING' AND c.id = e.company_id AND c.webhook_url IS NOT NULL
         RETURNING e.id, e.event, e.body, e.signature, e.attempt_count, e.manual_attempt, c.webhook_url,
                   coalesce(e.redelivery_request_id, e.request_id) AS request_id
       ), interrupted AS (
         UPDATE webhook_attempts SET error = $2, finished_at = now()
          WHERE event_id IN (SELECT id FROM claimed) AND finished_at IS NULL
       ), attempt AS (
         INSERT INTO webhook_attempts (event_id, attempt_number, manual, url, request_id)
         SELECT id, attempt_count, manual_attempt, webhook_url, request_id FROM claimed
         RETURNING id, event_id
       )
       SELECT claimed.id AS event_id, claimed.event, claimed.body, claimed.signature,
              claimed.attempt_count AS attempt_number, claimed.manual_attempt, claimed.webhook_url,
              attempt.id AS attempt_id, claimed.request_id
         FROM claimed JOIN attempt ON attempt.event_id = claimed.id`,
      [eventIds, INTERRUPTED_ATTEMPT_ERROR],
    );
    const byEvent = new Map(rows.map((row) => [row.event_id, row]));
    const unclaimed = eventIds.filter((id) => !byEvent.has(id));
    if (unclaimed.length > 0) {
      await this.db.query(
        `UPDATE webhook_events e SET delivery_status = 'NO_URL', next_attempt_at = NULL
           FROM companies c
          WHERE e.id = ANY($1) AND e.delivery_status = 'PENDING' AND c.id = e.company_id AND c.webhook_url IS NULL`,
        [unclaimed],
      );
    }
    // Two jobs of one event in one batch (a redelivery beside a running job): one attempt, one sender.
    const answered = new Set<string>();
    return eventIds.map((id) => {
      if (answered.has(id)) return null;
      answered.add(id);
      return byEvent.get(id) ?? null;
    });
  }

  /**
   * Closes the attempts and moves each delivery on: DELIVERED, PENDING with the next
   * retry queued, or FAILED. Only the newest attempt of an event moves it, so a slow
   * attempt overtaken by a redelivery cannot undo what the newer one decided.
   */
  private async recordOutcomes(outcomes: AttemptOutcome[]): Promise<void> {
    const column = <T>(pick: (outcome: AttemptOutcome) => T) => outcomes.map(pick);
    await this.db.query(
      `WITH outcome AS (
         SELECT * FROM unnest($1::bigint[], $2::int[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[],
                              $8::int[], $9::int[])
           AS o(attempt_id, response_status, response_time_ms, response_body, error, delivery_status, event_id,
                attempt_number, retry_delay_ms)
       ), closed AS (
         UPDATE webhook_attempts a
            SET response_status = o.response_status, response_time_ms = o.response_time_ms,
                response_body = o.response_body, error = o.error, finished_at = now()
           FROM outcome o WHERE a.id = o.attempt_id
       ), moved AS (
         UPDATE webhook_events e
            SET delivery_status = o.delivery_status,
                delivered_at = CASE WHEN o.delivery_status = 'DELIVERED' THEN now() ELSE e.delivered_at END,
                next_attempt_at = CASE WHEN o.delivery_status = 'PENDING'
                                       THEN now() + o.retry_delay_ms * interval '1 millisecond' END,
                manual_attempt = false, redelivery_request_id = NULL
           FROM outcome o
          WHERE e.id = o.event_id AND e.attempt_count = o.attempt_number AND e.delivery_status = 'PENDING'
         RETURNING e.id, e.company_id, e.delivery_status, e.next_attempt_at
       )
       SELECT (${addJobSql({
         task: "$10",
         payload: "json_build_object('eventId', id, 'companyId', company_id)",
         runAt: "next_attempt_at",
         jobKey: "$11 || id",
       })}).id
         FROM moved WHERE delivery_status = 'PENDING'`,
      [
        column((o) => o.attempt.attempt_id),
        column((o) => o.response.status),
        column((o) => o.response.timeMs),
        column((o) => o.response.bodyStart),
        column((o) => o.response.error),
        column((o) => o.status),
        column((o) => o.attempt.event_id),
        column((o) => o.attempt.attempt_number),
        column((o) => o.retryDelayMs ?? 0),
        DELIVER_WEBHOOK_JOB,
        WEBHOOK_JOB_KEY_PREFIX,
      ],
    );
  }

  /**
   * Safety net for a delivery whose job was lost (for instance an event written before
   * delivery existed): a PENDING event overdue by `graceMs` with no job gets one again.
   */
  async requeueOrphanedDeliveries(graceMs: number): Promise<number> {
    const rows = await queryRows<{ id: string }>(
      this.db,
      `SELECT (${addJobSql({ task: "$1", payload: "json_build_object('eventId', e.id, 'companyId', e.company_id)", jobKey: "$2 || e.id" })}).id
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
