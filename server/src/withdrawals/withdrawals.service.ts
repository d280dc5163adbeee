import type { DataSource, EntityManager } from "typeorm";
import { type Acting, appendAudit } from "../audit";
import { type CancelSignal, type ReadOptions, readCancellable } from "../core/cancellable-read";
import type { Clock } from "../core/clock";
import { entityRowMapper } from "../core/entity-rows";
import { notFound, validationError } from "../core/errors";
import { checkIdempotencyKey, findOriginalRequest, insertUnlessTaken, requestFingerprint } from "../core/idempotency";
import { newWithdrawalId, newWithdrawalReference } from "../core/ids";
import { type Cents, formatBrl, MAX_AMOUNT_CENTS } from "../core/money";
import {
  CREATED_KEY,
  cappedCount,
  type ListQuery,
  type Page,
  type PageArgs,
  readPage,
  readPageWindow,
  SqlParams,
  type Total,
} from "../core/pagination";
import { queryRows, type SqlRunner } from "../core/sql";
import { runTransaction } from "../core/transactions";
import { LedgerEntryKind, postLedgerEntry } from "../ledger";
import type { PixProvider, TransferDestination } from "../provider";
import { openWebhookSecret, type WebhookAccount } from "../webhooks";
import { type BankAccountRequest, checkBankAccount } from "./bank-account";
import { checkScheduledFor, notYetSent } from "./payout-schedule";
import { canonicalizePixKey, isPixKeyType, type PixKeyType } from "./pix-key";
import { canonicalDocument } from "./recipients";
import { Withdrawal, WithdrawalStatus } from "./withdrawal.entity";
import type { WithdrawalApprovals } from "./withdrawal-approvals";
import { WithdrawalTransition } from "./withdrawal-transition.entity";
import { attachQueuePositions, type WithdrawalTransitions } from "./withdrawal-transitions";
import { insufficientBalance, withdrawalIdempotencyKeyReused, withdrawalNotFound } from "./withdrawals.errors";

export const MIN_WITHDRAWAL_CENTS = 100n;
/** History actor of a withdrawal approved by the account's auto-approve limit. */
export const AUTO_APPROVE_ACTOR = "system:auto-approve";

/** Filters of the withdrawal lists; all optional. The created range includes its start and excludes its end. */
export interface WithdrawalListFilter extends PageArgs {
  status?: WithdrawalStatus | null;
  createdFrom?: Date | null;
  createdTo?: Date | null;
}

const WITHDRAWAL_STATUSES = new Set<string>(Object.values(WithdrawalStatus));

export interface NewWithdrawal {
  amountCents: Cents;
  /** A key (its type and value), or else an account. */
  pixKeyType?: PixKeyType | null;
  pixKey?: string | null;
  bankAccount?: BankAccountRequest | null;
  /** The CPF or CNPJ that owns the key, as the merchant says; the bank refuses a key that is not its. */
  recipientDocument?: string | null;
  /** The recipient's name as the merchant declares it. */
  recipientName?: string | null;
  /** YYYY-MM-DD: not sent to the bank before that day (America/Sao_Paulo). */
  scheduledFor?: string | null;
}

const RECIPIENT_NAME_MAX = 140;

/** The merchant's declared recipient, checked and in canonical form (nulls when not given). */
function declaredRecipient(input: NewWithdrawal): { document: string | null; name: string | null } {
  let document: string | null = null;
  if (input.recipientDocument != null) {
    const check = canonicalDocument(input.recipientDocument);
    if (!check.ok)
      throw validationError(
        "recipient_document must be a CPF (11 digits) or a CNPJ (14 characters) with valid check digits",
      );
    document = check.document;
  }
  let name: string | null = null;
  if (input.recipientName != null) {
    // Control characters never get here: every transport refuses them in plain text fields.
    name = input.recipientName.trim();
    if (name.length === 0 || [...name].length > RECIPIENT_NAME_MAX)
      throw validationError(`recipient_name must have 1 to ${RECIPIENT_NAME_MAX} characters`);
  }
  return { document, name };
}

