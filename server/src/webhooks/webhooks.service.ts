import type { DataSource, EntityManager } from "typeorm";
import { type AuditContext, appendAudit } from "../audit";
import { Company, writeWebhookSettings } from "../companies";
import { type CancelSignal, readCancellable } from "../core/cancellable-read";
import { entityRowMapper } from "../core/entity-rows";
import { notFound, validationError } from "../core/errors";
import {
  cappedCount,
  type KeyColumn,
  type Page,
  type PageArgs,
  readPage,
  readPageWindow,
  SqlParams,
} from "../core/pagination";
import { queryRows, type SqlRunner } from "../core/sql";
import { runTransaction } from "../core/transactions";
import { WebhookAttempt } from "./webhook-attempt.entity";
import { WebhookDeliveryStatus, WebhookEvent } from "./webhook-event.entity";
import { WEBHOOK_EVENT_NAMES, WEBHOOK_EVENTS, type WebhookEventName } from "./webhook-event-names";
import { appendWebhookEvent } from "./webhook-outbox";
import { NOTIFY_WEBHOOK_DUE_SQL } from "./webhook-queue";
import {
  newWebhookSecret,
  openWebhookSecret,
  sealWebhookSecret,
  standardBase64Secret,
  webhookSecretHint,
} from "./webhook-secrets";
import { assertWebhookUrl } from "./webhook-url";

/** The most failed deliveries one bulk redelivery sends again. */
export const REDELIVER_BATCH_MAX = 100;

import { noWebhookUrl, unknownWebhookEvent, webhookEventNotFound } from "./webhooks.errors";

export interface WebhookSettings {
  companyId: string;
  url: string | null;
  /** The first characters of the secret, to tell which one is in use. */
  secretHint: string;
  /** An older secret in base64url, which the Standard Webhooks libraries refuse (revealStandardSecret). */
  secretIsBase64url: boolean;
}

export interface DeliveryFilter extends PageArgs {
  event?: string | null;
  status?: WebhookDeliveryStatus | null;
  /** The charge or withdrawal the events are about. */
  subjectId?: string | null;
  /** The deliveries to one endpoint (we_...). */
  endpointId?: string | null;
}

/** Deliveries are listed in outbox order: sequence is the insertion order (events of one transaction share created_at). */
const OUTBOX_KEY: KeyColumn[] = [{ column: "sequence", type: "bigint" }];
const DELIVERY_STATUSES = new Set<string>(Object.values(WebhookDeliveryStatus));

/** The settings as shown: the URL, and a hint of the secret (opened from its sealed form). */
function settingsOf(db: DataSource | EntityManager, company: Company): WebhookSettings {
  const secret = openWebhookSecret(db, company.id, company.sealedWebhookSecret);
  return {
    companyId: company.id,
    url: company.webhookUrl,
    secretHint: webhookSecretHint(secret),
    secretIsBase64url: standardBase64Secret(secret) !== null,
  };
}

function secretHintOrNull(db: DataSource | EntityManager, company: Company): string | null {
  try {
    return settingsOf(db, company).secretHint;
  } catch {
    return null;
  }
}

/** The merchant's side of webhooks: settings, secret, test ping, history and redelivery. */
export class WebhooksService {
  private readonly eventFromRow: (row: Record<string, unknown>) => WebhookEvent;
  private readonly attemptFromRow: (row: Record<string, unknown>) => WebhookAttempt;

  constructor(
    private readonly db: DataSource,
    private readonly allowPrivate: boolean,
  ) {
    this.eventFromRow = entityRowMapper(db, WebhookEvent);
    this.attemptFromRow = entityRowMapper(db, WebhookAttempt);
  }

  async getSettings(companyId: string): Promise<WebhookSettings> {
    const company = await this.db.getRepository(Company).findOneBy({ id: companyId });
    if (!company) throw notFound("Company");
    return settingsOf(this.db, company);
  }

  /** Sets (or, with null, removes) the webhook URL. Deliveries not yet sent go to the new URL. */
  async updateSettings(
    companyId: string,
    rawUrl: string | null,
    audit: AuditContext | null = null,
  ): Promise<WebhookSettings> {
    const url = rawUrl === null || rawUrl.trim() === "" ? null : assertWebhookUrl(rawUrl.trim(), this.allowPrivate);
    return runTransaction(this.db, async (em) => settingsOf(em, await this.writeAccountUrl(em, companyId, url, audit)));
  }

