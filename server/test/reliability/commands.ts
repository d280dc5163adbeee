import { randomBytes, randomUUID } from "node:crypto";
import fc from "fast-check";
import { signProviderBody } from "../support/scenarios";
import type { TestApp } from "../support/test-app";
import {
  type Answer,
  account,
  amountToPayOn,
  balanceOf,
  bankBehaviourOf,
  brl,
  canonicalPixKey,
  centsOf,
  DEBIT_FAILED_REASON,
  type DisputeNature,
  type DueDateTermsState,
  isoDayOf,
  labelOf,
  MOVED_DUE_DATE_MAX_DAYS,
  type Op,
  type PixKeyType,
  type RecurrenceState,
  type RetryPolicy,
  refundableOf,
  type SentPayment,
  saoPauloDayOf,
  step,
  type Window,
  type World,
} from "./model";
import { catchUp, diffWorld, type Observation, type ServiceReader } from "./service-state";

/*
 * The operations of the model-based test. A command holds one operation, or several sent
 * at the same moment (a concurrent batch). Its parameters are written against the model
 * only: `c[0]` is the newest charge the sequence knows, `c[2]` the third newest (modulo how
 * many it knows when the command runs), `w[0]` the newest withdrawal, `p[1]` the second
 * newest payment notification, and an amount can be a share of the account's balance in
 * the model. So the printed, shrunk sequence is a recipe; the trace in the failure message
 * names the real ids.
 */

export interface ModelHolder {
  world: World;
}

export interface RunStats {
  sequences: number;
  commands: number;
  operations: number;
  batches: number;
  operationsInBatches: number;
  maxConcurrency: number;
  observations: number;
  /** Time spent waiting for the operations' answers, and reading the state back. */
  operationMs: number;
  observationMs: number;
  /** How the service answered, by operation and outcome. */
  outcomes: Record<string, number>;
}

export function emptyStats(): RunStats {
  return {
    sequences: 0,
    commands: 0,
    operations: 0,
    batches: 0,
    operationsInBatches: 0,
    maxConcurrency: 0,
    observations: 0,
    operationMs: 0,
    observationMs: 0,
    outcomes: {},
  };
}

export interface Real {
  app: TestApp;
  reader: ServiceReader;
  operatorToken: string;
  providerSecret: string;
  sequence: number;
  /** What this sequence did, request by request, with the service's answers. */
  trace: string[];
  stats: RunStats;
}

// ---------------------------------------------------------------- parameters

type KeyChoice = { kind: "fresh" } | { kind: "none" } | { kind: "reuse"; ref: number; same: boolean };
type AmountChoice = { cents: bigint } | { percentOfBalance: number };
type PixChoice = "cpf" | "cpf-plain" | "cnpj" | "cnpj-alnum" | "email" | "phone" | "random" | "refused" | "unavailable";
/** What a refund asks for, against what remains refundable of the charge in the model. */
type RefundAmountChoice = "all" | "half" | "one" | "zero" | "more";
/** A dispute's report id: a new notification, or an earlier one's id again (the same dispute, or 409 on another charge). */
type ReportChoice = { kind: "fresh" } | { kind: "reuse"; ref: number };
/** A due-date charge's discount: none, an amount until some days before the due date, or a percentage per day early. */
type DiscountChoice =
  | { kind: "none" }
  | { kind: "untilDate"; daysBefore: number; cents: bigint }
  | { kind: "perDayEarly"; percentCenti: bigint };
/** The day a due-date charge is paid: early (before the due date), on it, or late (past any moved due date). */
type PayDayChoice = { kind: "early"; share: number } | { kind: "onDueDate" } | { kind: "late"; share: number };
type PayItemChoice = { charge: number; valor: "exact" | "more" | "less" } | { unknownTxid: true } | { resend: number };

export type OpSpec =
  | { kind: "createCharge"; acct: number; amount: bigint; expiresIn: number | null; key: KeyChoice }
  | {
      kind: "createDueDateCharge";
      acct: number;
      amount: bigint;
      /** Days from today to the due date (at least 1: a due date made just before midnight stays ahead). */
      dueIn: number;
      daysAfterDue: number;
      fine: bigint | null;
      interest: bigint | null;
      discount: DiscountChoice;
    }
  | { kind: "payDueDateAt"; charge: number; when: PayDayChoice }
  | { kind: "pay"; items: PayItemChoice[] }
  | { kind: "simulatePay" | "cancelCharge" | "reserve" | "release"; charge: number }
  | { kind: "adjust"; acct: number; amount: bigint }
  | {
      kind: "createWithdrawal";
      acct: number;
      amount: AmountChoice;
      pix: PixChoice;
      key: KeyChoice;
      /** In a race with refunds: the account of that refund candidate instead of acct. */
      ofCharge?: number;
    }
  | { kind: "approve" | "reject" | "settle" | "fail"; withdrawal: number }
  | { kind: "cancelWithdrawal"; withdrawal: number; withReason: boolean }
  | { kind: "refund"; charge: number; amount: RefundAmountChoice; withReason: boolean; key: KeyChoice }
  | { kind: "refundOutcome"; refund: number; outcome: "REFUNDED" | "FAILED" }
  | { kind: "openDispute"; charge: number; amount: RefundAmountChoice; nature: DisputeNature; report: ReportChoice }
  | { kind: "acceptDispute" | "contestDispute" | "closeDispute"; dispute: number }
  | { kind: "rotate" | "ping"; acct: number }
  | { kind: "pause"; ms: number }
  | {
      kind: "createRecurrence";
      acct: number;
      /** A fixed amount, or null: variable. */
      amount: bigint | null;
      retry: RetryPolicy;
      firstPayment: bigint | null;
      /** end_date this many days after today, or none. */
      endIn: number | null;
    }
  | { kind: "decideRecurrence"; recurrence: number; decision: "APPROVED" | "REJECTED" }
  | {
      kind: "cancelRecurrence";
      recurrence: number;
      byPayer: boolean;
      withReason: boolean;
      /** In a race with a debit: the recurrence of the recurring charge this names instead. */
      ofCharge?: number;
    }
  | {
      kind: "createRecurringCharge";
      recurrence: number;
      /** Days from today to the due date (the central bank allows 2 to 10). */
      dueIn: number;
      /** none: no amount; fixed: the recurrence's own (a variable one's: 49.90); other: another one. */
      amount: "none" | "fixed" | "other";
    }
  | { kind: "debit"; charge: number; outcome: "PAID" | "FAILED" };

const ACCOUNT_LABELS = ["A", "B", "C"];
const acct = fc.nat({ max: 2 });
/** Mostly the newest object, so that chains (create, approve, settle) happen often. */
const ref = fc.oneof(
  { weight: 4, arbitrary: fc.constant(0) },
  { weight: 2, arbitrary: fc.constant(1) },
  { weight: 2, arbitrary: fc.nat({ max: 7 }) },
);

const keyChoice = (optional: boolean): fc.Arbitrary<KeyChoice> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant<KeyChoice>({ kind: "fresh" }) },
    { weight: optional ? 2 : 0, arbitrary: fc.constant<KeyChoice>({ kind: "none" }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant("reuse" as const), ref, same: fc.boolean() }) },
  );

const chargeAmount = fc.oneof(
  fc.constantFrom(1n, 50n, 99n, 100n, 101n, 1050n, 2500n, 4999n, 10000n),
  fc.bigInt({ min: 1n, max: 40_000n }),
);

const withdrawalAmount: fc.Arbitrary<AmountChoice> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ percentOfBalance: fc.constantFrom(30, 50, 60, 75, 100, 110) }) },
  { weight: 3, arbitrary: fc.record({ cents: fc.bigInt({ min: 100n, max: 20_000n }) }) },
  { weight: 1, arbitrary: fc.record({ cents: fc.constantFrom(99n, 100n) }) },
);

const payItem: fc.Arbitrary<PayItemChoice> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({ charge: ref, valor: fc.constantFrom("exact", "exact", "exact", "more", "less") }),
  },
  { weight: 1, arbitrary: fc.constant({ unknownTxid: true as const }) },
  { weight: 2, arbitrary: fc.record({ resend: ref }) },
);