/**
 * Where the withdrawal goes (a key in canonical form, or a checked account), the declared
 * recipient and the request's fingerprint. A key request without a declared recipient keeps
 * the fingerprint withdrawals had before recipients existed, so older keys keep replaying.
 */
function checkedDestination(input: NewWithdrawal): {
  destination: TransferDestination;
  declared: { document: string | null; name: string | null };
  fingerprint: string;
} {
  if (input.bankAccount != null) {
    if (input.pixKeyType != null || input.pixKey != null)
      throw validationError("give either pix_key_type and pix_key, or bank_account: not both");
    if (input.recipientDocument != null || input.recipientName != null)
      throw validationError(
        "bank_account names its holder (holder_name, holder_document): recipient_document and recipient_name go with a key",
      );
    const account = checkBankAccount(input.bankAccount);
    return {
      destination: { pixKeyType: null, pixKey: null, bankAccount: account },
      declared: { document: null, name: null },
      fingerprint: requestFingerprint([
        input.amountCents,
        "bank_account",
        account.ispb,
        account.branch,
        account.account,
        account.accountType,
        account.holderName,
        account.holderDocument,
      ]),
    };
  }
  if (!isPixKeyType(input.pixKeyType))
    throw validationError("pix_key_type must be CPF, CNPJ, EMAIL, TELEFONE or ALEATORIA (or give bank_account)");
  if (typeof input.pixKey !== "string" || input.pixKey.length === 0) throw validationError("pix_key is required");
  const key = canonicalizePixKey(input.pixKeyType, input.pixKey);
  if (!key.ok) throw validationError(key.message);
  const declared = declaredRecipient(input);
  return {
    destination: { pixKeyType: input.pixKeyType, pixKey: key.key, bankAccount: null },
    declared,
    fingerprint: requestFingerprint([
      input.amountCents,
      input.pixKeyType,
      key.key,
      ...(declared.document !== null ? [`recipient_document:${declared.document}`] : []),
      ...(declared.name !== null ? [`recipient_name:${declared.name}`] : []),
    ]),
  };
}

/** The withdrawal as first returned by POST /withdrawals, for byte-identical replays. */
function asCreated(withdrawal: Withdrawal): Withdrawal {
  return {
    ...withdrawal,
    status: withdrawal.initialStatus,
    queuePosition: withdrawal.initialQueuePosition,
    reason: null,
    retryCount: 0,
    e2eId: null,
    paidAt: null,
    updatedAt: withdrawal.createdAt,
  };
}

/**
 * The merchant's side of withdrawals: creation (the balance check and the reservation in
 * one step, idempotent by key), cancellation while PENDING, and every read. The operators'
 * approvals are in withdrawal-approvals.ts, the bank's outcomes in
 * withdrawal-bank-outcomes.ts, and every status change goes through withdrawal-transitions.ts.
 */
export class WithdrawalsService {
  private readonly withdrawalFromRow: (row: Record<string, unknown>) => Withdrawal;

  constructor(
    private readonly db: DataSource,
    private readonly transitions: WithdrawalTransitions,
    private readonly approvals: WithdrawalApprovals,
    private readonly directory: Pick<PixProvider, "recipientAtCreation">,
    private readonly clock: Clock,
  ) {
    this.withdrawalFromRow = entityRowMapper(db, Withdrawal);
  }

