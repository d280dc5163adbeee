import { randomBytes } from "node:crypto";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import type { DataSource, EntityManager } from "typeorm";
import { type AuditContext, appendAudit } from "../audit";
import { deleteUserSessions, type Principal } from "../auth/model";
import { AppError, forbidden, invalidState, notFound, RateLimitedError, validationError } from "../core/errors";
import { storeKey } from "../core/rate-limits";
import { secretBoxOf } from "../core/secret-box";
import { hashSecret } from "../core/secrets";
import { queryRows, type SqlRunner } from "../core/sql";
import { runTransaction } from "../core/transactions";
import { portugueseFirst, queueMail } from "../mail";
import { looksLikeTotpCode, newRecoveryCode, newTotpSecret, otpauthUri, recoveryCodeHash, totpStepOf } from "./totp";

/** A step-up (a code given in this session) lets money and operators be managed this long. */
export const STEP_UP_MINUTES = 10;
export const TRUSTED_BROWSER_DAYS = 30;
/** Between a right password and its code (or the enrolment at first sign-in). */
export const CHALLENGE_MINUTES = 10;
export const RECOVERY_CODE_COUNT = 10;
/** Codes one user may try in CODE_WINDOW_SECONDS, right or wrong (a right one gives them back). */
export const CODE_ATTEMPTS = 5;
const CODE_WINDOW_SECONDS = 300;
/**
 * Consecutive wrong codes that lock a factor (NIST SP 800-63B 5.2.2): its TOTP codes are no
 * longer checked until a recovery code (or an admin's reset) gives it back.
 */
export const TWO_FACTOR_LOCK_AFTER = 10;
/** Wrong codes from one address, whoever they are for, in ADDRESS_WINDOW_SECONDS; then RATE_LIMITED. */
export const CODE_FAILURES_PER_ADDRESS = 20;
const ADDRESS_WINDOW_SECONDS = 900;
/** The audit action of a guessing alert (operators filter the audit log by it, beside alert.sign_in_spray). */
export const TWO_FACTOR_GUESSING_ACTION = "alert.two_factor_guessing";
/** The machine-readable why of a locked factor's refusal (INVALID_STATE). */
export const TWO_FACTOR_LOCKED = "TWO_FACTOR_LOCKED";

/** How a sign-in stands after a right password. */
export type SignInStep = "DONE" | "SECOND_FACTOR" | "ENROL_SECOND_FACTOR";
/** How a second factor was given, as the audit log records it. */
export type FactorMethod = "TOTP" | "RECOVERY_CODE" | "TRUSTED_BROWSER";

export interface FactorClient {
  address: string | null;
  userAgent: string | null;
  requestId: string | null;
}

interface UserRef {
  id: string;
  kind: string;
  companyId: string | null;
}

export interface TwoFactorSettings {
  requireOperator2fa: boolean;
  /** The issuer an authenticator app shows beside the account. */
  issuer: string;
  /** PUBLIC_BASE_URL: the console the lockout e-mail points to. */
  consoleUrl: string;
}

export interface TwoFactorStatusView {
  enrolled: boolean;
  required: boolean;
  enrolledAt: Date | null;
  recoveryCodesLeft: number;
  trustedBrowsers: number;
  stepUpValidUntil: Date | null;
}

/** The amount of a stored money decision waiting for an operator, by its table. */
const STORED_AMOUNT_SQL = {
  withdrawals: "SELECT amount_cents FROM withdrawals WHERE id = $1",
  adjustments: "SELECT amount_cents FROM adjustments WHERE id = $1",
  refund_requests: "SELECT amount_cents FROM refund_requests WHERE id = $1",
  // What accepting a MED dispute returns: the amount held for it.
  disputes: "SELECT held_amount_cents AS amount_cents FROM disputes WHERE id = $1",
} as const;

/** Binds a sealed TOTP secret to its user: copied to another row it does not open. */
const sealContext = (userId: string) => `console_user_factors.secret_sealed:${userId}`;

const wrongCode = () => validationError("Wrong or expired code");
const codeReused = () => validationError("This code was already used; wait for the next one");
export const stepUpRequired = () =>
  new AppError(
    "STEP_UP_REQUIRED",
    `Confirm it is you: give a code from your authenticator app (verifyStepUp); it counts for ${STEP_UP_MINUTES} minutes`,
  );
export const twoFactorLocked = () =>
  new AppError(
    "INVALID_STATE",
    `The second factor is locked after ${TWO_FACTOR_LOCK_AFTER} wrong codes in a row: give a recovery code, or ask an admin to reset it`,
    TWO_FACTOR_LOCKED,
  );
const challengeGone = () => new AppError("UNAUTHENTICATED", "The sign-in expired; sign in again");

