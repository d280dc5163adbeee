/*
 * The contract (shared/spec/CONTRACT.md, and docs/decisions.md where the contract
 * leaves a point open) as a plain in-memory model. Nothing here imports the service: money,
 * fees, PIX keys, statuses, queue positions and webhook events are computed from the
 * contract's words, so a mistake the service and its tests share is still caught.
 *
 * The model is observation-guided where the contract allows more than one outcome (a
 * charge that expires around the moment it is paid, a bank failure that happens in the
 * background): `step` answers every model state consistent with what the service said,
 * and the caller keeps the ones the service's state also agrees with.
 */

export type ChargeStatus = "PENDING" | "PAID" | "EXPIRED" | "CANCELLED";
export type WithdrawalStatus = "PENDING" | "PROCESSING" | "PAID" | "FAILED" | "CANCELLED";
export type PixKeyType = "CPF" | "CNPJ" | "EMAIL" | "TELEFONE" | "ALEATORIA";
/** CONTRACT §3: how the sandbox bank treats a transfer to this key. */
export type BankBehaviour = "settles" | "refuses" | "unavailable";
export type RefundStatus = "PROCESSING" | "REFUNDED" | "FAILED";
export type DisputeStatus = "OPEN" | "REJECTED" | "ACCEPTED" | "CLOSED";
export type DisputeNature = "MED_FRAUDE" | "MED_OPERACIONAL";
export type ExceptionKind = "UNKNOWN_TXID" | "AMOUNT_MISMATCH" | "CHARGE_EXPIRED" | "CHARGE_CANCELLED" | "ALREADY_PAID";

/** Clock tolerance between the test, the service and PostgreSQL (one machine, one clock). */
export const CLOCK_SLACK_MS = 250;
/** CONTRACT §3: a transient bank error is retried after 1, 2 and 4 seconds, then FAILED. */
export const UNAVAILABLE_RETRY_DELAYS_MS = [1000, 2000, 4000];
export const UNAVAILABLE_MIN_MS = UNAVAILABLE_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0);
export const REFUSED_REASON = "PIX key not found";
export const UNAVAILABLE_REASON = "bank unavailable";
export const MIN_WITHDRAWAL_CENTS = 100n;

export interface AccountState {
  label: string;
  companyId: string;
  clientSecret: string;
  feePercentCenti: bigint;
  feeFixedCents: bigint;
  autoApproveLimitCents: bigint | null;
  hasWebhookUrl: boolean;
  /** Every webhook secret the account had, oldest first; the last one signs new events. */
  secrets: string[];
  adjustmentsCents: bigint[];
  /** Pings sent with sendTestWebhook, each signed with the secret of its index. */
  pings: ExpectedEvent[];
  /** Where the account came from, for the failure report. */
  origin: string;
}

export interface ExpectedEvent {
  event: string;
  /** What the body must say, besides event, event_id, timestamp and signature. */
  fields: Record<string, unknown>;
  /** retry_count may have grown in the background between two observations. */
  retryCountRange?: [number, number];
  /** Indexes into the account's secrets: the event is signed with one of them. */
  secrets: number[];
}

/**
 * CONTRACT §11, the terms the model-based test gives a due-date charge: a PERCENT fine, a
 * PERCENT_PER_MONTH interest (calendar days) and a FIXED_UNTIL_DATES or PERCENT_PER_DAY_EARLY
 * discount, none of them counting business days. Days are São Paulo calendar days (days since
 * 1970-01-01). Payments are made on or before the due date, or more than MOVED_DUE_DATE_MAX_DAYS
 * after it, so the day a due date on a weekend or holiday moves to never decides an amount.
 */
export interface DueDateTermsState {
  dueDay: number;
  daysAfterDue: number;
  finePercentCenti: bigint | null;
  interestPerMonthCenti: bigint | null;
  discount: { kind: "untilDate"; day: number; cents: bigint } | { kind: "perDayEarly"; percentCenti: bigint } | null;
}

/** The longest a due date can move to the next business day: Saturday before Carnival, to Wednesday. */
export const MOVED_DUE_DATE_MAX_DAYS = 4;

export interface ChargeState {
  companyId: string;
  id: string;
  txid: string;
  amountCents: bigint;
  feeCents: bigint;
  netCents: bigint;
  /** A due-date charge's terms (null: an immediate charge). */
  terms: DueDateTermsState | null;
  /** What the payment brought; null until PAID. */
  paidAmountCents: bigint | null;
  status: ChargeStatus;
  reserved: boolean;
  /** CONTRACT §8: what the operator's hold took out of the balance (net − refunded at the hold, never below 0). */
  reservedCents: bigint;
  expiresAtMs: number;
  e2eId: string | null;
  /** The sandbox paid it inside another operation (a recurrence's approval): its e2e id is learnt from the first read. */
  e2eUnknown: boolean;
  /** CONTRACT §12: the recurrence it charges (a cycle's charge, or journey 3's first payment), or null. */
  recurrenceId: string | null;
  /** A cycle's charge (type RECURRING), or null. */
  recurring: RecurringDebitState | null;
  events: ExpectedEvent[];
}

/** CONTRACT §12: a cycle's charge, debited by the payer's bank on its due date and retried by the policy. */
export interface RecurringDebitState {
  dueDay: number;
  /** The attempt in progress or last made: 1 on the due date, 2 to 4 the retries. */
  attempt: number;
  /** While PENDING, the day of the attempt in progress or next. */
  nextAttemptDay: number | null;
  failureReason: string | null;
}

export type RecurrenceStatus = "CREATED" | "APPROVED" | "REJECTED" | "EXPIRED" | "CANCELLED" | "COMPLETED";
export type RetryPolicy = "NONE" | "THREE_IN_SEVEN_DAYS";
export const FINAL_RECURRENCE: ReadonlySet<RecurrenceStatus> = new Set([
  "REJECTED",
  "EXPIRED",
  "CANCELLED",
  "COMPLETED",
]);
/** docs/billing.md: the sandbox's reasons when none is given. */
export const PAYER_REJECTED_REASON = "rejected by the payer";
export const PAYER_CANCELLED_REASON = "cancelled by the payer";
export const DEBIT_FAILED_REASON = "saldo insuficiente";

/** CONTRACT §12: the payer's authorisation for the account to charge them on a schedule. */
export interface RecurrenceState {
  companyId: string;
  id: string;
  status: RecurrenceStatus;
  /** Fixed amount, or null: variable (each charge's own). */
  amountCents: bigint | null;
  retryPolicy: RetryPolicy;
  startDay: number;
  endDay: number | null;
  firstPaymentCents: bigint | null;
  reason: string | null;
  idempotencyKey: string;
  /** The exact request: the same key with it again is a replay. */
  body: string;
  /** The 201 body as first sent: a replay answers these bytes again. */
  createdText: string;
  events: ExpectedEvent[];
}

export interface WithdrawalState {
  companyId: string;
  id: string;
  /** Learnt from the first read or event that shows it; then it never changes. */
  reference: string | null;
  amountCents: bigint;
  pixKeyType: PixKeyType;
  pixKey: string;
  bank: BankBehaviour;
  status: WithdrawalStatus;
  reason: string | null;
  retryCount: number;
  /** Creation order (the serialization order of the creating requests). */
  order: number;
  idempotencyKey: string;
  /** Amount, key type and canonical key: the same request again is a replay. */
  fingerprint: string;
  /** The 201 body as first sent: a replay answers these bytes again. */
  createdText: string;
  /** When it was handed to the bank (approval), for the transient retries' lower bound. */
  bankSinceMs: number | null;
  /** Index of the account's secret when it was handed to the bank. */
  bankSecretIndex: number;
  events: ExpectedEvent[];
}

/** CONTRACT §8: a refund of a PAID charge; its amount is reserved while PROCESSING and kept when REFUNDED. */
export interface RefundState {
  companyId: string;
  id: string;
  chargeId: string;
  amountCents: bigint;
  status: RefundStatus;
  reason: string | null;
  failureReason: string | null;
  /** null: a MED devolução, made by accepting a dispute (no request, no key). */
  idempotencyKey: string | null;
  /** The charge, the amount asked (null: all that remained) and the reason: the same request again is a replay. */
  fingerprint: string;
  /** The 201 body as first sent: a replay answers these bytes again. */
  createdText: string;
  /** The dispute whose accepted claim this devolução returns (docs/disputes.md), or null. */
  disputeId: string | null;
  events: ExpectedEvent[];
}

/**
 * docs/disputes.md: a MED claim on a PAID charge. While OPEN or REJECTED its held amount (the
 * claim, or the balance when that was smaller, never below zero) is out of the balance;
 * accepting turns the hold into a MED devolução (a refund); closing releases it.
 */
export interface DisputeState {
  companyId: string;
  id: string;
  chargeId: string;
  reportId: string;
  nature: DisputeNature;
  amountCents: bigint;
  heldCents: bigint;
  status: DisputeStatus;
  outcome: "RETURNED" | "RELEASED" | null;
  /** The latest MED devolução (kept when it failed and the dispute is OPEN again). */
  refundId: string | null;
  returnFailureReason: string | null;
  events: ExpectedEvent[];
}

/** docs/disputes.md: the devolução's descricao, by nature; the MED refund's reason. */
export const MED_RETURN_DESCRIPTION: Record<DisputeNature, string> = {
  MED_FRAUDE: "Devolução MED: fundada suspeita de fraude",
  MED_OPERACIONAL: "Devolução MED: falha operacional",
};

export interface PaymentExceptionState {
  kind: ExceptionKind;
  txid: string;
  endToEndId: string;
  chargeId: string | null;
  companyId: string | null;
}

/** An inbound notification item as sent, kept so that it can be sent again. */
export interface SentPayment {
  companyId: string | null;
  endToEndId: string;
  txid: string;
  valorCents: bigint;
}

/** A request made with an Idempotency-Key, kept so that the key can be reused. */
export interface KeyedRequest {
  companyId: string;
  key: string;
  /** The exact JSON body sent. */
  body: string;
  fingerprint: string;
}

