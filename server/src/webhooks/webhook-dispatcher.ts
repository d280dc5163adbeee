import type { ClientBase } from "pg";
import type { DataSource } from "typeorm";
import { batchWhileBusy } from "../core/batch-while-busy";
import { type Clock, systemClock } from "../core/clock";
import type { Logger } from "../core/logger";
import { observeWebhookAttempt } from "../metrics";
import type { AccountRooms } from "./webhook-account-windows";
import { AccountWindows, accountWindowLimits } from "./webhook-account-windows";
import { recordEndpointFailure } from "./webhook-endpoint-failures";
import { WebhookDeliveryStatus } from "./webhook-event.entity";
import { openEndpointSecret, openWebhookSecret, standardWebhooksKey } from "./webhook-secrets";
import type { WebhookResponse, WebhookSender } from "./webhook-sender";

export interface ClaimedAttempt {
  event_id: string;
  endpoint_id: string;
  /** The account's own endpoint: its secret is the company's (sealed as such). */
  account_endpoint: boolean;
  company_id: string;
  event: string;
  body: string;
  signature: string;
  attempt_number: number;
  manual_attempt: boolean;
  webhook_url: string;
  /** Sealed (webhook-secrets.ts), the endpoint's: opened only to sign the attempt. */
  webhook_secret: string;
  attempt_id: string;
  request_id: string | null;
}

export const SECRET_DOES_NOT_OPEN_ERROR = "not sent: the account's webhook secret does not open; rotate it";
export const INTERRUPTED_ATTEMPT_ERROR = "interrupted: the worker stopped before an answer was recorded";

/**
 * After attempt n fails, the next one waits retryScheduleMs[n - 1]; when the schedule is
 * spent (or the attempt was a one-off asked for by hand) the delivery is FAILED.
 */
export function nextRetryDelayMs(retryScheduleMs: readonly number[], attemptNumber: number, manual: boolean) {
  if (manual) return null;
  return retryScheduleMs[attemptNumber - 1] ?? null;
}

interface AttemptOutcome {
  attempt: ClaimedAttempt;
  response: WebhookResponse;
  status: WebhookDeliveryStatus;
  retryDelayMs: number | null;
}

/**
 * The worker's half of webhooks. Due events are claimed straight from webhook_events
 * (webhook-queue.ts): each claim numbers the event's next attempt, records it as started
 * and leases the event, in one statement, so no attempt is sent twice, whatever the
 * number of workers; the outcome and the next retry are recorded together afterwards. A
 * worker that dies mid-attempt leaves its events leased: when the lease ends another
 * worker claims them again and sends a new attempt (at least once). Outcomes of attempts
 * finishing at the same time share one statement. Which events a claim may take, per
 * account, is the delivery loop's business (webhook-delivery-loop.ts).
 */
export class WebhookDispatcher {
  // Two outcome statements at once: one at a time, their wall time bounded the deliveries per second.
  private readonly recordOutcome = batchWhileBusy(
    async (outcomes: AttemptOutcome[]) => {
      await this.recordOutcomes(outcomes);
      return outcomes.map(() => undefined);
    },
    { concurrency: 2 },
  );

  readonly windows: AccountWindows;

  constructor(
    private readonly db: DataSource,
    private readonly sender: WebhookSender,
    private readonly retryScheduleMs: readonly number[],
    private readonly logger: Logger,
    limits = accountWindowLimits(20, 10_000),
    /** Failing endpoints (CONTRACT §15): WEBHOOK_DISABLE_AFTER_H, and the shared clock that dates the failures. */
    private readonly failing: { disableAfterMs: number; clock: Clock } = {
      disableAfterMs: 72 * 3_600_000,
      clock: systemClock(),
    },
  ) {
    this.windows = new AccountWindows(limits);
  }

