import type { DataSource, EntityManager } from "typeorm";
import { type AuditContext, appendAudit } from "../audit";
import {
  checkNewPassword,
  createSession,
  deleteSession,
  deleteUserSession,
  deleteUserSessions,
  dummyPasswordHash,
  hashPassword,
  listUserSessions,
  type MerchantRole,
  type OperatorRole,
  type Principal,
  principalOfUser,
  type SessionInfo,
  type SessionSettings,
  SIGN_IN_SPRAY_ACTION,
  type SignInLimits,
  type SignInTicket,
  SPRAY_WINDOW_SECONDS,
  verifyPassword,
} from "../auth/model";
import { AppError, forbidden, invalidState, notFound, validationError } from "../core/errors";
import { newConsoleUserId } from "../core/ids";
import { hashSecret, newSecret } from "../core/secrets";
import { queryRows } from "../core/sql";
import { truncateCodePoints } from "../core/text-input";
import { runTransaction } from "../core/transactions";
import type { FactorMethod, SignInStep, TwoFactorService } from "../two-factor";
import {
  ConsoleLocale,
  ConsoleUser,
  type ConsoleUserInvite,
  ConsoleUserKind,
  type InvitePreview,
  SignInStepEnum,
  type Viewer,
} from "./console-user.entity";

export const INVITE_TOKEN_PREFIX = "inv_";
export const INVITE_DAYS = 7;
const MAX_EMAIL_LENGTH = 254;

/** One answer for a wrong password, an unknown e-mail, a disabled user and a pending invite. */
export const signInFailed = () => new AppError("UNAUTHENTICATED", "Wrong e-mail or password");

export function normalizeEmail(raw: string): string {
  const email = typeof raw === "string" ? raw.trim().toLowerCase() : "";
  if (email.length < 3 || email.length > MAX_EMAIL_LENGTH || !/^[^\s@]+@[^\s@]+$/.test(email)) {
    throw validationError("email must be an e-mail address");
  }
  return email;
}

/**
 * The e-mail a sign-in attempt is counted and recorded under: trimmed, lower case, at most
 * 254 code points (a cut never splits a surrogate pair), lone surrogates replaced by U+FFFD
 * (an attempt refused for one is still recorded, in a form PostgreSQL stores).
 */
/**
 * The e-mail a sign-in is counted and recorded under, whatever was sent: lone surrogates and
 * control characters (NUL, which PostgreSQL refuses in text) become U+FFFD, cut by code points.
 */
function signInEmail(raw: unknown): string {
  if (typeof raw !== "string") return "";
  const storable = raw.toWellFormed().replace(/\p{Cc}/gu, "\uFFFD");
  return truncateCodePoints(storable.trim().toLowerCase(), MAX_EMAIL_LENGTH);
}

function checkName(name: string | null | undefined): string | null {
  if (name == null) return null;
  const trimmed = name.trim();
  if (trimmed.length > 100) throw validationError("name must have at most 100 characters");
  return trimmed === "" ? null : trimmed;
}

/** The fields of a user an audit row shows (never a hash). */
function userFields(user: ConsoleUser) {
  return { email: user.email, name: user.name, kind: user.kind, role: user.role, disabled: user.disabled };
}

export interface ClientInfo {
  address: string | null;
  userAgent: string | null;
  requestId: string | null;
}

export interface ConsoleUsersSettings {
  publicBaseUrl: string;
  sessions: SessionSettings;
}

/**
 * A sign-in after its password: a session (DONE), or a challenge for the browser's cookie
 * when a second factor must be given or enrolled first (two-factor/).
 */
export type SignInOutcome =
  | { step: "DONE"; user: ConsoleUser; token: string; principal: Principal }
  | { step: Exclude<SignInStep, "DONE">; user: ConsoleUser; challengeToken: string; principal: Principal };

export interface NewInvite {
  kind: ConsoleUserKind;
  role: OperatorRole | MerchantRole;
  companyId: string | null;
  email: string;
  name?: string | null;
  /**
   * A merchant inviting: an e-mail taken outside its own company answers like a new invite
   * (see inviteInTransaction), so one tenant learns nothing about another's people.
   */
  hideOtherTenants?: boolean;
}

/**
 * Console users: sign-in and sessions, passwords, invites, operators and merchant teams.
 * Every change writes its audit row in its own transaction; a failed sign-in is recorded
 * in a transaction of its own, since the attempt itself changes nothing.
 */