/**
 * The second factor of console users: TOTP (RFC 6238, two-factor/totp.ts) with its secret
 * sealed at rest (core/secret-box.ts), ten single-use recovery codes (only hashes kept),
 * browsers trusted for 30 days, the challenge between a right password and its code, and
 * step-up (a code given in the last 10 minutes of a session) before money above the
 * second-operator threshold moves and before operators are managed.
 *
 * Every code check spends one of the user's attempts first (PostgreSQL-backed, shared by
 * every process), so parallel guesses cannot pass the count; a TOTP code is accepted once:
 * its time step is recorded, and a step not after the last one used is refused.
 */
export class TwoFactorService {
  private readonly attempts: RateLimiterPostgres;
  private readonly addressFailures: RateLimiterPostgres;

  constructor(
    private readonly db: DataSource,
    private readonly settings: TwoFactorSettings,
  ) {
    this.attempts = new RateLimiterPostgres({
      storeClient: db,
      storeType: "typeorm",
      tableName: "sign_in_rate_limits",
      tableCreated: true,
      keyPrefix: "second_factor_user",
      points: CODE_ATTEMPTS,
      duration: CODE_WINDOW_SECONDS,
    });
    this.addressFailures = new RateLimiterPostgres({
      storeClient: db,
      storeType: "typeorm",
      tableName: "sign_in_rate_limits",
      tableCreated: true,
      keyPrefix: "second_factor_address",
      points: CODE_FAILURES_PER_ADDRESS,
      duration: ADDRESS_WINDOW_SECONDS,
    });
  }

  /** Operators when REQUIRE_OPERATOR_2FA is on; merchant users when their company asks for it. */
  async requiredFor(runner: SqlRunner, user: UserRef): Promise<boolean> {
    if (user.kind === "OPERATOR") return this.settings.requireOperator2fa;
    if (!user.companyId) return false;
    const rows = await queryRows<{ require_two_factor: boolean }>(
      runner,
      "SELECT require_two_factor FROM companies WHERE id = $1",
      [user.companyId],
    );
    return rows[0]?.require_two_factor ?? false;
  }

  async isEnrolled(runner: SqlRunner, userId: string): Promise<boolean> {
    const rows = await queryRows<{ user_id: string }>(
      runner,
      "SELECT user_id FROM console_user_factors WHERE user_id = $1 AND confirmed_at IS NOT NULL",
      [userId],
    );
    return rows.length > 0;
  }

  /**
   * After a right password: nothing more (no factor and none required), a browser this user
   * trusts, or a challenge (its token goes to the browser in a cookie) for the code or for
   * the enrolment a required factor still lacks.
   */
  async afterPassword(
    user: UserRef,
    trustedBrowserToken: string | null,
  ): Promise<
    { step: "DONE"; method: FactorMethod | null } | { step: Exclude<SignInStep, "DONE">; challengeToken: string }
  > {
    if (await this.isEnrolled(this.db, user.id)) {
      if (trustedBrowserToken && (await this.isTrustedBrowser(user.id, trustedBrowserToken))) {
        return { step: "DONE", method: "TRUSTED_BROWSER" };
      }
      return { step: "SECOND_FACTOR", challengeToken: await this.createChallenge(this.db, user.id, "CODE") };
    }
    if (await this.requiredFor(this.db, user)) {
      return { step: "ENROL_SECOND_FACTOR", challengeToken: await this.createChallenge(this.db, user.id, "ENROL") };
    }
    return { step: "DONE", method: null };
  }

  /** A challenge for the user (a new one replaces theirs); the token is the browser's, its hash is kept. */
  async createChallenge(runner: SqlRunner, userId: string, step: "CODE" | "ENROL"): Promise<string> {
    const token = randomBytes(32).toString("base64url");
    await runner.query("DELETE FROM console_sign_in_challenges WHERE user_id = $1", [userId]);
    await runner.query(
      `INSERT INTO console_sign_in_challenges (id_hash, user_id, step, expires_at)
       VALUES ($1, $2, $3, now() + make_interval(mins => $4))`,
      [hashSecret(token), userId, step, CHALLENGE_MINUTES],
    );
    return token;
  }

  /** The user of a live challenge of that step; UNAUTHENTICATED when it is unknown or expired. */
  async challengeUser(token: string | null, step: "CODE" | "ENROL"): Promise<string> {
    if (!token || token.length > 100) throw challengeGone();
    const rows = await queryRows<{ user_id: string }>(
      this.db,
      `SELECT c.user_id FROM console_sign_in_challenges c JOIN console_users u ON u.id = c.user_id
        WHERE c.id_hash = $1 AND c.step = $2 AND c.expires_at > now() AND NOT u.disabled`,
      [hashSecret(token), step],
    );
    if (rows.length === 0) throw challengeGone();
    return rows[0].user_id;
  }