  /**
   * Claims up to `limit` due events on the connection (openQueueConnection), oldest due first, taking no more of an account's
   * events than its room (`rooms`, else `defaultRoom`) and none of an account without
   * room. Each claimed event is leased for `leaseMs`: no worker claims it again before
   * then unless its outcome makes it due again. An attempt left unfinished by a worker
   * that died is closed as interrupted. An event whose account has no URL any more is
   * marked NO_URL instead.
   */
  async claimDue(
    connection: ClientBase,
    limit: number,
    rooms: AccountRooms,
    defaultRoom: number,
    leaseMs: number,
  ): Promise<ClaimedAttempt[]> {
    const full = rooms.accounts.filter((_, index) => rooms.rooms[index] <= 0);
    const result = await connection.query<ClaimedAttempt>({
      // Parsed once per connection (openQueueConnection).
      name: "webhook_claim",
      text: `WITH candidate AS (
         SELECT e.id, e.endpoint_id, e.company_id, e.next_attempt_at, e.sequence FROM webhook_events e
          WHERE e.delivery_status = 'PENDING' AND e.next_attempt_at <= now()
            AND (e.leased_until IS NULL OR e.leased_until <= now())
            AND e.company_id <> ALL($2::text[])
          ORDER BY e.next_attempt_at
          LIMIT $1
          FOR UPDATE SKIP LOCKED
       ), picked AS (
         SELECT c.id, c.endpoint_id FROM (SELECT id, endpoint_id, company_id, row_number() OVER (PARTITION BY company_id ORDER BY next_attempt_at, sequence) AS place FROM candidate) c
           LEFT JOIN unnest($3::text[], $4::int[]) AS r(company_id, room) ON r.company_id = c.company_id
          WHERE c.place <= coalesce(r.room, $5)
       ), target AS (
         -- Where each goes now: the endpoint's URL and secret (the account endpoint's are the
         -- company's); a deleted endpoint has none.
         SELECT p.id, p.endpoint_id, w.account_endpoint,
                CASE WHEN w.deleted_at IS NOT NULL THEN NULL WHEN w.account_endpoint THEN c.webhook_url ELSE w.url END
                  AS webhook_url,
                CASE WHEN w.account_endpoint THEN c.webhook_secret ELSE w.webhook_secret END AS webhook_secret
           FROM picked p JOIN webhook_endpoints w ON w.id = p.endpoint_id JOIN companies c ON c.id = w.company_id
       ), claimed AS (
         -- An event whose endpoint has no URL any more is marked NO_URL instead; the claimed
         -- ones keep their status, so their update stays HOT.
         UPDATE webhook_events e
            SET attempt_count = e.attempt_count + (t.webhook_url IS NOT NULL)::int,
                last_attempt_at = CASE WHEN t.webhook_url IS NOT NULL THEN now() ELSE e.last_attempt_at END,
                leased_until = CASE WHEN t.webhook_url IS NOT NULL THEN now() + $6 * interval '1 millisecond' END,
                delivery_status = CASE WHEN t.webhook_url IS NOT NULL THEN e.delivery_status ELSE 'NO_URL' END,
                next_attempt_at = CASE WHEN t.webhook_url IS NOT NULL THEN e.next_attempt_at END
           FROM target t
          WHERE e.id = t.id AND e.endpoint_id = t.endpoint_id
         RETURNING e.id, e.endpoint_id, t.account_endpoint, e.company_id, e.event, e.body, e.signature, e.attempt_count,
                   e.manual_attempt, t.webhook_url, t.webhook_secret,
                   coalesce(e.redelivery_request_id, e.request_id) AS request_id,
                   -- The attempt's id, drawn here so that the answer needs no join with the insert.
                   CASE WHEN t.webhook_url IS NOT NULL THEN nextval('webhook_attempts_id_seq') END AS attempt_id
       ), interrupted AS (
         -- Only a second or later attempt can follow one left unfinished.
         UPDATE webhook_attempts SET error = $7, finished_at = now()
          WHERE (event_id, endpoint_id) IN (SELECT id, endpoint_id FROM claimed WHERE attempt_count > 1 AND webhook_url IS NOT NULL)
            AND finished_at IS NULL
       ), attempt AS (
         INSERT INTO webhook_attempts (id, event_id, endpoint_id, attempt_number, manual, url, request_id)
         SELECT attempt_id, id, endpoint_id, attempt_count, manual_attempt, webhook_url, request_id FROM claimed
          WHERE webhook_url IS NOT NULL
       )
       SELECT id AS event_id, endpoint_id, account_endpoint, company_id, event, body, signature, attempt_count AS attempt_number, manual_attempt,
              webhook_url, webhook_secret, attempt_id, request_id
         FROM claimed WHERE webhook_url IS NOT NULL`,
      values: [limit, full, rooms.accounts, rooms.rooms, defaultRoom, leaseMs, INTERRUPTED_ATTEMPT_ERROR],
    });
    return result.rows;
  }

