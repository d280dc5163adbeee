import type { DataSource } from "typeorm";
import { WEBHOOK_SECRET_PREFIX } from "../companies/companies.service";
import { Company } from "../companies/company.entity";
import { notFound } from "../core/errors";
import { enqueueJob } from "../core/jobs";
import { checkPage, type Page } from "../core/pagination";
import { newSecret } from "../core/secrets";
import { WebhookAttempt } from "./webhook-attempt.entity";
import { WebhookDeliveryStatus, WebhookEvent } from "./webhook-event.entity";
import { DELIVER_WEBHOOK_JOB, webhookJobKey } from "./webhook-jobs";
import { appendWebhookEvent, WEBHOOK_EVENT_NAMES, type WebhookEventName } from "./webhook-outbox";
import { assertWebhookUrl } from "./webhook-url";
import { noWebhookUrl, unknownWebhookEvent, webhookEventNotFound } from "./webhooks.errors";

export interface WebhookSettings {
  companyId: string;
  url: string | null;
  /** The first characters of the secret, to tell which one is in use. */
  secretHint: string;
}

export interface DeliveryFilter {
  event?: string | null;
  status?: WebhookDeliveryStatus | null;
  limit?: number | null;
  offset?: number | null;
}

function settingsOf(company: Company): WebhookSettings {
  return { companyId: company.id, url: company.webhookUrl, secretHint: `${company.webhookSecret.slice(0, 10)}…` };
}

/** The merchant's side of webhooks: settings, secret, test ping, history and redelivery. */
export class WebhooksService {
  constructor(
    private readonly db: DataSource,
    private readonly allowPrivate: boolean,
  ) {}

  async getSettings(companyId: string): Promise<WebhookSettings> {
    const company = await this.db.getRepository(Company).findOneBy({ id: companyId });
    if (!company) throw notFound("Company");
    return settingsOf(company);
  }

  /** Sets (or, with null, removes) the webhook URL. Deliveries not yet sent go to the new URL. */
  async updateSettings(companyId: string, rawUrl: string | null): Promise<WebhookSettings> {
    const url = rawUrl === null || rawUrl.trim() === "" ? null : assertWebhookUrl(rawUrl.trim(), this.allowPrivate);
    const result = await this.db
      .getRepository(Company)
      .update({ id: companyId }, { webhookUrl: url, updatedAt: new Date() });
    if (!result.affected) throw notFound("Company");
    return this.getSettings(companyId);
  }

  /** A new secret, shown only in this answer; events created from now on are signed with it. */
  async rotateSecret(companyId: string): Promise<{ webhookSecret: string; settings: WebhookSettings }> {
    const webhookSecret = newSecret(WEBHOOK_SECRET_PREFIX);
    const result = await this.db
      .getRepository(Company)
      .update({ id: companyId }, { webhookSecret, updatedAt: new Date() });
    if (!result.affected) throw notFound("Company");
    return { webhookSecret, settings: await this.getSettings(companyId) };
  }

  /** Writes a `ping` event for the account; the workers deliver it like any other. */
  async sendTestWebhook(companyId: string): Promise<WebhookEvent> {
    const eventId = await this.db.transaction(async (em) => {
      const signed = await appendWebhookEvent(em, companyId, "ping", { company_id: companyId }, null);
      if (signed.deliveryStatus === WebhookDeliveryStatus.NO_URL) throw noWebhookUrl();
      return signed.eventId;
    });
    return this.getDelivery(companyId, eventId);
  }

  async getDelivery(scopeCompanyId: string | null, eventId: string): Promise<WebhookEvent> {
    const event = await this.db.getRepository(WebhookEvent).findOneBy({ id: eventId });
    if (!event || (scopeCompanyId !== null && event.companyId !== scopeCompanyId)) throw webhookEventNotFound();
    await this.attachAttempts([event]);
    return event;
  }

  /** Newest first, each with its attempts (oldest first). */
  async listDeliveries(scopeCompanyId: string | null, filter: DeliveryFilter): Promise<Page<WebhookEvent>> {
    const { limit, offset } = checkPage(filter);
    if (filter.event && !WEBHOOK_EVENT_NAMES.includes(filter.event as WebhookEventName)) {
      throw unknownWebhookEvent(filter.event);
    }
    const where: Record<string, string> = {};
    if (scopeCompanyId) where.companyId = scopeCompanyId;
    if (filter.event) where.event = filter.event;
    if (filter.status) where.deliveryStatus = filter.status;
    const [data, total] = await this.db.getRepository(WebhookEvent).findAndCount({
      where,
      // sequence is the insertion order (events of one transaction share created_at).
      order: { sequence: "DESC" },
      take: limit,
      skip: offset,
    });
    await this.attachAttempts(data);
    return { data, total, limit, offset };
  }

  private async attachAttempts(events: WebhookEvent[]): Promise<void> {
    if (events.length === 0) return;
    const attempts = await this.db
      .getRepository(WebhookAttempt)
      .createQueryBuilder("a")
      .where("a.event_id IN (:...ids)", { ids: events.map((event) => event.id) })
      .orderBy("a.attempt_number", "ASC")
      .getMany();
    for (const event of events) {
      event.attempts = attempts.filter((attempt) => attempt.eventId === event.id);
      for (const attempt of event.attempts) Object.assign(attempt, { event: event.event, requestBody: event.body });
    }
  }

  /**
   * Sends an event again as a new attempt. A delivery still retrying is retried now, its
   * schedule kept; a delivered, failed or NO_URL one gets one more attempt.
   */
  async redeliver(scopeCompanyId: string | null, eventId: string): Promise<WebhookEvent> {
    await this.db.transaction(async (em) => {
      const event = await em
        .getRepository(WebhookEvent)
        .findOne({ where: { id: eventId }, lock: { mode: "pessimistic_write" } });
      if (!event || (scopeCompanyId !== null && event.companyId !== scopeCompanyId)) throw webhookEventNotFound();
      const company = await em.getRepository(Company).findOneBy({ id: event.companyId });
      if (!company?.webhookUrl) throw noWebhookUrl();
      const retrying = event.deliveryStatus === WebhookDeliveryStatus.PENDING;
      await em.query(
        `UPDATE webhook_events SET delivery_status = 'PENDING', next_attempt_at = now(), manual_attempt = $2
          WHERE id = $1`,
        [eventId, !retrying],
      );
      await enqueueJob(em, DELIVER_WEBHOOK_JOB, { eventId }, { jobKey: webhookJobKey(eventId) });
    });
    return this.getDelivery(scopeCompanyId, eventId);
  }
}
