import { createHmac } from "node:crypto";
import type pg from "pg";
import type { TestApp } from "../support/test-app";
import {
  type AccountState,
  balanceOf,
  bankFails,
  bankMayFail,
  brl,
  CLOCK_SLACK_MS,
  centsOf,
  chargeStatusEvent,
  disputedOf,
  type ExpectedEvent,
  isHeld,
  isHolding,
  isoDayOf,
  labelOf,
  queuePositionOf,
  refundedOf,
  UNAVAILABLE_RETRY_DELAYS_MS,
  type Window,
  type World,
} from "./model";

/*
 * What the service says its state is, read the way a client and an auditor would: balances,
 * charges, withdrawals and balanceAudit through GraphQL (Money strings, never floats), the
 * ledger, the outbox and the payment exceptions through SQL reads. Then the model is
 * compared with it, field by field.
 */

export interface ObservedCharge {
  id: string;
  status: string;
  reserved: boolean;
  reservedAmount: bigint;
  amount: bigint;
  fee: bigint;
  net: bigint;
  e2eId: string | null;
  expiresAtMs: number;
  refunded: bigint;
  disputed: bigint;
  type: string;
  paidAmount: bigint | null;
  recurrenceId: string | null;
  debitAttempt: number | null;
  failureReason: string | null;
  nextAttemptOn: string | null;
}

export interface ObservedRecurrence {
  id: string;
  status: string;
  reason: string | null;
  amount: bigint | null;
  retryPolicy: string;
}

export interface ObservedDispute {
  id: string;
  chargeId: string;
  reportId: string;
  nature: string;
  amount: bigint;
  held: bigint;
  status: string;
  outcome: string | null;
  refundId: string | null;
  returnFailureReason: string | null;
}

export interface ObservedRefund {
  id: string;
  chargeId: string;
  status: string;
  amount: bigint;
  reason: string | null;
  failureReason: string | null;
  returnId: string | null;
}

export interface ObservedWithdrawal {
  id: string;
  status: string;
  reason: string | null;
  retryCount: number;
  queuePosition: number | null;
  amount: bigint;
  reference: string;
  pixKey: string;
}

export interface ObservedEvent {
  id: string;
  event: string;
  subjectId: string | null;
  body: string;
  signature: string;
}

export interface ObservedAccount {
  companyId: string;
  balance: bigint;
  chargesTotal: number;
  charges: ObservedCharge[];
  withdrawalsTotal: number;
  withdrawals: ObservedWithdrawal[];
  refunds: ObservedRefund[];
  disputes: ObservedDispute[];
  recurrences: ObservedRecurrence[];
  audit: Record<string, any>;
  /** webhookSettings.secretHint: the first characters of the secret that signs now. */
  secretHint: string;
  events: ObservedEvent[];
}

export interface ObservedException {
  kind: string;
  txid: string;
  endToEndId: string | null;
  chargeId: string | null;
  companyId: string | null;
}

export interface Observation {
  window: Window;
  accounts: Map<string, ObservedAccount>;
  exceptions: ObservedException[];
  /** Broken links of the ledger's running balance, and reservations below zero. */
  ledgerProblems: string[];
  /** Ledger entries and events looked at in this observation (for the figures). */
  ledgerEntriesChecked: number;
}

const CHARGE_FIELDS =
  "id status reserved reservedAmount amount fee netAmount e2eId expiresAt refundedAmount disputedAmount type paidAmount recurrenceId debitAttempt failureReason nextAttemptOn";
const WITHDRAWAL_FIELDS = "id status reason retryCount queuePosition amount withdrawalReference pixKey";
const AUDIT_FIELDS =
  "consistent runningBalance recomputedBalance ledgerSum lastEntryBalance ledgerEntries pendingWithdrawals pendingWithdrawalsCounted paidChargesNet chargesHeld adjustments withdrawalsHeld refundsHeld disputesHeld";

/** Where the ledger check of an account stopped: the next entry must continue from here. */
interface LedgerCursor {
  lastId: bigint;
  balance: bigint;
}

export class ServiceReader {
  private readonly cursors = new Map<string, LedgerCursor>();
  /** For the figures: state reads made, and ledger entries whose running balance was checked. */
  graphqlReads = 0;
  ledgerEntriesChecked = 0;

  constructor(
    private readonly app: TestApp,
    private readonly sql: pg.Client,
  ) {}