export interface World {
  accounts: AccountState[];
  charges: ChargeState[];
  withdrawals: WithdrawalState[];
  exceptions: PaymentExceptionState[];
  /** End-to-end ids the service has seen (claimed by the provider endpoint, or made by the sandbox). */
  knownE2e: string[];
  payments: SentPayment[];
  chargeRequests: KeyedRequest[];
  /** Keys that created a charge: key -> the 201 body. */
  chargeKeys: Array<{ companyId: string; key: string; fingerprint: string; createdText: string }>;
  withdrawalRequests: KeyedRequest[];
  refunds: RefundState[];
  refundRequests: KeyedRequest[];
  disputes: DisputeState[];
  recurrences: RecurrenceState[];
  nextOrder: number;
}

export function emptyWorld(): World {
  return {
    accounts: [],
    charges: [],
    withdrawals: [],
    exceptions: [],
    knownE2e: [],
    payments: [],
    chargeRequests: [],
    chargeKeys: [],
    withdrawalRequests: [],
    refunds: [],
    refundRequests: [],
    disputes: [],
    recurrences: [],
    nextOrder: 0,
  };
}

// ---------------------------------------------------------------- money and keys

/** "10.50" for 1050n: BRL with two decimals, as GraphQL's Money prints it. */
export function brl(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? "-" : ""}${abs / 100n}.${(abs % 100n).toString().padStart(2, "0")}`;
}

/** Centavos of a Money string or of a JSON number written with at most two decimals. */
export function centsOf(value: unknown): bigint {
  const text = typeof value === "number" ? String(value) : String(value);
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new Error(`not an amount with at most two decimals: ${JSON.stringify(value)}`);
  const cents = BigInt(match[2]) * 100n + BigInt((match[3] ?? "").padEnd(2, "0"));
  return match[1] ? -cents : cents;
}

/** a / b rounded half up, for a ≥ 0 and b > 0. */
function halfUp(a: bigint, b: bigint): bigint {
  return (a * 2n + b) / (2n * b);
}

/** The São Paulo calendar day (UTC−3, no daylight saving since 2019) of an instant. */
export function saoPauloDayOf(ms: number): number {
  return Math.floor((ms - 3 * 3_600_000) / 86_400_000);
}

/** "YYYY-MM-DD" of a day number. */
export function isoDayOf(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

/**
 * CONTRACT §11, steps 3 and 4, worked from its words for the terms the test gives: on or
 * before the due date the discount (never leaving less than 0.01), after it the fine and the
 * interest for the calendar days late; each component rounded half up. A day within
 * MOVED_DUE_DATE_MAX_DAYS after the due date is never asked (see DueDateTermsState).
 */
export function amountDueOn(amountCents: bigint, terms: DueDateTermsState, day: number): bigint {
  if (day <= terms.dueDay) {
    const d = terms.discount;
    let discount = 0n;
    if (d?.kind === "untilDate" && day <= d.day) discount = d.cents;
    if (d?.kind === "perDayEarly")
      discount = halfUp(amountCents * d.percentCenti * BigInt(terms.dueDay - day), 10_000n);
    if (discount > amountCents - 1n) discount = amountCents - 1n;
    return amountCents - discount;
  }
  if (day <= terms.dueDay + MOVED_DUE_DATE_MAX_DAYS) throw new Error(`day ${day} may be before the moved due date`);
  const fine = terms.finePercentCenti === null ? 0n : halfUp(amountCents * terms.finePercentCenti, 10_000n);
  const interest =
    terms.interestPerMonthCenti === null
      ? 0n
      : halfUp(amountCents * terms.interestPerMonthCenti * BigInt(day - terms.dueDay), 10_000n * 30n);
  return amountCents + fine + interest;
}

/** What a charge asks on a day: its amount, or a due-date charge's amount due. */
export function amountToPayOn(c: ChargeState, day: number): bigint {
  return c.terms === null ? c.amountCents : amountDueOn(c.amountCents, c.terms, day);
}

/** CONTRACT §11: paid with `paid`, the fee (and net) is of the amount paid. */
function markPaid(world: World, c: ChargeState, paidCents: bigint): void {
  c.paidAmountCents = paidCents;
  if (c.terms !== null) {
    const { feeCents, netCents } = feeOf(paidCents, account(world, c.companyId));
    c.feeCents = feeCents;
    c.netCents = netCents;
  }
  // A charge held before it was paid keeps its whole net out of the balance.
  if (c.reserved) c.reservedCents = c.netCents;
}

/** CONTRACT §1: fee = round_half_up(amount * fee_percent / 100) + fee_fixed, capped at amount. */
export function feeOf(amountCents: bigint, account: AccountState): { feeCents: bigint; netCents: bigint } {
  // fee_percent in hundredths of a percent: amount * p / 10000, halves rounded up.
  const percentPart = (amountCents * account.feePercentCenti * 2n + 10_000n) / 20_000n;
  let feeCents = percentPart + account.feeFixedCents;
  if (feeCents > amountCents) feeCents = amountCents;
  return { feeCents, netCents: amountCents - feeCents };
}

/** CONTRACT §2: the key in canonical form (only the spellings the test sends). */
export function canonicalPixKey(type: PixKeyType, key: string): string {
  switch (type) {
    case "CPF":
      return key.replace(/[.-]/g, "");
    case "CNPJ":
      return key.replace(/[./-]/g, "").toUpperCase();
    case "EMAIL":
    case "ALEATORIA":
      return key.toLowerCase();
    case "TELEFONE":
      return key;
  }
}

/** CONTRACT §3: the sandbox bank refuses keys at fail.invalid and is unavailable for unavailable.invalid. */
export function bankBehaviourOf(type: PixKeyType, canonicalKey: string): BankBehaviour {
  if (type !== "EMAIL") return "settles";
  if (canonicalKey.endsWith("@fail.invalid")) return "refuses";
  if (canonicalKey.endsWith("@unavailable.invalid")) return "unavailable";
  return "settles";
}

// ---------------------------------------------------------------- derived state

export function account(world: World, companyId: string): AccountState {
  const found = world.accounts.find((a) => a.companyId === companyId);
  if (!found) throw new Error(`no account ${companyId} in the model`);
  return found;
}

export function labelOf(world: World, companyId: string | null): string {
  if (companyId === null) return "-";
  return world.accounts.find((a) => a.companyId === companyId)?.label ?? companyId;
}

/**
 * CONTRACT §2 Balance: net of PAID charges not reserved + adjustments − withdrawals
 * PENDING, PROCESSING or PAID (− refunds PROCESSING or REFUNDED, §8; − held amounts of
 * disputes OPEN or REJECTED, docs/disputes.md). A held charge takes out what its hold took
 * (§8: net − refunded at the hold), its refunds already being out.
 */
export function balanceOf(world: World, companyId: string): bigint {
  let balance = 0n;
  for (const c of world.charges) {
    if (c.companyId === companyId && c.status === "PAID") balance += c.netCents - (c.reserved ? c.reservedCents : 0n);
  }
  for (const a of account(world, companyId).adjustmentsCents) balance += a;
  for (const w of world.withdrawals) {
    if (w.companyId === companyId && isHeld(w.status)) balance -= w.amountCents;
  }
  for (const r of world.refunds) {
    if (r.companyId === companyId && r.status !== "FAILED") balance -= r.amountCents;
  }
  for (const d of world.disputes) {
    if (d.companyId === companyId && isHolding(d.status)) balance -= d.heldCents;
  }
  return balance;
}

/** docs/disputes.md: OPEN and REJECTED disputes hold their amount; ACCEPTED handed it to the devolução. */
export function isHolding(status: DisputeStatus): boolean {
  return status === "OPEN" || status === "REJECTED";
}

/** The charge's disputedAmount: what its open disputes hold. */
export function disputedOf(world: World, chargeId: string): bigint {
  return world.disputes
    .filter((d) => d.chargeId === chargeId && isHolding(d.status))
    .reduce((sum, d) => sum + d.heldCents, 0n);
}

/** What may still be refunded or claimed: what the charge brought − refunds not FAILED − open disputes' holds. */
export function refundableOf(world: World, c: ChargeState): bigint {
  return (c.paidAmountCents ?? c.amountCents) - refundedOf(world, c.id) - disputedOf(world, c.id);
}

/** CONTRACT §8: the charge's refunded_amount, the sum of its refunds that are not FAILED. */
export function refundedOf(world: World, chargeId: string): bigint {
  return world.refunds
    .filter((r) => r.chargeId === chargeId && r.status !== "FAILED")
    .reduce((sum, r) => sum + r.amountCents, 0n);
}

export function isHeld(status: WithdrawalStatus): boolean {
  return status === "PENDING" || status === "PROCESSING" || status === "PAID";
}

/** CONTRACT §2: the place among the account's PENDING withdrawals, oldest first, from 1. */
export function queuePositionOf(world: World, w: WithdrawalState): number | null {
  if (w.status !== "PENDING") return null;
  const ahead = world.withdrawals.filter(
    (o) => o.companyId === w.companyId && o.status === "PENDING" && o.order < w.order,
  ).length;
  return ahead + 1;
}

function currentSecret(a: AccountState): number {
  return a.secrets.length - 1;
}

function secretsSince(a: AccountState, from: number): number[] {
  const out: number[] = [];
  for (let i = from; i <= currentSecret(a); i++) out.push(i);
  return out;
}

// ---------------------------------------------------------------- events

function withdrawalEvent(world: World, w: WithdrawalState, secrets?: number[]): ExpectedEvent {
  const a = account(world, w.companyId);
  const fields: Record<string, unknown> = {
    company_id: w.companyId,
    withdrawal_id: w.id,
    status: w.status,
    amount: brl(w.amountCents),
  };
  // Source document: reason on withdrawal.failed (the cause) and on withdrawal.cancelled when given.
  if (w.status === "FAILED" || (w.status === "CANCELLED" && w.reason !== null)) fields.reason = w.reason;
  const event: ExpectedEvent = {
    event: `withdrawal.${w.status.toLowerCase()}`,
    fields,
    secrets: secrets ?? [currentSecret(a)],
  };
  // The retry count is only seen in the background; it never shrinks and stops at 3.
  if (w.bank === "unavailable" && w.status !== "PENDING") {
    event.retryCountRange = w.status === "FAILED" && w.reason === UNAVAILABLE_REASON ? [3, 3] : [w.retryCount, 3];
  } else {
    event.retryCountRange = [w.retryCount, w.retryCount];
  }
  return event;
}

/**
 * CONTRACT §9: charge.expired and charge.cancelled, written with the status. A charge.expired
 * is written when the service writes EXPIRED into the table (its sweep, or a payment or
 * cancel that meets the charge overdue), which a read does not wait for: see
 * service-state.ts, which allows it at the end of an EXPIRED charge's events until the
 * background is caught up. Any secret the account had since may sign it.
 */
export function chargeStatusEvent(world: World, c: ChargeState, secrets?: number[]): ExpectedEvent {
  return {
    event: `charge.${c.status.toLowerCase()}`,
    fields: { charge_id: `chg_${c.id}`, company_id: c.companyId, amount: brl(c.amountCents), status: c.status },
    secrets: secrets ?? [currentSecret(account(world, c.companyId))],
  };
}

/** CONTRACT §8: refund.processing, refund.refunded, refund.failed (return_id is checked apart: the bank names it). */
function refundEvent(world: World, r: RefundState): ExpectedEvent {
  return {
    event: `refund.${r.status.toLowerCase()}`,
    fields: {
      refund_id: r.id,
      charge_id: `chg_${r.chargeId}`,
      company_id: r.companyId,
      amount: brl(r.amountCents),
      status: r.status,
      reason: r.reason,
      failure_reason: r.failureReason,
    },
    secrets: [currentSecret(account(world, r.companyId))],
  };
}

/** docs/disputes.md: dispute.opened and dispute.closed (the timestamps are checked apart). */
function disputeEvent(world: World, d: DisputeState, event: "dispute.opened" | "dispute.closed"): ExpectedEvent {
  return {
    event,
    fields: {
      dispute_id: d.id,
      charge_id: `chg_${d.chargeId}`,
      company_id: d.companyId,
      nature: d.nature,
      amount: brl(d.amountCents),
      held_amount: brl(d.heldCents),
      status: d.status,
      outcome: d.outcome,
      refund_id: d.refundId,
    },
    secrets: [currentSecret(account(world, d.companyId))],
  };
}

function chargePaidEvent(world: World, c: ChargeState): ExpectedEvent {
  return {
    event: "charge.paid",
    fields: {
      charge_id: `chg_${c.id}`,
      status: "PAID",
      // CONTRACT §11: charge.paid's amount is the amount paid.
      amount: brl(c.paidAmountCents ?? c.amountCents),
      net_amount: brl(c.netCents),
      e2e_id: c.e2eId,
      endToEndId: c.e2eId,
      txid: c.txid,
    },
    secrets: [currentSecret(account(world, c.companyId))],
  };
}

// ---------------------------------------------------------------- operations

/** What the service answered to one request, normalised over REST and GraphQL. */
export interface Answer {
  /** HTTP status (GraphQL: 200, or the status of a refused request). */
  status: number;
  /** Error code (REST body.code, GraphQL extensions.code); null on success. */
  code: string | null;
  /** REST: the parsed body; GraphQL: the operation's data field. */
  body: any;
  /** The raw body text (REST), for byte-identical replays. */
  text: string;
  replayed: boolean;
}

/** When a request was in flight: the service decided inside this window. */
export interface Window {
  startMs: number;
  endMs: number;
}

export type Op =
  | {
      kind: "createCharge";
      companyId: string;
      amountCents: bigint;
      expiresIn: number | null;
      key: string | null;
      body: string;
    }
  | {
      kind: "createDueDateCharge";
      companyId: string;
      amountCents: bigint;
      terms: DueDateTermsState;
      body: string;
    }
  | { kind: "pay"; items: SentPayment[]; horarioMs: number }
  | { kind: "simulatePay"; chargeId: string }
  /** simulateChargePayment(paidAt) of a due-date charge, on a day before, on or well after its due date. */
  | { kind: "simulatePayAt"; chargeId: string; paidAtMs: number; when: "early" | "onDueDate" | "late" }
  | { kind: "cancelCharge"; chargeId: string }
  | { kind: "adjust"; companyId: string; amountCents: bigint }
  | { kind: "reserve"; chargeId: string }
  | { kind: "release"; chargeId: string }
  | {
      kind: "createWithdrawal";
      companyId: string;
      key: string;
      body: string;
      amountCents: bigint;
      pixKeyType: PixKeyType;
      pixKey: string;
    }
  | { kind: "approve"; withdrawalId: string }
  | { kind: "reject"; withdrawalId: string; reason: string }
  | { kind: "cancelWithdrawal"; withdrawalId: string; reason: string | null }
  | { kind: "settle"; withdrawalId: string }
  | { kind: "fail"; withdrawalId: string; reason: string }
  | {
      kind: "refundCharge";
      companyId: string;
      chargeId: string;
      key: string;
      body: string;
      /** null: the body has no amount (all that remains). */
      askedCents: bigint | null;
      reason: string | null;
    }
  | { kind: "refundOutcome"; refundId: string; outcome: "REFUNDED" | "FAILED"; reason: string }
  | {
      kind: "openDispute";
      companyId: string;
      chargeId: string;
      nature: DisputeNature;
      /** null: no amount (all that is still refundable). */
      askedCents: bigint | null;
      reportId: string;
    }
  | { kind: "acceptDispute" | "contestDispute" | "closeDispute"; disputeId: string }
  | { kind: "rotate"; companyId: string }
  | { kind: "ping"; companyId: string }
  | { kind: "pause"; ms: number }
  | {
      kind: "createRecurrence";
      companyId: string;
      key: string;
      body: string;
      amountCents: bigint | null;
      retryPolicy: RetryPolicy;
      firstPaymentCents: bigint | null;
      startDay: number;
      endDay: number | null;
    }
  | { kind: "decideRecurrence"; recurrenceId: string; decision: "APPROVED" | "REJECTED" }
  | { kind: "cancelRecurrence"; recurrenceId: string; byPayer: boolean; reason: string | null }
  | {
      kind: "createRecurringCharge";
      recurrenceId: string;
      dueDay: number;
      /** null: the body has no amount. */
      amountCents: bigint | null;
      body: string;
    }
  | { kind: "debit"; chargeId: string; outcome: "PAID" | "FAILED"; reason: string };

export function chargeFingerprint(amountCents: bigint, expiresIn: number | null): string {
  return `${amountCents}|${expiresIn ?? 3600}`;
}

function refundFingerprint(chargeId: string, askedCents: bigint | null, reason: string | null): string {
  return `${chargeId}|${askedCents ?? "all"}|${reason ?? ""}`;
}

export function withdrawalFingerprint(amountCents: bigint, type: PixKeyType, key: string): string {
  return `${amountCents}|${type}|${canonicalPixKey(type, key)}`;
}

/** Every model state consistent with the answer, and why the others were not. */
export interface StepResult {
  worlds: World[];
  why: string[];
}

/**
 * The model's step: from `world`, the operation answered `answer` inside `window`.
 * Answers each state the world may be in afterwards (several when background work of the
 * bank may or may not have happened first), or none with the reasons.
 */
export function step(world: World, op: Op, answer: Answer, window: Window): StepResult {
  const worlds: World[] = [];
  const why: string[] = [];
  for (const variant of backgroundVariants(world, op, window)) {
    try {
      apply(variant, op, answer, window);
      worlds.push(variant);
    } catch (error) {
      if (!(error instanceof Mismatch)) throw error;
      why.push(error.message);
    }
  }
  return { worlds, why };
}

export class Mismatch extends Error {}

function mismatch(message: string): never {
  throw new Mismatch(message);
}

function expectOk(answer: Answer, status: number, what: string): void {
  if (answer.status !== status || answer.code !== null) {
    mismatch(`${what}: expected ${status}, got ${answer.status} ${answer.code ?? ""} ${answer.text.slice(0, 300)}`);
  }
}

function expectError(answer: Answer, code: string, status: number | null, what: string): void {
  if (answer.code !== code || (status !== null && answer.status !== status)) {
    mismatch(`${what}: expected ${status ?? ""} ${code}, got ${answer.status} ${answer.code ?? "success"}`);
  }
}

function expectEqual(actual: unknown, expected: unknown, what: string): void {
  if (actual !== expected) mismatch(`${what}: expected ${String(expected)}, got ${String(actual)}`);
}

/**
 * The bank's background work (a refusal, the transient retries running out) may have
 * happened before an operation that depends on it: a balance check of the account, or a
 * transition of that withdrawal. One variant per subset of what may have happened.
 */
function backgroundVariants(world: World, op: Op, window: Window): World[] {
  let candidates: WithdrawalState[] = [];
  // A hold, and a failed MED devolução's hold again, take as much as the balance has.
  const balanceOfAccount =
    op.kind === "createWithdrawal" || op.kind === "refundCharge" || op.kind === "openDispute"
      ? op.companyId
      : op.kind === "refundOutcome"
        ? (world.refunds.find((r) => r.id === op.refundId && r.disputeId !== null)?.companyId ?? null)
        : null;
  if (balanceOfAccount !== null) {
    candidates = world.withdrawals.filter((w) => w.companyId === balanceOfAccount && bankMayFail(w, window));
  } else if (op.kind === "settle" || op.kind === "fail") {
    candidates = world.withdrawals.filter((w) => w.id === op.withdrawalId && bankMayFail(w, window));
  }
  candidates = candidates.slice(0, 4);
  const variants: World[] = [];
  for (let mask = 0; mask < 1 << candidates.length; mask++) {
    const copy = structuredClone(world);
    candidates.forEach((w, index) => {
      if (mask & (1 << index)) bankFails(copy, w.id);
    });
    variants.push(copy);
  }
  return variants;
}

/** A PROCESSING withdrawal whose key the bank refuses, or whose bank's retries may have run out. */
export function bankMayFail(w: WithdrawalState, window: Window): boolean {
  if (w.status !== "PROCESSING" || w.bankSinceMs === null) return false;
  if (w.bank === "refuses") return true;
  if (w.bank === "unavailable") return window.endMs >= w.bankSinceMs + UNAVAILABLE_MIN_MS - CLOCK_SLACK_MS;
  return false;
}

/** The bank's own failure: PROCESSING -> FAILED with the contract's reason; the amount returns. */
export function bankFails(world: World, withdrawalId: string): void {
  const w = world.withdrawals.find((x) => x.id === withdrawalId)!;
  const a = account(world, w.companyId);
  w.status = "FAILED";
  if (w.bank === "refuses") {
    w.reason = REFUSED_REASON;
  } else {
    w.reason = UNAVAILABLE_REASON;
    w.retryCount = UNAVAILABLE_RETRY_DELAYS_MS.length;
  }
  w.events.push(withdrawalEvent(world, w, secretsSince(a, w.bankSecretIndex)));
}

function chargeById(world: World, id: string): ChargeState {
  const c = world.charges.find((x) => x.id === id);
  if (!c) throw new Error(`no charge ${id} in the model`);
  return c;
}

function withdrawalById(world: World, id: string): WithdrawalState {
  const w = world.withdrawals.find((x) => x.id === id);
  if (!w) throw new Error(`no withdrawal ${id} in the model`);
  return w;
}

/** CONTRACT §2: a PENDING charge past expires_at is EXPIRED. Around that moment, either answer is right. */
function mayBeOverdue(c: ChargeState, window: Window): boolean {
  return c.status === "PENDING" && window.endMs >= c.expiresAtMs - CLOCK_SLACK_MS;
}

function mustBeOverdue(c: ChargeState, window: Window): boolean {
  return c.status === "PENDING" && window.startMs > c.expiresAtMs + CLOCK_SLACK_MS;
}

function apply(world: World, op: Op, answer: Answer, window: Window): void {
  switch (op.kind) {
    case "createCharge": {
      applyCreateCharge(world, op, answer, window);
      return;
    }
    case "pay": {
      applyPay(world, op, answer, window);
      return;
    }
    case "simulatePay": {
      const c = chargeById(world, op.chargeId);
      // CONTRACT §12: no payer scans a cycle's charge; their bank debits it (simulateRecurringDebit).
      if (c.recurring !== null) {
        expectError(answer, "VALIDATION_ERROR", null, "simulateChargePayment of a recurring charge");
        return;
      }
      if (answer.code === "INVALID_STATE" && mayBeOverdue(c, window)) {
        c.status = "EXPIRED";
        return;
      }
      if (c.status !== "PENDING") {
        expectError(answer, "INVALID_STATE", null, "pay a charge that is not PENDING");
        return;
      }
      if (mustBeOverdue(c, window)) {
        expectError(answer, "INVALID_STATE", null, "pay an expired charge");
        c.status = "EXPIRED";
        return;
      }
      expectOk(answer, 200, "simulateChargePayment");
      expectEqual(answer.body.status, "PAID", "simulateChargePayment status");
      const e2e = String(answer.body.e2eId);
      if (!/^E[0-9]{8}[0-9]{12}[A-Za-z0-9]{11}$/.test(e2e)) mismatch(`sandbox e2e id ${e2e} is not a central-bank id`);
      // A due-date charge is paid at the amount due of the day the sandbox paid it (its paidAt).
      const paid = amountToPayOn(c, saoPauloDayOf(Date.parse(answer.body.paidAt)));
      expectEqual(centsOf(answer.body.paidAmount), paid, "simulateChargePayment paidAmount");
      c.status = "PAID";
      markPaid(world, c, paid);
      c.e2eId = e2e;
      world.knownE2e.push(e2e);
      // The sandbox's bank may report its own payment later: the same endToEndId again.
      world.payments.push({ companyId: c.companyId, endToEndId: e2e, txid: c.txid, valorCents: paid });
      c.events.push(chargePaidEvent(world, c));
      return;
    }
    case "simulatePayAt": {
      const c = chargeById(world, op.chargeId);
      if (c.status !== "PENDING") {
        expectError(answer, "INVALID_STATE", null, "pay a due-date charge that is not PENDING");
        return;
      }
      expectOk(answer, 200, "simulateChargePayment(paidAt)");
      expectEqual(answer.body.status, "PAID", "simulateChargePayment(paidAt) status");
      expectEqual(Date.parse(answer.body.paidAt), op.paidAtMs, "simulateChargePayment paidAt");
      const paid = amountToPayOn(c, saoPauloDayOf(op.paidAtMs));
      expectEqual(centsOf(answer.body.paidAmount), paid, `paidAmount on ${isoDayOf(saoPauloDayOf(op.paidAtMs))}`);
      const e2e = String(answer.body.e2eId);
      c.status = "PAID";
      markPaid(world, c, paid);
      expectEqual(centsOf(answer.body.fee), c.feeCents, "fee of the amount paid");
      expectEqual(centsOf(answer.body.netAmount), c.netCents, "net of the amount paid");
      c.e2eId = e2e;
      world.knownE2e.push(e2e);
      world.payments.push({ companyId: c.companyId, endToEndId: e2e, txid: c.txid, valorCents: paid });
      c.events.push(chargePaidEvent(world, c));
      return;
    }
    case "createDueDateCharge": {
      applyCreateDueDateCharge(world, op, answer);
      return;
    }
    case "cancelCharge": {
      const c = chargeById(world, op.chargeId);
      if (answer.code === "INVALID_STATE" && mayBeOverdue(c, window)) {
        c.status = "EXPIRED";
        return;
      }
      if (c.status !== "PENDING" || mustBeOverdue(c, window)) {
        expectError(answer, "INVALID_STATE", null, `cancel a ${c.status} charge`);
        if (c.status === "PENDING") c.status = "EXPIRED";
        return;
      }
      expectOk(answer, 200, "cancelCharge");
      expectEqual(answer.body.status, "CANCELLED", "cancelCharge status");
      c.status = "CANCELLED";
      c.events.push(chargeStatusEvent(world, c));
      return;
    }
    case "adjust": {
      expectOk(answer, 200, "createAdjustment");
      expectEqual(answer.body.status, "POSTED", "adjustment status (maker-checker off)");
      expectEqual(centsOf(answer.body.amount), op.amountCents, "adjustment amount");
      account(world, op.companyId).adjustmentsCents.push(op.amountCents);
      return;
    }
    case "reserve": {
      // docs/decisions.md: any charge not yet reserved can be held; only a PAID one leaves the balance.
      const c = chargeById(world, op.chargeId);
      if (c.reserved) {
        expectError(answer, "INVALID_STATE", null, "reserve a reserved charge");
        return;
      }
      expectOk(answer, 200, "reserveCharge");
      expectEqual(answer.body.reserved, true, "reserveCharge reserved");
      c.reserved = true;
      const remainder = c.netCents - refundedOf(world, c.id);
      c.reservedCents = c.status === "PAID" && remainder > 0n ? remainder : 0n;
      return;
    }
    case "release": {
      const c = chargeById(world, op.chargeId);
      if (!c.reserved) {
        expectError(answer, "INVALID_STATE", null, "release a charge that is not reserved");
        return;
      }
      expectOk(answer, 200, "releaseCharge");
      expectEqual(answer.body.reserved, false, "releaseCharge reserved");
      c.reserved = false;
      c.reservedCents = 0n;
      return;
    }
    case "createWithdrawal": {
      applyCreateWithdrawal(world, op, answer, window);
      return;
    }
    case "approve": {
      const w = withdrawalById(world, op.withdrawalId);
      if (w.status !== "PENDING") {
        expectError(answer, "INVALID_STATE", null, `approve a ${w.status} withdrawal`);
        return;
      }
      expectOk(answer, 200, "approveWithdrawal");
      expectEqual(answer.body.status, "PROCESSING", "approveWithdrawal status");
      toProcessing(world, w, window);
      return;
    }
    case "reject":
    case "cancelWithdrawal": {
      const w = withdrawalById(world, op.withdrawalId);
      const what = op.kind === "reject" ? "rejectWithdrawal" : "cancel";
      // CONTRACT §2: PROCESSING, PAID, FAILED and CANCELLED cannot be cancelled (409 INVALID_STATE).
      if (w.status !== "PENDING") {
        expectError(answer, "INVALID_STATE", op.kind === "reject" ? null : 409, `${what} a ${w.status}`);
        return;
      }
      expectOk(answer, 200, what);
      expectEqual(answer.body.status, "CANCELLED", `${what} status`);
      w.status = "CANCELLED";
      w.reason = op.reason;
      expectEqual(answer.body.reason ?? null, w.reason, `${what} reason`);
      w.events.push(withdrawalEvent(world, w));
      return;
    }
    case "settle": {
      const w = withdrawalById(world, op.withdrawalId);
      if (w.status !== "PROCESSING") {
        expectError(answer, "INVALID_STATE", null, `settle a ${w.status}`);
        return;
      }
      expectOk(answer, 200, "simulateWithdrawalOutcome PAID");
      expectEqual(answer.body.status, "PAID", "settled status");
      w.status = "PAID";
      takeRetryCount(w, answer.body.retryCount);
      w.events.push(withdrawalEvent(world, w));
      return;
    }
    case "fail": {
      const w = withdrawalById(world, op.withdrawalId);
      if (w.status !== "PENDING" && w.status !== "PROCESSING") {
        expectError(answer, "INVALID_STATE", null, `fail a ${w.status}`);
        return;
      }
      expectOk(answer, 200, "simulateWithdrawalOutcome FAILED");
      expectEqual(answer.body.status, "FAILED", "failed status");
      w.status = "FAILED";
      w.reason = op.reason;
      expectEqual(answer.body.reason, op.reason, "failed reason");
      takeRetryCount(w, answer.body.retryCount);
      w.events.push(withdrawalEvent(world, w));
      return;
    }
    case "refundCharge": {
      applyRefundCharge(world, op, answer);
      return;
    }
    case "refundOutcome": {
      const r = world.refunds.find((x) => x.id === op.refundId);
      if (!r) throw new Error(`no refund ${op.refundId} in the model`);
      if (r.status !== "PROCESSING") {
        expectError(answer, "INVALID_STATE", null, `decide a ${r.status} refund`);
        return;
      }
      expectOk(answer, 200, `simulateRefundOutcome ${op.outcome}`);
      expectEqual(answer.body.status, op.outcome, "decided refund status");
      r.status = op.outcome;
      if (op.outcome === "FAILED") r.failureReason = op.reason;
      expectEqual(answer.body.failureReason ?? null, r.failureReason, "decided refund failureReason");
      r.events.push(refundEvent(world, r));
      medReturnDecided(world, r);
      return;
    }
    case "openDispute": {
      applyOpenDispute(world, op, answer);
      return;
    }
    case "acceptDispute": {
      const d = disputeById(world, op.disputeId);
      if (d.status !== "OPEN") {
        expectError(answer, "INVALID_STATE", null, `accept a ${d.status} dispute`);
        return;
      }
      if (d.heldCents === 0n) {
        expectError(answer, "INVALID_STATE", null, "accept a dispute that holds nothing");
        return;
      }
      expectOk(answer, 200, "acceptDispute");
      expectEqual(answer.body.status, "ACCEPTED", "acceptDispute status");
      const refundId = String(answer.body.refundId);
      if (!/^rf_[A-Za-z0-9]+$/.test(refundId)) mismatch(`MED devolução id ${refundId} is not rf_<alphanumeric>`);
      // The hold ends and the devolução's reservation takes its place: the balance does not move.
      d.status = "ACCEPTED";
      d.refundId = refundId;
      const r: RefundState = {
        companyId: d.companyId,
        id: refundId,
        chargeId: d.chargeId,
        amountCents: d.heldCents,
        status: "PROCESSING",
        reason: MED_RETURN_DESCRIPTION[d.nature],
        failureReason: null,
        idempotencyKey: null,
        fingerprint: "",
        createdText: "",
        disputeId: d.id,
        events: [],
      };
      world.refunds.push(r);
      r.events.push(refundEvent(world, r));
      return;
    }
    case "contestDispute": {
      const d = disputeById(world, op.disputeId);
      if (d.status !== "OPEN") {
        expectError(answer, "INVALID_STATE", null, `contest a ${d.status} dispute`);
        return;
      }
      expectOk(answer, 200, "contestDispute");
      expectEqual(answer.body.status, "REJECTED", "contestDispute status");
      d.status = "REJECTED";
      return;
    }
    case "closeDispute": {
      const d = disputeById(world, op.disputeId);
      if (!isHolding(d.status)) {
        expectError(answer, "INVALID_STATE", null, `close a ${d.status} dispute`);
        return;
      }
      expectOk(answer, 200, "closeDispute");
      expectEqual(answer.body.status, "CLOSED", "closeDispute status");
      expectEqual(answer.body.outcome, "RELEASED", "closeDispute outcome");
      d.status = "CLOSED";
      d.outcome = "RELEASED";
      d.events.push(disputeEvent(world, d, "dispute.closed"));
      return;
    }
    case "rotate": {
      expectOk(answer, 200, "rotateWebhookSecret");
      const secret = String(answer.body.webhookSecret);
      if (!secret.startsWith("whsec_")) mismatch(`rotated secret ${secret.slice(0, 8)}… has no whsec_ prefix`);
      account(world, op.companyId).secrets.push(secret);
      return;
    }
    case "ping": {
      const a = account(world, op.companyId);
      if (!a.hasWebhookUrl) {
        expectError(answer, "VALIDATION_ERROR", null, "ping without a webhook URL");
        return;
      }
      expectOk(answer, 200, "sendTestWebhook");
      a.pings.push({ event: "ping", fields: { company_id: a.companyId }, secrets: [currentSecret(a)] });
      return;
    }
    case "pause":
      return;
    case "createRecurrence":
      applyCreateRecurrence(world, op, answer);
      return;
    case "decideRecurrence":
      applyDecideRecurrence(world, op, answer, window);
      return;
    case "cancelRecurrence":
      applyCancelRecurrence(world, op, answer);
      return;
    case "createRecurringCharge":
      applyCreateRecurringCharge(world, op, answer, window);
      return;
    case "debit":
      applyDebit(world, op, answer, window);
      return;
  }
}

function applyCreateCharge(
  world: World,
  op: Extract<Op, { kind: "createCharge" }>,
  answer: Answer,
  window: Window,
): void {
  const a = account(world, op.companyId);
  const fingerprint = chargeFingerprint(op.amountCents, op.expiresIn);
  if (op.key !== null)
    remember(world.chargeRequests, { companyId: op.companyId, key: op.key, body: op.body, fingerprint });
  if (op.key !== null) {
    const used = world.chargeKeys.find((k) => k.companyId === op.companyId && k.key === op.key);
    if (used) {
      // CONTRACT §2: works as for withdrawals: the original answer again, or 409.
      if (used.fingerprint !== fingerprint) {
        expectError(answer, "IDEMPOTENCY_KEY_REUSED", 409, "charge key reused with another body");
        return;
      }
      expectOk(answer, 201, "charge replay");
      expectEqual(answer.replayed, true, "charge replay header Idempotent-Replayed");
      expectEqual(answer.text, used.createdText, "charge replay body (byte for byte)");
      return;
    }
  }
  expectOk(answer, 201, "POST /charges");
  expectEqual(answer.replayed, false, "new charge Idempotent-Replayed");
  const body = answer.body;
  const { feeCents, netCents } = feeOf(op.amountCents, a);
  if (!/^[A-Z0-9]{8}$/.test(String(body.id))) mismatch(`charge id ${body.id} is not 8 of [A-Z0-9]`);
  if (!/^[a-zA-Z0-9]{26,35}$/.test(String(body.txid))) mismatch(`txid ${body.txid} breaks the central bank's rule`);
  expectEqual(centsOf(body.amount), op.amountCents, "charge amount");
  expectEqual(centsOf(body.fee), feeCents, "charge fee");
  expectEqual(centsOf(body.net_amount), netCents, "charge net_amount");
  expectEqual(body.status, "PENDING", "new charge status");
  expectEqual(body.e2e_id, null, "new charge e2e_id");
  expectEqual(body.paid_at, null, "new charge paid_at");
  const createdAt = Date.parse(body.created_at);
  const expiresAt = Date.parse(body.expires_at);
  expectEqual(expiresAt - createdAt, (op.expiresIn ?? 3600) * 1000, "expires_at - created_at (ms)");
  if (createdAt < window.startMs - CLOCK_SLACK_MS || createdAt > window.endMs + CLOCK_SLACK_MS) {
    mismatch(`created_at ${body.created_at} is outside the request`);
  }
  world.charges.push({
    companyId: op.companyId,
    id: body.id,
    txid: body.txid,
    amountCents: op.amountCents,
    feeCents,
    netCents,
    status: "PENDING",
    reserved: false,
    reservedCents: 0n,
    expiresAtMs: expiresAt,
    e2eId: null,
    e2eUnknown: false,
    recurrenceId: null,
    recurring: null,
    terms: null,
    paidAmountCents: null,
    events: [],
  });
  if (op.key !== null) {
    world.chargeKeys.push({ companyId: op.companyId, key: op.key, fingerprint, createdText: answer.text });
  }
}