/** CONTRACT §11: a due-date charge with the terms the model reckons (see DueDateTermsState). */
const dueDateCharge: fc.Arbitrary<OpSpec> = fc.record({
  kind: fc.constant("createDueDateCharge" as const),
  acct,
  amount: fc.oneof(fc.constantFrom(1n, 3n, 100n, 15000n, 99_999n), fc.bigInt({ min: 1n, max: 40_000n })),
  dueIn: fc.integer({ min: 1, max: 20 }),
  daysAfterDue: fc.constantFrom(10, 30),
  fine: fc.option(fc.constantFrom(1n, 200n, 250n, 1000n, 10_000n), { nil: null }),
  interest: fc.option(fc.constantFrom(1n, 100n, 299n, 1000n), { nil: null }),
  discount: fc.oneof(
    fc.constant<DiscountChoice>({ kind: "none" }),
    fc.record({
      kind: fc.constant("untilDate" as const),
      daysBefore: fc.integer({ min: 0, max: 5 }),
      cents: fc.constantFrom(1n, 500n, 1000n, 99_999n),
    }),
    fc.record({ kind: fc.constant("perDayEarly" as const), percentCenti: fc.constantFrom(1n, 50n, 100n, 1000n) }),
  ),
});

const payDay: fc.Arbitrary<PayDayChoice> = fc.oneof(
  fc.record({ kind: fc.constant("early" as const), share: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.constant<PayDayChoice>({ kind: "onDueDate" }),
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("late" as const), share: fc.double({ min: 0, max: 1, noNaN: true }) }),
  },
);

export const opSpec: fc.Arbitrary<OpSpec> = fc.oneof(
  { weight: 3, arbitrary: dueDateCharge },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("payDueDateAt" as const), charge: ref, when: payDay }) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant("createCharge" as const),
      acct,
      amount: chargeAmount,
      expiresIn: fc.constantFrom(null, 60, 60, 120, 3600),
      key: keyChoice(true),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant("pay" as const),
      items: fc.array(payItem, { minLength: 1, maxLength: 2 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constantFrom("simulatePay" as const, "cancelCharge" as const, "reserve" as const, "release" as const),
      charge: ref,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("adjust" as const),
      acct,
      amount: fc.oneof(
        { weight: 3, arbitrary: fc.bigInt({ min: 1n, max: 50_000n }) },
        { weight: 1, arbitrary: fc.bigInt({ min: -20_000n, max: -1n }) },
      ),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("createWithdrawal" as const),
      acct,
      amount: withdrawalAmount,
      pix: fc.constantFrom<PixChoice>(
        "cpf",
        "cpf-plain",
        "cnpj",
        "cnpj-alnum",
        "email",
        "phone",
        "random",
        "refused",
        "refused",
        "unavailable",
      ),
      key: keyChoice(false),
    }),
  },
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constantFrom(
        "approve" as const,
        "approve" as const,
        "approve" as const,
        "settle" as const,
        "settle" as const,
        "reject" as const,
        "fail" as const,
      ),
      withdrawal: ref,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("cancelWithdrawal" as const), withdrawal: ref, withReason: fc.boolean() }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("refund" as const),
      charge: ref,
      amount: fc.constantFrom<RefundAmountChoice>("all", "half", "half", "one", "zero", "more"),
      withReason: fc.boolean(),
      key: keyChoice(false),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("refundOutcome" as const),
      refund: ref,
      outcome: fc.constantFrom("REFUNDED" as const, "REFUNDED" as const, "FAILED" as const),
    }),
  },
  { weight: 3, arbitrary: disputeOpening() },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constantFrom(
        "acceptDispute" as const,
        "acceptDispute" as const,
        "contestDispute" as const,
        "closeDispute" as const,
      ),
      dispute: ref,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom("rotate" as const, "ping" as const), acct }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("pause" as const), ms: fc.constantFrom(20, 100, 300) }) },
  { weight: 2, arbitrary: recurrenceCreation() },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("decideRecurrence" as const),
      recurrence: ref,
      decision: fc.constantFrom("APPROVED" as const, "APPROVED" as const, "REJECTED" as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("cancelRecurrence" as const),
      recurrence: ref,
      byPayer: fc.boolean(),
      withReason: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: recurringCharge() },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("debit" as const),
      charge: ref,
      outcome: fc.constantFrom("PAID" as const, "FAILED" as const, "FAILED" as const),
    }),
  },
);

/** CONTRACT §12: a recurrence, fixed or variable, with or without retries and a first payment now. */
function recurrenceCreation(): fc.Arbitrary<Extract<OpSpec, { kind: "createRecurrence" }>> {
  return fc.record({
    kind: fc.constant("createRecurrence" as const),
    acct,
    amount: fc.option(fc.constantFrom(1n, 990n, 4990n, 15_000n), { nil: null }),
    retry: fc.constantFrom<RetryPolicy>("NONE", "THREE_IN_SEVEN_DAYS", "THREE_IN_SEVEN_DAYS"),
    firstPayment: fc.option(fc.constantFrom(1n, 2990n, 9990n), { nil: null, freq: 3 }),
    endIn: fc.option(fc.constant(6), { nil: null, freq: 4 }),
  });
}

/** A cycle's charge: mostly within the central bank's 2 to 10 days, sometimes just outside. */
function recurringCharge(recurrence: fc.Arbitrary<number> = ref): fc.Arbitrary<OpSpec> {
  return fc.record({
    kind: fc.constant("createRecurringCharge" as const),
    recurrence,
    dueIn: fc.oneof(
      { weight: 6, arbitrary: fc.integer({ min: 2, max: 10 }) },
      { weight: 1, arbitrary: fc.constantFrom(1, 11) },
    ),
    amount: fc.constantFrom("fixed" as const, "fixed" as const, "fixed" as const, "none" as const, "other" as const),
  });
}

/**
 * A payer's whole journey, one step after another (each checked): a recurrence created and
 * approved, a cycle's charge, and its debits (refused ones retried, by the policy).
 */
const recurrenceJourney: fc.Arbitrary<fc.AsyncCommand<ModelHolder, Real>> = fc
  .tuple(
    recurrenceCreation(),
    fc.constantFrom("APPROVED" as const, "APPROVED" as const, "APPROVED" as const, "REJECTED" as const),
    fc.integer({ min: 2, max: 10 }),
    fc.array(fc.constantFrom("PAID" as const, "FAILED" as const, "FAILED" as const), { minLength: 0, maxLength: 2 }),
    fc.constantFrom("none" as const, "cancel" as const, "race" as const),
    fc.boolean(),
    fc.constantFrom("PAID" as const, "FAILED" as const),
  )
  .map(([creation, decision, dueIn, debits, end, byPayer, racingDebit]) => {
    const steps = [
      new StepCommand([creation], 1),
      new StepCommand([{ kind: "decideRecurrence", recurrence: 0, decision }], 1),
      new StepCommand([{ kind: "createRecurringCharge", recurrence: 0, dueIn, amount: "fixed" }], 1),
      ...debits.map((outcome) => new StepCommand([{ kind: "debit", charge: 0, outcome }], 1)),
    ];
    const cancel: OpSpec = { kind: "cancelRecurrence", recurrence: 0, ofCharge: 0, byPayer, withReason: false };
    // It ends there, or cancelled (by the merchant or the payer), or with a cancel racing a debit.
    if (end === "cancel") steps.push(new StepCommand([cancel], 1));
    if (end === "race") steps.push(new StepCommand([cancel, { kind: "debit", charge: 0, outcome: racingDebit }], 1));
    return new ChainCommand(steps);
  });

/** The payer's bank opens a MED claim (sandbox simulateDispute) on one of the newest charges. */
function disputeOpening(charge: fc.Arbitrary<number> = ref): fc.Arbitrary<OpSpec> {
  return fc.record({
    kind: fc.constant("openDispute" as const),
    charge,
    amount: fc.constantFrom<RefundAmountChoice>("all", "all", "half", "half", "one", "zero", "more"),
    nature: fc.constantFrom<DisputeNature>("MED_FRAUDE", "MED_OPERACIONAL"),
    report: fc.oneof(
      { weight: 5, arbitrary: fc.constant<ReportChoice>({ kind: "fresh" }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant("reuse" as const), ref }) },
    ),
  });
}

/** A batch: operations sent at once, often on one account, or one request sent several times at once. */
const batch: fc.Arbitrary<StepCommand> = fc.oneof(
  fc
    .tuple(fc.array(opSpec, { minLength: 2, maxLength: 4 }), fc.boolean())
    .map(([specs, focus]) => new StepCommand(focus ? specs.map((s) => onAccount(s, accountOf(specs[0]))) : specs, 1)),
  fc
    .tuple(
      fc.oneof(
        opSpec.filter((s) => s.kind === "createWithdrawal" || s.kind === "createCharge" || s.kind === "pay"),
        opSpec,
      ),
      fc.integer({ min: 2, max: 3 }),
    )
    .map(([spec, times]) => new StepCommand([spec], times)),
);