export class ConsoleUsersService {
  constructor(
    private readonly db: DataSource,
    private readonly settings: ConsoleUsersSettings,
    private readonly limits: SignInLimits,
    private readonly twoFactor: TwoFactorService,
  ) {}

  get sessionMaxAgeSeconds(): number {
    return this.settings.sessions.maxHours * 3600;
  }

  /**
   * Checks e-mail and password (after the sign-in rate limits) and opens a new session.
   * A session cookie presented with the sign-in is deleted first: no session fixation.
   * Unknown e-mails are verified against a dummy hash, so they take as long as a wrong password.
   */
  async signIn(
    rawEmail: string,
    password: string,
    presentedToken: string | null,
    client: ClientInfo,
    trustedBrowserToken: string | null = null,
  ): Promise<SignInOutcome> {
    const email = signInEmail(rawEmail);
    const ticket = await this.limits.admit(client.address ?? "unknown", email);
    const user = await findByEmail(this.db.manager, email, false);
    const candidate = typeof password === "string" ? password.slice(0, 1024) : "";
    const passwordOk = user?.passwordHash
      ? await verifyPassword(user.passwordHash, candidate)
      : await verifyPassword(await dummyPasswordHash(), candidate).then(() => false);
    if (!user || !passwordOk || user.disabled) {
      await this.recordFailedSignIn(ticket, user, email, client);
      throw signInFailed();
    }
    await this.limits.recordSuccess(ticket);
    const principal = principalOfUser(user);
    const next = await this.twoFactor.afterPassword(user, trustedBrowserToken);
    if (next.step !== "DONE") return { step: next.step, user, challengeToken: next.challengeToken, principal };
    return { step: "DONE", ...(await this.openSession(user, presentedToken, client, next.method)) };
  }

  /**
   * Opens a session for a user who passed every check (password, and a second factor when
   * they have one): a new id, the presented cookie's session deleted (no fixation), the
   * sign-in audited with how the second factor was given. A code given now counts as the
   * session's step-up. `inTransaction` joins the same transaction (an enrolment).
   */
  async openSession(
    user: ConsoleUser,
    presentedToken: string | null,
    client: ClientInfo,
    secondFactor: FactorMethod | null,
    em?: EntityManager,
  ): Promise<{ user: ConsoleUser; token: string; principal: Principal }> {
    const principal = principalOfUser(user);
    const open = async (em: EntityManager) => {
      if (presentedToken) await deleteSession(em, presentedToken);
      await em.query("DELETE FROM console_sessions WHERE user_id = $1 AND expires_at <= now()", [user.id]);
      const { token, ended } = await createSession(em, user.id, this.settings.sessions, client);
      if (secondFactor === "TOTP" || secondFactor === "RECOVERY_CODE") {
        await this.twoFactor.markSessionVerified(em, token);
      }
      await em.query("UPDATE console_users SET last_sign_in_at = now() WHERE id = $1", [user.id]);
      await appendAudit(em, auditOf(principal, client), {
        action: "session.sign_in",
        objectType: "console_user",
        objectId: user.id,
        companyId: user.companyId,
        // The oldest sessions beyond SESSION_MAX_PER_USER, ended by this one.
        after:
          secondFactor || ended > 0
            ? { ...(secondFactor ? { secondFactor } : {}), ...(ended > 0 ? { oldestSessionsEnded: ended } : {}) }
            : null,
      });
      return token;
    };
    const token = em ? await open(em) : await runTransaction(this.db, open);
    user.lastSignInAt = new Date();
    return { user, token, principal };
  }

  /** A console user by id (null when there is none). */
  findUser(id: string): Promise<ConsoleUser | null> {
    return this.db.getRepository(ConsoleUser).findOneBy({ id });
  }

  /**
   * A sign-in refused before it ran because its e-mail or password is not text (a lone
   * surrogate; the request answers VALIDATION_ERROR): counted and audited as a failed
   * sign-in all the same, naming the user when the e-mail was well-formed and is theirs.
   */
  async recordRefusedSignIn(rawEmail: unknown, client: ClientInfo): Promise<void> {
    const email = signInEmail(rawEmail);
    const ticket = await this.limits.admit(client.address ?? "unknown", email);
    const wellFormed = typeof rawEmail === "string" && rawEmail.isWellFormed();
    const user = wellFormed ? await findByEmail(this.db.manager, email, false) : null;
    await this.recordFailedSignIn(ticket, user, email, client);
  }