  /** The sign-in's code (TOTP or a recovery code): the challenge is spent once it is right. */
  async completeChallenge(token: string | null, code: string, client: FactorClient): Promise<FactorMethod> {
    const userId = await this.challengeUser(token, "CODE");
    const method = await this.checkCode(userId, code, "sign_in", client);
    await this.db.query("DELETE FROM console_sign_in_challenges WHERE id_hash = $1", [hashSecret(token as string)]);
    return method;
  }

  async deleteChallenge(runner: SqlRunner, token: string): Promise<void> {
    await runner.query("DELETE FROM console_sign_in_challenges WHERE id_hash = $1", [hashSecret(token)]);
  }

  /**
   * A new secret for the user, waiting for its first right code. Starting again replaces a
   * waiting secret; a confirmed factor must be turned off or reset first (CONFLICT).
   */
  async startEnrolment(userId: string): Promise<{ secret: string; otpauthUri: string }> {
    const users = await queryRows<{ email: string }>(this.db, "SELECT email FROM console_users WHERE id = $1", [
      userId,
    ]);
    if (users.length === 0) throw notFound("Console user");
    const secret = newTotpSecret();
    const sealed = secretBoxOf(this.db).seal(secret, sealContext(userId));
    const saved = await queryRows<{ user_id: string }>(
      this.db,
      `INSERT INTO console_user_factors (user_id, secret_sealed) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET secret_sealed = EXCLUDED.secret_sealed, last_used_step = 0, created_at = now()
        WHERE console_user_factors.confirmed_at IS NULL
       RETURNING user_id`,
      [userId, sealed],
    );
    if (saved.length === 0) throw new AppError("CONFLICT", "A second factor is already enrolled");
    return { secret, otpauthUri: otpauthUri(secret, this.settings.issuer, users[0].email) };
  }

  /**
   * The first right code of the waiting secret confirms it; answers the ten recovery codes
   * (shown this once). `inTransaction` runs in the confirmation's transaction (e.g. the
   * session opened at a first sign-in).
   */
  async confirmEnrolment(
    userId: string,
    code: string,
    audit: AuditContext,
    client: FactorClient,
    inTransaction?: (em: EntityManager) => Promise<void>,
  ): Promise<string[]> {
    await this.spendAttempt(userId);
    const waiting = await this.factorRow(this.db, userId);
    if (!waiting || waiting.confirmed_at !== null) throw invalidState("Start the enrolment first");
    const step = this.stepOf(userId, waiting.secret_sealed, String(code ?? "").trim());
    if (step === null) {
      await this.recordFailure(userId, "enrol", client);
      throw wrongCode();
    }
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await runTransaction(this.db, async (em) => {
      // The same secret still waiting: a second confirmation, or a new start meanwhile, loses.
      const confirmed = await queryRows<{ user_id: string }>(
        em,
        `UPDATE console_user_factors SET confirmed_at = now(), last_used_step = $3
          WHERE user_id = $1 AND secret_sealed = $2 AND confirmed_at IS NULL RETURNING user_id`,
        [userId, waiting.secret_sealed, step],
      );
      if (confirmed.length === 0) throw invalidState("Start the enrolment first");
      await this.replaceRecoveryCodes(em, userId, codes);
      await appendAudit(em, audit, {
        action: "two_factor.enrol",
        objectType: "console_user",
        objectId: userId,
        companyId: await this.companyOf(em, userId),
        after: { method: "TOTP", recoveryCodes: RECOVERY_CODE_COUNT },
      });
      if (inTransaction) await inTransaction(em);
    });
    await this.attempts.delete(userId);
    return codes;
  }