/**
 * CONTRACT §11: POST /charges with due_date: 201, DUE_DATE, the terms as given, the fee of the
 * amount until paid, amount_due today's, expiring at the end of the last payable day (the due
 * date + days_after_due: the test's due dates are never moved that far).
 */
function applyCreateDueDateCharge(
  world: World,
  op: Extract<Op, { kind: "createDueDateCharge" }>,
  answer: Answer,
): void {
  const a = account(world, op.companyId);
  expectOk(answer, 201, `POST /charges ${brl(op.amountCents)} due ${isoDayOf(op.terms.dueDay)}`);
  const body = answer.body;
  const { feeCents, netCents } = feeOf(op.amountCents, a);
  expectEqual(body.type, "DUE_DATE", "due-date charge type");
  expectEqual(body.due_date, isoDayOf(op.terms.dueDay), "due_date");
  expectEqual(body.days_after_due, op.terms.daysAfterDue, "days_after_due");
  expectEqual(centsOf(body.amount), op.amountCents, "due-date charge amount");
  expectEqual(centsOf(body.fee), feeCents, "due-date charge fee (of its amount until paid)");
  expectEqual(body.status, "PENDING", "new due-date charge status");
  expectEqual(body.paid_amount, null, "new due-date charge paid_amount");
  const createdDay = saoPauloDayOf(Date.parse(body.created_at));
  expectEqual(centsOf(body.amount_due), amountDueOn(op.amountCents, op.terms, createdDay), "amount_due today");
  // The end of the last payable day in São Paulo (midnight there is 03:00 UTC).
  const lastDay = op.terms.dueDay + op.terms.daysAfterDue;
  const expiresAt = (lastDay + 1) * 86_400_000 + 3 * 3_600_000;
  expectEqual(Date.parse(body.expires_at), expiresAt, "due-date charge expires_at");
  world.charges.push({
    companyId: op.companyId,
    id: body.id,
    txid: body.txid,
    amountCents: op.amountCents,
    feeCents,
    netCents,
    status: "PENDING",
    reserved: false,
    reservedCents: 0n,
    expiresAtMs: expiresAt,
    e2eId: null,
    e2eUnknown: false,
    recurrenceId: null,
    recurring: null,
    terms: op.terms,
    paidAmountCents: null,
    events: [],
  });
}