/** A withdrawal of the account of the charge `charge` names, racing what is done to that charge. */
function competingWithdrawal(charge: number, amount: AmountChoice): OpSpec {
  return { kind: "createWithdrawal", acct: 0, ofCharge: charge, amount, pix: "cpf", key: { kind: "fresh" } };
}

/**
 * Races aimed at money, in the manner of Jepsen's bank workload: withdrawals of one account
 * competing for its balance (with an adjustment or a refund in the middle), several payments
 * of one charge with its hold toggled, and the transitions of one withdrawal against each other.
 */
const race: fc.Arbitrary<StepCommand> = fc.oneof(
  // CONTRACT §12: a cancel (the merchant's or the payer's) racing a debit of one of its charges.
  fc.tuple(ref, fc.boolean(), fc.constantFrom("PAID" as const, "FAILED" as const)).map(
    ([charge, byPayer, outcome]) =>
      new StepCommand(
        [
          { kind: "cancelRecurrence", recurrence: 0, ofCharge: charge, byPayer, withReason: false },
          { kind: "debit", charge, outcome },
        ],
        1,
      ),
  ),
  // Two debits of one charge at once; the payer's decision racing a cancel; a charge racing a cancel.
  fc
    .tuple(ref, fc.constantFrom("PAID" as const, "FAILED" as const))
    .map(([charge, outcome]) => new StepCommand([{ kind: "debit", charge, outcome }], 2)),
  fc
    .tuple(ref, fc.boolean(), fc.boolean())
    .map(
      ([recurrence, byPayer, charge]) =>
        new StepCommand(
          [
            charge
              ? { kind: "createRecurringCharge", recurrence, dueIn: 5, amount: "fixed" }
              : { kind: "decideRecurrence", recurrence, decision: "APPROVED" },
            { kind: "cancelRecurrence", recurrence, byPayer, withReason: true },
          ],
          1,
        ),
    ),
  fc
    .tuple(
      acct,
      fc.array(fc.record({ amount: withdrawalAmount, pix: fc.constantFrom<PixChoice>("cpf", "email", "refused") }), {
        minLength: 2,
        maxLength: 3,
      }),
      fc.option(
        fc.oneof(
          fc.record({ kind: fc.constant("adjust" as const), acct, amount: fc.bigInt({ min: -5_000n, max: 5_000n }) }),
          fc.record({ kind: fc.constantFrom("cancelWithdrawal" as const), withdrawal: ref, withReason: fc.boolean() }),
        ),
        { nil: undefined },
      ),
    )
    .map(([index, withdrawals, extra]) => {
      const specs: OpSpec[] = withdrawals.map(({ amount, pix }) => ({
        kind: "createWithdrawal",
        acct: index,
        amount,
        pix,
        key: { kind: "fresh" },
      }));
      if (extra) specs.push(extra.kind === "adjust" ? { ...extra, acct: index, amount: extra.amount || 1n } : extra);
      return new StepCommand(specs, 1);
    }),
  fc
    .tuple(
      ref,
      fc.integer({ min: 2, max: 3 }),
      fc.option(fc.constantFrom("reserve" as const, "release" as const, "simulatePay" as const), { nil: undefined }),
    )
    .map(([charge, times, hold]) => {
      const specs: OpSpec[] = Array.from({ length: times }, () => ({
        kind: "pay",
        items: [{ charge, valor: "exact" as const }],
      }));
      if (hold) specs.push({ kind: hold, charge });
      return new StepCommand(specs, 1);
    }),
  fc
    .tuple(
      ref,
      fc.array(fc.constantFrom<RefundAmountChoice>("all", "half", "half"), { minLength: 2, maxLength: 3 }),
      fc.option(withdrawalAmount, { nil: undefined }),
    )
    .map(([charge, amounts, withdrawal]) => {
      const specs: OpSpec[] = amounts.map((amount) => ({
        kind: "refund",
        charge,
        amount,
        withReason: false,
        key: { kind: "fresh" },
      }));
      // A withdrawal of the same account competes for the balance the refunds reserve.
      if (withdrawal) specs.push(competingWithdrawal(charge, withdrawal));
      return new StepCommand(specs, 1);
    }),
  // A MED claim on a charge racing refunds of it and a withdrawal of the same balance.
  fc
    .tuple(
      ref,
      fc.constantFrom<RefundAmountChoice>("all", "half"),
      fc.array(fc.constantFrom<RefundAmountChoice>("all", "half"), { minLength: 1, maxLength: 2 }),
      fc.option(withdrawalAmount, { nil: undefined }),
    )
    .map(([charge, claim, refunds, withdrawal]) => {
      const specs: OpSpec[] = [
        { kind: "openDispute", charge, amount: claim, nature: "MED_FRAUDE", report: { kind: "fresh" } },
        ...refunds.map(
          (amount): OpSpec => ({ kind: "refund", charge, amount, withReason: false, key: { kind: "fresh" } }),
        ),
      ];
      if (withdrawal) specs.push(competingWithdrawal(charge, withdrawal));
      return new StepCommand(specs, 1);
    }),
  // The decisions of one dispute against each other, and against its devolução's outcome.
  fc
    .tuple(
      ref,
      fc.subarray(["acceptDispute", "contestDispute", "closeDispute", "refundOutcome"] as const, {
        minLength: 2,
        maxLength: 3,
      }),
      fc.constantFrom("REFUNDED" as const, "FAILED" as const),
    )
    .map(
      ([dispute, kinds, outcome]) =>
        new StepCommand(
          kinds.map((kind): OpSpec => (kind === "refundOutcome" ? { kind, refund: 0, outcome } : { kind, dispute })),
          1,
        ),
    ),
  fc
    .tuple(
      ref,
      fc.subarray(["approve", "reject", "cancelWithdrawal", "settle", "fail"] as const, { minLength: 2, maxLength: 4 }),
    )
    .map(
      ([withdrawal, kinds]) =>
        new StepCommand(
          kinds.map((kind) =>
            kind === "cancelWithdrawal" ? { kind, withdrawal, withReason: true } : { kind, withdrawal },
          ),
          1,
        ),
    ),
);

function accountOf(spec: OpSpec): number | null {
  return "acct" in spec ? spec.acct : null;
}

function onAccount(spec: OpSpec, index: number | null): OpSpec {
  return index !== null && "acct" in spec ? { ...spec, acct: index } : spec;
}

/** The commands of one sequence: half single operations, half concurrent batches (random ones and races), and payers' journeys. */
export function commandsArbitrary(maxCommands: number) {
  const single = opSpec.map((spec) => new StepCommand([spec], 1));
  // A journey is several steps, each observed: one pick in nine keeps the suite's time in check.
  return fc.commands([single, single, single, single, batch, batch, race, race, recurrenceJourney], {
    maxCommands,
    size: "max",
  });
}

// ---------------------------------------------------------------- resolution against the model

interface Resolved {
  op: Op;
  /** The credential to use (merchant secret), or null for the operator and the provider. */
  secret: string | null;
  text: string;
}

const PIX_KEYS: Record<PixChoice, [PixKeyType, () => string]> = {
  cpf: ["CPF", () => "529.982.247-25"],
  "cpf-plain": ["CPF", () => "11144477735"],
  cnpj: ["CNPJ", () => "11.222.333/0001-81"],
  "cnpj-alnum": ["CNPJ", () => "12.abc.345/01de-35"],
  email: ["EMAIL", () => "Financeiro@Loja.Example"],
  phone: ["TELEFONE", () => "+5511987654321"],
  random: ["ALEATORIA", () => randomUUID().toUpperCase()],
  refused: ["EMAIL", () => "recusada@fail.invalid"],
  unavailable: ["EMAIL", () => "Fora.Do.Ar@Unavailable.Invalid"],
};

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

function randomText(length: number): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join("");
}

/** CONTRACT §1: E + 8-digit ISPB + yyyyMMddHHmm (UTC) + 11 alphanumerics. */
function newEndToEndId(): string {
  const stamp = new Date().toISOString().replace(/[-:T]/g, "").slice(0, 12);
  return `E60701190${stamp}${randomText(11)}`.slice(0, 32);
}

/** Charges a refund aims at: the PAID ones when there are any (else any charge, to be refused). */
function refundCandidates(world: World) {
  const paid = world.charges.filter((c) => c.status === "PAID");
  return paid.length > 0 ? paid : world.charges;
}

/** The index-th newest item (0: the newest), modulo how many there are. */
const pick = <T>(list: T[], index: number): T | null =>
  list.length === 0 ? null : list[list.length - 1 - (index % list.length)];
const short = (id: string) => `…${id.slice(-4)}`;