  /**
   * Checks a code of the user's confirmed factor: a TOTP code not used before, or an unused
   * recovery code (used up now). A wrong one is audited and answers VALIDATION_ERROR.
   *
   * Bounded, not only slowed: each code first reserves one of the factor's consecutive
   * failures (a row update, so parallel guesses cannot pass the bound) and a right code gives
   * them all back. The failure that spends the last locks the factor (an alert for operators,
   * an e-mail to the user); a locked factor checks no TOTP code (TWO_FACTOR_LOCKED), only a
   * recovery code, which unlocks it. Wrong codes are also limited per address, whoever they
   * are for (one address trying many users' codes).
   */
  async checkCode(userId: string, rawCode: string, purpose: string, client: FactorClient): Promise<FactorMethod> {
    await this.spendAttempt(userId);
    const address = storeKey(client.address ?? "unknown");
    const fromAddress = await this.spendAddressFailure(address);
    const factor = await this.factorRow(this.db, userId);
    if (!factor || factor.confirmed_at === null) throw invalidState("No second factor is enrolled");
    const code = typeof rawCode === "string" ? rawCode.trim().slice(0, 64) : "";
    const totpForm = looksLikeTotpCode(code);
    const reserved = await queryRows<{ failed_codes: number }>(
      this.db,
      `UPDATE console_user_factors SET failed_codes = failed_codes + 1
        WHERE user_id = $1 AND confirmed_at IS NOT NULL AND failed_codes < $2 RETURNING failed_codes`,
      [userId, TWO_FACTOR_LOCK_AFTER],
    );
    const failures = reserved[0]?.failed_codes ?? null;
    let method: FactorMethod | null = null;
    let reason = "wrong";
    if (failures === null && totpForm) {
      reason = "locked";
    } else if (totpForm) {
      const step = this.stepOf(userId, factor.secret_sealed, code);
      if (step !== null) {
        const accepted = await queryRows<{ user_id: string }>(
          this.db,
          `UPDATE console_user_factors SET last_used_step = $2, failed_codes = 0, locked_at = NULL
            WHERE user_id = $1 AND confirmed_at IS NOT NULL AND last_used_step < $2 RETURNING user_id`,
          [userId, step],
        );
        if (accepted.length > 0) method = "TOTP";
        else reason = "reused";
      }
    } else if (code !== "") {
      const used = await queryRows<{ user_id: string }>(
        this.db,
        `UPDATE console_recovery_codes SET used_at = now()
          WHERE code_hash = $1 AND user_id = $2 AND used_at IS NULL RETURNING user_id`,
        [recoveryCodeHash(code), userId],
      );
      if (used.length > 0) {
        method = "RECOVERY_CODE";
        await this.db.query("UPDATE console_user_factors SET failed_codes = 0, locked_at = NULL WHERE user_id = $1", [
          userId,
        ]);
        await appendAudit(this.db, this.auditOfUser(userId, await this.kindOf(userId), client), {
          action: "two_factor.recovery_code_used",
          objectType: "console_user",
          objectId: userId,
          companyId: await this.companyOf(this.db, userId),
          after: {
            purpose,
            recoveryCodesLeft: await this.recoveryCodesLeft(this.db, userId),
            ...(factor.locked_at ? { unlocked: true } : {}),
          },
        });
      }
    }
    if (!method) {
      if (failures === TWO_FACTOR_LOCK_AFTER) {
        await this.lock(userId, purpose, client);
        throw twoFactorLocked();
      }
      await this.recordFailure(userId, purpose, client, reason);
      if (fromAddress.last) await this.alertAddress(client, fromAddress.failures);
      if (failures === null) throw twoFactorLocked();
      throw reason === "reused" ? codeReused() : wrongCode();
    }
    await this.attempts.delete(userId);
    await this.addressFailures.reward(address, 1);
    return method;
  }

  /** A code given inside a session: the session may manage money and operators for 10 minutes. */
  async stepUp(principal: Principal, sessionToken: string | null, code: string, client: FactorClient): Promise<Date> {
    if (!principal.userId || !sessionToken) throw forbidden("Only console sessions step up");
    await this.checkCode(principal.userId, code, "step_up", client);
    const rows = await queryRows<{ until: Date }>(
      this.db,
      `UPDATE console_sessions SET second_factor_at = now() WHERE id_hash = $1 AND user_id = $2
       RETURNING second_factor_at + make_interval(mins => $3) AS until`,
      [hashSecret(sessionToken), principal.userId, STEP_UP_MINUTES],
    );
    if (rows.length === 0) throw forbidden("Only console sessions step up");
    return rows[0].until;
  }

  /** Records in the session that its user has just given a second factor (a sign-in with a code). */
  async markSessionVerified(runner: SqlRunner, sessionToken: string): Promise<void> {
    await runner.query("UPDATE console_sessions SET second_factor_at = now() WHERE id_hash = $1", [
      hashSecret(sessionToken),
    ]);
  }

  /**
   * Refuses with STEP_UP_REQUIRED unless this session's user gave a code in the last 10
   * minutes. Bearer callers (the operator token, client secrets) have no second factor to
   * give; a user without a factor where none is required has none either. A user whose
   * required factor is missing (a session from before it was required) may not go on.
   */
  async requireStepUp(principal: Principal | null, sessionToken: string | null): Promise<void> {
    if (!principal?.userId) return;
    if (!sessionToken) throw stepUpRequired();
    const rows = await queryRows<{ enrolled: boolean; recent: boolean; kind: string; company_id: string | null }>(
      this.db,
      `SELECT f.confirmed_at IS NOT NULL AS enrolled, u.kind, u.company_id,
              coalesce(s.second_factor_at > now() - make_interval(mins => $3), false) AS recent
         FROM console_sessions s
         JOIN console_users u ON u.id = s.user_id
         LEFT JOIN console_user_factors f ON f.user_id = s.user_id
        WHERE s.id_hash = $1 AND s.user_id = $2`,
      [hashSecret(sessionToken), principal.userId, STEP_UP_MINUTES],
    );
    const row = rows[0];
    if (!row) throw stepUpRequired();
    if (!row.enrolled) {
      if (await this.requiredFor(this.db, { id: principal.userId, kind: row.kind, companyId: row.company_id })) {
        throw forbidden("A second factor is required: sign in again to enrol one");
      }
      return;
    }
    if (!row.recent) throw stepUpRequired();
  }