  /**
   * Reads the state of every account of the world. While the bank works in the background
   * (a refused or unavailable key), two consecutive reads must agree, so that the balance
   * and the statuses belong to one moment.
   */
  async observeStable(world: World, unknownTxids: string[] = [], bankAtWork?: boolean): Promise<Observation> {
    let previous = await this.observe(world, unknownTxids);
    const window: Window = { startMs: previous.window.startMs, endMs: previous.window.endMs };
    const busy = bankAtWork ?? world.withdrawals.some((w) => w.status === "PROCESSING" && w.bank !== "settles");
    if (!busy) return previous;
    for (let round = 0; round < 20; round++) {
      const next = await this.observe(world, unknownTxids);
      if (digest(next) === digest(previous)) {
        next.window = { startMs: window.startMs, endMs: next.window.endMs };
        next.ledgerProblems = [...previous.ledgerProblems, ...next.ledgerProblems];
        return next;
      }
      previous = next;
    }
    throw new Error("the service's state kept changing under 20 consecutive reads");
  }

  /** `unknownTxids`: txids sent that no charge has, besides those the model knows (their exceptions have no account). */
  async observe(world: World, unknownTxids: string[] = []): Promise<Observation> {
    const startMs = Date.now();
    const ids = world.accounts.map((a) => a.companyId);
    const accounts = new Map<string, ObservedAccount>();
    // One operator request for all accounts; lists sized to what the model knows, plus what one batch can add.
    const declarations: string[] = [];
    const fields: string[] = [];
    const variables: Record<string, unknown> = {};
    world.accounts.forEach((a, i) => {
      const charges = world.charges.filter((c) => c.companyId === a.companyId).length;
      const withdrawals = world.withdrawals.filter((w) => w.companyId === a.companyId).length;
      declarations.push(`$c${i}: ID!, $nc${i}: Int, $nw${i}: Int`);
      variables[`c${i}`] = a.companyId;
      variables[`nc${i}`] = Math.min(100, charges + 5);
      variables[`nw${i}`] = Math.min(100, withdrawals + 5);
      fields.push(
        `b${i}: balance(companyId: $c${i}) { balance }`,
        `ch${i}: charges(companyId: $c${i}, limit: $nc${i}) { total data { ${CHARGE_FIELDS} } }`,
        `wd${i}: withdrawals(companyId: $c${i}, limit: $nw${i}) { total data { ${WITHDRAWAL_FIELDS} } }`,
        `au${i}: balanceAudit(companyId: $c${i}) { ${AUDIT_FIELDS} }`,
        `ws${i}: webhookSettings(companyId: $c${i}) { secretHint }`,
      );
    });
    const result = await this.app.graphql(`query(${declarations.join(", ")}) { ${fields.join(" ")} }`, variables);
    this.graphqlReads++;
    if (result.errors) throw new Error(`state read failed: ${JSON.stringify(result.errors).slice(0, 500)}`);
    const data = result.data;
    world.accounts.forEach((a, i) => {
      accounts.set(a.companyId, {
        companyId: a.companyId,
        balance: centsOf(data[`b${i}`].balance),
        chargesTotal: data[`ch${i}`].total,
        charges: data[`ch${i}`].data.map((c: any) => ({
          id: c.id,
          status: c.status,
          reserved: c.reserved,
          reservedAmount: centsOf(c.reservedAmount),
          amount: centsOf(c.amount),
          fee: centsOf(c.fee),
          net: centsOf(c.netAmount),
          e2eId: c.e2eId,
          expiresAtMs: Date.parse(c.expiresAt),
          refunded: centsOf(c.refundedAmount),
          disputed: centsOf(c.disputedAmount),
          type: c.type,
          paidAmount: c.paidAmount === null ? null : centsOf(c.paidAmount),
          recurrenceId: c.recurrenceId,
          debitAttempt: c.debitAttempt,
          failureReason: c.failureReason,
          nextAttemptOn: c.nextAttemptOn,
        })),
        withdrawalsTotal: data[`wd${i}`].total,
        withdrawals: data[`wd${i}`].data.map((w: any) => ({
          id: w.id,
          status: w.status,
          reason: w.reason,
          retryCount: w.retryCount,
          queuePosition: w.queuePosition,
          amount: centsOf(w.amount),
          reference: w.withdrawalReference,
          pixKey: w.pixKey,
        })),
        refunds: [],
        disputes: [],
        recurrences: [],
        audit: data[`au${i}`],
        secretHint: data[`ws${i}`].secretHint,
        events: [],
      });
    });

    const events = await this.sql.query(
      `SELECT id, company_id, event, subject_id, body, signature FROM webhook_events
        WHERE company_id = ANY($1) ORDER BY sequence`,
      [ids],
    );
    for (const row of events.rows) {
      accounts.get(row.company_id)?.events.push({
        id: row.id,
        event: row.event,
        subjectId: row.subject_id,
        body: row.body,
        signature: row.signature,
      });
    }
    const refunds = await this.sql.query(
      `SELECT id, company_id, charge_id, status, amount_cents, reason, failure_reason, return_id FROM refunds
        WHERE company_id = ANY($1) ORDER BY created_at, id`,
      [ids],
    );
    for (const row of refunds.rows) {
      accounts.get(row.company_id)?.refunds.push({
        id: row.id,
        chargeId: row.charge_id,
        status: row.status,
        amount: BigInt(row.amount_cents),
        reason: row.reason,
        failureReason: row.failure_reason,
        returnId: row.return_id,
      });
    }
    const disputes = await this.sql.query(
      `SELECT id, company_id, charge_id, report_id, nature, amount_cents, held_amount_cents, status, outcome,
              refund_id, return_failure_reason FROM disputes
        WHERE company_id = ANY($1) ORDER BY opened_at, id`,
      [ids],
    );
    for (const row of disputes.rows) {
      accounts.get(row.company_id)?.disputes.push({
        id: row.id,
        chargeId: row.charge_id,
        reportId: row.report_id,
        nature: row.nature,
        amount: BigInt(row.amount_cents),
        held: BigInt(row.held_amount_cents),
        status: row.status,
        outcome: row.outcome,
        refundId: row.refund_id,
        returnFailureReason: row.return_failure_reason,
      });
    }
    const recurrences = await this.sql.query(
      `SELECT id, company_id, status, status_reason, amount_cents, retry_policy FROM recurrences
        WHERE company_id = ANY($1) ORDER BY created_at, id`,
      [ids],
    );
    for (const row of recurrences.rows) {
      accounts.get(row.company_id)?.recurrences.push({
        id: row.id,
        status: row.status,
        reason: row.status_reason,
        amount: row.amount_cents === null ? null : BigInt(row.amount_cents),
        retryPolicy: row.retry_policy,
      });
    }
    const txids = [...world.payments.filter((p) => p.companyId === null).map((p) => p.txid), ...unknownTxids];
    const exceptions = await this.sql.query(
      `SELECT kind, txid, end_to_end_id, charge_id, company_id FROM payment_exceptions
        WHERE company_id = ANY($1) OR txid = ANY($2)`,
      [ids, txids],
    );
    const { problems, checked } = await this.checkLedger(world, ids);
    return {
      window: { startMs, endMs: Date.now() },
      accounts,
      exceptions: exceptions.rows.map((row) => ({
        kind: row.kind,
        txid: row.txid,
        endToEndId: row.end_to_end_id,
        chargeId: row.charge_id,
        companyId: row.company_id,
      })),
      ledgerProblems: problems,
      ledgerEntriesChecked: checked,
    };
  }

