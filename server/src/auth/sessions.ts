import { randomBytes } from "node:crypto";
import { newSessionId } from "../core/ids";
import { hashSecret } from "../core/secrets";
import { execute, queryRows, type SqlRunner } from "../core/sql";
import type { MerchantRole, OperatorRole, Principal } from "./principal";

export interface SessionSettings {
  idleMinutes: number;
  maxHours: number;
  /** Sessions a user may hold at once: a new one ends the oldest beyond it. */
  maxPerUser: number;
}

/** last_seen_at moves at most this often: no write per request. */
const TOUCH_AFTER_SECONDS = 60;

/**
 * The SQL condition that session `s` of user `u` (console_sessions s JOIN console_users u) is
 * live: before its absolute expiry, used within the idle minutes (the query's parameter
 * `idleMinutes`, e.g. "$2"), its user not disabled. One definition for the sign-in's
 * lookup, the sessions list and the live streams' checks (live/live-hub.ts).
 */
export function liveSessionSql(idleMinutes: `$${number}`): string {
  return `(s.expires_at > now() AND s.last_seen_at > now() - make_interval(mins => ${idleMinutes}) AND NOT u.disabled)`;
}

/**
 * A new session for the user: 32 random bytes to the browser, only their SHA-256 kept; its
 * public id (`ses_…`) names it in the user's sessions list. The user's sessions beyond
 * `maxPerUser` end, oldest first; their row is locked first, so concurrent sign-ins of one
 * user count each other. Answers the token and how many sessions ended.
 */
export async function createSession(
  runner: SqlRunner,
  userId: string,
  settings: SessionSettings,
  client: { address: string | null; userAgent: string | null },
): Promise<{ token: string; ended: number }> {
  const token = randomBytes(32).toString("base64url");
  await runner.query("SELECT 1 FROM console_users WHERE id = $1 FOR UPDATE", [userId]);
  await runner.query(
    `INSERT INTO console_sessions (id_hash, id, user_id, expires_at, address, user_agent)
     VALUES ($1, $2, $3, now() + make_interval(hours => $4), $5, $6)`,
    [
      hashSecret(token),
      newSessionId(),
      userId,
      settings.maxHours,
      client.address,
      client.userAgent?.slice(0, 500) ?? null,
    ],
  );
  const ended = await execute(
    runner,
    `DELETE FROM console_sessions WHERE id_hash IN (
       SELECT id_hash FROM console_sessions WHERE user_id = $1
        ORDER BY created_at DESC, id_hash OFFSET $2)`,
    [userId, settings.maxPerUser],
  );
  return { token, ended };
}

/** One of a user's live sessions, as their sessions list shows it. */
export interface SessionInfo {
  id: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  address: string | null;
  userAgent: string | null;
  current: boolean;
}

/** The user's live sessions, the one presented (`currentToken`) marked, most recently used first. */
export async function listUserSessions(
  runner: SqlRunner,
  userId: string,
  currentToken: string | null,
  settings: SessionSettings,
): Promise<SessionInfo[]> {
  const rows = await queryRows<{
    id: string;
    created_at: Date;
    last_seen_at: Date;
    expires_at: Date;
    address: string | null;
    user_agent: string | null;
    current: boolean;
  }>(
    runner,
    `SELECT s.id, s.created_at, s.last_seen_at, s.expires_at, s.address, s.user_agent, s.id_hash = $2 AS current
       FROM console_sessions s JOIN console_users u ON u.id = s.user_id
      WHERE s.user_id = $1 AND ${liveSessionSql("$3")}
      ORDER BY s.id_hash = $2 DESC, s.last_seen_at DESC, s.id`,
    [userId, currentToken === null ? null : hashSecret(currentToken), settings.idleMinutes],
  );
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
    address: row.address,
    userAgent: row.user_agent,
    current: row.current === true,
  }));
}

/** Ends one of the user's sessions by its public id; whether it was the one presented, or null when the user has none by that id. */
export async function deleteUserSession(
  runner: SqlRunner,
  userId: string,
  sessionId: string,
  currentToken: string | null,
): Promise<{ current: boolean } | null> {
  const rows = await queryRows<{ current: boolean }>(
    runner,
    "DELETE FROM console_sessions WHERE user_id = $1 AND id = $2 RETURNING id_hash = $3 AS current",
    [userId, sessionId, currentToken === null ? null : hashSecret(currentToken)],
  );
  return rows.length === 0 ? null : { current: rows[0].current === true };
}

export async function deleteSession(runner: SqlRunner, token: string): Promise<number> {
  return execute(runner, "DELETE FROM console_sessions WHERE id_hash = $1", [hashSecret(token)]);
}

/** Signs the user out everywhere, but for the session given (kept after a password change). */
export async function deleteUserSessions(runner: SqlRunner, userId: string, keepToken: string | null = null) {
  return execute(runner, "DELETE FROM console_sessions WHERE user_id = $1 AND id_hash IS DISTINCT FROM $2", [
    userId,
    keepToken === null ? null : hashSecret(keepToken),
  ]);
}

interface SessionRow {
  user_id: string;
  kind: "OPERATOR" | "MERCHANT";
  role: string;
  company_id: string | null;
  live: boolean;
  stale: boolean;
}

export function principalOfUser(user: { id: string; kind: string; role: string; companyId: string | null }): Principal {
  if (user.kind === "OPERATOR") {
    return { kind: "operator", role: user.role as OperatorRole, userId: user.id, actor: `operator:${user.id}` };
  }
  return {
    kind: "merchant",
    companyId: user.companyId as string,
    role: user.role as MerchantRole,
    credentialId: null,
    userId: user.id,
    actor: `merchant:${user.id}`,
  };
}

/**
 * The principal of a live session (not idle too long, not past its absolute expiry, its
 * user not disabled), or null. A dead session presented is deleted; a live one has its
 * last_seen_at moved when it is over a minute old.
 */
export async function lookupSession(
  runner: SqlRunner,
  token: string,
  settings: SessionSettings,
): Promise<Principal | null> {
  if (token.length > 100) return null;
  const idHash = hashSecret(token);
  const rows = await queryRows<SessionRow>(
    runner,
    `SELECT s.user_id, u.kind, u.role, u.company_id,
            ${liveSessionSql("$2")} AS live,
            s.last_seen_at < now() - make_interval(secs => $3) AS stale
       FROM console_sessions s JOIN console_users u ON u.id = s.user_id
      WHERE s.id_hash = $1`,
    [idHash, settings.idleMinutes, TOUCH_AFTER_SECONDS],
  );
  if (rows.length === 0) return null;
  const row = rows[0];
  if (!row.live) {
    await runner.query("DELETE FROM console_sessions WHERE id_hash = $1", [idHash]);
    return null;
  }
  if (row.stale) {
    await runner.query(
      `UPDATE console_sessions SET last_seen_at = now()
        WHERE id_hash = $1 AND last_seen_at < now() - make_interval(secs => $2)`,
      [idHash, TOUCH_AFTER_SECONDS],
    );
  }
  return principalOfUser({ id: row.user_id, kind: row.kind, role: row.role, companyId: row.company_id });
}