  /**
   * Validates, then in one transaction: locks the account row, checks the balance and
   * reserves the amount (ledger entry + running balance), records the withdrawal, its
   * history row and its withdrawal.pending event. A key already used on the account
   * answers the original withdrawal (same request) or 409 instead.
   */
  async createWithdrawal(
    companyId: string,
    input: NewWithdrawal,
    rawIdempotencyKey: string | null | undefined,
    { actor, audit, requestId }: Acting,
  ): Promise<{ withdrawal: Withdrawal; replayed: boolean }> {
    const idempotencyKey = checkIdempotencyKey(rawIdempotencyKey, true) as string;
    if (input.amountCents < MIN_WITHDRAWAL_CENTS || input.amountCents > MAX_AMOUNT_CENTS) {
      throw validationError("amount must be between 1.00 and 99999999.99");
    }
    const { destination, declared, fingerprint: destinationFingerprint } = checkedDestination(input);
    const schedule = checkScheduledFor(input.scheduledFor, this.clock.now());
    // Unscheduled requests keep the fingerprint they had before schedules existed.
    const fingerprint =
      schedule === null
        ? destinationFingerprint
        : requestFingerprint([destinationFingerprint, `scheduled_for:${schedule.scheduledFor}`]);
    // The sandbox's directory is known without a call: the holder is on the withdrawal from the start.
    const recipient = this.directory.recipientAtCreation(destination);

    return runTransaction(this.db, async (em) => {
      const account = await lockAccountForWithdrawal(em, companyId);
      // Under the account lock every earlier request with this key has committed, so a plain read
      // finds it. Left to the insert, the key's unique check would wait for a transition in progress
      // on that withdrawal (a cancel, a bank failure), which itself waits for this account lock.
      const replay = await this.replayWithdrawal(em, companyId, idempotencyKey, fingerprint);
      if (replay) return replay;
      if (account.balanceCents < input.amountCents) throw insufficientBalance();

      // Four eyes win over the account's auto-approve limit, over the window too.
      const autoApprove =
        account.autoApproveLimitCents !== null &&
        input.amountCents <= account.autoApproveLimitCents &&
        (await this.approvals.mayAutoApproveOnAccount(em, companyId, input.amountCents, actor));
      const now = new Date();
      const withdrawal = em.getRepository(Withdrawal).create({
        id: newWithdrawalId(),
        companyId,
        reference: newWithdrawalReference(),
        amountCents: input.amountCents,
        status: WithdrawalStatus.PENDING,
        pixKey: destination.pixKey,
        pixKeyType: destination.pixKeyType,
        bankAccount: destination.bankAccount,
        recipientDocument: declared.document,
        recipientName: declared.name,
        recipient,
        scheduledFor: schedule?.scheduledFor ?? null,
        sendsOn: schedule?.sendsOn ?? null,
        releasedAt: null,
        idempotencyKey,
        requestFingerprint: fingerprint,
        initialStatus: autoApprove ? WithdrawalStatus.PROCESSING : WithdrawalStatus.PENDING,
        initialQueuePosition: autoApprove ? null : account.pendingWithdrawals + 1,
        reason: null,
        retryCount: 0,
        createdAt: now,
        updatedAt: now,
      });
      if (!(await insertUnlessTaken(em, Withdrawal, withdrawal))) {
        const replay = await this.replayWithdrawal(em, companyId, idempotencyKey, fingerprint);
        if (replay) return replay;
        throw new Error("withdrawal not inserted: its id was taken (24 random characters: not expected)");
      }
      withdrawal.queuePosition = withdrawal.initialQueuePosition;
      await postLedgerEntry(em, {
        companyId,
        kind: LedgerEntryKind.WITHDRAWAL_RESERVED,
        amountCents: -input.amountCents,
        withdrawalId: withdrawal.id,
        pendingWithdrawalsDelta: 1,
      });
      await this.transitions.recordTransition(em, withdrawal, null, actor, null, requestId, account);
      await appendAudit(em, audit, {
        action: "withdrawal.create",
        objectType: "withdrawal",
        objectId: withdrawal.id,
        companyId,
        after: withdrawalAuditFields(withdrawal),
      });
      if (autoApprove) {
        return {
          withdrawal: await this.approvals.approveInTransaction(em, withdrawal.id, AUTO_APPROVE_ACTOR, requestId),
          replayed: false,
        };
      }
      return { withdrawal, replayed: false };
    });
  }