function applyPay(world: World, op: Extract<Op, { kind: "pay" }>, answer: Answer, window: Window): void {
  expectOk(answer, 200, "POST /provider/pix");
  const results = answer.body?.results;
  if (!Array.isArray(results) || results.length !== op.items.length) {
    mismatch(`provider answered ${JSON.stringify(answer.body)} for ${op.items.length} payments`);
  }
  op.items.forEach((item, index) => {
    const result = results[index];
    const outcome = String(result.outcome);
    const kind = result.exceptionKind ?? null;
    const what = `payment ${index + 1} (${item.endToEndId.slice(-6)})`;
    const exception = (expected: ExceptionKind, charge: ChargeState | null) => {
      expectEqual(`${outcome}/${kind}`, `EXCEPTION/${expected}`, what);
      world.exceptions.push({
        kind: expected,
        txid: item.txid,
        endToEndId: item.endToEndId,
        chargeId: charge?.id ?? null,
        companyId: charge?.companyId ?? null,
      });
    };
    // CONTRACT §3: the same endToEndId twice changes nothing.
    if (world.knownE2e.includes(item.endToEndId)) {
      expectEqual(outcome, "DUPLICATE", what);
      return;
    }
    world.knownE2e.push(item.endToEndId);
    const c0 = world.charges.find((x) => x.txid === item.txid);
    world.payments.push({ ...item, companyId: c0?.companyId ?? null });
    const c = world.charges.find((x) => x.txid === item.txid) ?? null;
    if (!c) {
      exception("UNKNOWN_TXID", null);
      return;
    }
    // Past expires_at the charge is EXPIRED, whether or not the service has written it yet.
    if (kind === "CHARGE_EXPIRED" && mayBeOverdue(c, window)) {
      c.status = "EXPIRED";
      exception("CHARGE_EXPIRED", c);
      return;
    }
    switch (c.status) {
      case "PAID": {
        exception("ALREADY_PAID", c);
        return;
      }
      case "CANCELLED": {
        exception("CHARGE_CANCELLED", c);
        return;
      }
      case "EXPIRED": {
        exception("CHARGE_EXPIRED", c);
        return;
      }
      case "PENDING":
        if (op.horarioMs >= c.expiresAtMs || mustBeOverdue(c, window)) {
          c.status = "EXPIRED";
          exception("CHARGE_EXPIRED", c);
          return;
        }
        if (item.valorCents !== amountToPayOn(c, saoPauloDayOf(op.horarioMs))) {
          exception("AMOUNT_MISMATCH", c);
          return;
        }
        expectEqual(outcome, "CREDITED", what);
        c.status = "PAID";
        markPaid(world, c, item.valorCents);
        c.e2eId = item.endToEndId;
        c.events.push(chargePaidEvent(world, c));
        return;
    }
  });
}