function resolve(world: World, spec: OpSpec): Resolved | null {
  const accountAt = (index: number) => world.accounts[index % world.accounts.length];
  switch (spec.kind) {
    case "createCharge": {
      const a = accountAt(spec.acct);
      let amount = spec.amount;
      let expiresIn = spec.expiresIn;
      let key: string | null = spec.key.kind === "none" ? null : randomUUID();
      let how = spec.key.kind === "none" ? "no key" : `key ${short(key!)}`;
      if (spec.key.kind === "reuse") {
        const earlier = pick(
          world.chargeRequests.filter((r) => r.companyId === a.companyId),
          spec.key.ref,
        );
        if (earlier) {
          const body = JSON.parse(earlier.body);
          key = earlier.key;
          amount = centsOf(body.amount) + (spec.key.same ? 0n : 1n);
          expiresIn = body.expires_in ?? null;
          how = `key ${short(key)} again, ${spec.key.same ? "same body" : "other amount"}`;
        }
      }
      const body = `{"amount":${brl(amount)}${expiresIn === null ? "" : `,"expires_in":${expiresIn}`}}`;
      return {
        op: { kind: "createCharge", companyId: a.companyId, amountCents: amount, expiresIn, key, body },
        secret: a.clientSecret,
        text: `${a.label}: POST /charges ${brl(amount)} expires_in=${expiresIn ?? "default"} ${how}`,
      };
    }
    case "createDueDateCharge": {
      const a = accountAt(spec.acct);
      const dueDay = saoPauloDayOf(Date.now()) + spec.dueIn;
      const terms: DueDateTermsState = {
        dueDay,
        daysAfterDue: spec.daysAfterDue,
        finePercentCenti: spec.fine,
        interestPerMonthCenti: spec.interest,
        discount:
          spec.discount.kind === "untilDate"
            ? {
                kind: "untilDate",
                day: dueDay - Math.min(spec.discount.daysBefore, spec.dueIn - 1),
                cents: spec.discount.cents,
              }
            : spec.discount.kind === "perDayEarly"
              ? { kind: "perDayEarly", percentCenti: spec.discount.percentCenti }
              : null,
      };
      // A fixed discount may be larger than the amount: the amount due stays at 0.01 (CONTRACT §11 step 3).
      const body = JSON.stringify({
        amount: Number(brl(spec.amount)),
        due_date: isoDayOf(dueDay),
        days_after_due: spec.daysAfterDue,
        payer: { name: "Maria da Silva", cpf: "52998224725" },
        ...(spec.fine === null ? {} : { fine: { mode: "PERCENT", value: Number(brl(spec.fine)) } }),
        ...(spec.interest === null
          ? {}
          : { interest: { mode: "PERCENT_PER_MONTH", value: Number(brl(spec.interest)) } }),
        ...(terms.discount?.kind === "untilDate"
          ? {
              discount: {
                mode: "FIXED_UNTIL_DATES",
                dates: [{ date: isoDayOf(terms.discount.day), value: Number(brl(terms.discount.cents)) }],
              },
            }
          : terms.discount?.kind === "perDayEarly"
            ? { discount: { mode: "PERCENT_PER_DAY_EARLY", value: Number(brl(terms.discount.percentCenti)) } }
            : {}),
      });
      return {
        op: { kind: "createDueDateCharge", companyId: a.companyId, amountCents: spec.amount, terms, body },
        secret: a.clientSecret,
        text: `${a.label}: POST /charges ${body}`,
      };
    }
    case "payDueDateAt": {
      const c = pick(
        world.charges.filter((x) => x.terms !== null),
        spec.charge,
      );
      if (!c || c.terms === null) return null;
      const today = saoPauloDayOf(Date.now());
      const { dueDay, daysAfterDue } = c.terms;
      // Early: from today (never before it: the charge was made today or earlier) to the day before the due date.
      const firstLate = dueDay + MOVED_DUE_DATE_MAX_DAYS + 1;
      const lastDay = dueDay + daysAfterDue;
      let day: number;
      if (spec.when.kind === "early") day = today + Math.floor(spec.when.share * Math.max(0, dueDay - 1 - today));
      else if (spec.when.kind === "onDueDate") day = dueDay;
      else day = firstLate + Math.floor(spec.when.share * (lastDay - firstLate));
      day = Math.max(day, today);
      // Noon in São Paulo that day; today, not before now (the charge may have been made this afternoon).
      const paidAtMs = Math.max(day * 86_400_000 + 15 * 3_600_000, Date.now() + 2000);
      const terms = c.status === "PENDING" ? `, asks ${brl(amountToPayOn(c, day))} that day` : "";
      return {
        op: {
          kind: "simulatePayAt",
          chargeId: c.id,
          paidAtMs,
          when: day < dueDay ? "early" : day === dueDay ? "onDueDate" : "late",
        },
        secret: null,
        text: `simulateChargePayment ${labelOf(world, c.companyId)}'s due-date charge ${c.id} (${c.status}, ${brl(c.amountCents)} due ${isoDayOf(dueDay)}) paidAt ${new Date(paidAtMs).toISOString()}${terms}`,
      };
    }
    case "pay": {
      const items: SentPayment[] = [];
      const words: string[] = [];
      const horarioMs = Date.now();
      for (const item of spec.items) {
        if ("resend" in item) {
          const earlier = pick(world.payments, item.resend);
          if (earlier) {
            items.push({ ...earlier });
            words.push(`the same notification as e2e ${short(earlier.endToEndId)} again`);
            continue;
          }
        }
        const c = "charge" in item ? pick(world.charges, item.charge) : null;
        if ("charge" in item && !c) continue; // no charge to pay yet
        if (!c) {
          const txid = randomText(30);
          items.push({ companyId: null, endToEndId: newEndToEndId(), txid, valorCents: 1000n });
          words.push(`10.00 to unknown txid ${short(txid)}`);
          continue;
        }
        const valor = "valor" in item ? item.valor : "exact";
        // A due-date charge asks that day's amount due (CONTRACT §11).
        const due = amountToPayOn(c, saoPauloDayOf(horarioMs));
        const delta = valor === "more" ? 1n : valor === "less" && due > 1n ? -1n : 0n;
        const e2e = newEndToEndId();
        items.push({ companyId: c.companyId, endToEndId: e2e, txid: c.txid, valorCents: due + delta });
        words.push(
          `${brl(due + delta)} to ${labelOf(world, c.companyId)}'s charge ${c.id}${delta === 0n ? "" : ` (charge asks ${brl(due)})`} e2e ${short(e2e)}`,
        );
      }
      if (items.length === 0) return null;
      return {
        op: { kind: "pay", items, horarioMs },
        secret: null,
        text: `provider: POST /provider/pix [${words.join("; ")}]`,
      };
    }
    case "simulatePay":
    case "cancelCharge":
    case "reserve":
    case "release": {
      const c = pick(world.charges, spec.charge);
      if (!c) return null;
      const a = account(world, c.companyId);
      const names = {
        simulatePay: "simulateChargePayment",
        cancelCharge: `${a.label} (merchant): cancelCharge`,
        reserve: "reserveCharge",
        release: "releaseCharge",
      };
      return {
        op: { kind: spec.kind, chargeId: c.id },
        secret: a.clientSecret,
        text: `${names[spec.kind]} ${a.label}'s charge ${c.id} (${c.status}${c.reserved ? ", reserved" : ""})`,
      };
    }
    case "adjust": {
      const a = accountAt(spec.acct);
      return {
        op: { kind: "adjust", companyId: a.companyId, amountCents: spec.amount },
        secret: null,
        text: `createAdjustment ${a.label} ${spec.amount > 0n ? "+" : ""}${brl(spec.amount)}`,
      };
    }
    case "createWithdrawal": {
      const competing = spec.ofCharge === undefined ? null : pick(refundCandidates(world), spec.ofCharge);
      const a = competing ? account(world, competing.companyId) : accountAt(spec.acct);
      let amount: bigint;
      let amountText: string;
      if ("cents" in spec.amount) {
        amount = spec.amount.cents;
        amountText = brl(amount);
      } else {
        const balance = balanceOf(world, a.companyId);
        amount = (balance * BigInt(spec.amount.percentOfBalance)) / 100n;
        if (amount < 100n) amount = 100n;
        amountText = `${brl(amount)} (${spec.amount.percentOfBalance}% of ${brl(balance)})`;
      }
      let [pixKeyType, makeKey] = PIX_KEYS[spec.pix];
      let pixKey = makeKey();
      let key: string = randomUUID();
      let how = `key ${short(key)}`;
      if (spec.key.kind === "reuse") {
        const earlier = pick(
          world.withdrawalRequests.filter((r) => r.companyId === a.companyId),
          spec.key.ref,
        );
        if (earlier) {
          const body = JSON.parse(earlier.body);
          key = earlier.key;
          amount = centsOf(body.amount) + (spec.key.same ? 0n : 1n);
          amountText = brl(amount);
          pixKeyType = body.pix_key_type;
          pixKey = body.pix_key;
          how = `key ${short(key)} again, ${spec.key.same ? "same body" : "other amount"}`;
        }
      }
      const body = JSON.stringify({ amount: "AMOUNT", pix_key_type: pixKeyType, pix_key: pixKey }).replace(
        '"AMOUNT"',
        brl(amount),
      );
      return {
        op: { kind: "createWithdrawal", companyId: a.companyId, key, body, amountCents: amount, pixKeyType, pixKey },
        secret: a.clientSecret,
        text: `${a.label}: POST /withdrawals ${amountText} to ${pixKeyType} ${pixKey} ${how}`,
      };
    }
    case "approve":
    case "reject":
    case "settle":
    case "fail":
    case "cancelWithdrawal": {
      const w = pick(world.withdrawals, spec.withdrawal);
      if (!w) return null;
      const a = account(world, w.companyId);
      const about = `${a.label}'s withdrawal ${w.id} (${brl(w.amountCents)}, ${w.status})`;
      switch (spec.kind) {
        case "approve":
          return { op: { kind: "approve", withdrawalId: w.id }, secret: null, text: `approveWithdrawal ${about}` };
        case "reject":
          return {
            op: { kind: "reject", withdrawalId: w.id, reason: "documentos pendentes" },
            secret: null,
            text: `rejectWithdrawal ${about}`,
          };
        case "settle":
          return { op: { kind: "settle", withdrawalId: w.id }, secret: null, text: `bank settles (PAID) ${about}` };
        case "fail":
          return {
            op: { kind: "fail", withdrawalId: w.id, reason: "conta destino encerrada" },
            secret: null,
            text: `bank fails (FAILED) ${about}`,
          };
        case "cancelWithdrawal":
          return {
            op: { kind: "cancelWithdrawal", withdrawalId: w.id, reason: spec.withReason ? "cliente desistiu" : null },
            secret: a.clientSecret,
            text: `${a.label}: POST /withdrawals/${w.id}/cancel${spec.withReason ? " with a reason" : ""} (${w.status})`,
          };
      }
      break;
    }
    case "refund": {
      const c = pick(refundCandidates(world), spec.charge);
      if (!c) return null;
      const a = account(world, c.companyId);
      const remaining = refundableOf(world, c);
      let asked: bigint | null = {
        all: null,
        half: remaining / 2n > 0n ? remaining / 2n : 1n,
        one: 1n,
        zero: 0n,
        more: remaining + 1n,
      }[spec.amount];
      let reason: string | null = spec.withReason ? "cliente desistiu da compra" : null;
      let chargeId = c.id;
      let key: string = randomUUID();
      let how = `key ${short(key)}`;
      if (spec.key.kind === "reuse") {
        const earlier = pick(
          world.refundRequests.filter((r) => r.companyId === a.companyId),
          spec.key.ref,
        );
        if (earlier) {
          const body = JSON.parse(earlier.body);
          key = earlier.key;
          chargeId = earlier.fingerprint.split("|")[0];
          asked = body.amount === undefined ? null : centsOf(body.amount) + (spec.key.same ? 0n : 1n);
          reason = body.reason ?? null;
          how = `key ${short(key)} again, ${spec.key.same ? "same request" : "other amount"}`;
        }
      }
      const fields: string[] = [];
      if (asked !== null) fields.push(`"amount":${brl(asked)}`);
      if (reason !== null) fields.push(`"reason":${JSON.stringify(reason)}`);
      const body = `{${fields.join(",")}}`;
      return {
        op: { kind: "refundCharge", companyId: a.companyId, chargeId, key, body, askedCents: asked, reason },
        secret: a.clientSecret,
        text: `${a.label}: POST /charges/${chargeId}/refunds ${asked === null ? "all that remains" : brl(asked)} (${brl(remaining)} remaining of ${c.id}, ${c.status}) ${how}`,
      };
    }
    case "refundOutcome": {
      const r = pick(world.refunds, spec.refund);
      if (!r) return null;
      return {
        op: { kind: "refundOutcome", refundId: r.id, outcome: spec.outcome, reason: "conta do pagador encerrada" },
        secret: null,
        text: `bank decides ${spec.outcome} ${labelOf(world, r.companyId)}'s refund ${r.id} (${brl(r.amountCents)}, ${r.status})`,
      };
    }
    case "openDispute": {
      const c = pick(refundCandidates(world), spec.charge);
      if (!c) return null;
      const a = account(world, c.companyId);
      const refundable = refundableOf(world, c);
      const asked: bigint | null = {
        all: null,
        half: refundable / 2n > 0n ? refundable / 2n : 1n,
        one: 1n,
        zero: 0n,
        more: refundable + 1n,
      }[spec.amount];
      const earlier = spec.report.kind === "reuse" ? pick(world.disputes, spec.report.ref) : null;
      const reportId = earlier ? earlier.reportId : `med-${randomText(16)}`;
      return {
        op: {
          kind: "openDispute",
          companyId: a.companyId,
          chargeId: c.id,
          nature: spec.nature,
          askedCents: asked,
          reportId,
        },
        secret: null,
        text: `payer's bank: simulateDispute ${spec.nature} ${asked === null ? "all that is refundable" : brl(asked)} on ${a.label}'s charge ${c.id} (${c.status}, ${brl(refundable)} refundable, balance ${brl(balanceOf(world, a.companyId))}) report ${earlier ? `${reportId} again (of ${earlier.id})` : reportId}`,
      };
    }
    case "acceptDispute":
    case "contestDispute":
    case "closeDispute": {
      const d = pick(world.disputes, spec.dispute);
      if (!d) return null;
      return {
        op: { kind: spec.kind, disputeId: d.id },
        secret: null,
        text: `${spec.kind} ${labelOf(world, d.companyId)}'s dispute ${d.id} (claims ${brl(d.amountCents)}, holds ${brl(d.heldCents)}, ${d.status})`,
      };
    }
    case "rotate":
    case "ping": {
      const a = accountAt(spec.acct);
      return {
        op: { kind: spec.kind, companyId: a.companyId },
        secret: a.clientSecret,
        text: `${a.label}: ${spec.kind === "rotate" ? "rotateWebhookSecret" : "sendTestWebhook"}`,
      };
    }
    case "pause":
      return { op: { kind: "pause", ms: spec.ms }, secret: null, text: `wait ${spec.ms} ms` };
    case "createRecurrence": {
      const a = accountAt(spec.acct);
      const today = saoPauloDayOf(Date.now());
      // Authorised until the end of tomorrow: nothing of it expires during a run.
      const startDay = today + 1;
      const endDay = spec.endIn === null ? null : today + spec.endIn;
      const key = randomUUID();
      const fields = [
        `"payer":{"name":"Maria da Silva","cpf":"52998224725"}`,
        `"contract":"CT-${randomText(10)}"`,
        `"object":"Plano mensal"`,
        `"frequency":"MONTHLY"`,
        `"start_date":"${isoDayOf(startDay)}"`,
        ...(endDay === null ? [] : [`"end_date":"${isoDayOf(endDay)}"`]),
        ...(spec.amount === null ? [] : [`"amount":${brl(spec.amount)}`]),
        `"retry_policy":"${spec.retry}"`,
        ...(spec.firstPayment === null ? [] : [`"first_payment":{"amount":${brl(spec.firstPayment)}}`]),
      ];
      const body = `{${fields.join(",")}}`;
      return {
        op: {
          kind: "createRecurrence",
          companyId: a.companyId,
          key,
          body,
          amountCents: spec.amount,
          retryPolicy: spec.retry,
          firstPaymentCents: spec.firstPayment,
          startDay,
          endDay,
        },
        secret: a.clientSecret,
        text: `${a.label}: POST /recurrences ${body}`,
      };
    }
    case "decideRecurrence": {
      const r = pick(world.recurrences, spec.recurrence);
      if (!r) return null;
      const a = account(world, r.companyId);
      return {
        op: { kind: "decideRecurrence", recurrenceId: r.id, decision: spec.decision },
        secret: a.clientSecret,
        text: `payer: simulateRecurrenceDecision ${spec.decision} ${aboutRecurrence(world, r)}`,
      };
    }
    case "cancelRecurrence": {
      let r: RecurrenceState | null;
      if (spec.ofCharge === undefined) r = pick(world.recurrences, spec.recurrence);
      else {
        const c = pick(recurringCharges(world), spec.ofCharge);
        r = c === null ? null : (world.recurrences.find((x) => x.id === c.recurrenceId) ?? null);
      }
      if (!r) return null;
      const a = account(world, r.companyId);
      const reason = spec.withReason ? "cliente pediu o cancelamento" : null;
      return {
        op: { kind: "cancelRecurrence", recurrenceId: r.id, byPayer: spec.byPayer, reason },
        secret: a.clientSecret,
        text: `${spec.byPayer ? "payer at their bank: simulateRecurrenceCancelledByPayer" : `${a.label}: POST /recurrences/:id/cancel`}${reason ? " with a reason" : ""} ${aboutRecurrence(world, r)}`,
      };
    }
    case "createRecurringCharge": {
      const r = pick(world.recurrences, spec.recurrence);
      if (!r) return null;
      const a = account(world, r.companyId);
      const dueDay = saoPauloDayOf(Date.now()) + spec.dueIn;
      const base = r.amountCents ?? 4990n;
      const amount = spec.amount === "none" ? null : spec.amount === "fixed" ? base : base + 137n;
      const body = `{"due_date":"${isoDayOf(dueDay)}"${amount === null ? "" : `,"amount":${brl(amount)}`}}`;
      return {
        op: { kind: "createRecurringCharge", recurrenceId: r.id, dueDay, amountCents: amount, body },
        secret: a.clientSecret,
        text: `${a.label}: POST /recurrences/${r.id}/charges ${body} (${aboutRecurrence(world, r)})`,
      };
    }
    case "debit": {
      const c = pick(recurringCharges(world), spec.charge);
      if (!c || c.recurring === null) return null;
      const a = account(world, c.companyId);
      const debit = c.recurring;
      return {
        op: { kind: "debit", chargeId: c.id, outcome: spec.outcome, reason: DEBIT_FAILED_REASON },
        secret: a.clientSecret,
        text: `payer's bank: simulateRecurringDebit ${spec.outcome} ${a.label}'s charge ${c.id} (${c.status}, ${brl(c.amountCents)} due ${isoDayOf(debit.dueDay)}, attempt ${debit.attempt}${debit.nextAttemptDay === null ? "" : ` on ${isoDayOf(debit.nextAttemptDay)}`})`,
      };
    }
  }
  return null;
}