  /**
   * The running balance never skips: each entry's balance_after is the previous one plus
   * its amount, per account in id order (postings on one account hold its row lock, so
   * ids follow commit order); and no reservation of a withdrawal left the balance below zero.
   */
  private async checkLedger(world: World, ids: string[]): Promise<{ problems: string[]; checked: number }> {
    const problems: string[] = [];
    const rows = await this.sql.query(
      `SELECT l.id, l.company_id, l.kind, l.amount_cents, l.balance_after_cents, l.dispute_id
         FROM ledger_entries l
         JOIN unnest($1::text[], $2::bigint[]) AS c(company_id, after_id) ON c.company_id = l.company_id
        WHERE l.id > c.after_id
        ORDER BY l.company_id, l.id`,
      [ids, ids.map((id) => (this.cursors.get(id)?.lastId ?? 0n).toString())],
    );
    for (const row of rows.rows) {
      const cursor = this.cursors.get(row.company_id) ?? { lastId: 0n, balance: 0n };
      const amount = BigInt(row.amount_cents);
      const after = BigInt(row.balance_after_cents);
      const label = labelOf(world, row.company_id);
      if (after !== cursor.balance + amount) {
        problems.push(
          `ledger of ${label} skips at entry ${row.id} (${row.kind} ${brl(amount)}): balance_after ${brl(after)}, previous ${brl(cursor.balance)}`,
        );
      }
      // Reservations and dispute holds never take the balance below zero (a MED devolução's
      // reservation takes its dispute's hold, released just before: it moves nothing).
      const medReturn = row.kind === "REFUND_RESERVED" && row.dispute_id !== null;
      if (
        (row.kind === "WITHDRAWAL_RESERVED" || row.kind === "REFUND_RESERVED" || row.kind === "DISPUTE_HELD") &&
        !medReturn &&
        after < 0n
      ) {
        problems.push(`${row.kind} (ledger entry ${row.id}) took ${label}'s balance to ${brl(after)}`);
      }
      this.cursors.set(row.company_id, { lastId: BigInt(row.id), balance: after });
    }
    this.ledgerEntriesChecked += rows.rows.length;
    return { problems, checked: rows.rows.length };
  }
}

