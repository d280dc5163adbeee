import type { DataSource, EntityManager } from "typeorm";
import { type Acting, appendAudit } from "../audit";
import { insertClientCredential } from "../auth";
import { ClientCredential } from "../auth/model";
import { LAG_TOLERANT, lagTolerantRows, readCancellable } from "../core/cancellable-read";
import { entityRowMapper } from "../core/entity-rows";
import { invalidState, notFound, validationError } from "../core/errors";
import { newAutoApproveLimitRequestId, newCompanyId } from "../core/ids";
import { type Cents, formatBrl, formatPercent, MAX_AMOUNT_CENTS, parseBrl, parsePercent } from "../core/money";
import {
  CREATED_KEY,
  cappedCount,
  type Page,
  type PageArgs,
  readPage,
  readPageWindow,
  SqlParams,
} from "../core/pagination";
import { runTransaction } from "../core/transactions";
import { assertWebhookUrl, newWebhookSecret, sealWebhookSecret } from "../webhooks";
import { canonicalCnpj } from "../withdrawals/model";
import { AutoApproveLimitRequest, AutoApproveLimitRequestStatus } from "./auto-approve-limit-request.entity";
import { Company } from "./company.entity";

export interface NewCompany {
  name: string;
  city?: string | null;
  cnpj?: string | null;
  webhookUrl?: string | null;
  feePercentCenti?: bigint | null;
  feeFixedCents?: Cents | null;
  autoApproveLimitCents?: Cents | null;
  autoReturnExceptions?: boolean | null;
}

export interface CompanyChanges {
  name?: string | null;
  city?: string | null;
  /** null clears it; undefined leaves it. */
  cnpj?: string | null;
  feePercentCenti?: bigint | null;
  feeFixedCents?: Cents | null;
  /** null clears the limit (every withdrawal waits for an operator); undefined leaves it. */
  autoApproveLimitCents?: Cents | null;
  autoReturnExceptions?: boolean | null;
}

export interface CompanyDefaults {
  feePercent: string;
  feeFixed: string;
}

function checkName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length === 0 || trimmed.length > 100) throw validationError("name must have 1 to 100 characters");
  return trimmed;
}

function checkCity(city: string): string {
  const trimmed = city.trim();
  if (trimmed.length === 0 || trimmed.length > 60) throw validationError("city must have 1 to 60 characters");
  return trimmed;
}

/** Accepts a CNPJ plain or formatted (dd.ddd.ddd/dddd-dd), numeric or alphanumeric; stores it plain. */
function checkCnpj(cnpj: string): string {
  const canonical = canonicalCnpj(cnpj.trim());
  if (canonical === null) throw validationError("cnpj must be a valid CNPJ (14 characters with valid check digits)");
  return canonical;
}

/** LIKE pattern of a prefix: the text's own % _ and \ match themselves. */
export function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** At most this many characters of a search are looked at. */
const MAX_SEARCH_LENGTH = 100;

function checkMoneyLimit(field: string, cents: Cents): Cents {
  if (cents < 0n || cents > MAX_AMOUNT_CENTS) throw validationError(`${field} must be between 0.00 and 99999999.99`);
  return cents;
}

/** What the audit log keeps of an account (never its secrets). */
function companyFields(company: Company) {
  return {
    name: company.name,
    city: company.city,
    feePercent: formatPercent(company.feePercentCenti),
    feeFixed: formatBrl(company.feeFixedCents),
    autoApproveLimit: company.autoApproveLimitCents === null ? null : formatBrl(company.autoApproveLimitCents),
    autoReturnExceptions: company.autoReturnExceptions,
    webhookUrl: company.webhookUrl,
  };
}

/** Who creates an account outside a request (a script, a test): nobody to confirm a raise but an operator. */
const NO_CALLER: Acting = { actor: "system", audit: null, requestId: null };

/**
 * What a change of the auto-approve limit does at once and what waits for a second operator
 * (docs/decisions.md). Lowering or clearing it, or setting it at or under the threshold,
 * applies; a raise above the threshold applies up to what one operator may set alone (the
 * threshold, or the limit as it is when already above it) and the value asked for waits.
 */
export function splitLimitChange(
  current: Cents | null,
  requested: Cents | null,
  aboveCents: Cents | null,
): { now: Cents | null; waits: Cents | null } {
  if (aboveCents === null || requested === null || requested <= aboveCents) return { now: requested, waits: null };
  if (current !== null && requested <= current) return { now: requested, waits: null };
  return { now: current !== null && current > aboveCents ? current : aboveCents, waits: requested };
}