  private async recordFailedSignIn(
    ticket: SignInTicket,
    user: ConsoleUser | null,
    email: string,
    client: ClientInfo,
  ): Promise<void> {
    const sprays = await this.limits.recordFailure(ticket);
    await appendAudit(
      this.db,
      { actor: "anonymous", actorKind: "ANONYMOUS", address: client.address, requestId: client.requestId },
      {
        action: "session.sign_in_failed",
        objectType: "console_user",
        objectId: user?.id ?? null,
        companyId: user?.companyId ?? null,
        after: { email },
      },
    );
    // An alert for operators (no company: merchant users never read it), by the system.
    for (const spray of sprays) {
      await appendAudit(
        this.db,
        { actor: "system", actorKind: "SYSTEM", address: client.address, requestId: client.requestId },
        {
          action: SIGN_IN_SPRAY_ACTION,
          objectType: "console_user",
          objectId: spray.target === "EMAIL" ? (user?.id ?? null) : null,
          after:
            spray.target === "EMAIL"
              ? { target: "EMAIL", email, addresses: spray.addresses, windowMinutes: SPRAY_WINDOW_SECONDS / 60 }
              : {
                  target: "ADDRESS",
                  address: client.address,
                  emails: spray.emails,
                  windowMinutes: SPRAY_WINDOW_SECONDS / 60,
                },
        },
      );
    }
  }

  /** Deletes the session; true when there was one. */
  async signOut(token: string | null, principal: Principal | null, client: ClientInfo): Promise<boolean> {
    if (!token) return false;
    return runTransaction(this.db, async (em) => {
      const deleted = await deleteSession(em, token);
      if (deleted > 0 && principal?.userId) {
        await appendAudit(em, auditOf(principal, client), {
          action: "session.sign_out",
          objectType: "console_user",
          objectId: principal.userId,
          companyId: principal.kind === "merchant" ? principal.companyId : null,
        });
      }
      return deleted > 0;
    });
  }

  /** Sets a new password; the current session stays, the user's other sessions and trusted browsers end. */
  async changePassword(
    principal: Principal,
    sessionToken: string | null,
    currentPassword: string,
    newPassword: string,
    client: ClientInfo,
  ): Promise<void> {
    if (!principal.userId) throw forbidden("Only console users have a password");
    const user = await this.db.getRepository(ConsoleUser).findOneBy({ id: principal.userId });
    if (!user?.passwordHash) throw notFound("Console user");
    const ticket = await this.limits.admit(client.address ?? "unknown", user.email);
    if (!(await verifyPassword(user.passwordHash, String(currentPassword ?? "")))) {
      await this.limits.recordFailure(ticket);
      throw validationError("currentPassword is wrong");
    }
    await this.limits.recordSuccess(ticket);
    const next = checkNewPassword(newPassword, { email: user.email, name: user.name }, "newPassword");
    const passwordHash = await hashPassword(next);
    await runTransaction(this.db, async (em) => {
      await em.query("UPDATE console_users SET password_hash = $2, updated_at = now() WHERE id = $1", [
        user.id,
        passwordHash,
      ]);
      const ended = await deleteUserSessions(em, user.id, sessionToken);
      // A browser trusted under the old password skips no code under the new one.
      const forgotten = await queryRows<{ id_hash: string }>(
        em,
        "DELETE FROM console_trusted_browsers WHERE user_id = $1 RETURNING id_hash",
        [user.id],
      );
      await appendAudit(em, auditOf(principal, client), {
        action: "console_user.change_password",
        objectType: "console_user",
        objectId: user.id,
        companyId: user.companyId,
        after: { otherSessionsEnded: ended, trustedBrowsersForgotten: forgotten.length },
      });
    });
  }