function digest(observation: Observation): string {
  const parts: string[] = [];
  for (const a of observation.accounts.values()) {
    parts.push(`${a.companyId}:${a.balance}:${a.events.length}`);
    for (const w of a.withdrawals) parts.push(`${w.id}:${w.status}:${w.retryCount}`);
  }
  return parts.join("|");
}

/**
 * Brings the model up to what the service did in the background, where the contract
 * allows it by then: charges that expired, bank refusals and retries, and the references
 * the service gave to withdrawals. Anything else stays for `diffWorld` to report.
 */
export function catchUp(world: World, observation: Observation): void {
  const { window } = observation;
  for (const c of world.charges) {
    const seen = observation.accounts.get(c.companyId)?.charges.find((o) => o.id === c.id);
    if (seen?.status === "EXPIRED" && c.status === "PENDING" && window.endMs >= c.expiresAtMs - CLOCK_SLACK_MS) {
      c.status = "EXPIRED";
    }
    // A first payment the sandbox paid with the approval: its e2e id is the service's to choose (once).
    if (c.e2eUnknown && c.status === "PAID" && seen?.status === "PAID" && seen.e2eId && E2E_ID.test(seen.e2eId)) {
      learnE2e(world, c, seen.e2eId);
    }
  }
  for (const w of world.withdrawals) {
    const seen = observation.accounts.get(w.companyId)?.withdrawals.find((o) => o.id === w.id);
    if (!seen) continue;
    if (w.reference === null) w.reference = seen.reference;
    if (w.status === "PROCESSING" && seen.status === "FAILED" && bankMayFail(w, window)) bankFails(world, w.id);
    const maxRetries = w.bank === "unavailable" && w.bankSinceMs !== null ? UNAVAILABLE_RETRY_DELAYS_MS.length : 0;
    if (w.status === "PROCESSING" && seen.status === "PROCESSING" && seen.retryCount > w.retryCount) {
      if (seen.retryCount <= maxRetries) w.retryCount = seen.retryCount;
    }
  }
}

const E2E_ID = /^E[0-9]{8}[0-9]{12}[A-Za-z0-9]{11}$/;

function learnE2e(world: World, c: World["charges"][number], e2eId: string): void {
  c.e2eUnknown = false;
  c.e2eId = e2eId;
  world.knownE2e.push(e2eId);
  world.payments.push({
    companyId: c.companyId,
    endToEndId: e2eId,
    txid: c.txid,
    valorCents: c.paidAmountCents ?? c.amountCents,
  });
  for (const e of c.events) {
    if (e.event === "charge.paid" && e.fields.e2e_id === null) {
      e.fields.e2e_id = e2eId;
      e.fields.endToEndId = e2eId;
    }
  }
}

/** Every difference between the model and what the service says, in words. */
export function diffWorld(world: World, observation: Observation): string[] {
  const problems: string[] = [...observation.ledgerProblems];
  for (const a of world.accounts) {
    const seen = observation.accounts.get(a.companyId);
    if (!seen) {
      problems.push(`account ${a.label} was not read`);
      continue;
    }
    diffAccount(world, a, seen, observation.window, problems);
  }
  const key = (e: { kind: string; txid: string; endToEndId: string | null; chargeId: string | null }) =>
    `${e.kind} txid=${e.txid.slice(0, 8)}… e2e=…${(e.endToEndId ?? "").slice(-6)} charge=${e.chargeId ?? "-"}`;
  const expected = world.exceptions.map(key).sort();
  const actual = observation.exceptions.map(key).sort();
  if (expected.join("\n") !== actual.join("\n")) {
    problems.push(`payment exceptions: expected [${expected.join("; ")}], service has [${actual.join("; ")}]`);
  }
  return problems;
}

