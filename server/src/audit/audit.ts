import type { Principal } from "../auth/model";
import type { SqlRunner } from "../core/sql";

export type ActorKind = "OPERATOR" | "MERCHANT" | "ANONYMOUS" | "SYSTEM";

/** Who acts and from where: passed down from the request to the service that writes the row. */
export interface AuditContext {
  actor: string;
  actorKind: ActorKind;
  address: string | null;
  requestId: string | null;
}

/**
 * Who acts in a change, as a service is told: the actor written into history rows, the
 * audit context (null: not audited) and the request's id. An operation's context is one
 * (operation/operation-context.ts).
 */
export interface Acting {
  readonly actor: string;
  readonly audit: AuditContext | null;
  readonly requestId: string | null;
}

/** One audited action. `before` and `after` hold the relevant fields as JSON. */
export interface AuditRecord {
  action: string;
  objectType: string;
  objectId?: string | null;
  companyId?: string | null;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
}

export function auditContextFor(
  principal: Principal | null,
  request: { address: string; id: string } | null | undefined,
): AuditContext {
  return {
    actor: principal?.actor ?? "anonymous",
    actorKind: principal ? (principal.kind === "operator" ? "OPERATOR" : "MERCHANT") : "ANONYMOUS",
    address: request?.address ?? null,
    requestId: request?.id ?? null,
  };
}

/** The audit context of the request's caller (every management action is audited, whoever acts). */
export function requestAudit(ctx: {
  principal: Principal | null;
  request: { address: string; id: string };
}): AuditContext {
  return auditContextFor(ctx.principal, ctx.request);
}

/** bigint (centavos, counters) has no JSON form: written as its decimal text. */
function toJson(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return JSON.stringify(value, (_key, item) => (typeof item === "bigint" ? item.toString() : item));
}

/**
 * Appends one row to the audit log in the caller's transaction, so the row commits or
 * rolls back with the action it records. Without an audit context (the system acting,
 * or a merchant's ordinary operation) nothing is written.
 */
export async function appendAudit(
  runner: SqlRunner,
  audit: AuditContext | null | undefined,
  record: AuditRecord,
): Promise<void> {
  if (!audit) return;
  await runner.query(
    `INSERT INTO audit_log (actor, actor_kind, action, object_type, object_id, company_id, reason, before, after,
                            address, request_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb, $10, $11)`,
    [
      audit.actor,
      audit.actorKind,
      record.action,
      record.objectType,
      record.objectId ?? null,
      record.companyId ?? null,
      record.reason ?? null,
      toJson(record.before),
      toJson(record.after),
      audit.address,
      audit.requestId,
    ],
  );
}
