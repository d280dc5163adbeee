import type { DataSource, EntityManager } from "typeorm";
import { type AuditContext, appendAudit } from "../audit";
import { AppError, notFound, validationError } from "../core/errors";
import { newWebhookEndpointId } from "../core/ids";
import { queryRows, type SqlRunner } from "../core/sql";
import { runTransaction } from "../core/transactions";
import {
  type FailingWebhookEndpoint,
  type WebhookEndpoint,
  type WebhookEndpointDisabledReason,
  WebhookEndpointStatus,
  type WebhookEndpointWithSecret,
} from "./webhook-endpoint.entity";
import { WEBHOOK_EVENT_NAMES, type WebhookEventName } from "./webhook-event-names";
import { NOTIFY_WEBHOOK_DUE_SQL } from "./webhook-queue";
import {
  newWebhookSecret,
  openEndpointSecret,
  openWebhookSecret,
  sealEndpointSecret,
  webhookSecretHint,
} from "./webhook-secrets";
import { assertWebhookUrl } from "./webhook-url";
import type { WebhooksService } from "./webhooks.service";

/** CONTRACT §15: the most endpoints an account may have (its own URL of §4 counted when set). */
export const WEBHOOK_ENDPOINTS_MAX = 10;

export const webhookEndpointNotFound = () => notFound("Webhook endpoint");

export interface EndpointChanges {
  url?: string | null;
  events?: string[] | null;
  status?: WebhookEndpointStatus | null;
}

interface EndpointRow {
  id: string;
  company_id: string;
  account_endpoint: boolean;
  url: string | null;
  webhook_secret: string;
  events: string[];
  status: WebhookEndpointStatus;
  created_at: Date;
  disabled_reason: WebhookEndpointDisabledReason | null;
  disabled_at: Date | null;
  consecutive_failures: number;
  failing_since: Date | null;
}

/**
 * Every endpoint of an account not deleted, the account's own (§4) when it has a URL. The
 * account endpoint's URL and secret are the company's: §4's operations keep changing them.
 */
const ENDPOINTS_SQL = `
  SELECT w.id, w.company_id, w.account_endpoint, w.events, w.status, w.created_at, w.disabled_reason, w.disabled_at,
         w.consecutive_failures, w.failing_since,
         CASE WHEN w.account_endpoint THEN c.webhook_url ELSE w.url END AS url,
         CASE WHEN w.account_endpoint THEN c.webhook_secret ELSE w.webhook_secret END AS webhook_secret
    FROM webhook_endpoints w JOIN companies c ON c.id = w.company_id
   WHERE w.deleted_at IS NULL AND (NOT w.account_endpoint OR c.webhook_url IS NOT NULL)`;

const STATUSES = new Set<string>(Object.values(WebhookEndpointStatus));

/**
 * Enabled again: failing no more, and what was HELD while it was disabled for failing is
 * due now, oldest first (each due a microsecond after the one before it, the claim's order).
 */
async function enableEndpoint(em: EntityManager, id: string): Promise<void> {
  await em.query(
    `UPDATE webhook_endpoints
        SET status = 'ENABLED', disabled_reason = NULL, disabled_at = NULL, consecutive_failures = 0, failing_since = NULL
      WHERE id = $1`,
    [id],
  );
  await em.query(
    `WITH held AS (
       SELECT id, row_number() OVER (ORDER BY sequence) AS place FROM webhook_events
        WHERE endpoint_id = $1 AND delivery_status = 'HELD'
     ), released AS (
       UPDATE webhook_events e SET delivery_status = 'PENDING', next_attempt_at = now() + h.place * interval '1 microsecond'
         FROM held h WHERE e.id = h.id AND e.endpoint_id = $1
       RETURNING 1
     )
     SELECT CASE WHEN count(*) > 0 THEN ${NOTIFY_WEBHOOK_DUE_SQL} END FROM released`,
    [id],
  );
}