function applyCreateWithdrawal(
  world: World,
  op: Extract<Op, { kind: "createWithdrawal" }>,
  answer: Answer,
  window: Window,
): void {
  const a = account(world, op.companyId);
  // CONTRACT §2, in this order: body (400), key reuse (replay or 409), balance (400). A 400 does not use the key.
  if (op.amountCents < MIN_WITHDRAWAL_CENTS) {
    expectError(answer, "VALIDATION_ERROR", 400, "withdrawal below 1.00");
    return;
  }
  const fingerprint = withdrawalFingerprint(op.amountCents, op.pixKeyType, op.pixKey);
  remember(world.withdrawalRequests, { companyId: op.companyId, key: op.key, body: op.body, fingerprint });
  const used = world.withdrawals.find((w) => w.companyId === op.companyId && w.idempotencyKey === op.key);
  if (used) {
    if (used.fingerprint !== fingerprint) {
      expectError(answer, "IDEMPOTENCY_KEY_REUSED", 409, "withdrawal key reused with another body");
      return;
    }
    expectOk(answer, 201, "withdrawal replay");
    expectEqual(answer.replayed, true, "withdrawal replay header Idempotent-Replayed");
    expectEqual(answer.text, used.createdText, "withdrawal replay body (byte for byte)");
    return;
  }
  if (balanceOf(world, op.companyId) < op.amountCents) {
    expectError(answer, "INSUFFICIENT_BALANCE", 400, `withdraw ${brl(op.amountCents)}`);
    return;
  }
  expectOk(answer, 201, `POST /withdrawals ${brl(op.amountCents)}`);
  expectEqual(answer.replayed, false, "new withdrawal Idempotent-Replayed");
  const body = answer.body;
  if (!/^wd_[A-Za-z0-9]+$/.test(String(body.id))) mismatch(`withdrawal id ${body.id} is not wd_<alphanumeric>`);
  const canonical = canonicalPixKey(op.pixKeyType, op.pixKey);
  expectEqual(centsOf(body.amount), op.amountCents, "withdrawal amount");
  expectEqual(body.pix_key, canonical, "withdrawal pix_key (canonical)");
  expectEqual(body.pix_key_type, op.pixKeyType, "withdrawal pix_key_type");
  expectEqual(body.idempotency_key, op.key, "withdrawal idempotency_key");
  const autoApproved = a.autoApproveLimitCents !== null && op.amountCents <= a.autoApproveLimitCents;
  const w: WithdrawalState = {
    companyId: op.companyId,
    id: body.id,
    reference: null,
    amountCents: op.amountCents,
    pixKeyType: op.pixKeyType,
    pixKey: canonical,
    bank: bankBehaviourOf(op.pixKeyType, canonical),
    status: "PENDING",
    reason: null,
    retryCount: 0,
    order: world.nextOrder++,
    idempotencyKey: op.key,
    fingerprint,
    createdText: answer.text,
    bankSinceMs: null,
    bankSecretIndex: currentSecret(a),
    events: [],
  };
  world.withdrawals.push(w);
  expectEqual(body.queue_position, autoApproved ? null : queuePositionOf(world, w), "201 queue_position");
  w.events.push(withdrawalEvent(world, w));
  if (autoApproved) toProcessing(world, w, window);
  // A 201 reports the status as it left the request: PROCESSING when the auto-approve limit covers it.
  expectEqual(body.status, w.status, "201 status");
}

