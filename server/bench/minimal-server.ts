import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { Pool, type PoolClient } from "pg";
import { amountDueOn, lastPayableDay } from "../src/billing/amount-due";
import { saoPauloDay, startOfSaoPauloDay } from "../src/billing/business-days";
import { checkDueDateTerms } from "../src/billing/due-date-terms";
import { buildDynamicBrCode } from "../src/charges/br-code";
import { calculateFee } from "../src/companies/fee-plan";
import { requestFingerprint } from "../src/core/idempotency";
import {
  CHARGE_ID_PATTERN,
  newChargeId,
  newLocationId,
  newRefundId,
  newTxid,
  newWithdrawalId,
  newWithdrawalReference,
  UUID_PATTERN,
} from "../src/core/ids";
import { addJobSql } from "../src/core/jobs";
import { brlToJsonNumber, type Cents, formatBrl, MAX_AMOUNT_CENTS, parseBrl } from "../src/core/money";
import { isSealed, parseSecretsKeys, SecretBox } from "../src/core/secret-box";
import { hashSecret } from "../src/core/secrets";
import { returnJobPayload, SUBMIT_REFUND_JOB } from "../src/refunds/refund-jobs";
import { signWebhookBody } from "../src/webhooks/webhook-outbox";
import { NOTIFY_WEBHOOK_DUE_SQL } from "../src/webhooks/webhook-queue";
import { canonicalizePixKey, isPixKeyType } from "../src/withdrawals/pix-key";
import { CHARGE_COUNTS_SQL, CHARGE_PAGE_SQL, GRAPHQL_BALANCE_QUERY } from "./bench-sql";

/**
 * The bench's yardstick: a truly minimal server on plain node:http and a pg Pool of the
 * service's size, no framework, no GraphQL engine, no ORM, no rate limit, no log. A read
 * does only the work it needs: the bearer's SHA-256, the credential lookup, the row read,
 * JSON.stringify (the list: its page and its exact total), each read's statements prepared
 * once per connection as the service's are (core/sql.ts preparedRows). A write sends the statements the
 * service sends (as pg_stat_statements shows them: the whole transaction with its ledger
 * entry, transition and outbox row), so that the ratio measures the service's overhead,
 * not its SQL. It caches nothing. Bench-only: not part of the service.
 */
const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DB_POOL_SIZE ?? 20) });
const secretBox = new SecretBox(parseSecretsKeys(process.env.SECRETS_KEY ?? ""));
const locationHost = `127.0.0.1:${process.env.PORT ?? 4100}`;
const MAX_BODY_BYTES = 100 * 1024;
const MIN_WITHDRAWAL_CENTS = 100n;
const DEFAULT_EXPIRES_IN_SECONDS = 3600;

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const invalid = (message: string) => new HttpError(400, "VALIDATION_ERROR", message);

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
  });
  res.end(text);
}

/** The bearer's SHA-256, then the credential lookup: all a read needs to know its account. */
async function authenticate(req: IncomingMessage): Promise<string> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "");
  if (match) {
    const { rows } = await pool.query<{ id: string; company_id: string }>({
      name: "yardstick_credential",
      text: `SELECT id, company_id FROM client_credentials
        WHERE secret_hash = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())`,
      values: [hashSecret(match[1])],
    });
    if (rows.length > 0) return rows[0].company_id;
  }
  throw new HttpError(401, "UNAUTHENTICATED", "Missing or invalid credentials");
}

async function readBalanceRow(companyId: string) {
  const { rows } = await pool.query<{ balance_cents: string; now: Date }>({
    name: "yardstick_balance",
    text: "SELECT balance_cents, now() AS now FROM companies WHERE id = $1",
    values: [companyId],
  });
  if (rows.length === 0) throw new HttpError(404, "NOT_FOUND", "Company not found");
  return { cents: BigInt(rows[0].balance_cents), now: rows[0].now };
}

