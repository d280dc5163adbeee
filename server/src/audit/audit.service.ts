import type { DataSource } from "typeorm";
import { lagTolerantRows } from "../core/cancellable-read";
import { validationError } from "../core/errors";
import { queryRows } from "../core/sql";
import { type Actor, describeActors } from "./actor";
import type { AuditEntry, AuditLogPage } from "./audit-entry";

export interface AuditFilter {
  actor?: string | null;
  action?: string | null;
  objectType?: string | null;
  objectId?: string | null;
  companyId?: string | null;
  from?: Date | null;
  to?: Date | null;
  first?: number | null;
  after?: string | null;
}

export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 200;
const TRAIL_MAX = 1000;

interface AuditRow {
  id: string;
  at: Date;
  actor: string;
  actor_kind: string;
  action: string;
  object_type: string;
  object_id: string | null;
  company_id: string | null;
  reason: string | null;
  before: unknown;
  after: unknown;
  address: string | null;
  request_id: string | null;
}

const COLUMNS =
  "id, at, actor, actor_kind, action, object_type, object_id, company_id, reason, before, after, address, request_id";

/**
 * A merchant reads its own people's client addresses only (its users and credentials act
 * as MERCHANT); an operator's, the system's or an anonymous caller's address is withheld.
 */
function entryFor(reader: AuditReader) {
  return (row: AuditRow): AuditEntry => {
    const entry = toEntry(row);
    if (reader !== "merchant") return entry;
    const own = row.actor_kind === "MERCHANT" ? entry : { ...entry, address: null };
    return row.action === "charge.reserve" || row.action === "charge.release" ? withoutHoldReason(own) : own;
  };
}

/** A hold's reason is written for operators ("Suspeita de fraude"): a merchant reads only that it was held. */
function withoutHoldReason(entry: AuditEntry): AuditEntry {
  const strip = (fields: unknown) => {
    if (fields === null || typeof fields !== "object" || !("reservedReason" in fields)) return fields;
    const { reservedReason: _withheld, ...rest } = fields as Record<string, unknown>;
    return rest;
  };
  return {
    ...entry,
    reason: entry.action === "charge.reserve" ? null : entry.reason,
    before: strip(entry.before) as AuditEntry["before"],
    after: strip(entry.after) as AuditEntry["after"],
  };
}

/** Who reads the log: a merchant sees only its own people's client addresses. */
export type AuditReader = "operator" | "merchant";

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: String(row.id),
    at: row.at,
    actor: row.actor,
    actorKind: row.actor_kind,
    action: row.action,
    objectType: row.object_type,
    objectId: row.object_id,
    companyId: row.company_id,
    reason: row.reason,
    before: row.before,
    after: row.after,
    address: row.address,
    requestId: row.request_id,
  };
}

/** The cursor is opaque to callers: the (at, id) of the last row, base64url. */
export function encodeCursor(at: Date, id: string): string {
  return Buffer.from(JSON.stringify([at.toISOString(), id])).toString("base64url");
}

export function decodeCursor(cursor: string): { at: Date; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    const date = new Date(at);
    if (typeof at !== "string" || Number.isNaN(date.getTime()) || typeof id !== "string" || !/^\d{1,19}$/.test(id)) {
      throw new Error("bad cursor");
    }
    return { at: date, id };
  } catch {
    throw validationError("after is not a cursor of this list");
  }
}

/** Reads the audit log: filtered pages for the audit page, and one object's timeline. */
export class AuditService {
  constructor(private readonly db: DataSource) {}

  /** Names for actors (see describeActors): `viewerCompanyId` is the merchant reading, null for operators. */
  describeActors(actors: readonly string[], viewerCompanyId: string | null): Promise<Map<string, Actor>> {
    return describeActors(this.db, actors, viewerCompanyId);
  }

  /**
   * Newest first, keyset-paged on (at, id): each page costs the same however deep it is,
   * and nothing counts the whole log. `scopeCompanyId` confines a merchant to its rows, and
   * a merchant `reader` gets no address but its own people's.
   */
  async list(
    scopeCompanyId: string | null,
    filter: AuditFilter,
    reader: AuditReader = "operator",
  ): Promise<AuditLogPage> {
    const first = filter.first ?? AUDIT_PAGE_DEFAULT;
    if (!Number.isInteger(first) || first < 1 || first > AUDIT_PAGE_MAX) {
      throw validationError(`first must be an integer from 1 to ${AUDIT_PAGE_MAX}`);
    }
    const conditions: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      conditions.push(sql.replace("?", `$${params.length}`));
    };
    if (scopeCompanyId !== null) add("company_id = ?", scopeCompanyId);
    if (filter.companyId) add("company_id = ?", filter.companyId);
    if (filter.actor) add("actor = ?", filter.actor);
    if (filter.action) add("action = ?", filter.action);
    if (filter.objectType) add("object_type = ?", filter.objectType);
    if (filter.objectId) add("object_id = ?", filter.objectId);
    if (filter.from) add("at >= ?", filter.from);
    if (filter.to) add("at < ?", filter.to);
    if (filter.after) {
      const cursor = decodeCursor(filter.after);
      params.push(cursor.at, cursor.id);
      conditions.push(`(at, id) < ($${params.length - 1}, $${params.length})`);
    }
    params.push(first + 1);
    const rows = await lagTolerantRows<AuditRow>(
      this.db,
      `SELECT ${COLUMNS} FROM audit_log
        ${conditions.length > 0 ? `WHERE ${conditions.join(" AND ")}` : ""}
        ORDER BY at DESC, id DESC LIMIT $${params.length}`,
      params,
    );
    const data = rows.slice(0, first).map(entryFor(reader));
    const last = data.at(-1);
    return {
      data,
      pageInfo: {
        endCursor: last ? encodeCursor(last.at, last.id) : null,
        hasNextPage: rows.length > first,
      },
    };
  }

  /** One object's timeline, oldest first. */
  async trail(
    scopeCompanyId: string | null,
    objectType: string,
    objectId: string,
    reader: AuditReader = "operator",
  ): Promise<AuditEntry[]> {
    const rows = await queryRows<AuditRow>(
      this.db,
      `SELECT ${COLUMNS} FROM audit_log
        WHERE object_type = $1 AND object_id = $2 AND ($3::text IS NULL OR company_id = $3)
        ORDER BY at, id LIMIT ${TRAIL_MAX}`,
      [objectType, objectId, scopeCompanyId],
    );
    return rows.map(entryFor(reader));
  }
}
