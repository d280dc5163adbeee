import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { type Browser, chromium, expect, test } from "@playwright/test";
import { AUDIT_ACTIONS } from "../../admin-ui/features/audit-log/audit-actions";
import { auditActionLabel, auditFieldLabel, auditValueLabel } from "../../admin-ui/features/audit-log/audit-labels";
import { attemptErrorText } from "../../admin-ui/features/webhooks/attempt-error";
import { GraphQLRequestError } from "../../admin-ui/lib/graphql/errors";
import { describeError } from "../../admin-ui/lib/i18n/error-message";
import { t, tEn } from "../support/i18n";
import { languageProblems, NOT_PORTUGUESE } from "../support/page-check";

/**
 * One language on every page (e2e/support/page-check.ts checkLanguage runs on each page the
 * e2e run visits): the scan itself, and the texts that used to leak the API's, the network's
 * or the audit log's own words.
 */
let browser: Browser;
test.beforeAll(async () => {
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
});
test.afterAll(async () => browser.close());

async function problemsOf(html: string, lang = "pt-BR"): Promise<string[]> {
  const page = await browser.newPage();
  await page.setContent(`<!doctype html><html lang="${lang}"><body>${html}</body></html>`);
  const found = await languageProblems(page);
  await page.close();
  return found;
}

test("the scan finds untranslated keys, English and raw codes, and leaves code, hidden text and explorers alone", async () => {
  expect(await problemsOf("<p>Saldo disponível</p><p>marta@padaria.test · https://live.example.com/x</p>")).toEqual([]);
  expect(await problemsOf("<p>billing.form.dayInvalid</p>")).toEqual([
    'untranslated key "billing.form.dayInvalid" in "billing.form.dayInvalid"',
  ]);
  expect(await problemsOf('<button aria-label="audit.table.actionsFor">…</button>')).toHaveLength(1);
  expect(await problemsOf("<p>Falhou: getaddrinfo ENOTFOUND loja.invalid</p>")).toEqual([
    '"getaddrinfo" in "Falhou: getaddrinfo ENOTFOUND loja.invalid"',
    '"ENOTFOUND" in "Falhou: getaddrinfo ENOTFOUND loja.invalid"',
  ]);
  expect(await problemsOf("<span>withdrawal.approve</span><span>MED_FRAUDE</span>")).toHaveLength(2);
  expect(await problemsOf("<p>Pago por Sandbox Payer</p>")).toEqual(['"Sandbox Payer" in "Pago por Sandbox Payer"']);
  // Whole words: a webhook event's name is not an audit action that starts it.
  expect(await problemsOf("<p>charge.cancelled</p><p>Nanás</p>")).toEqual([]);
  expect(
    await problemsOf(
      '<pre>getaddrinfo ENOTFOUND</pre><code>withdrawal.approve</code><p hidden>Sandbox Payer</p><div data-language-scan="skip"><button>Send Request</button> undefined</div>',
    ),
  ).toEqual([]);
  // English pages: only untranslated keys count.
  expect(await problemsOf("<p>Connection refused (ECONNREFUSED)</p>", "en")).toEqual([]);
  expect(await problemsOf("<p>billing.form.dayInvalid</p>", "en")).toHaveLength(1);
});

test("webhook attempts' errors read in the reader's language, whatever the network said", () => {
  const errors = [
    "getaddrinfo ENOTFOUND loja-que-nao-existe.invalid",
    "ENOTFOUND: getaddrinfo ENOTFOUND api.loja.com.br",
    "connect ECONNREFUSED 127.0.0.1:9",
    "ECONNREFUSED: connect ECONNREFUSED 10.0.0.1:443",
    "timeout: no complete answer within 10000 ms",
    "connection closed before an answer",
    "connection closed mid-answer: HTTP 200 and 12 bytes of body before it ended",
    "redirect to https://outra.example/ not followed",
    "redirect to (none) not followed",
    "refused: localhost is a local name (localhost)",
    "refused: loja.example resolves to a non-public address: 10.0.0.1 is private",
    "invalid webhook URL",
    "HTTP 500",
    "ECONNRESET: read ECONNRESET",
    "EHOSTUNREACH: connect EHOSTUNREACH 203.0.113.9:443",
    "CERT_HAS_EXPIRED: certificate has expired",
    "something nobody foresaw",
  ];
  const tError = (key: string, values?: Record<string, unknown>) =>
    t(`attemptErrors.${key}` as "attemptErrors.network", values as never);
  const texts = errors.map((error) => attemptErrorText(tError as never, error));
  expect(texts).toEqual([
    t("attemptErrors.notFound"),
    t("attemptErrors.notFound"),
    t("attemptErrors.refused"),
    t("attemptErrors.refused"),
    t("attemptErrors.timeout", { seconds: 10 }),
    t("attemptErrors.closed"),
    t("attemptErrors.closedMidAnswer", { status: 200 }),
    t("attemptErrors.redirect", { location: "https://outra.example/" }),
    t("attemptErrors.redirect", { location: "—" }),
    t("attemptErrors.notPublic"),
    t("attemptErrors.notPublic"),
    t("attemptErrors.invalidUrl"),
    t("attemptErrors.http", { status: 500 }),
    t("attemptErrors.closed"),
    t("attemptErrors.unreachable"),
    t("attemptErrors.tls"),
    t("attemptErrors.network"),
  ]);
  for (const text of texts) for (const word of NOT_PORTUGUESE) expect(text).not.toContain(word);
});