  /** Who is signed in, for the console's shell; bearer callers get a synthetic viewer. */
  async viewer(principal: Principal | null): Promise<Viewer | null> {
    if (!principal) return null;
    const companyId = principal.kind === "merchant" ? principal.companyId : null;
    const companyName = companyId
      ? ((await queryRows<{ name: string }>(this.db, "SELECT name FROM companies WHERE id = $1", [companyId]))[0]
          ?.name ?? null)
      : null;
    const kind = principal.kind === "operator" ? ConsoleUserKind.OPERATOR : ConsoleUserKind.MERCHANT;
    if (principal.userId) {
      const user = await this.db.getRepository(ConsoleUser).findOneBy({ id: principal.userId });
      if (!user) return null;
      return {
        id: user.id,
        email: user.email,
        name: user.name,
        kind,
        role: principal.role,
        companyId,
        companyName,
        locale: user.locale,
        authenticatedBy: "SESSION",
        signInStep: SignInStepEnum.DONE,
      };
    }
    return {
      id: principal.actor,
      email: null,
      name: principal.kind === "operator" ? "Operator token" : `API credential ${principal.credentialId}`,
      kind,
      role: principal.role,
      companyId,
      companyName,
      locale: null,
      authenticatedBy: "BEARER",
      signInStep: SignInStepEnum.DONE,
    };
  }

  /**
   * Remembers the console language a signed-in user chose. A preference, not a change of
   * anyone's rights or money: no audit row. Bearer callers have no console user to keep it on.
   */
  async setLocale(principal: Principal, locale: ConsoleLocale): Promise<Viewer> {
    if (!principal.userId) throw forbidden("Only console users have a console language");
    if (!Object.values(ConsoleLocale).includes(locale)) throw validationError("locale is not a console language");
    await this.db.query("UPDATE console_users SET locale = $2, updated_at = now() WHERE id = $1", [
      principal.userId,
      locale,
    ]);
    const viewer = await this.viewer(principal);
    if (!viewer) throw forbidden("Only console users have a console language");
    return viewer;
  }

  inviteOperator(
    email: string,
    role: OperatorRole,
    name: string | null,
    audit: AuditContext,
  ): Promise<ConsoleUserInvite> {
    return runTransaction(this.db, (em) =>
      this.inviteInTransaction(em, { kind: ConsoleUserKind.OPERATOR, role, companyId: null, email, name }, audit),
    );
  }

  inviteCompanyUser(
    companyId: string,
    email: string,
    role: MerchantRole,
    name: string | null,
    audit: AuditContext,
    byMerchant = false,
  ): Promise<ConsoleUserInvite> {
    return runTransaction(this.db, async (em) => {
      const company = await em.query("SELECT id FROM companies WHERE id = $1", [companyId]);
      if (company.length === 0) throw notFound("Company");
      return this.inviteInTransaction(
        em,
        { kind: ConsoleUserKind.MERCHANT, role, companyId, email, name, hideOtherTenants: byMerchant },
        audit,
      );
    });
  }

  /**
   * Creates the user with a one-time invite token (only its hash kept, 7 days). An e-mail
   * already invited but not accepted, or removed, from the same place is invited again
   * with a new token; any other existing e-mail is a CONFLICT, except for a merchant
   * (hideOtherTenants) when the e-mail belongs outside its company: see unlinkedInvite.
   */
  async inviteInTransaction(
    em: EntityManager,
    invite: NewInvite,
    audit: AuditContext | null,
  ): Promise<ConsoleUserInvite> {
    const email = normalizeEmail(invite.email);
    const name = checkName(invite.name);
    const repo = em.getRepository(ConsoleUser);
    const inviteToken = newSecret(INVITE_TOKEN_PREFIX);
    const now = new Date();
    const inviteExpiresAt = new Date(now.getTime() + INVITE_DAYS * 86_400_000);
    const existing = await findByEmail(em, email, true);
    let user: ConsoleUser;
    let before: ReturnType<typeof userFields> | null = null;
    const elsewhere = (user: ConsoleUser) => user.kind !== invite.kind || user.companyId !== invite.companyId;
    if (existing && invite.hideOtherTenants && elsewhere(existing)) {
      return this.unlinkedInvite(em, invite, existing, { email, name, inviteToken, inviteExpiresAt, now }, audit);
    }
    if (existing) {
      const samePlace = !elsewhere(existing);
      if (!samePlace || (existing.passwordHash !== null && !existing.disabled)) {
        throw new AppError("CONFLICT", "A console user with this e-mail already exists");
      }
      before = userFields(existing);
      Object.assign(existing, {
        role: invite.role,
        name: name ?? existing.name,
        passwordHash: null,
        disabled: false,
        inviteTokenHash: hashSecret(inviteToken),
        inviteExpiresAt,
        updatedAt: now,
      });
      user = await repo.save(existing);
    } else {
      user = repo.create({
        id: newConsoleUserId(),
        kind: invite.kind,
        role: invite.role,
        companyId: invite.companyId,
        email,
        name,
        passwordHash: null,
        disabled: false,
        inviteTokenHash: hashSecret(inviteToken),
        inviteExpiresAt,
        lastSignInAt: null,
        createdAt: now,
        updatedAt: now,
      });
      const inserted = await queryRows<{ id: string }>(
        em,
        `INSERT INTO console_users (id, kind, role, company_id, email, name, disabled, invite_token_hash,
                                    invite_expires_at, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, false, $7, $8, $9, $9)
         ON CONFLICT ((lower(email))) DO NOTHING RETURNING id`,
        [user.id, user.kind, user.role, user.companyId, email, name, user.inviteTokenHash, inviteExpiresAt, now],
      );
      if (inserted.length === 0) {
        // Taken meanwhile by a concurrent invite: judged as if it had been there before.
        const taker = await findByEmail(em, email, true);
        if (taker && invite.hideOtherTenants && elsewhere(taker)) {
          return this.unlinkedInvite(em, invite, taker, { email, name, inviteToken, inviteExpiresAt, now }, audit);
        }
        throw new AppError("CONFLICT", "A console user with this e-mail already exists");
      }
    }
    await appendAudit(em, audit, {
      action: invite.kind === ConsoleUserKind.OPERATOR ? "operator.invite" : "company_user.invite",
      objectType: "console_user",
      objectId: user.id,
      companyId: user.companyId,
      before,
      after: userFields(user),
    });
    return { user, inviteToken, inviteUrl: this.inviteUrl(inviteToken) };
  }