  /**
   * The answer to a request whose Idempotency-Key was already used on the account: the
   * original withdrawal as first returned (same request) or 409 (a different one); null
   * when the key is unused. The caller holds the account lock, so this read sees every
   * withdrawal made with the key.
   */
  private async replayWithdrawal(
    em: EntityManager,
    companyId: string,
    idempotencyKey: string,
    fingerprint: string,
  ): Promise<{ withdrawal: Withdrawal; replayed: boolean } | null> {
    const original = await findOriginalRequest(em, Withdrawal, companyId, idempotencyKey, fingerprint, () =>
      withdrawalIdempotencyKeyReused(),
    );
    return original ? { withdrawal: asCreated(original), replayed: true } : null;
  }

  async getWithdrawal(scopeCompanyId: string | null, id: string): Promise<Withdrawal> {
    return readCancellable(
      this.db,
      undefined,
      async (sql) => {
        const [row] = await queryRows<Record<string, unknown>>(sql, "SELECT * FROM withdrawals WHERE id = $1", [id]);
        const withdrawal = row ? this.withdrawalFromRow(row) : null;
        if (!withdrawal || (scopeCompanyId !== null && withdrawal.companyId !== scopeCompanyId))
          throw withdrawalNotFound();
        await attachQueuePositions(sql, [withdrawal]);
        return withdrawal;
      },
      { oneSnapshot: true },
    );
  }

  /**
   * A page of withdrawals, newest first by default; the approval queue is status PENDING
   * with order OLDEST_FIRST (across every account for the operator).
   */
  async listWithdrawals(
    scopeCompanyId: string | null,
    filter: WithdrawalListFilter,
    signal?: CancelSignal,
  ): Promise<Page<Withdrawal>> {
    const window = readPageWindow(filter);
    if (filter.status != null && !WITHDRAWAL_STATUSES.has(filter.status))
      throw validationError("status must be PENDING, PROCESSING, PAID, FAILED or CANCELLED");
    const params = new SqlParams();
    const where: string[] = [];
    if (scopeCompanyId !== null) where.push(`company_id = ${params.add(scopeCompanyId)}`);
    if (filter.status != null) where.push(`status = '${filter.status}'`);
    const onlyByStatus = !filter.createdFrom && !filter.createdTo;
    if (filter.createdFrom) where.push(`created_at >= ${params.add(filter.createdFrom, "::timestamptz")}`);
    if (filter.createdTo) where.push(`created_at < ${params.add(filter.createdTo, "::timestamptz")}`);
    const query: ListQuery = {
      cursorTag: "withdrawals",
      from: "withdrawals",
      columns: "*",
      key: CREATED_KEY,
      branches: [where],
      params,
    };
    return readCancellable(
      this.db,
      signal,
      async (sql) => {
        const page = await readPage(sql, query, window, this.withdrawalFromRow, () =>
          onlyByStatus ? this.countWithdrawals(scopeCompanyId, filter.status ?? null, sql) : cappedCount(sql, query),
        );
        await attachQueuePositions(sql, page.data);
        return page;
      },
      { oneSnapshot: true, lagTolerant: true },
    );
  }

  /** The exact number of withdrawals of a status (or all), from the counters kept by triggers. */
  async countWithdrawals(
    scopeCompanyId: string | null,
    status: WithdrawalStatus | null,
    runner: SqlRunner = this.db,
  ): Promise<Total> {
    const params = new SqlParams();
    const where = ["list = 'withdrawals'"];
    if (scopeCompanyId !== null) where.push(`company_id = ${params.add(scopeCompanyId)}`);
    if (status !== null) where.push(`status = ${params.add(status)}`);
    const rows = await queryRows<{ n: string }>(
      runner,
      `SELECT coalesce(sum(n), 0) AS n FROM list_counters WHERE ${where.join(" AND ")}`,
      params.values,
    );
    return { total: Number(rows[0].n), capped: false };
  }