/** The 201 body's fields in the contract's order (CONTRACT §8). */
const REFUND_FIELDS = [
  "id",
  "charge_id",
  "amount",
  "status",
  "reason",
  "return_id",
  "failure_reason",
  "idempotency_key",
  "created_at",
  "refunded_at",
];

/**
 * CONTRACT §8, the checks in this order: body (400), the key's reuse (replay or 409), the
 * charge not PAID (409 INVALID_STATE), reserved (409 CHARGE_RESERVED), above what remains
 * (400 REFUND_EXCEEDS_CHARGE), above the balance (400 INSUFFICIENT_BALANCE). Only a 201
 * uses the key.
 */
function applyRefundCharge(world: World, op: Extract<Op, { kind: "refundCharge" }>, answer: Answer): void {
  if (op.askedCents !== null && op.askedCents < 1n) {
    expectError(answer, "VALIDATION_ERROR", 400, "refund of 0.00");
    return;
  }
  const fingerprint = refundFingerprint(op.chargeId, op.askedCents, op.reason);
  remember(world.refundRequests, { companyId: op.companyId, key: op.key, body: op.body, fingerprint });
  const used = world.refunds.find((r) => r.companyId === op.companyId && r.idempotencyKey === op.key);
  if (used) {
    if (used.fingerprint !== fingerprint) {
      expectError(answer, "IDEMPOTENCY_KEY_REUSED", 409, "refund key reused with another request");
      return;
    }
    expectOk(answer, 201, "refund replay");
    expectEqual(answer.replayed, true, "refund replay header Idempotent-Replayed");
    expectEqual(answer.text, used.createdText, "refund replay body (byte for byte)");
    return;
  }
  const c = chargeById(world, op.chargeId);
  if (c.status !== "PAID") {
    expectError(answer, "INVALID_STATE", 409, `refund a ${c.status} charge`);
    return;
  }
  if (c.reserved) {
    expectError(answer, "CHARGE_RESERVED", 409, "refund a reserved charge");
    return;
  }
  // docs/disputes.md: what open disputes hold is not refundable while they are open.
  const remaining = refundableOf(world, c);
  const amount = op.askedCents ?? remaining;
  if (remaining === 0n || amount > remaining) {
    expectError(answer, "REFUND_EXCEEDS_CHARGE", 400, `refund ${brl(amount)} of ${brl(remaining)} remaining`);
    return;
  }
  if (balanceOf(world, op.companyId) < amount) {
    expectError(answer, "INSUFFICIENT_BALANCE", 400, `refund ${brl(amount)}`);
    return;
  }
  expectOk(answer, 201, `POST /charges/${c.id}/refunds ${brl(amount)}`);
  expectEqual(answer.replayed, false, "new refund Idempotent-Replayed");
  const body = answer.body;
  expectEqual(Object.keys(body).join(","), REFUND_FIELDS.join(","), "201 refund fields in order");
  if (!/^rf_[A-Za-z0-9]+$/.test(String(body.id))) mismatch(`refund id ${body.id} is not rf_<alphanumeric>`);
  expectEqual(body.charge_id, c.id, "refund charge_id");
  expectEqual(centsOf(body.amount), amount, "refund amount");
  expectEqual(body.status, "PROCESSING", "new refund status");
  expectEqual(body.reason, op.reason, "refund reason");
  expectEqual(body.return_id, null, "new refund return_id");
  expectEqual(body.failure_reason, null, "new refund failure_reason");
  expectEqual(body.idempotency_key, op.key, "refund idempotency_key");
  expectEqual(body.refunded_at, null, "new refund refunded_at");
  const r: RefundState = {
    companyId: op.companyId,
    id: body.id,
    chargeId: c.id,
    amountCents: amount,
    status: "PROCESSING",
    reason: op.reason,
    failureReason: null,
    idempotencyKey: op.key,
    fingerprint,
    createdText: answer.text,
    disputeId: null,
    events: [],
  };
  world.refunds.push(r);
  r.events.push(refundEvent(world, r));
}

/** retry_count as the service reports it: it only grows, to 3, and only for a bank that was unavailable. */
export function takeRetryCount(w: WithdrawalState, reported: unknown): void {
  const count = Number(reported);
  const max = w.bank === "unavailable" && w.bankSinceMs !== null ? UNAVAILABLE_RETRY_DELAYS_MS.length : w.retryCount;
  if (!Number.isInteger(count) || count < w.retryCount || count > max) {
    mismatch(`withdrawal ${w.id} retry_count ${String(reported)}, expected ${w.retryCount}..${max}`);
  }
  w.retryCount = count;
}

function remember(list: KeyedRequest[], request: KeyedRequest): void {
  if (!list.some((r) => r.companyId === request.companyId && r.key === request.key && r.body === request.body)) {
    list.push(request);
  }
}

function toProcessing(world: World, w: WithdrawalState, window: Window): void {
  w.status = "PROCESSING";
  w.bankSinceMs = window.startMs;
  w.bankSecretIndex = currentSecret(account(world, w.companyId));
  w.events.push(withdrawalEvent(world, w));
}

function disputeById(world: World, id: string): DisputeState {
  const d = world.disputes.find((x) => x.id === id);
  if (!d) throw new Error(`no dispute ${id} in the model`);
  return d;
}

/**
 * docs/disputes.md, the sandbox's simulateDispute: body (400); the same report id again
 * answers its dispute, on another charge 409 CONFLICT; the charge not PAID (INVALID_STATE);
 * above what is still refundable (REFUND_EXCEEDS_CHARGE); then OPEN, holding the claim or
 * the balance when it is smaller (never below zero).
 */