  /**
   * A merchant's invite of an e-mail that belongs to someone outside its company (an
   * operator, another company's user): answered exactly like a new invite (a new user id, a
   * token of the same form, the same audit row in the company's log), but nothing is created
   * or linked, and the token is stored nowhere, so accepting it answers NOT_FOUND like an
   * expired invite. The service sends no e-mail of its own: the inviter passes the link on.
   * Operators learn the truth from a row without a company, which merchants never read.
   */
  private async unlinkedInvite(
    em: EntityManager,
    invite: NewInvite,
    taker: ConsoleUser,
    fields: { email: string; name: string | null; inviteToken: string; inviteExpiresAt: Date; now: Date },
    audit: AuditContext | null,
  ): Promise<ConsoleUserInvite> {
    const user = em.getRepository(ConsoleUser).create({
      id: newConsoleUserId(),
      kind: invite.kind,
      role: invite.role,
      companyId: invite.companyId,
      email: fields.email,
      name: fields.name,
      passwordHash: null,
      disabled: false,
      inviteTokenHash: hashSecret(fields.inviteToken),
      inviteExpiresAt: fields.inviteExpiresAt,
      lastSignInAt: null,
      locale: null,
      createdAt: fields.now,
      updatedAt: fields.now,
    });
    await appendAudit(em, audit, {
      action: "company_user.invite",
      objectType: "console_user",
      objectId: user.id,
      companyId: user.companyId,
      before: null,
      after: userFields(user),
    });
    await appendAudit(em, audit, {
      action: "company_user.invite_email_taken",
      objectType: "console_user",
      objectId: taker.id,
      companyId: null,
      after: { email: fields.email, invitedTo: invite.companyId, role: invite.role },
    });
    return { user, inviteToken: fields.inviteToken, inviteUrl: this.inviteUrl(fields.inviteToken) };
  }

  inviteUrl(token: string): string {
    return `${this.settings.publicBaseUrl}/accept-invite?token=${encodeURIComponent(token)}`;
  }

  /** Sets the invited user's password and signs them in. */
  /**
   * What an open invite is for (e-mail, kind, role, company), for its page before the form.
   * An unknown, used, expired or withdrawn token answers null alike: the page cannot tell
   * which, so it cannot be used to learn which tokens once existed.
   */
  async invitePreview(token: string): Promise<InvitePreview | null> {
    if (typeof token !== "string" || token.length === 0 || token.length > 200) return null;
    const [row] = await queryRows<{
      email: string;
      name: string | null;
      kind: ConsoleUserKind;
      role: string;
      company_name: string | null;
      invite_expires_at: Date;
    }>(
      this.db,
      `SELECT u.email, u.name, u.kind, u.role, c.name AS company_name, u.invite_expires_at
         FROM console_users u LEFT JOIN companies c ON c.id = u.company_id
        WHERE u.invite_token_hash = $1 AND NOT u.disabled AND u.invite_expires_at > now()`,
      [hashSecret(token)],
    );
    if (!row) return null;
    return {
      email: row.email,
      name: row.name || null,
      kind: row.kind,
      role: row.role,
      companyName: row.company_name,
      expiresAt: row.invite_expires_at,
    };
  }