interface ChargeRow {
  id: string;
  amount_cents: string;
  description: string | null;
  status: string;
  pix_code: string;
  fee_cents: string;
  net_amount_cents: string;
  e2e_id: string | null;
  payer_name: string | null;
  payer_document: string | null;
  paid_at: Date | null;
  expires_at: Date;
  created_at: Date;
  txid: string;
  overdue?: boolean;
}

/** The REST answer of a charge; an overdue PENDING charge reads as EXPIRED (reads never write). */
function restCharge(row: ChargeRow) {
  return {
    id: row.id,
    amount: brlToJsonNumber(BigInt(row.amount_cents)),
    description: row.description,
    status: row.overdue ? "EXPIRED" : row.status,
    pix_code: row.pix_code,
    fee: brlToJsonNumber(BigInt(row.fee_cents)),
    net_amount: brlToJsonNumber(BigInt(row.net_amount_cents)),
    e2e_id: row.e2e_id,
    payer_name: row.payer_name,
    payer_document: row.payer_document,
    paid_at: row.paid_at,
    expires_at: row.expires_at,
    created_at: row.created_at,
    txid: row.txid,
  };
}

/** As ChargesService.getCharge. */
async function readCharge(companyId: string, rawId: string): Promise<unknown> {
  const id = rawId.startsWith("chg_") ? rawId.slice(4) : rawId;
  if (!CHARGE_ID_PATTERN.test(id)) throw new HttpError(404, "NOT_FOUND", "Charge not found");
  const { rows } = await pool.query<ChargeRow>({
    name: "yardstick_charge",
    text: "SELECT *, (status = 'PENDING' AND expires_at <= now()) AS overdue FROM charges WHERE id = $1 AND company_id = $2 LIMIT 1",
    values: [id, companyId],
  });
  if (rows.length === 0) throw new HttpError(404, "NOT_FOUND", "Charge not found");
  return restCharge(rows[0]);
}

/** As ChargesService.listCharges without filters: one page (keyset order) and its exact total from the counters. */
async function listCharges(companyId: string, search: URLSearchParams): Promise<unknown> {
  const limit = Number(search.get("limit") ?? 20);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw invalid("limit must be from 1 to 100");
  const page = await pool.query<ChargeRow>({
    name: "yardstick_page",
    text: CHARGE_PAGE_SQL,
    values: [companyId, limit + 1],
  });
  const counts = await pool.query<{ counted: Record<string, string> | null; overdue: string }>({
    name: "yardstick_counts",
    text: CHARGE_COUNTS_SQL,
    values: [companyId],
  });
  const counted = counts.rows[0].counted ?? {};
  const total = Object.values(counted).reduce((sum, n) => sum + Number(n), 0);
  return { data: page.rows.slice(0, limit).map(restCharge), total, limit, offset: 0 };
}

function readBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) reject(new HttpError(413, "PAYLOAD_TOO_LARGE", "Body exceeds 100 kB"));
      else chunks.push(chunk);
    });
    req.on("end", () => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        if (typeof body !== "object" || body === null || Array.isArray(body)) reject(invalid("Body must be an object"));
        else resolve(body);
      } catch {
        reject(new HttpError(400, "INVALID_JSON", "Body is not valid JSON"));
      }
    });
    req.on("error", reject);
  });
}

function onlyFields(body: Record<string, unknown>, names: string[]): void {
  const unknown = Object.keys(body).filter((name) => !names.includes(name));
  if (unknown.length > 0) throw invalid(`Unknown body field: ${unknown.join(", ")}`);
}

function amountOf(body: Record<string, unknown>, min: Cents): Cents {
  if (typeof body.amount !== "number") throw invalid("amount must be a number");
  const cents = parseBrl(body.amount);
  if (cents < min || cents > MAX_AMOUNT_CENTS) throw invalid("amount out of range");
  return cents;
}

async function inTransaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("START TRANSACTION");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * As ChargesService.createCharge: the account's plan read outside the transaction, the
 * location (the sandbox bank answers at once) and BR Code, then the insert (its list
 * counter triggers included) in a transaction of its own.
 */