function applyOpenDispute(world: World, op: Extract<Op, { kind: "openDispute" }>, answer: Answer): void {
  if (op.askedCents !== null && op.askedCents < 1n) {
    expectError(answer, "VALIDATION_ERROR", null, "dispute of 0.00");
    return;
  }
  const c = chargeById(world, op.chargeId);
  const known = world.disputes.find((d) => d.reportId === op.reportId);
  if (known) {
    if (known.chargeId !== c.id) {
      expectError(answer, "CONFLICT", null, "report id of a dispute on another charge");
      return;
    }
    expectOk(answer, 200, "the same notification again");
    expectEqual(answer.body.id, known.id, "replayed dispute id");
    expectEqual(answer.body.status, known.status, "replayed dispute status");
    return;
  }
  if (c.status !== "PAID") {
    expectError(answer, "INVALID_STATE", null, `dispute a ${c.status} charge`);
    return;
  }
  const refundable = refundableOf(world, c);
  const amount = op.askedCents ?? refundable;
  if (refundable === 0n || amount > refundable) {
    expectError(answer, "REFUND_EXCEEDS_CHARGE", null, `claim ${brl(amount)} of ${brl(refundable)} refundable`);
    return;
  }
  const balance = balanceOf(world, c.companyId);
  const available = balance > 0n ? balance : 0n;
  const held = amount < available ? amount : available;
  expectOk(answer, 200, `simulateDispute ${brl(amount)}`);
  const body = answer.body;
  if (!/^dsp_[A-Za-z0-9]{24}$/.test(String(body.id)))
    mismatch(`dispute id ${body.id} is not dsp_ and 24 alphanumerics`);
  expectEqual(body.status, "OPEN", "new dispute status");
  expectEqual(centsOf(body.amount), amount, "dispute amount (claimed)");
  expectEqual(centsOf(body.heldAmount), held, `dispute heldAmount (balance ${brl(balance)})`);
  const d: DisputeState = {
    companyId: c.companyId,
    id: body.id,
    chargeId: c.id,
    reportId: op.reportId,
    nature: op.nature,
    amountCents: amount,
    heldCents: held,
    status: "OPEN",
    outcome: null,
    refundId: null,
    returnFailureReason: null,
    events: [],
  };
  world.disputes.push(d);
  d.events.push(disputeEvent(world, d, "dispute.opened"));
}

/**
 * A MED devolução decided, in its refund's transaction: REFUNDED closes the dispute
 * (RETURNED, dispute.closed); FAILED holds the amount again, as far as the balance (with the
 * amount given back) allows, and the dispute is OPEN for an operator to decide again.
 */
function medReturnDecided(world: World, r: RefundState): void {
  if (r.disputeId === null) return;
  const d = disputeById(world, r.disputeId);
  if (d.status !== "ACCEPTED" || d.refundId !== r.id) return;
  if (r.status === "REFUNDED") {
    d.outcome = "RETURNED";
    d.events.push(disputeEvent(world, d, "dispute.closed"));
    return;
  }
  const balance = balanceOf(world, d.companyId);
  const available = balance > 0n ? balance : 0n;
  d.heldCents = r.amountCents < available ? r.amountCents : available;
  d.status = "OPEN";
  d.returnFailureReason = r.failureReason;
}

// ---------------------------------------------------------------- Pix Automático (CONTRACT §12)