  /** The account's URL (its first endpoint's), checked by the caller, in the caller's transaction. */
  async writeAccountUrl(
    em: EntityManager,
    companyId: string,
    url: string | null,
    audit: AuditContext | null,
  ): Promise<Company> {
    const { before, after } = await writeWebhookSettings(em, companyId, { webhookUrl: url });
    await appendAudit(em, audit, {
      action: "webhook.update_settings",
      objectType: "company",
      objectId: companyId,
      companyId,
      before: { url: before.webhookUrl },
      after: { url },
    });
    return after;
  }

  /** A new secret, shown only in this answer; events created from now on are signed with it. */
  async rotateSecret(
    companyId: string,
    audit: AuditContext | null = null,
  ): Promise<{ webhookSecret: string; settings: WebhookSettings }> {
    const webhookSecret = newWebhookSecret();
    return runTransaction(this.db, async (em) => {
      const sealedWebhookSecret = sealWebhookSecret(em, companyId, webhookSecret);
      const { before, after } = await writeWebhookSettings(em, companyId, { sealedWebhookSecret });
      const settings = settingsOf(em, after);
      await appendAudit(em, audit, {
        action: "webhook.rotate_secret",
        objectType: "company",
        objectId: companyId,
        companyId,
        // The old secret may not open (a damaged row): rotating is the remedy, so it must not need it.
        before: { secretHint: secretHintOrNull(em, before) },
        after: { secretHint: settings.secretHint },
      });
      return { webhookSecret, settings };
    });
  }

  /**
   * The secret in standard base64 (the same bytes), for a Standard Webhooks library; for
   * an older base64url secret it is the only way to see it again, so the caller steps up.
   */
  async revealStandardSecret(companyId: string, audit: AuditContext | null = null): Promise<string> {
    return runTransaction(this.db, async (em) => {
      const company = await em.findOne(Company, { where: { id: companyId } });
      if (!company) throw notFound("Company");
      const secret = openWebhookSecret(em, companyId, company.sealedWebhookSecret);
      await appendAudit(em, audit, {
        action: "webhook.reveal_standard_secret",
        objectType: "company",
        objectId: companyId,
        companyId,
        after: { secretHint: webhookSecretHint(secret) },
      });
      return standardBase64Secret(secret) ?? secret;
    });
  }

  /** Writes a `ping` event for the account; the workers deliver it like any other. */
  async sendTestWebhook(
    companyId: string,
    audit: AuditContext | null = null,
    requestId: string | null = null,
  ): Promise<WebhookEvent> {
    const sent = await runTransaction(this.db, async (em) => {
      const signed = await appendWebhookEvent(
        em,
        companyId,
        WEBHOOK_EVENTS.ping,
        { company_id: companyId },
        null,
        requestId,
      );
      // Sent when some endpoint has a URL to send it to.
      if (signed.deliveriesWithUrl === 0) throw noWebhookUrl();
      await appendAudit(em, audit, {
        action: "webhook.test",
        objectType: "webhook_event",
        objectId: signed.eventId,
        companyId,
      });
      return { eventId: signed.eventId, endpointId: signed.sentEndpointId };
    });
    // The delivery that is sent (the account endpoint's when it has a URL).
    return this.getDelivery(companyId, sent.eventId, sent.endpointId);
  }

  /**
   * One delivery of an event: to the endpoint named, else to the account's own endpoint (§4's),
   * else to the oldest endpoint that got it.
   */
  async getDelivery(
    scopeCompanyId: string | null,
    eventId: string,
    endpointId: string | null = null,
  ): Promise<WebhookEvent> {
    return readCancellable(
      this.db,
      undefined,
      async (sql) => {
        const [row] = await queryRows<Record<string, unknown>>(
          sql,
          `SELECT e.* FROM webhook_events e JOIN webhook_endpoints w ON w.id = e.endpoint_id
            WHERE e.id = $1 AND ($2::text IS NULL OR e.endpoint_id = $2)
            ORDER BY w.account_endpoint DESC, w.created_at LIMIT 1`,
          [eventId, endpointId],
        );
        const event = row ? this.eventFromRow(row) : null;
        if (!event || (scopeCompanyId !== null && event.companyId !== scopeCompanyId)) throw webhookEventNotFound();
        await this.attachAttempts(sql, [event]);
        return event;
      },
      { oneSnapshot: true },
    );
  }