function diffAccount(world: World, a: AccountState, seen: ObservedAccount, window: Window, problems: string[]) {
  const L = a.label;
  const say = (text: string) => problems.push(`${L}: ${text}`);
  const charges = world.charges.filter((c) => c.companyId === a.companyId);
  const withdrawals = world.withdrawals.filter((w) => w.companyId === a.companyId);

  // Money: the balance, and balanceAudit's every figure against the contract's formula.
  const balance = balanceOf(world, a.companyId);
  if (seen.balance !== balance) say(`balance ${brl(seen.balance)}, model ${brl(balance)}`);
  const au = seen.audit;
  const paid = charges.filter((c) => c.status === "PAID");
  const paidNet = paid.reduce((s, c) => s + c.netCents, 0n);
  const chargesHeld = paid.filter((c) => c.reserved).reduce((s, c) => s + c.reservedCents, 0n);
  const adjustments = a.adjustmentsCents.reduce((s, x) => s + x, 0n);
  const held = withdrawals.filter((w) => isHeld(w.status)).reduce((s, w) => s + w.amountCents, 0n);
  const pending = withdrawals.filter((w) => w.status === "PENDING").length;
  const refunds = world.refunds.filter((r) => r.companyId === a.companyId);
  const refundsHeld = refunds.filter((r) => r.status !== "FAILED").reduce((s, r) => s + r.amountCents, 0n);
  const disputes = world.disputes.filter((d) => d.companyId === a.companyId);
  const disputesHeld = disputes.filter((d) => isHolding(d.status)).reduce((s, d) => s + d.heldCents, 0n);
  if (au.consistent !== true) say(`balanceAudit inconsistent: ${JSON.stringify(au)}`);
  const auditFigures: Array<[string, bigint]> = [
    ["runningBalance", balance],
    ["recomputedBalance", balance],
    ["ledgerSum", balance],
    ["paidChargesNet", paidNet],
    ["chargesHeld", chargesHeld],
    ["adjustments", adjustments],
    ["withdrawalsHeld", held],
    ["refundsHeld", refundsHeld],
    ["disputesHeld", disputesHeld],
  ];
  if (au.ledgerEntries > 0) auditFigures.push(["lastEntryBalance", balance]);
  for (const [field, value] of auditFigures) {
    if (centsOf(au[field]) !== value) say(`balanceAudit.${field} ${au[field]}, model ${brl(value)}`);
  }
  if (au.pendingWithdrawals !== pending || au.pendingWithdrawalsCounted !== pending) {
    say(
      `pending withdrawals: account row ${au.pendingWithdrawals}, rows ${au.pendingWithdrawalsCounted}, model ${pending}`,
    );
  }

  // The secret that signs now: the last rotation to take effect (of several at once, any may be last).
  const hint = seen.secretHint.replace(/…$/, "");
  const current = a.secrets[a.secrets.length - 1];
  if (!current.startsWith(hint) || a.secrets.slice(0, -1).some((s) => s.startsWith(hint) && s !== current)) {
    say(`webhook secret in use starts ${hint}, model's is ${current.slice(0, hint.length)}`);
  }

  // Charges.
  if (seen.chargesTotal !== charges.length) say(`${seen.chargesTotal} charges, model ${charges.length}`);
  for (const c of charges) {
    const o = seen.charges.find((x) => x.id === c.id);
    if (!o) {
      say(`charge ${c.id} missing`);
      continue;
    }
    const field = (name: string, actual: unknown, expected: unknown) => {
      if (actual !== expected) say(`charge ${c.id} ${name} ${String(actual)}, model ${String(expected)}`);
    };
    field("status", o.status, c.status);
    if (c.status === "PENDING" && window.startMs > c.expiresAtMs + CLOCK_SLACK_MS) {
      say(`charge ${c.id} is past expires_at but read as PENDING`);
    }
    field("reserved", o.reserved, c.reserved);
    field("reservedAmount", o.reservedAmount, c.reservedCents);
    field("amount", o.amount, c.amountCents);
    field("fee", o.fee, c.feeCents);
    field("net_amount", o.net, c.netCents);
    field("e2e_id", o.e2eId, c.e2eId);
    field("expires_at", o.expiresAtMs, c.expiresAtMs);
    field("refunded_amount", o.refunded, refundedOf(world, c.id));
    field("disputedAmount", o.disputed, disputedOf(world, c.id));
    field("type", o.type, c.recurring !== null ? "RECURRING" : c.terms === null ? "IMMEDIATE" : "DUE_DATE");
    field("recurrence_id", o.recurrenceId, c.recurrenceId);
    // CONTRACT §12: a cycle's attempt, its last refusal and (while PENDING) the next attempt's day.
    field("debit_attempt", o.debitAttempt, c.recurring?.attempt ?? null);
    field("failure_reason", o.failureReason, c.recurring?.failureReason ?? null);
    const nextAttempt = c.recurring?.nextAttemptDay ?? null;
    field(
      "next_attempt_on",
      o.nextAttemptOn,
      c.status === "PENDING" && nextAttempt !== null ? isoDayOf(nextAttempt) : null,
    );
    // CONTRACT §11: what the payment brought (an immediate charge's amount), null until PAID.
    field("paid_amount", o.paidAmount, c.status === "PAID" ? c.paidAmountCents : null);
  }
  for (const o of seen.charges) {
    if (!charges.some((c) => c.id === o.id)) say(`charge ${o.id} exists but the model made none`);
  }

  // Withdrawals, with queue positions.
  if (seen.withdrawalsTotal !== withdrawals.length)
    say(`${seen.withdrawalsTotal} withdrawals, model ${withdrawals.length}`);
  for (const w of withdrawals) {
    const o = seen.withdrawals.find((x) => x.id === w.id);
    if (!o) {
      say(`withdrawal ${w.id} missing`);
      continue;
    }
    const field = (name: string, actual: unknown, expected: unknown) => {
      if (actual !== expected) say(`withdrawal ${w.id} ${name} ${String(actual)}, model ${String(expected)}`);
    };
    field("status", o.status, w.status);
    field("reason", o.reason, w.reason);
    field("retry_count", o.retryCount, w.retryCount);
    field("queue_position", o.queuePosition, queuePositionOf(world, w));
    field("amount", o.amount, w.amountCents);
    field("pix_key", o.pixKey, w.pixKey);
    if (w.reference !== null) field("withdrawal_reference", o.reference, w.reference);
    if (!/^WDR_[A-Z0-9]+$/.test(o.reference)) say(`withdrawal ${w.id} reference ${o.reference} is not WDR_<A-Z0-9>`);
  }
  for (const o of seen.withdrawals) {
    if (!withdrawals.some((w) => w.id === o.id)) say(`withdrawal ${o.id} exists but the model made none`);
  }

  // Refunds: each one the model made, no other.
  if (seen.refunds.length !== refunds.length) say(`${seen.refunds.length} refunds, model ${refunds.length}`);
  for (const r of refunds) {
    const o = seen.refunds.find((x) => x.id === r.id);
    if (!o) {
      say(`refund ${r.id} missing`);
      continue;
    }
    const field = (name: string, actual: unknown, expected: unknown) => {
      if (actual !== expected) say(`refund ${r.id} ${name} ${String(actual)}, model ${String(expected)}`);
    };
    field("charge_id", o.chargeId, r.chargeId);
    field("status", o.status, r.status);
    field("amount", o.amount, r.amountCents);
    field("reason", o.reason, r.reason);
    field("failure_reason", o.failureReason, r.failureReason);
    if (r.status === "REFUNDED" && (o.returnId === null || !RETURN_ID.test(o.returnId))) {
      say(`refund ${r.id} REFUNDED with return_id ${String(o.returnId)}`);
    }
  }
  for (const o of seen.refunds) {
    if (!refunds.some((r) => r.id === o.id)) say(`refund ${o.id} exists but the model made none`);
  }

  // Disputes: each one the model opened, no other.
  if (seen.disputes.length !== disputes.length) say(`${seen.disputes.length} disputes, model ${disputes.length}`);
  for (const d of disputes) {
    const o = seen.disputes.find((x) => x.id === d.id);
    if (!o) {
      say(`dispute ${d.id} missing`);
      continue;
    }
    const field = (name: string, actual: unknown, expected: unknown) => {
      if (actual !== expected) say(`dispute ${d.id} ${name} ${String(actual)}, model ${String(expected)}`);
    };
    field("charge_id", o.chargeId, d.chargeId);
    field("report_id", o.reportId, d.reportId);
    field("nature", o.nature, d.nature);
    field("amount", o.amount, d.amountCents);
    field("held_amount", o.held, d.heldCents);
    field("status", o.status, d.status);
    field("outcome", o.outcome, d.outcome);
    field("refund_id", o.refundId, d.refundId);
    field("return_failure_reason", o.returnFailureReason, d.returnFailureReason);
  }
  for (const o of seen.disputes) {
    if (!disputes.some((d) => d.id === o.id)) say(`dispute ${o.id} exists but the model opened none`);
  }

  // Recurrences: each one the model made, no other.
  const recurrences = world.recurrences.filter((r) => r.companyId === a.companyId);
  if (seen.recurrences.length !== recurrences.length) {
    say(`${seen.recurrences.length} recurrences, model ${recurrences.length}`);
  }
  for (const r of recurrences) {
    const o = seen.recurrences.find((x) => x.id === r.id);
    if (!o) {
      say(`recurrence ${r.id} missing`);
      continue;
    }
    const field = (name: string, actual: unknown, expected: unknown) => {
      if (actual !== expected) say(`recurrence ${r.id} ${name} ${String(actual)}, model ${String(expected)}`);
    };
    field("status", o.status, r.status);
    field("reason", o.reason, r.reason);
    field("amount", o.amount, r.amountCents);
    field("retry_policy", o.retryPolicy, r.retryPolicy);
  }

  // The outbox: exactly the events of the model's state changes, per subject in order, signed.
  const bySubject = new Map<string, ObservedEvent[]>();
  const pings: ObservedEvent[] = [];
  for (const e of seen.events) {
    if (e.event === "ping") pings.push(e);
    else if (e.subjectId !== null) bySubject.set(e.subjectId, [...(bySubject.get(e.subjectId) ?? []), e]);
    else say(`event ${e.event} ${e.id} about nothing`);
  }
  const compareEvents = (subject: string, expected: ExpectedEvent[], actual: ObservedEvent[], reference?: string) => {
    const names = (list: Array<{ event: string }>) => list.map((e) => e.event).join(", ");
    if (expected.length !== actual.length || expected.some((e, i) => e.event !== actual[i].event)) {
      say(`events of ${subject}: [${names(actual)}], model [${names(expected)}]`);
      return;
    }
    expected.forEach((e, i) => {
      for (const problem of checkEvent(a, e, actual[i], reference)) say(`${e.event} of ${subject}: ${problem}`);
    });
  };
  for (const c of charges) {
    const actual = bySubject.get(c.id) ?? [];
    // The sweep writes an overdue charge's EXPIRED (and its charge.expired) in the background.
    const expiredWritten =
      (c.status === "EXPIRED" || (c.status === "PENDING" && window.endMs >= c.expiresAtMs - CLOCK_SLACK_MS)) &&
      actual.at(-1)?.event === "charge.expired" &&
      c.events.at(-1)?.event !== "charge.expired";
    const expected = expiredWritten
      ? [
          ...c.events,
          chargeStatusEvent(
            world,
            { ...c, status: "EXPIRED" },
            a.secrets.map((_, i) => i),
          ),
        ]
      : c.events;
    compareEvents(`charge ${c.id}`, expected, actual);
  }
  for (const w of withdrawals) {
    compareEvents(`withdrawal ${w.id}`, w.events, bySubject.get(w.id) ?? [], w.reference ?? undefined);
  }
  for (const r of refunds) compareEvents(`refund ${r.id}`, r.events, bySubject.get(r.id) ?? []);
  for (const d of disputes) compareEvents(`dispute ${d.id}`, d.events, bySubject.get(d.id) ?? []);
  for (const r of recurrences) compareEvents(`recurrence ${r.id}`, r.events, bySubject.get(r.id) ?? []);
  compareEvents("pings", a.pings, pings);
  for (const subject of bySubject.keys()) {
    if (
      !charges.some((c) => c.id === subject) &&
      !withdrawals.some((w) => w.id === subject) &&
      !refunds.some((r) => r.id === subject) &&
      !disputes.some((d) => d.id === subject) &&
      !recurrences.some((r) => r.id === subject)
    ) {
      say(`events about ${subject}, which the model does not know`);
    }
  }
}