/** `["*"]`, or a list of known event names (each once, in the order given). */
export function checkEndpointEvents(events: readonly string[]): string[] {
  if (!Array.isArray(events) || events.length === 0)
    throw validationError('events must be ["*"] or a non-empty list of event names');
  if (events.includes("*")) {
    if (events.length !== 1) throw validationError('events: "*" (every event) stands alone');
    return ["*"];
  }
  for (const name of events) {
    if (!WEBHOOK_EVENT_NAMES.includes(name as WebhookEventName))
      throw validationError(
        `Unknown webhook event "${String(name).slice(0, 64)}"; expected "*" or some of ${WEBHOOK_EVENT_NAMES.join(", ")}`,
      );
  }
  return [...new Set(events)];
}

/** The account's webhook endpoints (CONTRACT §15); its first one is §4's URL and secret. */
export class WebhookEndpointsService {
  constructor(
    private readonly db: DataSource,
    private readonly allowPrivate: boolean,
    private readonly webhooks: WebhooksService,
  ) {}

  /** Oldest first, the account's own endpoint first. */
  async listEndpoints(companyId: string): Promise<WebhookEndpoint[]> {
    const rows = await queryRows<EndpointRow>(
      this.db,
      `${ENDPOINTS_SQL} AND w.company_id = $1 ORDER BY w.account_endpoint DESC, w.created_at, w.id`,
      [companyId],
    );
    return rows.map((row) => this.endpointOf(this.db, row));
  }

  /** How many endpoints each account has, as listEndpoints counts them; accounts with none are left out. */
  async countEndpoints(companyIds: readonly string[]): Promise<Map<string, number>> {
    const rows = await queryRows<{ company_id: string; endpoints: number }>(
      this.db,
      `SELECT w.company_id, count(*)::int AS endpoints FROM (${ENDPOINTS_SQL} AND w.company_id = ANY($1)) w GROUP BY w.company_id`,
      [companyIds],
    );
    return new Map(rows.map((row) => [row.company_id, row.endpoints]));
  }

  /**
   * The account's endpoints DISABLED for failing (CONTRACT §15), for the console's banner on
   * every page: a few columns of at most 10 rows by the account's index, and no secret opened.
   */
  async listFailingEndpoints(companyId: string): Promise<FailingWebhookEndpoint[]> {
    const rows = await queryRows<{ id: string; url: string; disabled_at: Date }>(
      this.db,
      `SELECT w.id, CASE WHEN w.account_endpoint THEN c.webhook_url ELSE w.url END AS url, w.disabled_at
         FROM webhook_endpoints w JOIN companies c ON c.id = w.company_id
        WHERE w.company_id = $1 AND w.deleted_at IS NULL AND w.disabled_reason = 'FAILING'
          AND (NOT w.account_endpoint OR c.webhook_url IS NOT NULL)
        ORDER BY w.account_endpoint DESC, w.created_at, w.id`,
      [companyId],
    );
    return rows.map((row) => ({ id: row.id, url: row.url, disabledAt: new Date(row.disabled_at) }));
  }

  /** Another account's endpoint (or a deleted one) is NOT_FOUND, as one that never was. */
  async getEndpoint(scopeCompanyId: string | null, id: string): Promise<WebhookEndpoint> {
    return this.endpointOf(this.db, await this.readEndpoint(this.db, scopeCompanyId, id, false));
  }

