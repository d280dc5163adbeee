import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { Pool, type PoolClient } from "pg";
import { CHARGE_ID_PATTERN, newWithdrawalId, newWithdrawalReference, UUID_PATTERN } from "../core/ids";
import { brlToJsonNumber, type Cents, MAX_AMOUNT_CENTS, MoneyFormatError, parseBrl } from "../core/money";
import { hashSecret, safeEqual } from "../core/secrets";
import { canonicalizePixKey, isPixKeyType } from "../withdrawals/pix-key";

/**
 * The bench's yardstick: the three benchmarked routes on plain node:http and a pg Pool,
 * no framework, no GraphQL, no ORM. It runs the same SQL as the service for the same
 * request (credential lookup, then the read or the withdrawal's core transaction) and
 * caches nothing the service does not cache. Bench-only: not part of the service.
 */
const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DB_POOL_SIZE ?? 20) });
const adminTokenHash = hashSecret(process.env.ADMIN_API_TOKEN ?? "");
const MAX_BODY_BYTES = 100 * 1024;
const MIN_WITHDRAWAL_CENTS = 100n;
const WITHDRAWAL_FIELDS = ["amount", "pix_key_type", "pix_key"];

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
  });
  res.end(text);
}

/** As AuthService.authenticateBearer: sha256 of the token, then the credential lookup. */
async function authenticate(req: IncomingMessage): Promise<string> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "");
  const token = match?.[1] ?? "";
  const tokenHash = hashSecret(token);
  if (match && !safeEqual(tokenHash, adminTokenHash) && token.startsWith("sk_")) {
    const { rows } = await pool.query<{ id: string; company_id: string }>(
      `SELECT id, company_id FROM client_credentials
        WHERE secret_hash = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())`,
      [tokenHash],
    );
    if (rows.length > 0) return rows[0].company_id;
  }
  throw new HttpError(401, "UNAUTHENTICATED", "Missing or invalid credentials");
}

/** As LedgerService.readBalance. */
async function readBalance(companyId: string): Promise<unknown> {
  const { rows } = await pool.query<{ balance_cents: string; now: Date }>(
    "SELECT balance_cents, now() AS now FROM companies WHERE id = $1",
    [companyId],
  );
  if (rows.length === 0) throw new HttpError(404, "NOT_FOUND", "Company not found");
  return { balance: brlToJsonNumber(BigInt(rows[0].balance_cents)), currency: "BRL", timestamp: rows[0].now };
}

interface ChargeRow {
  id: string;
  company_id: string;
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
}

// Every column of the Charge entity, as the service's findOneBy reads them.
const CHARGE_COLUMNS = `id, company_id, amount_cents, description, status, pix_code, fee_cents, net_amount_cents,
  e2e_id, payer_name, payer_document, paid_at, expires_at, created_at, txid, location_id, cancelled_at, reserved,
  reserved_reason, idempotency_key, request_fingerprint, updated_at`;

async function findCharge(id: string): Promise<ChargeRow | undefined> {
  const { rows } = await pool.query<ChargeRow>(`SELECT ${CHARGE_COLUMNS} FROM charges WHERE id = $1`, [id]);
  return rows[0];
}

/** As ChargesService.getCharge, expiry on read included. */
async function readCharge(companyId: string, rawId: string): Promise<unknown> {
  const id = rawId.startsWith("chg_") ? rawId.slice(4) : rawId;
  let charge = CHARGE_ID_PATTERN.test(id) ? await findCharge(id) : undefined;
  if (!charge || charge.company_id !== companyId) throw new HttpError(404, "NOT_FOUND", "Charge not found");
  if (charge.status === "PENDING" && charge.expires_at.getTime() <= Date.now()) {
    await pool.query(
      "UPDATE charges SET status = 'EXPIRED', updated_at = now() WHERE id = $1 AND status = 'PENDING' AND expires_at <= now()",
      [id],
    );
    charge = (await findCharge(id)) ?? charge;
  }
  return {
    id: charge.id,
    amount: brlToJsonNumber(BigInt(charge.amount_cents)),
    description: charge.description,
    status: charge.status,
    pix_code: charge.pix_code,
    fee: brlToJsonNumber(BigInt(charge.fee_cents)),
    net_amount: brlToJsonNumber(BigInt(charge.net_amount_cents)),
    e2e_id: charge.e2e_id,
    payer_name: charge.payer_name,
    payer_document: charge.payer_document,
    paid_at: charge.paid_at,
    expires_at: charge.expires_at,
    created_at: charge.created_at,
    txid: charge.txid,
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) reject(new HttpError(413, "PAYLOAD_TOO_LARGE", "Body exceeds 100 kB"));
      else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

interface WithdrawalRequest {
  idempotencyKey: string;
  amountCents: Cents;
  pixKeyType: string;
  pixKey: string;
  fingerprint: string;
}

function invalid(message: string): HttpError {
  return new HttpError(400, "VALIDATION_ERROR", message);
}

/** The service's checks, in the contract's order: Idempotency-Key, then body and key. */
async function parseWithdrawal(req: IncomingMessage): Promise<WithdrawalRequest> {
  const rawKey = req.headers["idempotency-key"];
  if (typeof rawKey !== "string" || !UUID_PATTERN.test(rawKey)) throw invalid("Idempotency-Key must be a UUID");
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(await readBody(req));
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, "INVALID_JSON", "Body is not valid JSON");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw invalid("Body must be a JSON object");
  const unknown = Object.keys(body).filter((name) => !WITHDRAWAL_FIELDS.includes(name));
  if (unknown.length > 0) throw invalid(`Unknown body field: ${unknown.join(", ")}`);
  if (typeof body.amount !== "number") throw invalid("amount must be a number");
  let amountCents: Cents;
  try {
    amountCents = parseBrl(body.amount);
  } catch (error) {
    if (error instanceof MoneyFormatError) throw invalid(`amount ${error.message}`);
    throw error;
  }
  if (amountCents < MIN_WITHDRAWAL_CENTS || amountCents > MAX_AMOUNT_CENTS) {
    throw invalid("amount must be between 1.00 and 99999999.99");
  }
  if (!isPixKeyType(body.pix_key_type)) throw invalid("pix_key_type must be CPF, CNPJ, EMAIL, TELEFONE or ALEATORIA");
  const key = canonicalizePixKey(body.pix_key_type, body.pix_key as string);
  if (!key.ok) throw invalid(key.message);
  // The service's request fingerprint (core/idempotency requestFingerprint), same text.
  const fingerprint = createHash("sha256")
    .update(JSON.stringify([amountCents.toString(), body.pix_key_type, key.key]))
    .digest("hex");
  return {
    idempotencyKey: rawKey.toLowerCase(),
    amountCents,
    pixKeyType: body.pix_key_type,
    pixKey: key.key,
    fingerprint,
  };
}