  /** Newest first (outbox order), each with its attempts (oldest first); totals capped at 10,000. */
  async listDeliveries(
    scopeCompanyId: string | null,
    filter: DeliveryFilter,
    signal?: CancelSignal,
  ): Promise<Page<WebhookEvent>> {
    const window = readPageWindow(filter);
    if (filter.event && !WEBHOOK_EVENT_NAMES.includes(filter.event as WebhookEventName)) {
      throw unknownWebhookEvent(filter.event);
    }
    if (filter.status != null && !DELIVERY_STATUSES.has(filter.status))
      throw validationError("status must be PENDING, DELIVERED, FAILED, NO_URL or HELD");
    const params = new SqlParams();
    const where: string[] = [];
    if (scopeCompanyId !== null) where.push(`company_id = ${params.add(scopeCompanyId)}`);
    if (filter.event) where.push(`event = ${params.add(filter.event)}`);
    if (filter.status) where.push(`delivery_status = '${filter.status}'`);
    if (filter.endpointId != null) where.push(`endpoint_id = ${params.add(filter.endpointId)}`);
    if (filter.subjectId != null) {
      // Webhooks name a charge "chg_<id>"; the outbox keeps the bare id.
      const subject = filter.subjectId.startsWith("chg_") ? filter.subjectId.slice(4) : filter.subjectId;
      where.push(`subject_id = ${params.add(subject)}`);
    }
    const query = {
      cursorTag: "webhookDeliveries",
      from: "webhook_events",
      columns: "*",
      key: OUTBOX_KEY,
      branches: [where],
      params,
    };
    // The page and its attempts as of one moment: never a delivery PENDING beside its answered attempt.
    return readCancellable(
      this.db,
      signal,
      async (sql) => {
        const page = await readPage(sql, query, window, this.eventFromRow, () => cappedCount(sql, query));
        await this.attachAttempts(sql, page.data);
        return page;
      },
      { oneSnapshot: true, lagTolerant: true },
    );
  }