  async createEndpoint(
    companyId: string,
    input: { url: string; events: readonly string[] },
    audit: AuditContext | null = null,
  ): Promise<WebhookEndpointWithSecret> {
    const url = assertWebhookUrl(String(input.url ?? "").trim(), this.allowPrivate, "url");
    const events = checkEndpointEvents(input.events);
    return runTransaction(this.db, async (em) => {
      // One creation at a time per account, so two cannot both take the tenth place.
      const [company] = await queryRows<{ id: string }>(
        em,
        "SELECT id FROM companies WHERE id = $1 FOR NO KEY UPDATE",
        [companyId],
      );
      if (!company) throw notFound("Company");
      const [{ count }] = await queryRows<{ count: number }>(
        em,
        `SELECT count(*)::int AS count FROM (${ENDPOINTS_SQL} AND w.company_id = $1) e`,
        [companyId],
      );
      if (count >= WEBHOOK_ENDPOINTS_MAX)
        throw new AppError(
          "CONFLICT",
          `An account has at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints: delete one to add another`,
        );
      const id = newWebhookEndpointId();
      const secret = newWebhookSecret();
      const [row] = await queryRows<EndpointRow>(
        em,
        `INSERT INTO webhook_endpoints (id, company_id, url, webhook_secret, events)
         VALUES ($1, $2, $3, $4, $5) RETURNING *`,
        [id, companyId, url, sealEndpointSecret(em, id, secret), events],
      );
      const endpoint = { ...this.endpointOf(em, row), secret };
      await appendAudit(em, audit, {
        action: "webhook_endpoint.create",
        objectType: "webhook_endpoint",
        objectId: id,
        companyId,
        after: { url, events, status: endpoint.status, secretHint: endpoint.secretHint },
      });
      return endpoint;
    });
  }

  /** Changes the URL, events or status (null or absent: unchanged). The account endpoint's URL is §4's. */
  async updateEndpoint(
    scopeCompanyId: string | null,
    id: string,
    changes: EndpointChanges,
    audit: AuditContext | null = null,
  ): Promise<WebhookEndpoint> {
    const url = changes.url == null ? null : assertWebhookUrl(changes.url.trim(), this.allowPrivate, "url");
    const events = changes.events == null ? null : checkEndpointEvents(changes.events);
    const status = changes.status ?? null;
    if (status !== null && !STATUSES.has(status)) throw validationError("status must be ENABLED or DISABLED");
    const updated = await runTransaction(this.db, async (em) => {
      const before = await this.readEndpoint(em, scopeCompanyId, id, true);
      if (url !== null && before.account_endpoint) {
        await this.webhooks.writeAccountUrl(em, before.company_id, url, null);
      } else if (url !== null) {
        await em.query("UPDATE webhook_endpoints SET url = $2 WHERE id = $1", [id, url]);
      }
      if (events !== null) await em.query("UPDATE webhook_endpoints SET events = $2 WHERE id = $1", [id, events]);
      if (status === WebhookEndpointStatus.DISABLED && before.status === WebhookEndpointStatus.ENABLED) {
        await em.query(
          `UPDATE webhook_endpoints SET status = 'DISABLED', disabled_reason = 'MERCHANT', disabled_at = now()
            WHERE id = $1`,
          [id],
        );
      } else if (status === WebhookEndpointStatus.ENABLED && before.status === WebhookEndpointStatus.DISABLED) {
        await enableEndpoint(em, id);
      }
      const after = await this.readEndpoint(em, scopeCompanyId, id, false);
      await appendAudit(em, audit, {
        action: "webhook_endpoint.update",
        objectType: "webhook_endpoint",
        objectId: id,
        companyId: before.company_id,
        before: { url: before.url, events: before.events, status: before.status },
        after: { url: after.url, events: after.events, status: after.status },
      });
      return this.endpointOf(em, after);
    });
    return updated;
  }