const limitText = (cents: Cents | null) => (cents === null ? null : formatBrl(cents));

export interface WebhookSettingsChanges {
  webhookUrl?: string | null;
  /** Already sealed (webhooks/webhook-secrets.ts): this module never sees the plain secret. */
  sealedWebhookSecret?: string;
}

/**
 * The account row is written by this module (name, city, fee plan, auto-approve limit,
 * webhook URL and secret) and by the ledger (running balance and PENDING count, in
 * postLedgerEntry and movePendingWithdrawals); nowhere else. The webhook settings are
 * checked by the webhooks feature, then written here, under the row's lock, in the
 * caller's transaction; the row as it was comes back for the audit log.
 */
export async function writeWebhookSettings(
  em: EntityManager,
  companyId: string,
  changes: WebhookSettingsChanges,
): Promise<{ before: Company; after: Company }> {
  const repo = em.getRepository(Company);
  const company = await repo.findOne({ where: { id: companyId }, lock: { mode: "for_no_key_update" } });
  if (!company) throw notFound("Company");
  const before = { ...company };
  Object.assign(company, changes, { updatedAt: new Date() });
  await repo.save(company);
  return { before, after: company };
}

export class CompaniesService {
  private readonly defaultFeePercentCenti: bigint;
  private readonly defaultFeeFixedCents: Cents;
  private readonly companyFromRow: (row: Record<string, unknown>) => Company;

  constructor(
    private readonly db: DataSource,
    defaults: CompanyDefaults,
    private readonly allowPrivateWebhooks: boolean,
    /** APPROVAL_SECOND_OPERATOR_ABOVE: a limit above it needs a second operator; null = off. */
    private readonly secondOperatorAboveCents: Cents | null = null,
  ) {
    this.companyFromRow = entityRowMapper(db, Company);
    this.defaultFeePercentCenti = parsePercent(defaults.feePercent);
    this.defaultFeeFixedCents = parseBrl(defaults.feeFixed);
  }

  /**
   * Creates the account with its first client secret and its webhook secret, shown only
   * now; `withOwner` adds work in the same transaction (the first merchant user's invite).
   * An auto-approve limit above APPROVAL_SECOND_OPERATOR_ABOVE starts at the threshold and
   * the rest waits for a second operator (`autoApproveLimitRequest`).
   */
  async createCompany<Owner = never>(
    input: NewCompany,
    acting: Acting = NO_CALLER,
    withOwner?: (em: EntityManager, companyId: string) => Promise<Owner>,
  ): Promise<{
    company: Company;
    clientSecret: string;
    webhookSecret: string;
    credential: ClientCredential;
    owner: Owner | null;
    autoApproveLimitRequest: AutoApproveLimitRequest | null;
  }> {
    const { audit } = acting;
    const limit = splitLimitChange(
      null,
      input.autoApproveLimitCents == null ? null : checkMoneyLimit("autoApproveLimit", input.autoApproveLimitCents),
      this.secondOperatorAboveCents,
    );
    const webhookUrl = input.webhookUrl ? assertWebhookUrl(input.webhookUrl, this.allowPrivateWebhooks) : null;
    const webhookSecret = newWebhookSecret();
    const now = new Date();
    return runTransaction(this.db, async (em) => {
      const repo = em.getRepository(Company);
      const id = newCompanyId();
      const company = repo.create({
        id,
        name: checkName(input.name),
        city: checkCity(input.city ?? "SAO PAULO"),
        cnpj: input.cnpj == null ? null : checkCnpj(input.cnpj),
        feePercentCenti: input.feePercentCenti ?? this.defaultFeePercentCenti,
        feeFixedCents: checkMoneyLimit("feeFixed", input.feeFixedCents ?? this.defaultFeeFixedCents),
        autoApproveLimitCents: limit.now,
        autoReturnExceptions: input.autoReturnExceptions ?? false,
        webhookUrl,
        sealedWebhookSecret: sealWebhookSecret(em, id, webhookSecret),
        balanceCents: 0n,
        createdAt: now,
        updatedAt: now,
      });
      await repo.insert(company);
      const { credential, clientSecret } = await insertClientCredential(
        em.getRepository(ClientCredential),
        company.id,
        null,
      );
      await appendAudit(em, audit, {
        action: "company.create",
        objectType: "company",
        objectId: company.id,
        companyId: company.id,
        after: { ...companyFields(company), credentialId: credential.id },
      });
      const autoApproveLimitRequest =
        limit.waits === null ? null : await this.requestLimitRaise(em, company, limit.waits, acting);
      const owner = withOwner ? await withOwner(em, company.id) : null;
      return { company, clientSecret, webhookSecret, credential, owner, autoApproveLimitRequest };
    });
  }