  /** Step-up when an amount (centavos, either sign) is above the second-operator threshold. */
  async requireStepUpAbove(
    principal: Principal | null,
    sessionToken: string | null,
    amountCents: bigint,
    thresholdCents: bigint | null,
  ): Promise<void> {
    if (thresholdCents === null) return;
    const absolute = amountCents < 0n ? -amountCents : amountCents;
    if (absolute > thresholdCents) await this.requireStepUp(principal, sessionToken);
  }

  /**
   * Step-up before a money decision above the second-operator threshold: the amount of the
   * withdrawal, adjustment or refund request the id names (an unknown id goes on to its own
   * NOT_FOUND).
   */
  async requireStepUpForStored(
    principal: Principal | null,
    sessionToken: string | null,
    table: keyof typeof STORED_AMOUNT_SQL,
    id: string,
    thresholdCents: bigint | null,
  ): Promise<void> {
    if (thresholdCents === null || !principal?.userId) return;
    const rows = await queryRows<{ amount_cents: string }>(this.db, STORED_AMOUNT_SQL[table], [
      String(id).slice(0, 100),
    ]);
    if (rows.length === 0) return;
    await this.requireStepUpAbove(principal, sessionToken, BigInt(rows[0].amount_cents), thresholdCents);
  }

  async status(principal: Principal, sessionToken: string | null): Promise<TwoFactorStatusView> {
    if (!principal.userId) throw forbidden("Only console users have a second factor");
    const userId = principal.userId;
    const users = await queryRows<{ kind: string; company_id: string | null }>(
      this.db,
      "SELECT kind, company_id FROM console_users WHERE id = $1",
      [userId],
    );
    if (users.length === 0) throw notFound("Console user");
    const factor = await this.factorRow(this.db, userId);
    const browsers = await queryRows<{ n: string }>(
      this.db,
      "SELECT count(*) AS n FROM console_trusted_browsers WHERE user_id = $1 AND expires_at > now()",
      [userId],
    );
    const session = sessionToken
      ? await queryRows<{ until: Date | null }>(
          this.db,
          `SELECT CASE WHEN second_factor_at > now() - make_interval(mins => $2)
                       THEN second_factor_at + make_interval(mins => $2) END AS until
             FROM console_sessions WHERE id_hash = $1`,
          [hashSecret(sessionToken), STEP_UP_MINUTES],
        )
      : [];
    return {
      enrolled: factor?.confirmed_at != null,
      required: await this.requiredFor(this.db, { id: userId, kind: users[0].kind, companyId: users[0].company_id }),
      enrolledAt: factor?.confirmed_at ?? null,
      recoveryCodesLeft: await this.recoveryCodesLeft(this.db, userId),
      trustedBrowsers: Number(browsers[0].n),
      stepUpValidUntil: session[0]?.until ?? null,
    };
  }

  /** Ten new recovery codes (the old ones stop working), after a right code. */
  async regenerateRecoveryCodes(principal: Principal, code: string, client: FactorClient): Promise<string[]> {
    if (!principal.userId) throw forbidden("Only console users have a second factor");
    const userId = principal.userId;
    await this.checkCode(userId, code, "recovery_codes", client);
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await runTransaction(this.db, async (em) => {
      await this.replaceRecoveryCodes(em, userId, codes);
      await appendAudit(em, this.auditOfUser(userId, principal.kind === "operator" ? "OPERATOR" : "MERCHANT", client), {
        action: "two_factor.recovery_codes_regenerate",
        objectType: "console_user",
        objectId: userId,
        companyId: principal.kind === "merchant" ? principal.companyId : null,
        after: { recoveryCodes: RECOVERY_CODE_COUNT },
      });
    });
    return codes;
  }

  /** The user turns their own factor off (after a right code); refused while it is required. */
  async disable(principal: Principal, code: string, client: FactorClient): Promise<void> {
    if (!principal.userId) throw forbidden("Only console users have a second factor");
    const userId = principal.userId;
    const user = {
      id: userId,
      kind: principal.kind === "operator" ? "OPERATOR" : "MERCHANT",
      companyId: null as string | null,
    };
    if (principal.kind === "merchant") user.companyId = principal.companyId;
    if (await this.requiredFor(this.db, user)) throw invalidState("A second factor is required for you: it stays on");
    await this.checkCode(userId, code, "disable", client);
    await runTransaction(this.db, async (em) => {
      await this.removeFactor(em, userId);
      await appendAudit(em, this.auditOfUser(userId, user.kind, client), {
        action: "two_factor.disable",
        objectType: "console_user",
        objectId: userId,
        companyId: user.companyId,
      });
    });
  }