test("a refused webhook URL is explained in Portuguese from the API's reason, not its English message", () => {
  const refused = new GraphQLRequestError(
    [
      {
        code: "VALIDATION_ERROR",
        reason: "WEBHOOK_URL_NOT_PUBLIC",
        message: "webhookUrl must point to a public address: 10.0.0.1 is private",
      },
    ],
    200,
  );
  const tErrors = (key: string, values?: Record<string, unknown>) =>
    t(`errors.${key}` as "errors.generic", values as never);
  Object.assign(tErrors, { has: (key: string) => t.has(`errors.${key}` as "errors.generic") });
  expect(describeError(refused, tErrors as never, "pt-BR")).toBe(t("errors.reasons.WEBHOOK_URL_NOT_PUBLIC"));
  // A reason the console does not know keeps the code's sentence and the API's detail.
  const other = new GraphQLRequestError([{ code: "VALIDATION_ERROR", reason: "SOMETHING_NEW", message: "x" }], 200);
  expect(describeError(other, tErrors as never, "pt-BR")).toBe(
    `${t("errors.codes.VALIDATION_ERROR")} ${t("errors.detail", { message: "x" })}`,
  );
});

/** The audit actions the server writes: every `action: "x.y"` and `withdrawal.${action}` of server/src. */
function serverAuditActions(): Set<string> {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(".ts") && !name.endsWith(".test.ts")) {
        const text = readFileSync(path, "utf8");
        for (const match of text.matchAll(/\baction: "([a-z_]+\.[a-z_]+)"/g)) found.add(match[1]);
        if (path.includes("withdrawal"))
          for (const match of text.matchAll(/\baction: "([a-z_]+)"/g)) found.add(`withdrawal.${match[1]}`);
      }
    }
  };
  walk(resolve(__dirname, "../../server/src"));
  return found;
}

test("every audit action the server writes, and every field it keeps, is named in both languages", () => {
  const known = new Set<string>(AUDIT_ACTIONS);
  expect([...serverAuditActions()].filter((action) => !known.has(action)).sort()).toEqual([]);
  const tAudit = (key: string) => t(`audit.${key}` as "audit.title");
  Object.assign(tAudit, { has: (key: string) => t.has(`audit.${key}` as "audit.title") });
  const tAuditEn = (key: string) => tEn(`audit.${key}` as "audit.title");
  Object.assign(tAuditEn, { has: (key: string) => tEn.has(`audit.${key}` as "audit.title") });
  for (const action of AUDIT_ACTIONS) {
    expect(auditActionLabel(tAudit as never, action), action).not.toBe(action);
    expect(auditActionLabel(tAuditEn as never, action), action).not.toBe(action);
  }
  expect(auditActionLabel(tAudit as never, "withdrawal.reject")).toBe("Saque recusado pelo operador");
  expect(auditActionLabel(tAudit as never, "brand.new_action")).toBe("brand.new_action");
  expect(auditFieldLabel(tAudit as never, "feePercent")).toBe("Taxa percentual");
  expect(auditFieldLabel(tAudit as never, "somethingNew")).toBe("somethingNew");
});

/** The values of `export enum <name>` in a server file (server/src/<path>), read from its source. */
function serverEnum(path: string, name: string): string[] {
  const text = readFileSync(resolve(__dirname, "../../server/src", path), "utf8");
  const body = text.match(new RegExp(`export enum ${name} \\{([^}]*)\\}`))?.[1];
  if (!body) throw new Error(`no enum ${name} in ${path}`);
  return [...body.matchAll(/=\s*"([A-Z_]+)"/g)].map((match) => match[1]);
}