/** The original answer to a repeated key, or 409 when the key came with another request. */
async function replay(client: PoolClient, companyId: string, request: WithdrawalRequest): Promise<unknown> {
  const { rows } = await client.query(
    `SELECT id, amount_cents, initial_status, pix_key, pix_key_type, initial_queue_position, idempotency_key,
            created_at, request_fingerprint
       FROM withdrawals WHERE company_id = $1 AND idempotency_key = $2`,
    [companyId, request.idempotencyKey],
  );
  const row = rows[0];
  if (row.request_fingerprint !== request.fingerprint) {
    throw new HttpError(409, "IDEMPOTENCY_KEY_REUSED", "Idempotency-Key was used with a different request");
  }
  return {
    id: row.id,
    amount: brlToJsonNumber(BigInt(row.amount_cents)),
    status: row.initial_status,
    pix_key: row.pix_key,
    pix_key_type: row.pix_key_type,
    queue_position: row.initial_queue_position,
    idempotency_key: row.idempotency_key,
    created_at: row.created_at,
  };
}

/**
 * The withdrawal's core transaction, as WithdrawalsService.createWithdrawal and
 * postLedgerEntry write it: lock the account row, record the withdrawal (a repeated key
 * finds its row instead), check the balance, move the running balance and write the
 * ledger entry. Commits or rolls back as one.
 */
async function createWithdrawal(
  companyId: string,
  request: WithdrawalRequest,
): Promise<{ status: number; body: unknown }> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const locked = await client.query<{ balance_cents: string }>(
      "SELECT balance_cents FROM companies WHERE id = $1 FOR UPDATE",
      [companyId],
    );
    if (locked.rows.length === 0) throw new HttpError(404, "NOT_FOUND", "Company not found");
    const id = newWithdrawalId();
    const now = new Date();
    const inserted = await client.query(
      `INSERT INTO withdrawals (id, company_id, reference, amount_cents, status, pix_key, pix_key_type, idempotency_key,
                                request_fingerprint, initial_status, initial_queue_position, reason, retry_count,
                                created_at, updated_at)
       VALUES ($1, $2, $3, $4, 'PENDING', $5, $6, $7, $8, 'PENDING', NULL, NULL, 0, $9, $9)
       ON CONFLICT (company_id, idempotency_key) DO NOTHING RETURNING id`,
      [
        id,
        companyId,
        newWithdrawalReference(),
        request.amountCents.toString(),
        request.pixKey,
        request.pixKeyType,
        request.idempotencyKey,
        request.fingerprint,
        now,
      ],
    );
    if (inserted.rows.length === 0) {
      const body = await replay(client, companyId, request);
      await client.query("ROLLBACK");
      return { status: 201, body };
    }
    if (BigInt(locked.rows[0].balance_cents) < request.amountCents) {
      throw new HttpError(400, "INSUFFICIENT_BALANCE", "Insufficient balance");
    }
    const updated = await client.query<{ balance_cents: string }>(
      "UPDATE companies SET balance_cents = balance_cents + $2, updated_at = now() WHERE id = $1 RETURNING balance_cents",
      [companyId, (-request.amountCents).toString()],
    );
    await client.query(
      `INSERT INTO ledger_entries (company_id, kind, amount_cents, balance_after_cents, charge_id, withdrawal_id, adjustment_id, memo)
       VALUES ($1, 'WITHDRAWAL_RESERVED', $2, $3, NULL, $4, NULL, NULL)`,
      [companyId, (-request.amountCents).toString(), updated.rows[0].balance_cents, id],
    );
    await client.query("COMMIT");
    const body = {
      id,
      amount: brlToJsonNumber(request.amountCents),
      status: "PENDING",
      pix_key: request.pixKey,
      pix_key_type: request.pixKeyType,
      queue_position: null,
      idempotency_key: request.idempotencyKey,
      created_at: now,
    };
    return { status: 201, body };
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = (req.url ?? "/").split("?")[0];
  const companyId = await authenticate(req);
  if (req.method === "GET" && path === "/charges/balance") return send(res, 200, await readBalance(companyId));
  if (req.method === "GET" && path.startsWith("/charges/")) {
    return send(res, 200, await readCharge(companyId, decodeURIComponent(path.slice("/charges/".length))));
  }
  if (req.method === "POST" && path === "/withdrawals") {
    const created = await createWithdrawal(companyId, await parseWithdrawal(req));
    return send(res, created.status, created.body);
  }
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