async function createCharge(companyId: string, body: Record<string, unknown>): Promise<unknown> {
  if (body.due_date !== undefined) return createDueDateCharge(companyId, body);
  onlyFields(body, ["amount", "description", "expires_in"]);
  const amountCents = amountOf(body, 1n);
  const description = typeof body.description === "string" ? body.description : null;
  const expiresIn = typeof body.expires_in === "number" ? body.expires_in : DEFAULT_EXPIRES_IN_SECONDS;
  const { rows } = await pool.query<{ name: string; city: string; fee_percent_centi: string; fee_fixed_cents: string }>(
    "SELECT name, city, fee_percent_centi, fee_fixed_cents FROM companies WHERE id = $1",
    [companyId],
  );
  if (rows.length === 0) throw new HttpError(404, "NOT_FOUND", "Charge not found");
  const company = rows[0];
  const { feeCents, netAmountCents } = calculateFee(amountCents, {
    feePercentCenti: BigInt(company.fee_percent_centi),
    feeFixedCents: BigInt(company.fee_fixed_cents),
  });
  const now = new Date();
  const charge = {
    id: newChargeId(),
    txid: newTxid(),
    locationId: newLocationId(),
    expiresAt: new Date(now.getTime() + expiresIn * 1000),
  };
  const pixCode = buildDynamicBrCode({
    locationUrl: `${locationHost}/pix/v2/${charge.locationId}`,
    amountCents,
    merchantName: company.name,
    merchantCity: company.city,
  });
  // A taken id (8 characters) inserts nothing: another id, as the service does (5 tries).
  await inTransaction(async (client) => {
    for (let attempt = 1; ; attempt += 1) {
      const inserted = await client.query(
        `INSERT INTO charges (id, company_id, amount_cents, description, status, pix_code, fee_cents, net_amount_cents,
                              e2e_id, payer_name, payer_document, paid_at, expires_at, created_at, txid, location_id,
                              cancelled_at, reserved, reserved_reason, idempotency_key, request_fingerprint, updated_at)
         VALUES ($1, $2, $3, $4, 'PENDING', $5, $6, $7, NULL, NULL, NULL, NULL, $8, $9, $10, $11, NULL, false, NULL,
                 NULL, NULL, $9)
         ON CONFLICT DO NOTHING RETURNING 1 AS inserted`,
        [
          charge.id,
          companyId,
          amountCents.toString(),
          description,
          pixCode,
          feeCents.toString(),
          netAmountCents.toString(),
          charge.expiresAt,
          now,
          charge.txid,
          charge.locationId,
        ],
      );
      if (inserted.rowCount === 1) return;
      if (attempt === 5) throw new Error(`no free charge id in ${attempt} attempts`);
      charge.id = newChargeId();
    }
  });
  return restCharge({
    id: charge.id,
    amount_cents: amountCents.toString(),
    description,
    status: "PENDING",
    pix_code: pixCode,
    fee_cents: feeCents.toString(),
    net_amount_cents: netAmountCents.toString(),
    e2e_id: null,
    payer_name: null,
    payer_document: null,
    paid_at: null,
    expires_at: charge.expiresAt,
    created_at: now,
    txid: charge.txid,
  });
}

/** A term of the body ({"mode", "value"}), its value in centavos (or hundredths of a percent). */
function termOf(value: unknown): { mode: string; value: bigint } | null {
  if (value === undefined || value === null) return null;
  const term = value as { mode: unknown; value: unknown };
  if (typeof term.mode !== "string") throw invalid("mode must be a string");
  return { mode: term.mode, value: parseBrl(term.value) };
}

/** A term as the service stores it: its value as two-decimal text. */
const storedTerm = (term: { mode: string; value: bigint } | null) =>
  term === null ? null : JSON.stringify({ mode: term.mode, value: formatBrl(term.value) });

