import type { DataSource, EntityManager } from "typeorm";
import type { Clock } from "../core/clock";
import { queryRows } from "../core/sql";
import { runTransaction } from "../core/transactions";
import { portugueseFirst, queueMail } from "../mail";

/** CONTRACT §15: the admins hear of a failing endpoint at this failure in a row. */
export const FAILURES_BEFORE_WARNING = 5;

/** The e-mail's name for both messages (CONTRACT §15). */
export const ENDPOINT_DISABLED_MAIL = "webhook_endpoint.disabled";

interface FailingEndpoint {
  id: string;
  company_id: string;
  company_name: string;
  url: string | null;
  consecutive_failures: number;
  failing_since: Date | null;
}

/**
 * An attempt to an endpoint failed: one more failure in a row, counted from the first of the
 * streak (a delivered attempt resets both, in the dispatcher's outcome statement). At the 5th
 * in a row the account's admins get a warning; once every attempt failed for
 * WEBHOOK_DISABLE_AFTER_H the endpoint is DISABLED (reason FAILING), its deliveries not yet
 * sent are HELD and the admins told, in one transaction. Times are the shared clock's.
 */
export async function recordEndpointFailure(
  db: DataSource,
  clock: Clock,
  disableAfterMs: number,
  endpointId: string,
  reason: string | null,
): Promise<void> {
  const now = clock.now();
  await runTransaction(db, async (em) => {
    const [endpoint] = await queryRows<FailingEndpoint>(
      em,
      `UPDATE webhook_endpoints w
          SET consecutive_failures = w.consecutive_failures + 1, failing_since = coalesce(w.failing_since, $2)
         FROM companies c
        WHERE w.id = $1 AND c.id = w.company_id AND w.status = 'ENABLED' AND w.deleted_at IS NULL
       RETURNING w.id, w.company_id, c.name AS company_name, w.consecutive_failures, w.failing_since,
                 CASE WHEN w.account_endpoint THEN c.webhook_url ELSE w.url END AS url`,
      [endpointId, now],
    );
    if (!endpoint) return;
    const since = new Date(endpoint.failing_since ?? now);
    const disable = now.getTime() - since.getTime() >= disableAfterMs;
    if (disable) {
      await em.query(
        `UPDATE webhook_endpoints SET status = 'DISABLED', disabled_reason = 'FAILING', disabled_at = $2 WHERE id = $1`,
        [endpointId, now],
      );
      // Kept, not sent, until the endpoint is enabled again (then oldest first).
      await em.query(
        `UPDATE webhook_events SET delivery_status = 'HELD', next_attempt_at = NULL, leased_until = NULL
          WHERE endpoint_id = $1 AND delivery_status = 'PENDING'`,
        [endpointId],
      );
    }
    if (disable || endpoint.consecutive_failures === FAILURES_BEFORE_WARNING) {
      await queueMail(em, await endpointMail(em, endpoint, since, reason, disable));
    }
  });
}

async function endpointMail(
  em: EntityManager,
  endpoint: FailingEndpoint,
  since: Date,
  reason: string | null,
  disabled: boolean,
) {
  const admins = await queryRows<{ email: string }>(
    em,
    `SELECT email FROM console_users
      WHERE kind = 'MERCHANT' AND company_id = $1 AND role = 'ADMIN' AND NOT disabled ORDER BY email`,
    [endpoint.company_id],
  );
  const url = endpoint.url ?? "?";
  const why = (reason ?? "?").slice(0, 300);
  const failures = endpoint.consecutive_failures;
  const sinceText = since.toISOString();
  return portugueseFirst(
    admins.map((admin) => admin.email),
    disabled
      ? {
          subject: `[${ENDPOINT_DISABLED_MAIL}] Endpoint de webhook desativado: ${url}`,
          text: `O endpoint ${endpoint.id} (${url}) da conta ${endpoint.company_name} foi desativado: todas as entregas falharam desde ${sinceText} (${failures} falhas seguidas).
Motivo da última falha: ${why}
Os eventos ficam guardados e são reenviados, do mais antigo ao mais recente, quando o endpoint for reativado no painel.`,
        }
      : {
          subject: `[${ENDPOINT_DISABLED_MAIL}] Endpoint de webhook falhando: ${url}`,
          text: `O endpoint ${endpoint.id} (${url}) da conta ${endpoint.company_name} falhou ${failures} vezes seguidas, desde ${sinceText}.
Motivo da última falha: ${why}
Se continuar falhando, ele será desativado e os eventos ficarão guardados até ser reativado.`,
        },
    {
      text: disabled
        ? `Webhook endpoint ${endpoint.id} (${url}) of ${endpoint.company_name} was disabled: every delivery failed since ${sinceText} (${failures} failures in a row).
Last failure: ${why}
Its events are kept and sent again, oldest first, when it is enabled again in the panel.`
        : `Webhook endpoint ${endpoint.id} (${url}) of ${endpoint.company_name} failed ${failures} times in a row, since ${sinceText}.
Last failure: ${why}
If it keeps failing it will be disabled, its events kept until it is enabled again.`,
    },
  );
}