function recurringCharges(world: World) {
  return world.charges.filter((c) => c.recurring !== null);
}

function aboutRecurrence(world: World, r: RecurrenceState): string {
  return `${labelOf(world, r.companyId)}'s recurrence ${r.id} (${r.status}, ${r.amountCents === null ? "variable" : brl(r.amountCents)}, ${r.retryPolicy}${r.firstPaymentCents === null ? "" : `, first payment ${brl(r.firstPaymentCents)}`})`;
}

function describeSpec(spec: OpSpec): string {
  const amountText = (amount: AmountChoice) =>
    "cents" in amount ? brl(amount.cents) : `${amount.percentOfBalance}% of balance`;
  const keyText = (key: KeyChoice) =>
    key.kind === "reuse" ? `key of request #${key.ref} (${key.same ? "same" : "other"} body)` : `${key.kind} key`;
  switch (spec.kind) {
    case "createCharge":
      return `${ACCOUNT_LABELS[spec.acct]}.charge(${brl(spec.amount)}, expires_in ${spec.expiresIn ?? "default"}, ${keyText(spec.key)})`;
    case "createDueDateCharge":
      return `${ACCOUNT_LABELS[spec.acct]}.dueDateCharge(${brl(spec.amount)}, due in ${spec.dueIn} d, fine ${spec.fine ?? "-"}, interest ${spec.interest ?? "-"}, discount ${spec.discount.kind})`;
    case "payDueDateAt":
      return `payDueDateAt(dd[${spec.charge}], ${spec.when.kind})`;
    case "pay":
      return `pay[${spec.items
        .map((item) =>
          "resend" in item
            ? `resend p[${item.resend}]`
            : "charge" in item
              ? `c[${item.charge}] ${item.valor}`
              : "unknown txid",
        )
        .join(", ")}]`;
    case "simulatePay":
    case "cancelCharge":
    case "reserve":
    case "release":
      return `${spec.kind}(c[${spec.charge}])`;
    case "adjust":
      return `${ACCOUNT_LABELS[spec.acct]}.adjust(${spec.amount > 0n ? "+" : ""}${brl(spec.amount)})`;
    case "createWithdrawal":
      return `${spec.ofCharge === undefined ? ACCOUNT_LABELS[spec.acct] : `account of c[${spec.ofCharge}]`}.withdraw(${amountText(spec.amount)} to ${spec.pix}, ${keyText(spec.key)})`;
    case "cancelWithdrawal":
      return `cancel(w[${spec.withdrawal}]${spec.withReason ? ", with reason" : ""})`;
    case "approve":
    case "reject":
    case "settle":
    case "fail":
      return `${spec.kind}(w[${spec.withdrawal}])`;
    case "refund":
      return `refund(c[${spec.charge}] ${spec.amount}${spec.withReason ? ", with reason" : ""}, ${keyText(spec.key)})`;
    case "refundOutcome":
      return `${spec.outcome.toLowerCase()}(r[${spec.refund}])`;
    case "openDispute":
      return `dispute(c[${spec.charge}] ${spec.amount}, ${spec.nature}, ${spec.report.kind === "fresh" ? "new report" : `report of d[${spec.report.ref}]`})`;
    case "acceptDispute":
    case "contestDispute":
    case "closeDispute":
      return `${spec.kind.replace("Dispute", "")}(d[${spec.dispute}])`;
    case "rotate":
    case "ping":
      return `${ACCOUNT_LABELS[spec.acct]}.${spec.kind}()`;
    case "pause":
      return `pause(${spec.ms}ms)`;
    case "createRecurrence":
      return `${ACCOUNT_LABELS[spec.acct]}.recurrence(${spec.amount === null ? "variable" : brl(spec.amount)}, ${spec.retry}, first payment ${spec.firstPayment === null ? "-" : brl(spec.firstPayment)}, end ${spec.endIn === null ? "-" : `in ${spec.endIn} d`})`;
    case "decideRecurrence":
      return `${spec.decision.toLowerCase()}(rec[${spec.recurrence}])`;
    case "cancelRecurrence":
      return `cancel${spec.byPayer ? "ByPayer" : ""}(${spec.ofCharge === undefined ? `rec[${spec.recurrence}]` : `recurrence of rc[${spec.ofCharge}]`}${spec.withReason ? ", with reason" : ""})`;
    case "createRecurringCharge":
      return `recurringCharge(rec[${spec.recurrence}], due in ${spec.dueIn} d, ${spec.amount} amount)`;
    case "debit":
      return `debit(rc[${spec.charge}], ${spec.outcome})`;
  }
}