/**
 * As ChargesService.createCharge with due_date (CONTRACT §11): the terms checked (the
 * service's own pure checks), the payer's document, the account's plan read outside the
 * transaction, a BR Code without an amount, the insert with the terms and the plan, and
 * today's amount due in the answer. Only the per-day terms (fine, interest, a per-day
 * discount) that the bench sends.
 */
async function createDueDateCharge(companyId: string, body: Record<string, unknown>): Promise<unknown> {
  onlyFields(body, ["amount", "description", "due_date", "days_after_due", "payer", "fine", "interest", "discount"]);
  const amountCents = amountOf(body, 1n);
  const description = typeof body.description === "string" ? body.description : null;
  const now = new Date();
  const today = saoPauloDay(now);
  const terms = checkDueDateTerms(
    amountCents,
    {
      dueDate: String(body.due_date),
      daysAfterDue: typeof body.days_after_due === "number" ? body.days_after_due : null,
      fine: termOf(body.fine),
      interest: termOf(body.interest),
      discount: termOf(body.discount),
    },
    today,
  );
  const payer = body.payer as { name?: unknown; cpf?: unknown } | undefined;
  if (typeof payer?.name !== "string" || typeof payer.cpf !== "string") throw invalid("payer must have name and cpf");
  const document = canonicalizePixKey("CPF", payer.cpf);
  if (!document.ok) throw invalid("payer.cpf is not a valid CPF");
  const { rows } = await pool.query<{ name: string; city: string; fee_percent_centi: string; fee_fixed_cents: string }>(
    "SELECT name, city, fee_percent_centi, fee_fixed_cents FROM companies WHERE id = $1",
    [companyId],
  );
  if (rows.length === 0) throw new HttpError(404, "NOT_FOUND", "Charge not found");
  const company = rows[0];
  const plan = { feePercentCenti: BigInt(company.fee_percent_centi), feeFixedCents: BigInt(company.fee_fixed_cents) };
  const { feeCents, netAmountCents } = calculateFee(amountCents, plan);
  const charge = {
    id: newChargeId(),
    txid: newTxid(),
    locationId: newLocationId(),
    expiresAt: startOfSaoPauloDay(lastPayableDay(terms) + 1),
  };
  const pixCode = buildDynamicBrCode({
    locationUrl: `${locationHost}/pix/v2/${charge.locationId}`,
    amountCents: null,
    merchantName: company.name,
    merchantCity: company.city,
  });
  await inTransaction(async (client) => {
    for (let attempt = 1; ; attempt += 1) {
      const inserted = await client.query(
        `INSERT INTO charges (id, company_id, amount_cents, description, status, pix_code, fee_cents, net_amount_cents,
                              expires_at, created_at, txid, location_id, reserved, updated_at, type, due_date,
                              days_after_due, debtor_name, debtor_document, fine, interest, discount,
                              fee_percent_centi, fee_fixed_cents)
         VALUES ($1, $2, $3, $4, 'PENDING', $5, $6, $7, $8, $9, $10, $11, false, $9, 'DUE_DATE', $12, $13, $14, $15,
                 $16, $17, $18, $19, $20)
         ON CONFLICT DO NOTHING RETURNING 1 AS inserted`,
        [
          charge.id,
          companyId,
          amountCents.toString(),
          description,
          pixCode,
          feeCents.toString(),
          netAmountCents.toString(),
          charge.expiresAt,
          now,
          charge.txid,
          charge.locationId,
          terms.dueDate,
          terms.daysAfterDue,
          payer.name,
          document.key,
          storedTerm(terms.fine),
          storedTerm(terms.interest),
          storedTerm(terms.discount && "value" in terms.discount ? terms.discount : null),
          plan.feePercentCenti.toString(),
          plan.feeFixedCents.toString(),
        ],
      );
      if (inserted.rowCount === 1) return;
      if (attempt === 5) throw new Error(`no free charge id in ${attempt} attempts`);
      charge.id = newChargeId();
    }
  });
  return {
    ...restCharge({
      id: charge.id,
      amount_cents: amountCents.toString(),
      description,
      status: "PENDING",
      pix_code: pixCode,
      fee_cents: feeCents.toString(),
      net_amount_cents: netAmountCents.toString(),
      e2e_id: null,
      payer_name: null,
      payer_document: null,
      paid_at: null,
      expires_at: charge.expiresAt,
      created_at: now,
      txid: charge.txid,
    }),
    type: "DUE_DATE",
    due_date: terms.dueDate,
    days_after_due: terms.daysAfterDue,
    payer: { name: payer.name, document: document.key },
    amount_due: brlToJsonNumber(amountDueOn(terms, today).amountDueCents),
    paid_amount: null,
  };
}