  /**
   * A raise of the auto-approve limit above APPROVAL_SECOND_OPERATOR_ABOVE applies up to
   * the threshold and waits for a second operator for the rest (splitLimitChange).
   */
  async updateCompany(id: string, changes: CompanyChanges, acting: Acting): Promise<Company> {
    const { audit } = acting;
    return runTransaction(this.db, async (em) => {
      const repo = em.getRepository(Company);
      const company = await repo.findOne({ where: { id }, lock: { mode: "for_no_key_update" } });
      if (!company) throw notFound("Company");
      const before = companyFields(company);
      if (changes.name != null) company.name = checkName(changes.name);
      if (changes.city != null) company.city = checkCity(changes.city);
      if (changes.cnpj !== undefined) company.cnpj = changes.cnpj === null ? null : checkCnpj(changes.cnpj);
      if (changes.feePercentCenti != null) company.feePercentCenti = changes.feePercentCenti;
      if (changes.feeFixedCents != null) company.feeFixedCents = checkMoneyLimit("feeFixed", changes.feeFixedCents);
      let raise: Cents | null = null;
      if (changes.autoApproveLimitCents !== undefined) {
        const limit = splitLimitChange(
          company.autoApproveLimitCents,
          changes.autoApproveLimitCents === null
            ? null
            : checkMoneyLimit("autoApproveLimit", changes.autoApproveLimitCents),
          this.secondOperatorAboveCents,
        );
        company.autoApproveLimitCents = limit.now;
        raise = limit.waits;
      }
      if (changes.autoReturnExceptions != null) company.autoReturnExceptions = changes.autoReturnExceptions;
      company.updatedAt = new Date();
      const saved = await repo.save(company);
      await appendAudit(em, audit, {
        action: "company.update",
        objectType: "company",
        objectId: company.id,
        companyId: company.id,
        before,
        after: companyFields(saved),
      });
      if (raise !== null) await this.requestLimitRaise(em, saved, raise, acting);
      return saved;
    });
  }

  /** Under the account's row lock: records the raise that waits; one at a time per account. */
  private async requestLimitRaise(
    em: EntityManager,
    company: Company,
    requestedCents: Cents,
    { actor, audit }: Acting,
  ): Promise<AutoApproveLimitRequest> {
    const repo = em.getRepository(AutoApproveLimitRequest);
    if (await repo.existsBy({ companyId: company.id, status: AutoApproveLimitRequestStatus.REQUESTED })) {
      throw invalidState(
        "A raise of this account's auto-approve limit already waits for a second operator: confirm or decline it first",
      );
    }
    const request = repo.create({
      id: newAutoApproveLimitRequestId(),
      companyId: company.id,
      previousLimitCents: company.autoApproveLimitCents,
      requestedLimitCents: requestedCents,
      status: AutoApproveLimitRequestStatus.REQUESTED,
      requestedBy: actor,
      requestedAt: new Date(),
      decidedBy: null,
      decidedAt: null,
      declineReason: null,
    });
    await repo.insert(request);
    await appendAudit(em, audit, {
      action: "company.auto_approve_limit_request",
      objectType: "company",
      objectId: company.id,
      companyId: company.id,
      before: { autoApproveLimit: limitText(company.autoApproveLimitCents) },
      after: { requestId: request.id, requestedLimit: limitText(requestedCents) },
    });
    return request;
  }

  /** The raise of the account's limit that waits for a second operator, if any. */
  pendingLimitRaise(companyId: string): Promise<AutoApproveLimitRequest | null> {
    return this.db
      .getRepository(AutoApproveLimitRequest)
      .findOneBy({ companyId, status: AutoApproveLimitRequestStatus.REQUESTED });
  }

  /**
   * A second, different operator confirms a raise: the account's limit becomes the value
   * asked for. Its requester gets INVALID_STATE, as every second-operator rule answers.
   */
  confirmLimitRaise(id: string, acting: Acting): Promise<AutoApproveLimitRequest> {
    return this.decideLimitRaise(id, acting, async (em, request, company) => {
      if (request.requestedBy === acting.actor) {
        throw invalidState("You asked for this limit: a second, different operator must confirm it");
      }
      company.autoApproveLimitCents = request.requestedLimitCents;
      company.updatedAt = new Date();
      await em.getRepository(Company).save(company);
      request.status = AutoApproveLimitRequestStatus.CONFIRMED;
      return "company.auto_approve_limit_confirm";
    });
  }