// ---------------------------------------------------------------- execution over HTTP

const OPERATOR_MUTATIONS: Partial<Record<Op["kind"], string>> = {
  simulatePay: `mutation($id: ID!) { simulateChargePayment(chargeId: $id, payerName: "Maria Silva") { id status e2eId paidAt paidAmount } }`,
  reserve: `mutation($id: ID!) { reserveCharge(id: $id, reason: "em analise") { id status reserved } }`,
  release: "mutation($id: ID!) { releaseCharge(id: $id) { id status reserved } }",
  approve: "mutation($id: ID!) { approveWithdrawal(id: $id) { id status reason retryCount } }",
  reject:
    "mutation($id: ID!, $reason: String!) { rejectWithdrawal(id: $id, reason: $reason) { id status reason retryCount } }",
  settle: "mutation($id: ID!) { simulateWithdrawalOutcome(id: $id, outcome: PAID) { id status reason retryCount } }",
  fail: "mutation($id: ID!, $reason: String) { simulateWithdrawalOutcome(id: $id, outcome: FAILED, reason: $reason) { id status reason retryCount } }",
};

const DISPUTE_FIELDS = "id status amount heldAmount outcome refundId";

async function rest(
  app: TestApp,
  method: string,
  path: string,
  token: string | null,
  body: string | null,
  headers = {},
) {
  const res = await app.request(method, path, {
    token,
    rawBody: body ?? undefined,
    headers: body === null ? headers : { "content-type": "application/json", ...headers },
  });
  return {
    status: res.status,
    code: res.status >= 400 ? String(res.body?.code ?? "NO_CODE") : null,
    body: res.body,
    text: res.text,
    replayed: res.headers.get("idempotent-replayed") === "true",
  } satisfies Answer;
}