  async acceptInvite(
    token: string,
    password: string,
    name: string | null,
    presentedToken: string | null,
    client: ClientInfo,
  ): Promise<SignInOutcome> {
    const newName = checkName(name);
    const tokenHash = hashSecret(String(token ?? ""));
    const isOpen = (user: ConsoleUser | null): user is ConsoleUser =>
      user !== null && !user.disabled && user.inviteExpiresAt !== null && user.inviteExpiresAt.getTime() > Date.now();
    // The invite first (no estimate or hash for a wrong token), then the password, judged
    // against the invited e-mail and name; both slow steps before the row lock.
    const invited = await this.db.getRepository(ConsoleUser).findOneBy({ inviteTokenHash: tokenHash });
    if (!isOpen(invited)) throw notFound("Invite (or it expired)");
    const next = checkNewPassword(password, { email: invited.email, name: newName ?? invited.name });
    const passwordHash = await hashPassword(next);
    return runTransaction(this.db, async (em) => {
      const repo = em.getRepository(ConsoleUser);
      const user = await repo.findOne({ where: { inviteTokenHash: tokenHash }, lock: { mode: "for_no_key_update" } });
      if (!isOpen(user) || user.id !== invited.id) throw notFound("Invite (or it expired)");
      user.passwordHash = passwordHash;
      user.name = newName ?? user.name;
      user.inviteTokenHash = null;
      user.inviteExpiresAt = null;
      user.lastSignInAt = new Date();
      user.updatedAt = user.lastSignInAt;
      await repo.save(user);
      if (presentedToken) await deleteSession(em, presentedToken);
      const principal = principalOfUser(user);
      await appendAudit(em, auditOf(principal, client), {
        action: "console_user.accept_invite",
        objectType: "console_user",
        objectId: user.id,
        companyId: user.companyId,
        after: userFields(user),
      });
      // A required second factor is enrolled before the first session opens.
      if (await this.twoFactor.requiredFor(em, user)) {
        const challengeToken = await this.twoFactor.createChallenge(em, user.id, "ENROL");
        return { step: "ENROL_SECOND_FACTOR" as const, user, challengeToken, principal };
      }
      const { token: sessionToken } = await createSession(em, user.id, this.settings.sessions, client);
      return { step: "DONE" as const, user, token: sessionToken, principal };
    });
  }

  listOperators(): Promise<ConsoleUser[]> {
    return this.db
      .getRepository(ConsoleUser)
      .find({ where: { kind: ConsoleUserKind.OPERATOR }, order: { createdAt: "ASC", id: "ASC" } });
  }

  listCompanyUsers(companyId: string): Promise<ConsoleUser[]> {
    return this.db.getRepository(ConsoleUser).find({ where: { companyId }, order: { createdAt: "ASC", id: "ASC" } });
  }

  /**
   * Changes an operator's role or disables (or enables) them. The last active ADMIN can be
   * neither demoted nor disabled: the admins' rows are locked first, so two admins demoting
   * each other at once cannot both succeed. A disabled operator's sessions end now.
   */
  async updateOperator(
    id: string,
    changes: { role?: OperatorRole | null; disabled?: boolean | null },
    audit: AuditContext,
  ): Promise<ConsoleUser> {
    return runTransaction(this.db, async (em) => {
      const admins = await queryRows<{ id: string }>(
        em,
        `SELECT id FROM console_users
          WHERE kind = 'OPERATOR' AND role = 'ADMIN' AND NOT disabled AND password_hash IS NOT NULL
          ORDER BY id FOR NO KEY UPDATE`,
      );
      const repo = em.getRepository(ConsoleUser);
      const user = await repo.findOne({
        where: { id, kind: ConsoleUserKind.OPERATOR },
        lock: { mode: "for_no_key_update" },
      });
      if (!user) throw notFound("Operator");
      const before = userFields(user);
      const role = changes.role ?? user.role;
      const disabled = changes.disabled ?? user.disabled;
      const wasActiveAdmin = admins.some((admin) => admin.id === user.id);
      if (wasActiveAdmin && admins.length === 1 && (role !== "ADMIN" || disabled)) {
        throw invalidState("The last active ADMIN can be neither demoted nor disabled");
      }
      user.role = role;
      user.disabled = disabled;
      user.updatedAt = new Date();
      await repo.save(user);
      if (disabled) await deleteUserSessions(em, user.id);
      await appendAudit(em, audit, {
        action: "operator.update",
        objectType: "console_user",
        objectId: user.id,
        before,
        after: userFields(user),
      });
      return user;
    });
  }