  /**
   * An operator ADMIN removes another user's factor (lost phone and codes): their sessions,
   * trusted browsers and recovery codes go too; they enrol again at their next sign-in
   * when a factor is required.
   */
  async reset(userId: string, audit: AuditContext, actorUserId: string | null): Promise<void> {
    if (userId === actorUserId) throw invalidState("Reset another user's second factor, not your own");
    await runTransaction(this.db, async (em) => {
      const users = await queryRows<{ id: string; company_id: string | null }>(
        em,
        "SELECT id, company_id FROM console_users WHERE id = $1 FOR NO KEY UPDATE",
        [userId],
      );
      if (users.length === 0) throw notFound("Console user");
      const removed = await this.removeFactor(em, userId);
      if (!removed) throw invalidState("This user has no second factor");
      const ended = await deleteUserSessions(em, userId);
      await appendAudit(em, audit, {
        action: "two_factor.reset",
        objectType: "console_user",
        objectId: userId,
        companyId: users[0].company_id,
        after: { sessionsEnded: ended },
      });
    });
  }

  /** Remembers this browser for the user for 30 days: the token goes to a cookie, its hash here. */
  async trustBrowser(userId: string, userAgent: string | null): Promise<string> {
    const token = randomBytes(32).toString("base64url");
    await this.db.query("DELETE FROM console_trusted_browsers WHERE user_id = $1 AND expires_at <= now()", [userId]);
    await this.db.query(
      `INSERT INTO console_trusted_browsers (id_hash, user_id, expires_at, user_agent)
       VALUES ($1, $2, now() + make_interval(days => $3), $4)`,
      [hashSecret(token), userId, TRUSTED_BROWSER_DAYS, userAgent?.slice(0, 500) ?? null],
    );
    return token;
  }

  private async isTrustedBrowser(userId: string, token: string): Promise<boolean> {
    if (token.length > 100) return false;
    const rows = await queryRows<{ user_id: string }>(
      this.db,
      "SELECT user_id FROM console_trusted_browsers WHERE id_hash = $1 AND user_id = $2 AND expires_at > now()",
      [hashSecret(token), userId],
    );
    return rows.length > 0;
  }

  /** Every browser the user trusts asks for a code again. */
  async forgetTrustedBrowsers(principal: Principal, client: FactorClient): Promise<number> {
    if (!principal.userId) throw forbidden("Only console users have trusted browsers");
    const userId = principal.userId;
    return runTransaction(this.db, async (em) => {
      const forgotten = await queryRows<{ id_hash: string }>(
        em,
        "DELETE FROM console_trusted_browsers WHERE user_id = $1 RETURNING id_hash",
        [userId],
      );
      await appendAudit(em, this.auditOfUser(userId, principal.kind === "operator" ? "OPERATOR" : "MERCHANT", client), {
        action: "two_factor.forget_browsers",
        objectType: "console_user",
        objectId: userId,
        companyId: principal.kind === "merchant" ? principal.companyId : null,
        after: { browsers: forgotten.length },
      });
      return forgotten.length;
    });
  }

  /**
   * A company's admin (or an operator ADMIN) requires a second factor of the company's users.
   * Turning it on ends the sessions of its users without one: they enrol at their next
   * sign-in. A merchant admin must have one first (else they would lock themselves out).
   */
  async setCompanyRequirement(
    companyId: string,
    required: boolean,
    principal: Principal,
    audit: AuditContext,
  ): Promise<boolean> {
    if (required && principal.kind === "merchant" && principal.userId) {
      if (!(await this.isEnrolled(this.db, principal.userId))) {
        throw invalidState("Turn on your own second factor first");
      }
    }
    return runTransaction(this.db, async (em) => {
      const rows = await queryRows<{ before: boolean }>(
        em,
        `UPDATE companies c SET require_two_factor = $2 FROM (SELECT require_two_factor AS before FROM companies
          WHERE id = $1 FOR NO KEY UPDATE) old WHERE c.id = $1 RETURNING old.before`,
        [companyId, required],
      );
      if (rows.length === 0) throw notFound("Company");
      let sessionsEnded = 0;
      if (required) {
        const ended = await queryRows<{ id_hash: string }>(
          em,
          `DELETE FROM console_sessions s USING console_users u
            WHERE u.id = s.user_id AND u.company_id = $1
              AND NOT EXISTS (SELECT 1 FROM console_user_factors f WHERE f.user_id = u.id AND f.confirmed_at IS NOT NULL)
           RETURNING s.id_hash`,
          [companyId],
        );
        sessionsEnded = ended.length;
      }
      await appendAudit(em, audit, {
        action: "company.require_two_factor",
        objectType: "company",
        objectId: companyId,
        companyId,
        before: { requireTwoFactor: rows[0].before },
        after: { requireTwoFactor: required, sessionsEnded },
      });
      return required;
    });
  }