/**
 * As WithdrawalsService.createWithdrawal: the account row locked, the key's earlier use
 * looked up, the withdrawal inserted, the reservation (running balance, queue counter and
 * ledger entry in one statement), the transition, and the signed `withdrawal.pending`
 * outbox row with its delivery job; one transaction.
 */
async function createWithdrawal(req: IncomingMessage, companyId: string): Promise<unknown> {
  const rawKey = req.headers["idempotency-key"];
  if (typeof rawKey !== "string" || !UUID_PATTERN.test(rawKey)) throw invalid("Idempotency-Key must be a UUID");
  const idempotencyKey = rawKey.toLowerCase();
  const body = (await readBody(req)) as Record<string, unknown>;
  onlyFields(body, ["amount", "pix_key_type", "pix_key"]);
  const amountCents = amountOf(body, MIN_WITHDRAWAL_CENTS);
  if (!isPixKeyType(body.pix_key_type)) throw invalid("pix_key_type must be CPF, CNPJ, EMAIL, TELEFONE or ALEATORIA");
  const pixKeyType = body.pix_key_type;
  const key = canonicalizePixKey(pixKeyType, body.pix_key as string);
  if (!key.ok) throw invalid(key.message);
  const fingerprint = requestFingerprint([amountCents, pixKeyType, key.key]);

  return inTransaction(async (client) => {
    const locked = await client.query<{
      balance_cents: string;
      pending_withdrawals: number;
      webhook_secret: string;
      webhook_url: string | null;
    }>(
      `SELECT balance_cents, auto_approve_limit_cents, pending_withdrawals, webhook_secret, webhook_url
         FROM companies WHERE id = $1 FOR NO KEY UPDATE`,
      [companyId],
    );
    if (locked.rows.length === 0) throw new HttpError(404, "NOT_FOUND", "Company not found");
    const account = locked.rows[0];
    const earlier = await client.query(
      "SELECT * FROM withdrawals WHERE company_id = $1 AND idempotency_key = $2 LIMIT 1",
      [companyId, idempotencyKey],
    );
    if (earlier.rows.length > 0) throw new HttpError(409, "IDEMPOTENCY_KEY_REUSED", "bench sends fresh keys");
    if (BigInt(account.balance_cents) < amountCents) throw new HttpError(400, "INSUFFICIENT_BALANCE", "Insufficient");
    const now = new Date();
    const withdrawal = {
      id: newWithdrawalId(),
      reference: newWithdrawalReference(),
      queuePosition: Number(account.pending_withdrawals) + 1,
    };
    await client.query(
      `INSERT INTO withdrawals (id, company_id, reference, amount_cents, status, pix_key, pix_key_type, idempotency_key,
                                request_fingerprint, initial_status, initial_queue_position, reason, retry_count, e2e_id,
                                paid_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, 'PENDING', $5, $6, $7, $8, 'PENDING', $9, NULL, 0, NULL, NULL, $10, $10)
       ON CONFLICT DO NOTHING RETURNING 1 AS inserted`,
      [
        withdrawal.id,
        companyId,
        withdrawal.reference,
        amountCents.toString(),
        key.key,
        pixKeyType,
        idempotencyKey,
        fingerprint,
        withdrawal.queuePosition,
        now,
      ],
    );
    await client.query(
      `WITH account AS (
         UPDATE companies SET balance_cents = balance_cents + $2, pending_withdrawals = pending_withdrawals + 1,
                              updated_at = now()
          WHERE id = $1 RETURNING balance_cents)
       INSERT INTO ledger_entries (company_id, kind, amount_cents, balance_after_cents, withdrawal_id, created_at)
       SELECT $1, 'WITHDRAWAL_RESERVED', $2, account.balance_cents, $3, clock_timestamp() FROM account
       RETURNING balance_after_cents`,
      [companyId, (-amountCents).toString(), withdrawal.id],
    );
    await client.query(
      `INSERT INTO withdrawal_transitions (withdrawal_id, from_status, to_status, actor, reason, created_at)
       VALUES ($1, NULL, 'PENDING', $2, NULL, now())`,
      [withdrawal.id, `client:${companyId}`],
    );
    const secret = isSealed(account.webhook_secret)
      ? secretBox.open(account.webhook_secret, `companies.webhook_secret:${companyId}`)
      : account.webhook_secret;
    const fields = {
      withdrawal_id: withdrawal.id,
      reference: withdrawal.reference,
      amount: formatBrl(amountCents),
      status: "PENDING",
      pix_key_type: pixKeyType,
    };
    const signed = signWebhookBody(secret, "withdrawal.pending", fields);
    const deliveryStatus = account.webhook_url ? "PENDING" : "NO_URL";
    await client.query(
      `WITH inserted AS (
         INSERT INTO webhook_events (id, company_id, event, subject_id, body, signature, delivery_status, next_attempt_at)
         VALUES ($1, $2, 'withdrawal.pending', $3, $4, $5, $6, CASE WHEN $6 = 'PENDING' THEN now() END)
         RETURNING delivery_status)
       SELECT ${NOTIFY_WEBHOOK_DUE_SQL} FROM inserted WHERE delivery_status = 'PENDING'`,
      [signed.eventId, companyId, withdrawal.id, signed.body, signed.signature, deliveryStatus],
    );
    return {
      id: withdrawal.id,
      amount: brlToJsonNumber(amountCents),
      status: "PENDING",
      pix_key: key.key,
      pix_key_type: pixKeyType,
      queue_position: withdrawal.queuePosition,
      idempotency_key: idempotencyKey,
      created_at: now,
    };
  });
}