test("the coded values an audit entry keeps (statuses, natures, roles) read in words, in both languages", () => {
  // Object type, field, and the server enum whose values that field holds.
  const coded: [string, string, string, string][] = [
    ["charge", "status", "charges/charge.entity.ts", "ChargeStatus"],
    ["withdrawal", "status", "withdrawals/withdrawal.entity.ts", "WithdrawalStatus"],
    ["refund", "status", "refunds/refund.entity.ts", "RefundStatus"],
    ["refund", "nature", "refunds/refund.entity.ts", "RefundNature"],
    ["refund_request", "status", "refunds/refund-request.entity.ts", "RefundRequestStatus"],
    ["dispute", "status", "disputes/dispute.entity.ts", "DisputeStatus"],
    ["dispute", "nature", "disputes/dispute.entity.ts", "DisputeNature"],
    ["dispute", "outcome", "disputes/dispute.entity.ts", "DisputeOutcome"],
    ["adjustment", "status", "ledger/adjustment.entity.ts", "AdjustmentStatus"],
    ["payment_link", "status", "payment-links/payment-link.entity.ts", "PaymentLinkStatus"],
    ["payment_exception", "status", "inbound-pix/payment-exception.entity.ts", "PaymentExceptionStatus"],
    ["payment_exception", "returnStatus", "inbound-pix/payment-exception.entity.ts", "PaymentReturnStatus"],
    [
      "unconfirmed_notification",
      "status",
      "bank-events/unconfirmed-notification.entity.ts",
      "UnconfirmedNotificationStatus",
    ],
    [
      "unconfirmed_notification",
      "kind",
      "bank-events/unconfirmed-notification.entity.ts",
      "UnconfirmedNotificationKind",
    ],
    ["webhook_event", "deliveryStatus", "webhooks/webhook-event.entity.ts", "WebhookDeliveryStatus"],
    ["console_user", "role", "console-users/console-user.entity.ts", "OperatorRoleEnum"],
    ["console_user", "role", "console-users/console-user.entity.ts", "MerchantRoleEnum"],
    ["console_user", "kind", "console-users/console-user.entity.ts", "ConsoleUserKind"],
    ["webhook_endpoint", "status", "webhooks/webhook-endpoint.entity.ts", "WebhookEndpointStatus"],
    ["recurrence", "status", "recurrences/recurrence.entity.ts", "RecurrenceStatus"],
    ["recurrence", "frequency", "recurrences/recurrence.entity.ts", "RecurrenceFrequency"],
    ["recurrence", "retry_policy", "recurrences/recurrence.entity.ts", "RecurrenceRetryPolicy"],
  ];
  for (const [objectType, field, path, name] of coded) {
    const values = serverEnum(path, name);
    expect(values.length, name).toBeGreaterThan(1);
    for (const value of values) {
      for (const translate of [t, tEn]) {
        const label = auditValueLabel(translate as never, objectType, field, value);
        expect(label, `${objectType}.${field} ${value}`).not.toBe(value);
        expect(label, `${objectType}.${field} ${value}`).not.toMatch(/^[A-Z_]+$/);
      }
    }
  }
  // A status is named as its own object's page names it.
  expect(auditValueLabel(t as never, "withdrawal", "status", "PENDING")).toBe(t("common.status.withdrawal.PENDING"));
  expect(auditValueLabel(t as never, "charge", "status", "PENDING")).toBe(t("common.status.charge.PENDING"));
  expect(auditValueLabel(t as never, "dispute", "nature", "MED_FRAUDE")).toBe("Suspeita de fraude");
  expect(auditValueLabel(t as never, "refund", "nature", "MED_FRAUDE")).toBe("Suspeita de fraude");
  // Free text, amounts and unknown codes stay as stored.
  expect(auditValueLabel(t as never, "charge", "status", "BRAND_NEW")).toBe("BRAND_NEW");
  expect(auditValueLabel(t as never, "charge", "amount", "10.00")).toBe("10.00");
  expect(auditValueLabel(t as never, "company", "name", "PAID")).toBe("PAID");
  // Every field the entries above keep has a name, in both languages.
  const tAudit = (key: string) => t(`audit.${key}` as "audit.title");
  Object.assign(tAudit, { has: (key: string) => t.has(`audit.${key}` as "audit.title") });
  const tAuditEn = (key: string) => tEn(`audit.${key}` as "audit.title");
  Object.assign(tAuditEn, { has: (key: string) => tEn.has(`audit.${key}` as "audit.title") });
  for (const field of [
    "status",
    "nature",
    "outcome",
    "returnStatus",
    "kind",
    "role",
    "deliveryStatus",
    "retry_policy",
  ]) {
    expect(auditFieldLabel(tAudit as never, field), field).not.toBe(field);
    expect(auditFieldLabel(tAuditEn as never, field), field).not.toBe(field);
  }
});