  async companyRequirement(companyId: string): Promise<boolean> {
    const rows = await queryRows<{ require_two_factor: boolean }>(
      this.db,
      "SELECT require_two_factor FROM companies WHERE id = $1",
      [companyId],
    );
    if (rows.length === 0) throw notFound("Company");
    return rows[0].require_two_factor;
  }

  private async removeFactor(em: EntityManager, userId: string): Promise<boolean> {
    const removed = await queryRows<{ user_id: string }>(
      em,
      "DELETE FROM console_user_factors WHERE user_id = $1 AND confirmed_at IS NOT NULL RETURNING user_id",
      [userId],
    );
    await em.query("DELETE FROM console_user_factors WHERE user_id = $1", [userId]);
    await em.query("DELETE FROM console_recovery_codes WHERE user_id = $1", [userId]);
    await em.query("DELETE FROM console_trusted_browsers WHERE user_id = $1", [userId]);
    await em.query("DELETE FROM console_sign_in_challenges WHERE user_id = $1", [userId]);
    return removed.length > 0;
  }

  private async replaceRecoveryCodes(em: EntityManager, userId: string, codes: string[]): Promise<void> {
    await em.query("DELETE FROM console_recovery_codes WHERE user_id = $1", [userId]);
    await em.query("INSERT INTO console_recovery_codes (code_hash, user_id) SELECT unnest($1::text[]), $2", [
      codes.map(recoveryCodeHash),
      userId,
    ]);
  }

  private async recoveryCodesLeft(runner: SqlRunner, userId: string): Promise<number> {
    const rows = await queryRows<{ n: string }>(
      runner,
      "SELECT count(*) AS n FROM console_recovery_codes WHERE user_id = $1 AND used_at IS NULL",
      [userId],
    );
    return Number(rows[0].n);
  }

  private async factorRow(runner: SqlRunner, userId: string) {
    const rows = await queryRows<{ secret_sealed: string; confirmed_at: Date | null; locked_at: Date | null }>(
      runner,
      "SELECT secret_sealed, confirmed_at, locked_at FROM console_user_factors WHERE user_id = $1",
      [userId],
    );
    return rows[0] ?? null;
  }

  private stepOf(userId: string, sealed: string, code: string): number | null {
    if (!looksLikeTotpCode(code)) return null;
    return totpStepOf(secretBoxOf(this.db).open(sealed, sealContext(userId)), code);
  }