/** Body fields of each event in the source document's order, between timestamp and signature. */
function fieldOrder(expected: ExpectedEvent): string[] {
  if (expected.event === "charge.paid")
    return ["charge_id", "status", "amount", "net_amount", "e2e_id", "endToEndId", "txid"];
  if (expected.event === "ping") return ["company_id"];
  if (expected.event.startsWith("recurrence.")) return ["recurrence_id", "company_id", "status", "reason"];
  if (expected.event === "charge.payment_failed")
    return ["charge_id", "company_id", "amount", "attempt", "failure_reason", "next_attempt_on"];
  if (expected.event === "charge.expired" || expected.event === "charge.cancelled")
    return ["charge_id", "company_id", "amount", "status"];
  if (expected.event.startsWith("dispute."))
    return [
      "dispute_id",
      "charge_id",
      "company_id",
      "nature",
      "amount",
      "held_amount",
      "status",
      "outcome",
      "refund_id",
      "opened_at",
      "deadline_at",
      "closed_at",
    ];
  if (expected.event.startsWith("refund."))
    return ["refund_id", "charge_id", "company_id", "amount", "status", "return_id", "reason", "failure_reason"];
  const fields = ["company_id", "withdrawal_id", "withdrawal_reference", "status", "amount", "retry_count"];
  return "reason" in expected.fields ? [...fields, "reason"] : fields;
}
const MONEY_FIELDS = new Set(["amount", "net_amount", "held_amount"]);
const DISPUTE_ANALYSIS_MS = 7 * 24 * 60 * 60 * 1000;
/** CONTRACT §8: a devolução's rtrId, D + 8-digit ISPB + yyyyMMddHHmm + 11 alphanumerics. */
const RETURN_ID = /^D[0-9]{8}[0-9]{12}[A-Za-z0-9]{11}$/;