  /** Turns a raise down (its requester may withdraw it too); the limit stays as it is. */
  declineLimitRaise(id: string, reason: string | null, acting: Acting): Promise<AutoApproveLimitRequest> {
    const text = reason?.trim() || null;
    if (text !== null && text.length > 500) throw validationError("reason must have at most 500 characters");
    return this.decideLimitRaise(id, acting, async (_em, request) => {
      request.status = AutoApproveLimitRequestStatus.DECLINED;
      request.declineReason = text;
      return "company.auto_approve_limit_decline";
    });
  }

  /**
   * The account's row lock, then the request's (the order of updateCompany), in one
   * transaction: of two decisions at once the second finds it decided (INVALID_STATE).
   */
  private decideLimitRaise(
    id: string,
    { actor, audit }: Acting,
    decide: (em: EntityManager, request: AutoApproveLimitRequest, company: Company) => Promise<string>,
  ): Promise<AutoApproveLimitRequest> {
    return runTransaction(this.db, async (em) => {
      const requests = em.getRepository(AutoApproveLimitRequest);
      const found = await requests.findOne({ where: { id }, select: { id: true, companyId: true } });
      if (!found) throw notFound("AutoApproveLimitRequest");
      const company = await em
        .getRepository(Company)
        .findOne({ where: { id: found.companyId }, lock: { mode: "for_no_key_update" } });
      const request = await requests.findOne({ where: { id }, lock: { mode: "for_no_key_update" } });
      if (!company || !request) throw notFound("AutoApproveLimitRequest");
      if (request.status !== AutoApproveLimitRequestStatus.REQUESTED) {
        throw invalidState(`The request is ${request.status}; only a REQUESTED one can be decided`);
      }
      const before = company.autoApproveLimitCents;
      const action = await decide(em, request, company);
      request.decidedBy = actor;
      request.decidedAt = new Date();
      await requests.save(request);
      await appendAudit(em, audit, {
        action,
        objectType: "company",
        objectId: company.id,
        companyId: company.id,
        reason: request.declineReason,
        before: { autoApproveLimit: limitText(before) },
        after: {
          autoApproveLimit: limitText(company.autoApproveLimitCents),
          requestId: request.id,
          requestedLimit: limitText(request.requestedLimitCents),
          requestedBy: request.requestedBy,
        },
      });
      return request;
    });
  }

  async getCompany(id: string): Promise<Company> {
    const company = await this.db.getRepository(Company).findOneBy({ id });
    if (!company) throw notFound("Company");
    return company;
  }

  /**
   * Newest first. A search matches the id, the CNPJ (any punctuation) or the start of the
   * name (any case); each by its index. Totals are capped at 10,000.
   */
  listCompanies(filter: PageArgs & { search?: string | null }): Promise<Page<Company>> {
    const window = readPageWindow(filter);
    const params = new SqlParams();
    const where: string[] = [];
    const search = filter.search?.trim();
    if (search) where.push(`(${this.searchPredicates(search, params).join(" OR ")})`);
    const query = {
      cursorTag: "companies",
      from: "companies",
      columns: "*",
      key: CREATED_KEY,
      branches: [where],
      params,
    };
    return readCancellable(
      this.db,
      undefined,
      (sql) => readPage(sql, query, window, this.companyFromRow, () => cappedCount(sql, query)),
      LAG_TOLERANT,
    );
  }

  /** Companies found by id, CNPJ or name prefix (the global search), at most `limit`. */
  async searchCompanies(scopeCompanyId: string | null, text: string, limit = 10): Promise<Company[]> {
    const params = new SqlParams();
    const where = [`(${this.searchPredicates(text, params).join(" OR ")})`];
    if (scopeCompanyId !== null) where.push(`id = ${params.add(scopeCompanyId)}`);
    const rows = await lagTolerantRows<Record<string, unknown>>(
      this.db,
      `SELECT * FROM companies WHERE ${where.join(" AND ")} ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
      params.values,
    );
    return rows.map(this.companyFromRow);
  }

  private searchPredicates(raw: string, params: SqlParams): string[] {
    if (raw.length > MAX_SEARCH_LENGTH)
      throw validationError(`search must have at most ${MAX_SEARCH_LENGTH} characters`);
    const text = raw.trim();
    const predicates = [`id = ${params.add(text)}`, `lower(name) LIKE lower(${params.add(likePrefix(text))})`];
    const cnpj = canonicalCnpj(text);
    if (cnpj !== null) predicates.push(`cnpj = ${params.add(cnpj)}`);
    return predicates;
  }
}