  /** Disables a merchant user (their invite no longer works) and ends their sessions. */
  async removeCompanyUser(id: string, scopeCompanyId: string | null, audit: AuditContext, actorUserId: string | null) {
    return runTransaction(this.db, async (em) => {
      const repo = em.getRepository(ConsoleUser);
      const user = await repo.findOne({
        where: { id, kind: ConsoleUserKind.MERCHANT },
        lock: { mode: "for_no_key_update" },
      });
      if (!user || (scopeCompanyId !== null && user.companyId !== scopeCompanyId)) throw notFound("Company user");
      if (user.id === actorUserId) throw invalidState("You cannot remove yourself");
      if (user.disabled) throw invalidState("Company user is already removed");
      const before = userFields(user);
      user.disabled = true;
      user.inviteTokenHash = null;
      user.inviteExpiresAt = null;
      user.updatedAt = new Date();
      await repo.save(user);
      await deleteUserSessions(em, user.id);
      await appendAudit(em, audit, {
        action: "company_user.remove",
        objectType: "console_user",
        objectId: user.id,
        companyId: user.companyId,
        before,
        after: userFields(user),
      });
      return user;
    });
  }

  /** The signed-in user's live sessions, theirs only; the one calling is marked current. */
  async sessions(principal: Principal, sessionToken: string | null): Promise<SessionInfo[]> {
    const userId = sessionUserOf(principal);
    return listUserSessions(this.db, userId, sessionToken, this.settings.sessions);
  }

  /**
   * Ends one of the signed-in user's sessions (that browser is signed out at its next
   * request); another user's session id is NOT_FOUND, as an unknown one. Answers whether it
   * was the calling session (then its cookie is cleared too).
   */
  async revokeSession(
    principal: Principal,
    sessionToken: string | null,
    sessionId: string,
    client: ClientInfo,
  ): Promise<{ current: boolean }> {
    const userId = sessionUserOf(principal);
    return runTransaction(this.db, async (em) => {
      const ended = await deleteUserSession(em, userId, sessionId, sessionToken);
      if (!ended) throw notFound("Session");
      await appendAudit(em, auditOf(principal, client), {
        action: "session.revoke",
        objectType: "console_user",
        objectId: userId,
        companyId: principal.kind === "merchant" ? principal.companyId : null,
        after: { session: sessionId, current: ended.current },
      });
      return ended;
    });
  }

  /** Ends every session of the signed-in user but the calling one; answers how many. */
  async revokeOtherSessions(principal: Principal, sessionToken: string | null, client: ClientInfo): Promise<number> {
    const userId = sessionUserOf(principal);
    return runTransaction(this.db, async (em) => {
      const ended = await deleteUserSessions(em, userId, sessionToken);
      await appendAudit(em, auditOf(principal, client), {
        action: "session.revoke_others",
        objectType: "console_user",
        objectId: userId,
        companyId: principal.kind === "merchant" ? principal.companyId : null,
        after: { sessionsEnded: ended },
      });
      return ended;
    });
  }
}

/** Sessions belong to console users: a bearer caller has none to list or end. */
function sessionUserOf(principal: Principal): string {
  if (!principal.userId) throw forbidden("Only console users have sessions");
  return principal.userId;
}

/** By e-mail through the unique index on lower(email) (e-mails are stored in lower case). */
function findByEmail(em: EntityManager, email: string, lock: boolean): Promise<ConsoleUser | null> {
  const query = em.getRepository(ConsoleUser).createQueryBuilder("u").where("lower(u.email) = :email", { email });
  if (lock) query.setLock("for_no_key_update");
  return query.getOne();
}

function auditOf(principal: Principal, client: ClientInfo): AuditContext {
  return {
    actor: principal.actor,
    actorKind: principal.kind === "operator" ? "OPERATOR" : "MERCHANT",
    address: client.address,
    requestId: client.requestId,
  };
}