/** One outbox event against the model: its fields, their order, and its signature. */
export function checkEvent(
  a: AccountState,
  expected: ExpectedEvent,
  actual: ObservedEvent,
  reference?: string,
): string[] {
  const problems: string[] = [];
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(actual.body);
  } catch {
    return [`body is not JSON: ${actual.body.slice(0, 100)}`];
  }
  const expectedKeys = ["event", "event_id", "timestamp", ...fieldOrder(expected), "signature"];
  if (Object.keys(body).join(",") !== expectedKeys.join(",")) {
    problems.push(`fields [${Object.keys(body).join(",")}], expected [${expectedKeys.join(",")}]`);
  }
  if (body.event !== expected.event) problems.push(`event ${String(body.event)}`);
  if (body.event_id !== actual.id || !/^evt_[A-Za-z0-9]+$/.test(actual.id)) problems.push(`event_id ${actual.id}`);
  if (typeof body.timestamp !== "string" || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(body.timestamp)) {
    problems.push(`timestamp ${String(body.timestamp)}`);
  }
  for (const [key, value] of Object.entries(expected.fields)) {
    const got = body[key];
    const same = MONEY_FIELDS.has(key) ? typeof got === "number" && centsOf(got) === centsOf(value) : got === value;
    if (!same) problems.push(`${key} ${JSON.stringify(got)}, model ${JSON.stringify(value)}`);
  }
  if (expected.event.startsWith("withdrawal")) {
    if (reference !== undefined && body.withdrawal_reference !== reference) {
      problems.push(`withdrawal_reference ${String(body.withdrawal_reference)}, read ${reference}`);
    }
    const [min, max] = expected.retryCountRange ?? [0, 0];
    const count = body.retry_count;
    if (typeof count !== "number" || count < min || count > max) {
      problems.push(`retry_count ${String(count)}, model ${min}..${max}`);
    }
  }
  // The bank names a devolução: none at creation, one once returned, either when it failed.
  if (expected.event.startsWith("refund.")) {
    const id = body.return_id;
    const named = typeof id === "string" && RETURN_ID.test(id);
    if (
      expected.event === "refund.processing"
        ? id !== null
        : expected.event === "refund.refunded"
          ? !named
          : id !== null && !named
    ) {
      problems.push(`return_id ${JSON.stringify(id)}`);
    }
  }
  // docs/disputes.md: the analysis is due 7 days after the notification; closed_at only once closed.
  if (expected.event.startsWith("dispute.")) {
    const opened = Date.parse(String(body.opened_at));
    if (Date.parse(String(body.deadline_at)) - opened !== DISPUTE_ANALYSIS_MS) {
      problems.push(`deadline_at ${String(body.deadline_at)} is not opened_at ${String(body.opened_at)} + 7 days`);
    }
    const closed = expected.event === "dispute.closed";
    if (closed ? !(Date.parse(String(body.closed_at)) >= opened) : body.closed_at !== null) {
      problems.push(`closed_at ${JSON.stringify(body.closed_at)}`);
    }
  }
  // CONTRACT §4: lowercase hex HMAC-SHA256 of the body without `signature`, keyed with the secret as shown.
  const { signature, ...unsigned } = body;
  if (signature !== actual.signature) problems.push("body signature differs from the stored signature");
  const text = JSON.stringify(unsigned);
  const signer = expected.secrets.find(
    (index) => createHmac("sha256", a.secrets[index]).update(text).digest("hex") === signature,
  );
  if (signer === undefined) {
    const other = a.secrets.findIndex((s) => createHmac("sha256", s).update(text).digest("hex") === signature);
    problems.push(
      other >= 0
        ? `signed with secret #${other}, model expects #${expected.secrets.join(" or #")}`
        : "signature matches none of the account's secrets",
    );
  }
  return problems;
}