/** The day of the week of a day number (0 Sunday): 1970-01-01 was a Thursday. */
function weekdayOf(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

function dayOfDate(year: number, month: number, date: number): number {
  return Date.UTC(year, month - 1, date) / 86_400_000;
}

/** Easter Sunday (the anonymous Gregorian computus), as a day number. */
function easterOf(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const date = ((h + l - 7 * m + 114) % 31) + 1;
  return dayOfDate(year, month, date);
}

/** CONTRACT §11: Monday to Friday except Brazil's national banking holidays. */
export function isBusinessDay(day: number): boolean {
  const weekday = weekdayOf(day);
  if (weekday === 0 || weekday === 6) return false;
  const year = new Date(day * 86_400_000).getUTCFullYear();
  const fixed = [
    "01-01",
    "04-21",
    "05-01",
    "09-07",
    "10-12",
    "11-02",
    "11-15",
    "12-25",
    ...(year >= 2024 ? ["11-20"] : []),
  ];
  if (fixed.includes(isoDayOf(day).slice(5))) return false;
  const easter = easterOf(year);
  // Carnival Monday and Tuesday, Good Friday, Corpus Christi.
  return ![easter - 48, easter - 47, easter - 2, easter + 60].includes(day);
}

/**
 * CONTRACT §12 and docs/billing.md: with THREE_IN_SEVEN_DAYS a refused attempt is retried on
 * the first business day after its day, at most 3 more times, never later than 7 days after
 * the due date; otherwise no retry (the charge is EXPIRED).
 */
export function nextAttemptDayOf(
  policy: RetryPolicy,
  dueDay: number,
  attempt: number,
  failedDay: number,
): number | null {
  if (policy === "NONE" || attempt >= 4) return null;
  let day = failedDay + 1;
  while (!isBusinessDay(day)) day++;
  return day <= dueDay + 7 ? day : null;
}

/** The end of a São Paulo day (midnight there is 03:00 UTC). */
export function endOfSaoPauloDayMs(day: number): number {
  return (day + 1) * 86_400_000 + 3 * 3_600_000;
}

function recurrenceById(world: World, id: string): RecurrenceState {
  const r = world.recurrences.find((x) => x.id === id);
  if (!r) throw new Error(`no recurrence ${id} in the model`);
  return r;
}

function recurrenceEvent(world: World, r: RecurrenceState): ExpectedEvent {
  return {
    event: `recurrence.${r.status.toLowerCase()}`,
    fields: { recurrence_id: r.id, company_id: r.companyId, status: r.status, reason: r.reason },
    secrets: [currentSecret(account(world, r.companyId))],
  };
}

/** CONTRACT §12: charge.payment_failed (amount, the attempt refused, its reason and the next attempt's day). */
function paymentFailedEvent(
  world: World,
  c: ChargeState,
  attempt: number,
  reason: string,
  next: number | null,
): ExpectedEvent {
  return {
    event: "charge.payment_failed",
    fields: {
      charge_id: `chg_${c.id}`,
      company_id: c.companyId,
      amount: brl(c.amountCents),
      attempt,
      failure_reason: reason,
      next_attempt_on: next === null ? null : isoDayOf(next),
    },
    secrets: [currentSecret(account(world, c.companyId))],
  };
}

/**
 * POST /recurrences: 201 CREATED with the authorisation's BR Code and the fields as given; the
 * payer may authorise until the end of the start date (São Paulo). With first_payment, an
 * immediate charge of the recurrence at that amount, payable until then (journey 3).
 */
function applyCreateRecurrence(world: World, op: Extract<Op, { kind: "createRecurrence" }>, answer: Answer): void {
  const a = account(world, op.companyId);
  // The Idempotency-Key works as for withdrawals: the same request again answers the recurrence as first created.
  const used = world.recurrences.find((r) => r.companyId === op.companyId && r.idempotencyKey === op.key);
  if (used) {
    if (used.body !== op.body) {
      expectError(answer, "IDEMPOTENCY_KEY_REUSED", 409, "recurrence key reused with another body");
      return;
    }
    expectOk(answer, 201, "recurrence replay");
    expectEqual(answer.replayed, true, "recurrence replay header Idempotent-Replayed");
    expectEqual(answer.text, used.createdText, "recurrence replay body (byte for byte)");
    return;
  }
  expectOk(answer, 201, "POST /recurrences");
  expectEqual(answer.replayed, false, "new recurrence Idempotent-Replayed");
  const body = answer.body;
  if (!/^rec_[A-Za-z0-9]{24}$/.test(String(body.id)))
    mismatch(`recurrence id ${body.id} is not rec_ and 24 alphanumerics`);
  expectEqual(body.status, "CREATED", "new recurrence status");
  if (typeof body.pix_code !== "string" || !body.pix_code.startsWith("000201")) {
    mismatch(`recurrence pix_code ${JSON.stringify(body.pix_code)} is not a BR Code`);
  }
  expectEqual(body.amount === null ? null : centsOf(body.amount), op.amountCents, "recurrence amount");
  expectEqual(body.retry_policy, op.retryPolicy, "recurrence retry_policy");
  expectEqual(body.start_date, isoDayOf(op.startDay), "recurrence start_date");
  expectEqual(body.end_date, op.endDay === null ? null : isoDayOf(op.endDay), "recurrence end_date");
  expectEqual(
    body.first_payment === null ? null : centsOf(body.first_payment.amount),
    op.firstPaymentCents,
    "recurrence first_payment",
  );
  expectEqual(body.auto_charge, false, "recurrence auto_charge");
  const authorisationEnd = endOfSaoPauloDayMs(op.startDay);
  expectEqual(Date.parse(body.authorisation_expires_at), authorisationEnd, "authorisation_expires_at");
  world.recurrences.push({
    companyId: op.companyId,
    id: body.id,
    status: "CREATED",
    amountCents: op.amountCents,
    retryPolicy: op.retryPolicy,
    startDay: op.startDay,
    endDay: op.endDay,
    firstPaymentCents: op.firstPaymentCents,
    reason: null,
    idempotencyKey: op.key,
    body: op.body,
    createdText: answer.text,
    events: [],
  });
  // The recurrence's charges as listed right after (GET /recurrences/:id/charges): the first payment only.
  const listed: any[] = body._charges ?? [];
  if (op.firstPaymentCents === null) {
    expectEqual(listed.length, 0, "charges of a recurrence without a first payment");
    return;
  }
  expectEqual(listed.length, 1, "charges of a recurrence with a first payment");
  const charge = listed[0];
  expectEqual(charge.type, "IMMEDIATE", "first payment's type");
  expectEqual(charge.recurrence_id, body.id, "first payment's recurrence_id");
  expectEqual(centsOf(charge.amount), op.firstPaymentCents, "first payment's amount");
  expectEqual(charge.status, "PENDING", "first payment's status");
  expectEqual(Date.parse(charge.expires_at), authorisationEnd, "first payment's expires_at");
  const { feeCents, netCents } = feeOf(op.firstPaymentCents, a);
  world.charges.push({
    companyId: op.companyId,
    id: charge.id,
    txid: charge.txid,
    amountCents: op.firstPaymentCents,
    feeCents,
    netCents,
    status: "PENDING",
    reserved: false,
    reservedCents: 0n,
    expiresAtMs: authorisationEnd,
    e2eId: null,
    e2eUnknown: false,
    recurrenceId: body.id,
    recurring: null,
    terms: null,
    paidAmountCents: null,
    events: [],
  });
}

/** The PENDING charges of a recurrence are cancelled with it (each with charge.cancelled). */
function cancelChargesOf(world: World, r: RecurrenceState): void {
  for (const c of world.charges) {
    if (c.recurrenceId !== r.id || c.status !== "PENDING") continue;
    c.status = "CANCELLED";
    c.events.push(chargeStatusEvent(world, c));
  }
}

/**
 * Sandbox: the payer's decision on a CREATED recurrence (else 409 INVALID_STATE). APPROVED pays
 * a PENDING first payment in the approval's transaction (its e2e id is the sandbox's, learnt
 * from the next read); REJECTED cancels it.
 */
function applyDecideRecurrence(
  world: World,
  op: Extract<Op, { kind: "decideRecurrence" }>,
  answer: Answer,
  window: Window,
): void {
  const r = recurrenceById(world, op.recurrenceId);
  if (r.status !== "CREATED") {
    expectError(answer, "INVALID_STATE", null, `decide a ${r.status} recurrence`);
    return;
  }
  expectOk(answer, 200, `simulateRecurrenceDecision ${op.decision}`);
  expectEqual(answer.body.status, op.decision, "decided recurrence status");
  r.status = op.decision;
  r.reason = op.decision === "REJECTED" ? PAYER_REJECTED_REASON : null;
  expectEqual(answer.body.reason ?? null, r.reason, "decided recurrence reason");
  r.events.push(recurrenceEvent(world, r));
  if (op.decision === "REJECTED") {
    cancelChargesOf(world, r);
    return;
  }
  const first = world.charges.find((c) => c.recurrenceId === r.id && c.recurring === null && c.status === "PENDING");
  if (!first || mayBeOverdue(first, window)) return;
  first.status = "PAID";
  markPaid(world, first, first.amountCents);
  first.e2eUnknown = true;
  first.events.push(chargePaidEvent(world, first));
}

/** The merchant's cancel or the payer's at their bank: CREATED or APPROVED -> CANCELLED, else 409. */
function applyCancelRecurrence(world: World, op: Extract<Op, { kind: "cancelRecurrence" }>, answer: Answer): void {
  const r = recurrenceById(world, op.recurrenceId);
  const who = op.byPayer ? "simulateRecurrenceCancelledByPayer" : "POST /recurrences/:id/cancel";
  if (FINAL_RECURRENCE.has(r.status)) {
    expectError(answer, "INVALID_STATE", op.byPayer ? null : 409, `${who} of a ${r.status} recurrence`);
    return;
  }
  expectOk(answer, 200, who);
  expectEqual(answer.body.status, "CANCELLED", `${who} status`);
  r.status = "CANCELLED";
  r.reason = op.reason ?? (op.byPayer ? PAYER_CANCELLED_REASON : null);
  expectEqual(answer.body.reason ?? null, r.reason, `${who} reason`);
  r.events.push(recurrenceEvent(world, r));
  cancelChargesOf(world, r);
}

/**
 * POST /recurrences/:id/charges, the checks in docs/billing.md's order: the due date 2 to 10
 * days after today and within the recurrence's dates, a fixed recurrence's own amount, a
 * variable one's amount required (400s); then 409 INVALID_STATE unless APPROVED.
 */
function applyCreateRecurringCharge(
  world: World,
  op: Extract<Op, { kind: "createRecurringCharge" }>,
  answer: Answer,
  window: Window,
): void {
  const r = recurrenceById(world, op.recurrenceId);
  const today = saoPauloDayOf(window.startMs);
  const what = `charge of ${r.id} due ${isoDayOf(op.dueDay)}`;
  if (op.dueDay < today + 2 || op.dueDay > today + 10) {
    expectError(answer, "VALIDATION_ERROR", 400, `${what}: not 2 to 10 days ahead`);
    return;
  }
  if (op.dueDay < r.startDay || (r.endDay !== null && op.dueDay > r.endDay)) {
    expectError(answer, "VALIDATION_ERROR", 400, `${what}: outside the recurrence's dates`);
    return;
  }
  if (r.amountCents !== null && op.amountCents !== null && op.amountCents !== r.amountCents) {
    expectError(answer, "VALIDATION_ERROR", 400, `${what}: another amount than the fixed one`);
    return;
  }
  const amountCents = r.amountCents ?? op.amountCents;
  if (amountCents === null) {
    expectError(answer, "VALIDATION_ERROR", 400, `${what}: a variable recurrence's charge without an amount`);
    return;
  }
  if (r.status !== "APPROVED") {
    expectError(answer, "INVALID_STATE", 409, `${what}: a ${r.status} recurrence`);
    return;
  }
  // One charge of a recurrence a day, a cancelled one aside (docs/billing.md; charges_recurring_due_once).
  const sameDay = world.charges.find(
    (c) =>
      c.recurrenceId === r.id && c.recurring !== null && c.recurring.dueDay === op.dueDay && c.status !== "CANCELLED",
  );
  if (sameDay) {
    expectError(answer, "INVALID_STATE", 409, `${what}: ${sameDay.id} is due that day already`);
    return;
  }
  expectOk(answer, 201, `POST /recurrences/${r.id}/charges`);
  const body = answer.body;
  const { feeCents, netCents } = feeOf(amountCents, account(world, r.companyId));
  if (!/^[A-Z0-9]{8}$/.test(String(body.id))) mismatch(`charge id ${body.id} is not 8 of [A-Z0-9]`);
  expectEqual(body.type, "RECURRING", "recurring charge type");
  // Debited by the payer's bank: nothing to scan (docs/billing.md).
  expectEqual(body.pix_code, null, "recurring charge pix_code");
  expectEqual(body.recurrence_id, r.id, "recurring charge recurrence_id");
  expectEqual(centsOf(body.amount), amountCents, "recurring charge amount");
  expectEqual(centsOf(body.fee), feeCents, "recurring charge fee");
  expectEqual(body.status, "PENDING", "new recurring charge status");
  expectEqual(body.due_date, isoDayOf(op.dueDay), "recurring charge due_date");
  expectEqual(body.debit_attempt, 1, "new recurring charge debit_attempt");
  expectEqual(body.next_attempt_on, isoDayOf(op.dueDay), "new recurring charge next_attempt_on");
  expectEqual(body.failure_reason, null, "new recurring charge failure_reason");
  expectEqual(Date.parse(body.expires_at), endOfSaoPauloDayMs(op.dueDay), "recurring charge expires_at");
  world.charges.push({
    companyId: r.companyId,
    id: body.id,
    txid: body.txid,
    amountCents,
    feeCents,
    netCents,
    status: "PENDING",
    reserved: false,
    reservedCents: 0n,
    expiresAtMs: endOfSaoPauloDayMs(op.dueDay),
    e2eId: null,
    e2eUnknown: false,
    recurrenceId: r.id,
    recurring: { dueDay: op.dueDay, attempt: 1, nextAttemptDay: op.dueDay, failureReason: null },
    terms: null,
    paidAmountCents: null,
    events: [],
  });
}

/**
 * Sandbox: the payer's bank's outcome of the attempt in progress of a PENDING recurring charge
 * (else 409 INVALID_STATE). PAID as any charge; FAILED records the reason and
 * charge.payment_failed, then the next attempt on the retry schedule, or EXPIRED without one.
 */
function applyDebit(world: World, op: Extract<Op, { kind: "debit" }>, answer: Answer, window: Window): void {
  const c = chargeById(world, op.chargeId);
  const debit = c.recurring;
  if (debit === null) throw new Error(`charge ${c.id} is not recurring in the model`);
  if (c.status !== "PENDING" || mustBeOverdue(c, window)) {
    expectError(answer, "INVALID_STATE", null, `debit a ${c.status} recurring charge`);
    if (c.status === "PENDING") c.status = "EXPIRED";
    return;
  }
  expectOk(answer, 200, `simulateRecurringDebit ${op.outcome}`);
  if (op.outcome === "PAID") {
    expectEqual(answer.body.status, "PAID", "debited charge status");
    const e2e = String(answer.body.e2eId);
    if (!/^E[0-9]{8}[0-9]{12}[A-Za-z0-9]{11}$/.test(e2e)) mismatch(`debit e2e id ${e2e} is not a central-bank id`);
    c.status = "PAID";
    markPaid(world, c, c.amountCents);
    c.e2eId = e2e;
    debit.nextAttemptDay = null;
    world.knownE2e.push(e2e);
    world.payments.push({ companyId: c.companyId, endToEndId: e2e, txid: c.txid, valorCents: c.amountCents });
    c.events.push(chargePaidEvent(world, c));
    return;
  }
  const r = recurrenceById(world, c.recurrenceId as string);
  const failedDay = Math.max(debit.nextAttemptDay ?? 0, saoPauloDayOf(window.startMs));
  const next = nextAttemptDayOf(r.retryPolicy, debit.dueDay, debit.attempt, failedDay);
  c.events.push(paymentFailedEvent(world, c, debit.attempt, op.reason, next));
  debit.failureReason = op.reason;
  if (next === null) {
    c.status = "EXPIRED";
    debit.nextAttemptDay = null;
    c.events.push(chargeStatusEvent(world, c));
  } else {
    debit.attempt += 1;
    debit.nextAttemptDay = next;
    c.expiresAtMs = endOfSaoPauloDayMs(next);
  }
  expectEqual(answer.body.status, c.status, "refused debit's charge status");
  expectEqual(answer.body.debitAttempt, debit.attempt, "debit_attempt after a refusal");
  expectEqual(answer.body.failureReason, op.reason, "failure_reason after a refusal");
  expectEqual(
    answer.body.nextAttemptOn ?? null,
    c.status === "PENDING" && next !== null ? isoDayOf(next) : null,
    "next_attempt_on after a refusal",
  );
}