async function graphql(app: TestApp, query: string, variables: Record<string, unknown>, token: string | null) {
  const res = await app.gql(query, variables, { token });
  const error = res.body?.errors?.[0];
  const data = res.body?.data ? (Object.values(res.body.data)[0] ?? null) : null;
  return {
    status: res.status,
    code: error ? String(error.extensions?.code ?? "NO_CODE") : null,
    body: data,
    text: res.text,
    replayed: false,
  } satisfies Answer;
}

async function execute(real: Real, resolved: Resolved): Promise<Answer> {
  const { app, operatorToken } = real;
  const { op, secret } = resolved;
  switch (op.kind) {
    case "createCharge":
      return rest(app, "POST", "/charges", secret, op.body, op.key ? { "idempotency-key": op.key } : {});
    case "createDueDateCharge":
      return rest(app, "POST", "/charges", secret, op.body);
    case "simulatePayAt":
      return graphql(
        app,
        `mutation($id: ID!, $at: DateTimeISO) { simulateChargePayment(chargeId: $id, payerName: "Maria Silva", paidAt: $at) { id status e2eId paidAt paidAmount fee netAmount } }`,
        { id: op.chargeId, at: new Date(op.paidAtMs).toISOString() },
        operatorToken,
      );
    case "createWithdrawal":
      return rest(app, "POST", "/withdrawals", secret, op.body, { "idempotency-key": op.key });
    case "cancelWithdrawal":
      return rest(
        app,
        "POST",
        `/withdrawals/${op.withdrawalId}/cancel`,
        secret,
        op.reason === null ? "{}" : JSON.stringify({ reason: op.reason }),
      );
    case "pay": {
      const body = JSON.stringify({
        pix: op.items.map((item) => ({
          endToEndId: item.endToEndId,
          txid: item.txid,
          chave: "financeiro@loja.example",
          valor: brl(item.valorCents),
          horario: new Date(op.horarioMs).toISOString(),
        })),
      });
      return rest(app, "POST", "/provider/pix", null, body, {
        "x-provider-signature": signProviderBody(real.providerSecret, body),
      });
    }
    case "cancelCharge":
      return graphql(app, "mutation($id: ID!) { cancelCharge(id: $id) { id status } }", { id: op.chargeId }, secret);
    case "refundCharge":
      return rest(app, "POST", `/charges/${op.chargeId}/refunds`, secret, op.body, { "idempotency-key": op.key });
    case "refundOutcome":
      return graphql(
        app,
        "mutation($id: ID!, $o: SimulatedRefundOutcome!, $r: String) { simulateRefundOutcome(id: $id, outcome: $o, reason: $r) { id status failureReason } }",
        { id: op.refundId, o: op.outcome, r: op.outcome === "FAILED" ? op.reason : null },
        operatorToken,
      );
    case "openDispute":
      return graphql(
        app,
        `mutation($c: ID!, $n: DisputeNature!, $a: Money, $r: String) { simulateDispute(chargeId: $c, nature: $n, amount: $a, reportId: $r) { ${DISPUTE_FIELDS} } }`,
        { c: op.chargeId, n: op.nature, a: op.askedCents === null ? null : brl(op.askedCents), r: op.reportId },
        operatorToken,
      );
    case "acceptDispute":
      return graphql(
        app,
        `mutation($id: ID!) { acceptDispute(id: $id) { ${DISPUTE_FIELDS} } }`,
        { id: op.disputeId },
        operatorToken,
      );
    case "contestDispute":
      return graphql(
        app,
        `mutation($id: ID!) { contestDispute(id: $id, statement: "o pagador recebeu o produto") { ${DISPUTE_FIELDS} } }`,
        { id: op.disputeId },
        operatorToken,
      );
    case "closeDispute":
      return graphql(
        app,
        `mutation($id: ID!) { closeDispute(id: $id, note: "caso encerrado") { ${DISPUTE_FIELDS} } }`,
        { id: op.disputeId },
        operatorToken,
      );
    case "adjust":
      return graphql(
        app,
        'mutation($c: ID!, $a: Money!) { createAdjustment(companyId: $c, amount: $a, description: "ajuste") { id status amount } }',
        { c: op.companyId, a: brl(op.amountCents) },
        operatorToken,
      );
    case "rotate":
      return graphql(app, "mutation { rotateWebhookSecret { webhookSecret } }", {}, secret);
    case "ping":
      return graphql(app, "mutation { sendTestWebhook { eventId } }", {}, secret);
    case "pause":
      await new Promise((resolve) => setTimeout(resolve, op.ms));
      return { status: 200, code: null, body: null, text: "", replayed: false };
    case "createRecurrence": {
      const answer = await rest(app, "POST", "/recurrences", secret, op.body, { "idempotency-key": op.key });
      if (answer.status !== 201) return answer;
      // Its charges right after: journey 3's first payment is one.
      const listed = await rest(app, "GET", `/recurrences/${answer.body.id}/charges`, secret, null);
      return { ...answer, body: { ...answer.body, _charges: listed.body?.data ?? null } };
    }
    case "decideRecurrence":
      return graphql(
        app,
        "mutation($id: ID!, $d: RecurrenceDecision!) { simulateRecurrenceDecision(id: $id, decision: $d) { id status reason } }",
        { id: op.recurrenceId, d: op.decision },
        secret,
      );
    case "cancelRecurrence":
      if (op.byPayer) {
        return graphql(
          app,
          "mutation($id: ID!, $r: String) { simulateRecurrenceCancelledByPayer(id: $id, reason: $r) { id status reason } }",
          { id: op.recurrenceId, r: op.reason },
          secret,
        );
      }
      return rest(
        app,
        "POST",
        `/recurrences/${op.recurrenceId}/cancel`,
        secret,
        op.reason === null ? "{}" : JSON.stringify({ reason: op.reason }),
      );
    case "createRecurringCharge":
      return rest(app, "POST", `/recurrences/${op.recurrenceId}/charges`, secret, op.body);
    case "debit":
      return graphql(
        app,
        "mutation($id: ID!, $o: RecurringDebitOutcome!, $r: String) { simulateRecurringDebit(chargeId: $id, outcome: $o, reason: $r) { id status e2eId debitAttempt failureReason nextAttemptOn paidAmount } }",
        { id: op.chargeId, o: op.outcome, r: op.outcome === "FAILED" ? op.reason : null },
        secret,
      );
    case "simulatePay":
    case "reserve":
    case "release":
      return graphql(app, OPERATOR_MUTATIONS[op.kind]!, { id: op.chargeId }, operatorToken);
    case "approve":
    case "settle":
      return graphql(app, OPERATOR_MUTATIONS[op.kind]!, { id: op.withdrawalId }, operatorToken);
    case "reject":
    case "fail":
      return graphql(app, OPERATOR_MUTATIONS[op.kind]!, { id: op.withdrawalId, reason: op.reason }, operatorToken);
  }
}

function describeAnswer(op: Op, answer: Answer): string {
  if (answer.code !== null) return `${answer.status} ${answer.code}`;
  const b = answer.body ?? {};
  switch (op.kind) {
    case "createCharge":
      return `${answer.status} ${b.id}${answer.replayed ? " (replayed)" : ""}`;
    case "createDueDateCharge":
      return `${answer.status} ${b.id} amount_due ${b.amount_due} expires ${b.expires_at}`;
    case "simulatePayAt":
      return `${answer.status} ${b.status} paid ${b.paidAmount} fee ${b.fee} net ${b.netAmount}`;
    case "createWithdrawal":
      return `${answer.status} ${b.id} ${b.status} queue ${b.queue_position}${answer.replayed ? " (replayed)" : ""}`;
    case "refundCharge":
      return `${answer.status} ${b.id} ${b.amount} ${b.status}${answer.replayed ? " (replayed)" : ""}`;
    case "openDispute":
    case "acceptDispute":
    case "contestDispute":
    case "closeDispute":
      return `${answer.status} ${b.id} ${b.status} holds ${b.heldAmount}${b.refundId ? ` devolução ${b.refundId}` : ""}`;
    case "pay":
      return (b.results ?? [])
        .map((r: any) => `${r.outcome}${r.exceptionKind ? `/${r.exceptionKind}` : ""}`)
        .join(", ");
    case "pause":
      return "done";
    case "createRecurrence":
      return `${answer.status} ${b.id} ${b.status}${Array.isArray(b._charges) && b._charges.length > 0 ? ` first payment ${b._charges[0].id}` : ""}`;
    case "createRecurringCharge":
      return `${answer.status} ${b.id} due ${b.due_date} ${b.amount}`;
    case "debit":
      return `${answer.status} ${b.status} attempt ${b.debitAttempt} next ${b.nextAttemptOn ?? "-"} ${b.failureReason ?? ""}`;
    case "rotate":
      return "new secret";
    default:
      return `${answer.status} ${b.status ?? b.eventId ?? ""}${b.reserved === undefined ? "" : ` reserved=${b.reserved}`}`;
  }
}