  private async spendAttempt(userId: string): Promise<void> {
    try {
      await this.attempts.consume(userId);
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        throw new RateLimitedError(
          Math.max(1, Math.ceil(error.msBeforeNext / 1000)),
          "Too many codes tried; wait and try again",
        );
      }
      throw error;
    }
  }

  /** Spends one of the address's wrong codes before the check (a right one gives it back); RATE_LIMITED when none is left. */
  private async spendAddressFailure(address: string): Promise<{ failures: number; last: boolean }> {
    try {
      const res = await this.addressFailures.consume(address);
      return { failures: res.consumedPoints, last: res.consumedPoints === CODE_FAILURES_PER_ADDRESS };
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        throw new RateLimitedError(
          Math.max(1, Math.ceil(error.msBeforeNext / 1000)),
          "Too many codes tried from this address; wait and try again",
        );
      }
      throw error;
    }
  }

  /**
   * The failure that spent the factor's last: locked, in one transaction with its audit row,
   * the operators' alert (the addresses of the last failures) and the e-mail to the user.
   */
  private async lock(userId: string, purpose: string, client: FactorClient): Promise<void> {
    const kind = await this.kindOf(userId);
    await runTransaction(this.db, async (em) => {
      const users = await queryRows<{ email: string; name: string | null; company_id: string | null }>(
        em,
        "SELECT email, name, company_id FROM console_users WHERE id = $1",
        [userId],
      );
      await em.query("UPDATE console_user_factors SET locked_at = now() WHERE user_id = $1 AND locked_at IS NULL", [
        userId,
      ]);
      await appendAudit(em, this.auditOfUser(userId, kind, client), {
        action: "two_factor.code_failed",
        objectType: "console_user",
        objectId: userId,
        companyId: users[0]?.company_id ?? null,
        after: { purpose, reason: "wrong", locked: true },
      });
      const recent = await queryRows<{ address: string | null }>(
        em,
        `SELECT address FROM audit_log WHERE object_id = $1 AND action = 'two_factor.code_failed'
          ORDER BY id DESC LIMIT $2`,
        [userId, TWO_FACTOR_LOCK_AFTER],
      );
      const addresses = [...new Set(recent.map((row) => row.address).filter((a): a is string => a !== null))].sort();
      // For operators, as sign-in sprays are (no company: merchant users never read it), by the system.
      await appendAudit(
        em,
        { actor: "system", actorKind: "SYSTEM", address: client.address, requestId: client.requestId },
        {
          action: TWO_FACTOR_GUESSING_ACTION,
          objectType: "console_user",
          objectId: userId,
          after: { target: "USER", failures: TWO_FACTOR_LOCK_AFTER, locked: true, addresses },
        },
      );
      if (users[0]) await queueMail(em, this.lockedMail(users[0].email, users[0].name, addresses));
    });
  }

  private lockedMail(email: string, name: string | null, addresses: string[]) {
    const from = addresses.join(", ") || "?";
    const console = this.settings.consoleUrl;
    return portugueseFirst(
      [email],
      {
        subject: "Seu segundo fator foi bloqueado",
        text: `Olá${name ? `, ${name}` : ""}.

Alguém errou ${TWO_FACTOR_LOCK_AFTER} vezes seguidas o código do aplicativo autenticador da sua conta no Console PIX (${console}), a partir de: ${from}. Para protegê-la, o segundo fator foi bloqueado.

Para entrar de novo, use um dos seus códigos de recuperação, ou peça a um administrador que redefina o seu segundo fator.

Não foi você? Então alguém conhece a sua senha: troque-a assim que entrar.`,
      },
      {
        text: `Hello${name ? ` ${name}` : ""}.

Someone got the authenticator code of your Console PIX account (${console}) wrong ${TWO_FACTOR_LOCK_AFTER} times in a row, from: ${from}. To protect it, the second factor is now locked.

To sign in again, use one of your recovery codes, or ask an administrator to reset your second factor.

Was it not you? Then someone knows your password: change it as soon as you sign in.`,
      },
    );
  }

  /** The wrong code that spent an address's last: one alert per window (the counter is atomic). */
  private async alertAddress(client: FactorClient, failures: number): Promise<void> {
    await appendAudit(
      this.db,
      { actor: "system", actorKind: "SYSTEM", address: client.address, requestId: client.requestId },
      {
        action: TWO_FACTOR_GUESSING_ACTION,
        objectType: "console_user",
        objectId: null,
        after: { target: "ADDRESS", address: client.address, failures, windowMinutes: ADDRESS_WINDOW_SECONDS / 60 },
      },
    );
  }

  private async recordFailure(userId: string, purpose: string, client: FactorClient, reason = "wrong") {
    await appendAudit(this.db, this.auditOfUser(userId, await this.kindOf(userId), client), {
      action: "two_factor.code_failed",
      objectType: "console_user",
      objectId: userId,
      companyId: await this.companyOf(this.db, userId),
      after: { purpose, reason },
    });
  }

  private async kindOf(userId: string): Promise<string> {
    const rows = await queryRows<{ kind: string }>(this.db, "SELECT kind FROM console_users WHERE id = $1", [userId]);
    return rows[0]?.kind ?? "OPERATOR";
  }

  private async companyOf(runner: SqlRunner, userId: string): Promise<string | null> {
    const rows = await queryRows<{ company_id: string | null }>(
      runner,
      "SELECT company_id FROM console_users WHERE id = $1",
      [userId],
    );
    return rows[0]?.company_id ?? null;
  }

  private auditOfUser(userId: string, kind: string, client: FactorClient): AuditContext {
    const operator = kind === "OPERATOR";
    return {
      actor: `${operator ? "operator" : "merchant"}:${userId}`,
      actorKind: operator ? "OPERATOR" : "MERCHANT",
      address: client.address,
      requestId: client.requestId,
    };
  }
}

/** Reseals every TOTP secret not sealed with the current key (start-up, beside the webhook secrets). */
export async function resealTotpSecretsAtStart(db: DataSource): Promise<number> {
  const box = secretBoxOf(db);
  const rows = await queryRows<{ user_id: string; secret_sealed: string }>(
    db,
    "SELECT user_id, secret_sealed FROM console_user_factors WHERE NOT starts_with(secret_sealed, $1)",
    [`v1:${box.currentKeyId}:`],
  );
  let resealed = 0;
  for (const row of rows) {
    let sealed: string;
    try {
      sealed = box.seal(box.open(row.secret_sealed, sealContext(row.user_id)), sealContext(row.user_id));
    } catch {
      // Altered or copied from another row: it opens for nobody; an admin resets that user's factor.
      continue;
    }
    const updated = await queryRows<{ user_id: string }>(
      db,
      "UPDATE console_user_factors SET secret_sealed = $3 WHERE user_id = $1 AND secret_sealed = $2 RETURNING user_id",
      [row.user_id, row.secret_sealed, sealed],
    );
    resealed += updated.length;
  }
  return resealed;
}