  /** Sends a claimed attempt and records its outcome. */
  async deliver(attempt: ClaimedAttempt): Promise<void> {
    const standardKey = this.standardKeyOf(attempt);
    const response = standardKey
      ? await this.sender.send({
          url: attempt.webhook_url,
          body: attempt.body,
          event: attempt.event,
          signature: attempt.signature,
          eventId: attempt.event_id,
          standardKey,
          requestId: attempt.request_id,
        })
      : { ok: false, status: null, timeMs: 0, bodyStart: null, error: SECRET_DOES_NOT_OPEN_ERROR };
    const retryDelayMs = response.ok
      ? null
      : nextRetryDelayMs(this.retryScheduleMs, attempt.attempt_number, attempt.manual_attempt);
    let status = WebhookDeliveryStatus.DELIVERED;
    if (!response.ok) status = retryDelayMs === null ? WebhookDeliveryStatus.FAILED : WebhookDeliveryStatus.PENDING;
    observeWebhookAttempt(response.ok ? "delivered" : retryDelayMs === null ? "failed" : "retry", response.timeMs);
    // Counted first: an endpoint disabled by this failure holds this delivery too (HELD), and
    // the outcome below then leaves it so; recorded the other way round, its retry could be
    // claimed in between.
    if (!response.ok) {
      await recordEndpointFailure(
        this.db,
        this.failing.clock,
        this.failing.disableAfterMs,
        attempt.endpoint_id,
        response.error ?? (response.status === null ? null : `HTTP ${response.status}`),
      ).catch((error) =>
        // The attempt's outcome stands; the next failure counts again.
        this.logger.error("webhook endpoint failure not counted", {
          endpointId: attempt.endpoint_id,
          error: (error as Error).message,
        }),
      );
    }
    await this.recordOutcome({ attempt, response, status, retryDelayMs });
    if (!response.ok) {
      this.logger.debug("webhook attempt failed", {
        eventId: attempt.event_id,
        attempt: attempt.attempt_number,
        error: response.error,
        next: status,
      });
    }
  }

  /** The Standard Webhooks key of the account's current secret; null when the sealed secret does not open. */
  private standardKeyOf(attempt: ClaimedAttempt): Buffer | null {
    try {
      return standardWebhooksKey(
        attempt.account_endpoint
          ? openWebhookSecret(this.db, attempt.company_id, attempt.webhook_secret)
          : openEndpointSecret(this.db, attempt.endpoint_id, attempt.webhook_secret),
      );
    } catch (error) {
      this.logger.error("a webhook secret does not open; rotate it", {
        companyId: attempt.company_id,
        endpointId: attempt.endpoint_id,
        error: (error as Error).message,
      });
      return null;
    }
  }

  /**
   * Closes the attempts and moves each delivery on: DELIVERED, PENDING due at its next
   * retry (its lease ended), or FAILED. Only the attempt that holds the event's lease moves
   * it: a newer claim numbers a newer attempt, and a redelivery clears the lease, so a slow
   * attempt overtaken by either cannot undo what was decided after it was sent.
   */
  private async recordOutcomes(outcomes: AttemptOutcome[]): Promise<void> {
    const column = <T>(pick: (outcome: AttemptOutcome) => T) => outcomes.map(pick);
    await this.db.query(
      `WITH outcome AS (
         SELECT * FROM unnest($1::bigint[], $2::int[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[],
                              $8::int[], $9::int[], $10::text[])
           AS o(attempt_id, response_status, response_time_ms, response_body, error, delivery_status, event_id,
                attempt_number, retry_delay_ms, endpoint_id)
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
                manual_attempt = false, redelivery_request_id = NULL, leased_until = NULL
           FROM outcome o
          WHERE e.id = o.event_id AND e.endpoint_id = o.endpoint_id AND e.attempt_count = o.attempt_number AND e.delivery_status = 'PENDING'
            AND e.leased_until IS NOT NULL
       ), answered AS (
         -- An endpoint that answered is failing no more (webhook-endpoint-failures.ts counts the others).
         UPDATE webhook_endpoints w SET consecutive_failures = 0, failing_since = NULL
           FROM outcome o
          WHERE w.id = o.endpoint_id AND o.delivery_status = 'DELIVERED' AND w.consecutive_failures > 0
       )
       SELECT 1`,
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
        column((o) => o.attempt.endpoint_id),
      ],
    );
  }
}