  /**
   * Deletes an endpoint: it receives nothing more, its deliveries not yet sent are FAILED,
   * its history stays. The account endpoint's deletion removes the account's URL (§4's
   * updateWebhookSettings(null)): its events are kept as NO_URL until one is set.
   */
  async deleteEndpoint(scopeCompanyId: string | null, id: string, audit: AuditContext | null = null) {
    return runTransaction(this.db, async (em) => {
      const before = await this.readEndpoint(em, scopeCompanyId, id, true);
      const endpoint = this.endpointOf(em, before);
      if (before.account_endpoint) {
        await this.webhooks.writeAccountUrl(em, before.company_id, null, null);
        await em.query("UPDATE webhook_endpoints SET events = '{*}' WHERE id = $1", [id]);
        await enableEndpoint(em, id);
      } else {
        await em.query("UPDATE webhook_endpoints SET deleted_at = now() WHERE id = $1", [id]);
        await em.query(
          `UPDATE webhook_events SET delivery_status = 'FAILED', next_attempt_at = NULL, leased_until = NULL
            WHERE endpoint_id = $1 AND delivery_status IN ('PENDING', 'HELD')`,
          [id],
        );
      }
      await appendAudit(em, audit, {
        action: "webhook_endpoint.delete",
        objectType: "webhook_endpoint",
        objectId: id,
        companyId: before.company_id,
        before: { url: before.url, events: before.events, status: before.status },
      });
      return endpoint;
    });
  }

  /** A new secret, shown only in this answer; the endpoint's events created from now on are signed with it. */
  async rotateEndpointSecret(
    scopeCompanyId: string | null,
    id: string,
    audit: AuditContext | null = null,
  ): Promise<WebhookEndpointWithSecret> {
    const found = await this.readEndpoint(this.db, scopeCompanyId, id, false);
    if (found.account_endpoint) {
      const { webhookSecret } = await this.webhooks.rotateSecret(found.company_id, audit);
      return { ...(await this.getEndpoint(scopeCompanyId, id)), secret: webhookSecret };
    }
    const secret = newWebhookSecret();
    return runTransaction(this.db, async (em) => {
      const before = await this.readEndpoint(em, scopeCompanyId, id, true);
      const [row] = await queryRows<EndpointRow>(
        em,
        "UPDATE webhook_endpoints SET webhook_secret = $2 WHERE id = $1 RETURNING *",
        [id, sealEndpointSecret(em, id, secret)],
      );
      const endpoint = { ...this.endpointOf(em, row), secret };
      await appendAudit(em, audit, {
        action: "webhook_endpoint.rotate_secret",
        objectType: "webhook_endpoint",
        objectId: id,
        companyId: before.company_id,
        before: { secretHint: this.hintOrNull(em, before) },
        after: { secretHint: endpoint.secretHint },
      });
      return endpoint;
    });
  }

  private async readEndpoint(
    sql: SqlRunner,
    scopeCompanyId: string | null,
    id: string,
    lock: boolean,
  ): Promise<EndpointRow> {
    const [row] = await queryRows<EndpointRow>(
      sql,
      `${ENDPOINTS_SQL} AND w.id = $1 AND ($2::text IS NULL OR w.company_id = $2)${lock ? " FOR NO KEY UPDATE OF w" : ""}`,
      [id, scopeCompanyId],
    );
    if (!row) throw webhookEndpointNotFound();
    return row;
  }

  private secretOf(db: DataSource | EntityManager, row: EndpointRow): string {
    return row.account_endpoint
      ? openWebhookSecret(db, row.company_id, row.webhook_secret)
      : openEndpointSecret(db, row.id, row.webhook_secret);
  }

  private hintOrNull(db: DataSource | EntityManager, row: EndpointRow): string | null {
    try {
      return webhookSecretHint(this.secretOf(db, row));
    } catch {
      return null;
    }
  }

  private endpointOf(db: DataSource | EntityManager, row: EndpointRow): WebhookEndpoint {
    return {
      id: row.id,
      companyId: row.company_id,
      url: row.url ?? "",
      events: row.events,
      status: row.status,
      accountEndpoint: row.account_endpoint,
      // A secret that does not open signs nothing until rotated: the hint says so.
      secretHint: this.hintOrNull(db, row) ?? "—",
      createdAt: new Date(row.created_at),
      disabledReason: row.disabled_reason,
      disabledAt: row.disabled_at ? new Date(row.disabled_at) : null,
      consecutiveFailures: row.consecutive_failures,
      failingSince: row.failing_since ? new Date(row.failing_since) : null,
    };
  }
}