/**
 * As RefundsService.createRefund: the charge read, then one transaction: the charge's row
 * locked, the key's earlier use looked up, the account's row locked, the refund inserted,
 * the charge's refunded amount, the reservation and its ledger entry (one statement), the
 * audit row, the signed `refund.processing` outbox row and the job that sends the devolução.
 */
async function createRefund(req: IncomingMessage, companyId: string, rawChargeId: string): Promise<unknown> {
  const rawKey = req.headers["idempotency-key"];
  if (typeof rawKey !== "string" || !UUID_PATTERN.test(rawKey)) throw invalid("Idempotency-Key must be a UUID");
  const idempotencyKey = rawKey.toLowerCase();
  const chargeId = rawChargeId.startsWith("chg_") ? rawChargeId.slice(4) : rawChargeId;
  if (!CHARGE_ID_PATTERN.test(chargeId)) throw new HttpError(404, "NOT_FOUND", "Charge not found");
  const found = await pool.query(
    "SELECT *, (status = 'PENDING' AND expires_at <= now()) AS overdue FROM charges WHERE id = $1 AND company_id = $2 LIMIT 1",
    [chargeId, companyId],
  );
  if (found.rows.length === 0) throw new HttpError(404, "NOT_FOUND", "Charge not found");
  const body = (await readBody(req)) as Record<string, unknown>;
  onlyFields(body, ["amount", "reason"]);
  const amountCents = amountOf(body, 1n);
  const reason = typeof body.reason === "string" ? body.reason : null;
  const fingerprint = requestFingerprint([chargeId, amountCents, reason]);

  return inTransaction(async (client) => {
    const charge = await client.query<{ status: string; amount_cents: string; refunded_amount_cents: string }>(
      "SELECT * FROM charges WHERE id = $1 FOR NO KEY UPDATE",
      [chargeId],
    );
    const earlier = await client.query("SELECT * FROM refunds WHERE company_id = $1 AND idempotency_key = $2 LIMIT 1", [
      companyId,
      idempotencyKey,
    ]);
    if (earlier.rows.length > 0) throw new HttpError(409, "IDEMPOTENCY_KEY_REUSED", "bench sends fresh keys");
    const row = charge.rows[0];
    if (row.status !== "PAID") throw new HttpError(409, "INVALID_STATE", "Charge is not PAID");
    if (BigInt(row.amount_cents) - BigInt(row.refunded_amount_cents) < amountCents)
      throw new HttpError(400, "REFUND_EXCEEDS_CHARGE", "Above what remains");
    const locked = await client.query<{ balance_cents: string; webhook_secret: string; webhook_url: string | null }>(
      "SELECT balance_cents, webhook_secret, webhook_url FROM companies WHERE id = $1 FOR NO KEY UPDATE",
      [companyId],
    );
    const account = locked.rows[0];
    if (BigInt(account.balance_cents) < amountCents) throw new HttpError(400, "INSUFFICIENT_BALANCE", "Insufficient");
    const now = new Date();
    const id = newRefundId();
    await client.query(
      `INSERT INTO refunds (id, company_id, charge_id, amount_cents, status, reason, return_id, failure_reason, retry_count,
                            idempotency_key, request_fingerprint, requested_by, submitted_at, refunded_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, 'PROCESSING', $5, NULL, NULL, 0, $6, $7, $8, NULL, NULL, $9, $9)
       ON CONFLICT DO NOTHING RETURNING 1 AS inserted`,
      [
        id,
        companyId,
        chargeId,
        amountCents.toString(),
        reason,
        idempotencyKey,
        fingerprint,
        `merchant:${companyId}`,
        now,
      ],
    );
    await client.query(
      "UPDATE charges SET refunded_amount_cents = refunded_amount_cents + $2, updated_at = now() WHERE id = $1",
      [chargeId, amountCents.toString()],
    );
    await client.query(
      `WITH account AS (
         UPDATE companies SET balance_cents = balance_cents + $2, updated_at = now() WHERE id = $1 RETURNING balance_cents)
       INSERT INTO ledger_entries (company_id, kind, amount_cents, balance_after_cents, charge_id, refund_id, memo, created_at)
       SELECT $1, 'REFUND_RESERVED', $2, account.balance_cents, $3, $4, $5, clock_timestamp() FROM account
       RETURNING balance_after_cents`,
      [companyId, (-amountCents).toString(), chargeId, id, reason],
    );
    await client.query(
      `INSERT INTO audit_log (actor, actor_kind, action, object_type, object_id, company_id, reason, before, after, address, request_id)
       VALUES ($1, 'MERCHANT', 'refund.create', 'refund', $2, $3, $4, NULL, $5::jsonb, $6, NULL)`,
      [
        `merchant:${companyId}`,
        id,
        companyId,
        reason,
        JSON.stringify({ status: "PROCESSING", chargeId, amount: formatBrl(amountCents) }),
        req.socket.remoteAddress ?? null,
      ],
    );
    const secret = isSealed(account.webhook_secret)
      ? secretBox.open(account.webhook_secret, `companies.webhook_secret:${companyId}`)
      : account.webhook_secret;
    const refund = {
      id,
      charge_id: chargeId,
      amount: brlToJsonNumber(amountCents),
      status: "PROCESSING",
      reason,
      return_id: null,
      failure_reason: null,
      idempotency_key: idempotencyKey,
      created_at: now,
      refunded_at: null,
    };
    const signed = signWebhookBody(secret, "refund.processing", {
      refund_id: id,
      charge_id: `chg_${chargeId}`,
      company_id: companyId,
      amount: refund.amount,
      status: "PROCESSING",
      return_id: null,
      reason,
      failure_reason: null,
    });
    const deliveryStatus = account.webhook_url ? "PENDING" : "NO_URL";
    await client.query(
      `WITH inserted AS (
         INSERT INTO webhook_events (id, company_id, event, subject_id, body, signature, delivery_status, next_attempt_at)
         VALUES ($1, $2, 'refund.processing', $3, $4, $5, $6, CASE WHEN $6 = 'PENDING' THEN now() END)
         RETURNING delivery_status)
       SELECT ${NOTIFY_WEBHOOK_DUE_SQL} FROM inserted WHERE delivery_status = 'PENDING'`,
      [signed.eventId, companyId, id, signed.body, signed.signature, deliveryStatus],
    );
    await client.query(
      `SELECT ${addJobSql({ task: "$1", payload: "$2::json", queueName: "$3", runAt: "$4", maxAttempts: "$5", jobKey: "$6" })}`,
      [
        SUBMIT_REFUND_JOB,
        JSON.stringify(returnJobPayload({ subject: "refund", id, requestId: null })),
        null,
        null,
        null,
        null,
      ],
    );
    return refund;
  });
}