  /** Each delivery's attempts, oldest first, and where its endpoint sends now: two statements for a page. */
  private async attachAttempts(sql: SqlRunner, events: WebhookEvent[]): Promise<void> {
    if (events.length === 0) return;
    const endpoints = await queryRows<{ id: string; url: string | null }>(
      sql,
      `SELECT w.id, CASE WHEN w.account_endpoint THEN c.webhook_url ELSE w.url END AS url
         FROM webhook_endpoints w JOIN companies c ON c.id = w.company_id WHERE w.id = ANY($1::text[])`,
      [[...new Set(events.map((event) => event.endpointId))]],
    );
    const urls = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint.url]));
    for (const event of events) event.endpointUrl = urls.get(event.endpointId) ?? null;
    const rows = await queryRows<Record<string, unknown>>(
      sql,
      "SELECT * FROM webhook_attempts WHERE event_id = ANY($1::text[]) ORDER BY attempt_number ASC",
      [[...new Set(events.map((event) => event.id))]],
    );
    const attempts = rows.map(this.attemptFromRow);
    for (const event of events) {
      const own = attempts.filter((attempt) => attempt.eventId === event.id && attempt.endpointId === event.endpointId);
      for (const attempt of own) Object.assign(attempt, { event: event.event, requestBody: event.body });
      event.attempts = own;
    }
  }

  /**
   * Sends an event again as a new attempt. A delivery still retrying is retried now, its
   * schedule kept; a delivered, failed or NO_URL one gets one more attempt.
   */
  async redeliver(
    scopeCompanyId: string | null,
    eventId: string,
    audit: AuditContext | null = null,
    requestId: string | null = null,
    endpointId: string | null = null,
  ): Promise<WebhookEvent> {
    const delivered = await runTransaction(this.db, async (em) => {
      // The delivery asked for (getDelivery's choice when no endpoint is named), with where it goes now.
      const [row] = await queryRows<Record<string, unknown> & { target_url: string | null }>(
        em,
        `SELECT e.*, CASE WHEN w.deleted_at IS NOT NULL THEN NULL WHEN w.account_endpoint THEN c.webhook_url
                          ELSE w.url END AS target_url
           FROM webhook_events e JOIN webhook_endpoints w ON w.id = e.endpoint_id JOIN companies c ON c.id = w.company_id
          WHERE e.id = $1 AND ($2::text IS NULL OR e.endpoint_id = $2)
          ORDER BY w.account_endpoint DESC, w.created_at LIMIT 1
          FOR NO KEY UPDATE OF e`,
        [eventId, endpointId],
      );
      const event = row ? this.eventFromRow(row) : null;
      if (!event || (scopeCompanyId !== null && event.companyId !== scopeCompanyId)) throw webhookEventNotFound();
      if (!row.target_url) throw noWebhookUrl();
      const retrying = event.deliveryStatus === WebhookDeliveryStatus.PENDING;
      // Due now, whatever lease an attempt in flight holds: that attempt's outcome no longer moves the event.
      await em.query(
        `WITH redelivered AS (
           UPDATE webhook_events SET delivery_status = 'PENDING', next_attempt_at = now(), leased_until = NULL,
                  manual_attempt = $2, redelivery_request_id = $3
            WHERE id = $1 AND endpoint_id = $4
         )
         SELECT ${NOTIFY_WEBHOOK_DUE_SQL}`,
        [eventId, !retrying, requestId, event.endpointId],
      );
      await appendAudit(em, audit, {
        action: "webhook.redeliver",
        objectType: "webhook_event",
        objectId: eventId,
        companyId: event.companyId,
        before: { deliveryStatus: event.deliveryStatus, endpointId: event.endpointId },
        after: { deliveryStatus: WebhookDeliveryStatus.PENDING },
      });
      return event;
    });
    return this.getDelivery(scopeCompanyId, eventId, delivered.endpointId);
  }

  /**
   * Sends FAILED deliveries again in bulk, oldest first, at most `max` (1 to
   * REDELIVER_BATCH_MAX) per call: of one account, or every account's for an operator who
   * names none. Accounts without a webhook URL are left out. One transaction; an audit row
   * per redelivered event, as a single redelivery writes.
   */
  async redeliverFailed(
    scopeCompanyId: string | null,
    max: number,
    audit: AuditContext | null = null,
    requestId: string | null = null,
  ): Promise<string[]> {
    if (!Number.isInteger(max) || max < 1 || max > REDELIVER_BATCH_MAX) {
      throw validationError(`max must be an integer from 1 to ${REDELIVER_BATCH_MAX}`);
    }
    return runTransaction(this.db, async (em) => {
      // Oldest first in the outbox's own order (sequence), as the worker sends them.
      const rows = await queryRows<{ id: string; endpoint_id: string; company_id: string }>(
        em,
        `SELECT e.id, e.endpoint_id, e.company_id FROM webhook_events e JOIN companies c ON c.id = e.company_id
           JOIN webhook_endpoints w ON w.id = e.endpoint_id
          WHERE e.delivery_status = 'FAILED'
            AND CASE WHEN w.account_endpoint THEN c.webhook_url IS NOT NULL ELSE w.deleted_at IS NULL END
            AND ($1::text IS NULL OR e.company_id = $1)
          ORDER BY e.sequence
          LIMIT $2
          FOR NO KEY UPDATE OF e SKIP LOCKED`,
        [scopeCompanyId, max],
      );
      if (rows.length === 0) return [];
      const ids = rows.map((row) => row.id);
      await em.query(
        `WITH redelivered AS (
           UPDATE webhook_events SET delivery_status = 'PENDING', next_attempt_at = now(), leased_until = NULL,
                  manual_attempt = true, redelivery_request_id = $2
              FROM unnest($1::text[], $3::text[]) AS r(id, endpoint_id)
            WHERE webhook_events.id = r.id AND webhook_events.endpoint_id = r.endpoint_id
         )
         SELECT ${NOTIFY_WEBHOOK_DUE_SQL}`,
        [ids, requestId, rows.map((row) => row.endpoint_id)],
      );
      await appendBulkRedeliveryAudit(em, audit, rows);
      return ids;
    });
  }
}

/**
 * The audit rows of a bulk redelivery, one per event in the order sent, in one statement:
 * the rows appendAudit would write one by one (up to REDELIVER_BATCH_MAX of them).
 */
async function appendBulkRedeliveryAudit(
  em: EntityManager,
  audit: AuditContext | null,
  events: ReadonlyArray<{ id: string; company_id: string }>,
): Promise<void> {
  if (!audit) return;
  await em.query(
    `INSERT INTO audit_log (actor, actor_kind, action, object_type, object_id, company_id, reason, before, after,
                            address, request_id)
     SELECT $1, $2, 'webhook.redeliver', 'webhook_event', e.id, e.company_id, 'bulk', $5::jsonb, $6::jsonb, $7, $8
       FROM unnest($3::text[], $4::text[]) WITH ORDINALITY AS e(id, company_id, n)
      ORDER BY e.n`,
    [
      audit.actor,
      audit.actorKind,
      events.map((event) => event.id),
      events.map((event) => event.company_id),
      JSON.stringify({ deliveryStatus: WebhookDeliveryStatus.FAILED }),
      JSON.stringify({ deliveryStatus: WebhookDeliveryStatus.PENDING }),
      audit.address,
      audit.requestId,
    ],
  );
}