  /** Withdrawals whose column equals the value (search keys), at most `limit`; `reads` as findChargesBy's. */
  async findWithdrawalsBy(
    scopeCompanyId: string | null,
    column: "id" | "reference" | "e2e_id",
    value: string,
    limit = 10,
    reads: ReadOptions = {},
  ): Promise<Withdrawal[]> {
    const scoped = scopeCompanyId === null ? "" : " AND company_id = $2";
    return readCancellable(
      this.db,
      undefined,
      async (sql) => {
        const rows = await queryRows<Record<string, unknown>>(
          sql,
          `SELECT * FROM withdrawals WHERE ${column} = $1${scoped} LIMIT ${limit}`,
          scopeCompanyId === null ? [value] : [value, scopeCompanyId],
        );
        const withdrawals = rows.map(this.withdrawalFromRow);
        await attachQueuePositions(sql, withdrawals);
        return withdrawals;
      },
      { ...reads, oneSnapshot: true },
    );
  }

  async listTransitions(scopeCompanyId: string | null, withdrawalId: string): Promise<WithdrawalTransition[]> {
    await this.getWithdrawal(scopeCompanyId, withdrawalId);
    return this.db.getRepository(WithdrawalTransition).find({ where: { withdrawalId }, order: { id: "ASC" } });
  }

  /**
   * PENDING -> CANCELLED by the merchant or an operator, and an approved scheduled payout
   * (PROCESSING) until its day's job hands it to the bank: the amount returns. Decided under
   * the withdrawal's row lock, the one the day's job takes, so a cancel and a send never both win.
   */
  cancelWithdrawal(
    scopeCompanyId: string | null,
    id: string,
    reason: string | null,
    { actor, audit, requestId }: Acting,
  ): Promise<Withdrawal> {
    return this.transitions.changeStatus(
      scopeCompanyId,
      id,
      {
        to: WithdrawalStatus.CANCELLED,
        from: [WithdrawalStatus.PENDING, WithdrawalStatus.PROCESSING],
        allows: (withdrawal) => withdrawal.status === WithdrawalStatus.PENDING || notYetSent(withdrawal),
        actor,
        reason,
        action: "cancel",
        requestId,
      },
      audit,
    );
  }
}

/** What the audit log keeps of a withdrawal. */
function withdrawalAuditFields(withdrawal: Withdrawal) {
  return {
    status: withdrawal.status,
    amount: formatBrl(withdrawal.amountCents),
    ...(withdrawal.bankAccount !== null
      ? { bankAccount: withdrawal.bankAccount }
      : { pixKeyType: withdrawal.pixKeyType, pixKey: withdrawal.pixKey }),
    ...(withdrawal.recipientDocument !== null ? { recipientDocument: withdrawal.recipientDocument } : {}),
    ...(withdrawal.recipientName !== null ? { recipientName: withdrawal.recipientName } : {}),
    ...(withdrawal.scheduledFor !== null ? { scheduledFor: withdrawal.scheduledFor, sendsOn: withdrawal.sendsOn } : {}),
  };
}

interface WithdrawalAccount extends WebhookAccount {
  balanceCents: Cents;
  autoApproveLimitCents: Cents | null;
  pendingWithdrawals: number;
}

/**
 * Locks the account row for the rest of the transaction and reads, in the same round
 * trip, all a new withdrawal needs: the balance, the auto-approve limit, the queue length,
 * and the webhook secret and URL. Requests on one account pass this lock one at a time,
 * so the balance check and the reservation are one step.
 */
async function lockAccountForWithdrawal(em: EntityManager, companyId: string): Promise<WithdrawalAccount> {
  const rows = await queryRows<{
    balance_cents: string;
    auto_approve_limit_cents: string | null;
    pending_withdrawals: number;
    webhook_secret: string;
    webhook_url: string | null;
  }>(
    em,
    `SELECT balance_cents, auto_approve_limit_cents, pending_withdrawals, webhook_secret, webhook_url
       FROM companies WHERE id = $1 FOR NO KEY UPDATE`,
    [companyId],
  );
  if (rows.length === 0) throw notFound("Company");
  const row = rows[0];
  return {
    balanceCents: BigInt(row.balance_cents),
    autoApproveLimitCents: row.auto_approve_limit_cents === null ? null : BigInt(row.auto_approve_limit_cents),
    pendingWithdrawals: row.pending_withdrawals,
    webhookSecret: openWebhookSecret(em, companyId, row.webhook_secret),
    webhookUrl: row.webhook_url,
  };
}