/** POST /graphql with the bench's balance document: the same SQL, the answer in GraphQL's shape. */
async function graphqlBalance(req: IncomingMessage, companyId: string): Promise<unknown> {
  const body = (await readBody(req)) as { query?: unknown };
  if (body.query !== GRAPHQL_BALANCE_QUERY) throw invalid("the minimal server answers only the bench's document");
  const balance = await readBalanceRow(companyId);
  return { data: { balance: { balance: formatBrl(balance.cents), currency: "BRL", timestamp: balance.now } } };
}

async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const [path, search] = (req.url ?? "/").split("?");
  const companyId = await authenticate(req);
  if (req.method === "GET" && path === "/charges/balance") {
    const balance = await readBalanceRow(companyId);
    return send(res, 200, { balance: brlToJsonNumber(balance.cents), currency: "BRL", timestamp: balance.now });
  }
  if (req.method === "GET" && path === "/charges") {
    return send(res, 200, await listCharges(companyId, new URLSearchParams(search ?? "")));
  }
  if (req.method === "GET" && path.startsWith("/charges/")) {
    return send(res, 200, await readCharge(companyId, decodeURIComponent(path.slice("/charges/".length))));
  }
  if (req.method === "POST" && path === "/charges") {
    return send(res, 201, await createCharge(companyId, (await readBody(req)) as Record<string, unknown>));
  }
  if (req.method === "POST" && path === "/withdrawals") return send(res, 201, await createWithdrawal(req, companyId));
  const refundOf = /^\/charges\/([^/]+)\/refunds$/.exec(path);
  if (req.method === "POST" && refundOf) return send(res, 201, await createRefund(req, companyId, refundOf[1]));
  if (req.method === "POST" && path === "/graphql") return send(res, 200, await graphqlBalance(req, companyId));
  throw new HttpError(404, "NOT_FOUND", `No route ${req.method} ${path}`);
}

const server = createServer((req, res) => {
  route(req, res).catch((error: unknown) => {
    if (error instanceof HttpError) return send(res, error.status, { error: error.message, code: error.code });
    // One line per failure, so the bench runner counts failures, not stack frames.
    const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
    process.stderr.write(`minimal server: ${text.replace(/\n\s*/g, " | ")}\n`);
    send(res, 500, { error: "Internal error", code: "INTERNAL_ERROR" });
  });
});
server.listen(Number(process.env.PORT ?? 4100), "127.0.0.1");

const stop = () => {
  server.close(() => void pool.end().finally(() => process.exit(0)));
  server.closeAllConnections();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