// ---------------------------------------------------------------- the serialization check

interface Verdict {
  world: World | null;
  order: number[];
  /** Why no order explained the answers, or the state's differences for the closest one. */
  problems: string[];
}

/**
 * Requests sent together may take effect in any order. The service's answers and its state
 * afterwards must be those of at least one order (and of one outcome of the bank's
 * background work): the model then continues from that one.
 */
/**
 * The units that take effect one at a time: a request, except a provider notification,
 * whose payments are applied one by one (each in its own transaction): another request
 * may come between two of them.
 */
interface Unit {
  request: number;
  op: Op;
  answer: Answer;
}

function unitsOf(ops: Op[], answers: Answer[]): Unit[][] {
  return ops.map((op, request) => {
    if (op.kind !== "pay" || op.items.length === 1) return [{ request, op, answer: answers[request] }];
    return op.items.map((item, j) => ({
      request,
      op: { ...op, items: [item] },
      answer: {
        ...answers[request],
        body: { ...answers[request].body, results: [answers[request].body?.results?.[j]] },
      },
    }));
  });
}

/** Every interleaving of the requests' units that keeps each request's own units in order. */
function* interleavings(queues: Unit[][]): Generator<Unit[]> {
  const remaining = queues.reduce((n, q) => n + q.length, 0);
  if (remaining === 0) {
    yield [];
    return;
  }
  for (let i = 0; i < queues.length; i++) {
    if (queues[i].length === 0) continue;
    const rest = queues.map((q, j) => (j === i ? q.slice(1) : q));
    for (const tail of interleavings(rest)) yield [queues[i][0], ...tail];
  }
}

/**
 * Requests sent together may take effect in any order. The service's answers and its state
 * afterwards must be those of at least one order (and of one outcome of the bank's
 * background work): the model then continues from that one.
 */
export function serialize(
  world: World,
  ops: Op[],
  answers: Answer[],
  windows: Window[],
  observation: Observation,
  describe: (index: number) => string,
): Verdict {
  let refusedAnswers: string | null = null;
  let closestState: string[] | null = null;
  for (const order of interleavings(unitsOf(ops, answers))) {
    const orderText = order.map((unit) => unit.request + 1).join(",");
    let worlds: World[] = [world];
    let refused: string | null = null;
    for (const unit of order) {
      const next: World[] = [];
      const reasons: string[] = [];
      for (const w of worlds) {
        const result = step(w, unit.op, unit.answer, windows[unit.request]);
        next.push(...result.worlds);
        reasons.push(...result.why);
      }
      if (next.length === 0) {
        refused = `request ${unit.request + 1} (${describe(unit.request)}): ${[...new Set(reasons)].join(" / ")}`;
        break;
      }
      worlds = next.slice(0, 32);
    }
    if (refused !== null) {
      refusedAnswers ??= order.length > 1 ? `in order ${orderText}, ${refused}` : refused;
      continue;
    }
    for (const candidate of worlds) {
      const caught = structuredClone(candidate);
      catchUp(caught, observation);
      const problems = diffWorld(caught, observation);
      if (problems.length === 0) return { world: caught, order: order.map((unit) => unit.request), problems };
      if (closestState === null || problems.length < closestState.length - 1) {
        closestState = [
          order.length > 1 ? `the answers fit order ${orderText}, but the state does not:` : "the state differs:",
          ...problems,
        ];
      }
    }
  }
  if (closestState) return { world: null, order: [], problems: closestState };
  const prefix = ops.length > 1 ? "no order of these requests explains the answers; e.g. " : "";
  return { world: null, order: [], problems: [`${prefix}${refusedAnswers ?? "nothing to compare"}`] };
}

// ---------------------------------------------------------------- the command

/** Commands run one after another, each checked against the model as it ends (a journey). */
export class ChainCommand implements fc.AsyncCommand<ModelHolder, Real> {
  constructor(readonly steps: StepCommand[]) {}

  check(): boolean {
    return true;
  }

  async run(model: ModelHolder, real: Real): Promise<void> {
    for (const one of this.steps) await one.run(model, real);
  }

  toString(): string {
    return `journey[ ${this.steps.map((one) => one.toString()).join(" ; ")} ]`;
  }
}

export class StepCommand implements fc.AsyncCommand<ModelHolder, Real> {
  constructor(
    readonly specs: OpSpec[],
    /** >1: the one operation is sent this many times at the same moment. */
    readonly times: number,
  ) {}

  check(): boolean {
    return true;
  }

  async run(model: ModelHolder, real: Real): Promise<void> {
    const world = model.world;
    const resolved: Resolved[] = [];
    for (const spec of this.specs) {
      const one = resolve(world, spec);
      if (one) for (let i = 0; i < this.times; i++) resolved.push(one);
    }
    const label = `#${real.trace.length + 1} ${this.toString()}`;
    if (resolved.length === 0) {
      real.trace.push(`${label}: nothing to act on yet, skipped`);
      return;
    }
    const windows: Window[] = resolved.map(() => ({ startMs: 0, endMs: 0 }));
    const began = Date.now();
    const answers = await Promise.all(
      resolved.map(async (one, i) => {
        windows[i].startMs = Date.now();
        const answer = await execute(real, one);
        windows[i].endMs = Date.now();
        return answer;
      }),
    );
    const stats = real.stats;
    stats.operationMs += Date.now() - began;
    stats.commands++;
    stats.operations += resolved.length;
    if (resolved.length > 1) {
      stats.batches++;
      stats.operationsInBatches += resolved.length;
      stats.maxConcurrency = Math.max(stats.maxConcurrency, resolved.length);
    }
    resolved.forEach((one, i) => {
      const outcomes =
        one.op.kind === "pay" && Array.isArray(answers[i].body?.results)
          ? answers[i].body.results.map((r: any) => `pay ${r.outcome}${r.exceptionKind ? ` ${r.exceptionKind}` : ""}`)
          : one.op.kind === "simulatePayAt"
            ? [`due-date charge paid ${one.op.when} ${answers[i].code ?? answers[i].status}`]
            : [`${one.op.kind} ${answers[i].code ?? answers[i].status}`];
      for (const outcome of outcomes) stats.outcomes[outcome] = (stats.outcomes[outcome] ?? 0) + 1;
    });
    const lines = resolved.map((one, i) => `    ${one.text} -> ${describeAnswer(one.op, answers[i])}`);
    real.trace.push(`${label}${resolved.length > 1 ? " (sent together)" : ""}\n${lines.join("\n")}`);

    const unknownTxids = resolved.flatMap((one) =>
      one.op.kind === "pay" ? one.op.items.filter((i) => i.companyId === null).map((i) => i.txid) : [],
    );
    // The bank answers refused and unavailable keys in the background: read until the state holds still.
    const bankAtWork =
      world.withdrawals.some((w) => w.bank !== "settles" && (w.status === "PENDING" || w.status === "PROCESSING")) ||
      resolved.some(
        (one) =>
          one.op.kind === "createWithdrawal" &&
          bankBehaviourOf(one.op.pixKeyType, canonicalPixKey(one.op.pixKeyType, one.op.pixKey)) !== "settles",
      );
    const readFrom = Date.now();
    const observation = await real.reader.observeStable(world, unknownTxids, bankAtWork);
    stats.observationMs += Date.now() - readFrom;
    stats.observations++;
    const verdict = serialize(
      world,
      resolved.map((one) => one.op),
      answers,
      windows,
      observation,
      (i) => resolved[i].text,
    );
    if (verdict.world === null) {
      throw new Error(
        [
          `sequence ${real.sequence}, step ${real.trace.length}: the service disagrees with the contract's model`,
          ...verdict.problems.map((p) => `  - ${p}`),
          "what this sequence did (requests and answers):",
          ...real.trace.map((line) => `  ${line}`),
          `accounts: ${world.accounts.map((a) => `${a.label}=${a.companyId} (${a.origin})`).join(", ")}`,
        ].join("\n"),
      );
    }
    const inOrder = [...verdict.order].sort((x, y) => x - y);
    if (resolved.length > 1 && verdict.order.some((v, i) => v !== inOrder[i])) {
      real.trace[real.trace.length - 1] += `\n    (took effect in order ${verdict.order.map((i) => i + 1).join(",")})`;
    }
    model.world = verdict.world;
  }

  toString(): string {
    if (this.times > 1) return `${this.times}x at once ${describeSpec(this.specs[0])}`;
    if (this.specs.length === 1) return describeSpec(this.specs[0]);
    return `together{ ${this.specs.map(describeSpec).join(" | ")} }`;
  }
}
