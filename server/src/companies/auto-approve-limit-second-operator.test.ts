import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createWithdrawal, fundedMerchant } from "../../test/support/scenarios";
import { type ConsoleLogin, type HttpResult, startTestApp, type TestApp } from "../../test/support/test-app";

// #33 item 3: one ADMIN set an account's auto-approve limit to R$ 1.000 and sent its money out.
// A raise above APPROVAL_SECOND_OPERATOR_ABOVE (here R$ 100,00) waits for a second operator,
// through updateCompany and createCompany alike.
let app: TestApp;
let ana: ConsoleLogin;
let bruno: ConsoleLogin;
let carla: ConsoleLogin;

before(async () => {
  app = await startTestApp({ APPROVAL_SECOND_OPERATOR_ABOVE: "100.00" });
  ana = await app.consoleUser({ role: "ADMIN" });
  bruno = await app.consoleUser({ role: "ADMIN" });
  carla = await app.consoleUser({ role: "ADMIN" });
});
after(() => app.close());

const REQUEST = "id previousLimit requestedLimit status requestedBy decidedBy mine";
const UPDATE = `mutation($id: ID!, $input: UpdateCompanyInput!) { updateCompany(id: $id, input: $input) {
  autoApproveLimit pendingAutoApproveLimitRequest { ${REQUEST} } } }`;
const CREATE = `mutation($input: CreateCompanyInput!) { createCompany(input: $input) {
  company { id autoApproveLimit } autoApproveLimitRequest { ${REQUEST} } } }`;
const CONFIRM = `mutation($id: ID!) { confirmAutoApproveLimitRequest(id: $id) { ${REQUEST} } }`;
const DECLINE = `mutation($id: ID!, $r: String) { declineAutoApproveLimitRequest(id: $id, reason: $r) { ${REQUEST} declineReason } }`;
const COMPANY = `query($id: ID!) { company(id: $id) { autoApproveLimit pendingAutoApproveLimitRequest { ${REQUEST} } } }`;

const as = (who: ConsoleLogin, query: string, variables: Record<string, unknown>) =>
  app.gql(query, variables, { cookie: who.cookie });
const errorOf = (res: HttpResult) => {
  const error = res.body.errors?.[0];
  return error ? [error.extensions.code, error.message] : ["OK"];
};
const storedLimit = async (companyId: string) =>
  (await app.services.db.query("SELECT auto_approve_limit_cents FROM companies WHERE id = $1", [companyId]))[0]
    .auto_approve_limit_cents;
interface AuditRow {
  actor: string;
  before: unknown;
  after: unknown;
  reason: string | null;
}
const auditOf = (companyId: string, action: string): Promise<AuditRow[]> =>
  app.services.db.query(
    "SELECT actor, before, after, reason FROM audit_log WHERE company_id = $1 AND action = $2 ORDER BY id",
    [companyId, action],
  );

describe("raising an auto-approve limit above APPROVAL_SECOND_OPERATOR_ABOVE", () => {
  test("updateCompany: one ADMIN raises it to the threshold only; the same one cannot confirm the rest; a second does", async () => {
    const shop = await fundedMerchant(app, "2000.00", { autoApproveLimit: "50.00" });
    const raised = await as(ana, UPDATE, { id: shop.companyId, input: { autoApproveLimit: "1000.00" } });
    assert.deepEqual(errorOf(raised), ["OK"]);
    const request = raised.body.data.updateCompany.pendingAutoApproveLimitRequest;
    assert.match(request.id, /^aal_/);
    assert.deepEqual(raised.body.data.updateCompany, {
      autoApproveLimit: "100.00",
      pendingAutoApproveLimitRequest: {
        id: request.id,
        previousLimit: "100.00",
        requestedLimit: "1000.00",
        status: "REQUESTED",
        requestedBy: `operator:${ana.userId}`,
        decidedBy: null,
        mine: true,
      },
    });
    assert.equal(await storedLimit(shop.companyId), "10000");
    // The attack of #33: R$ 500,00 does not leave on one ADMIN's word.
    const big = await createWithdrawal(app, shop, { amount: 500, pix_key_type: "CPF", pix_key: "52998224725" });
    assert.equal(
      (await app.request("GET", `/withdrawals/${big}`, { token: shop.clientSecret })).body.status,
      "PENDING",
    );
    assert.deepEqual(
      (await auditOf(shop.companyId, "company.auto_approve_limit_request")).map((row) => [
        row.actor,
        row.before,
        row.after,
      ]),
      [
        [
          `operator:${ana.userId}`,
          { autoApproveLimit: "100.00" },
          { requestId: request.id, requestedLimit: "1000.00" },
        ],
      ],
    );

    assert.deepEqual(errorOf(await as(ana, CONFIRM, { id: request.id })), [
      "INVALID_STATE",
      "You asked for this limit: a second, different operator must confirm it",
    ]);
    assert.deepEqual(errorOf(await as(bruno, UPDATE, { id: shop.companyId, input: { autoApproveLimit: "2000.00" } })), [
      "INVALID_STATE",
      "A raise of this account's auto-approve limit already waits for a second operator: confirm or decline it first",
    ]);
    assert.equal(await storedLimit(shop.companyId), "10000");
    const seen = await as(bruno, COMPANY, { id: shop.companyId });
    assert.equal(seen.body.data.company.pendingAutoApproveLimitRequest.mine, false);

    const confirmed = await as(bruno, CONFIRM, { id: request.id });
    assert.deepEqual(errorOf(confirmed), ["OK"]);
    assert.deepEqual(confirmed.body.data.confirmAutoApproveLimitRequest, {
      ...request,
      status: "CONFIRMED",
      decidedBy: `operator:${bruno.userId}`,
      mine: false,
    });
    assert.equal(await storedLimit(shop.companyId), "100000");
    assert.deepEqual((await as(bruno, COMPANY, { id: shop.companyId })).body.data.company, {
      autoApproveLimit: "1000.00",
      pendingAutoApproveLimitRequest: null,
    });
    assert.deepEqual(
      (await auditOf(shop.companyId, "company.auto_approve_limit_confirm")).map((row) => [
        row.actor,
        row.before,
        row.after,
      ]),
      [
        [
          `operator:${bruno.userId}`,
          { autoApproveLimit: "100.00" },
          {
            autoApproveLimit: "1000.00",
            requestId: request.id,
            requestedLimit: "1000.00",
            requestedBy: `operator:${ana.userId}`,
          },
        ],
      ],
    );
    assert.deepEqual(errorOf(await as(carla, CONFIRM, { id: request.id })), [
      "INVALID_STATE",
      "The request is CONFIRMED; only a REQUESTED one can be decided",
    ]);

    // Lowering needs nobody else, above the threshold or not.
    for (const [limit, cents] of [
      ["500.00", "50000"],
      [null, null],
    ] as const) {
      const lowered = await as(ana, UPDATE, { id: shop.companyId, input: { autoApproveLimit: limit } });
      assert.deepEqual(lowered.body.data.updateCompany, {
        autoApproveLimit: limit,
        pendingAutoApproveLimitRequest: null,
      });
      assert.equal(await storedLimit(shop.companyId), cents);
    }
    // At or under the threshold, one ADMIN sets it alone.
    const small = await as(ana, UPDATE, { id: shop.companyId, input: { autoApproveLimit: "100.00" } });
    assert.deepEqual(small.body.data.updateCompany, {
      autoApproveLimit: "100.00",
      pendingAutoApproveLimitRequest: null,
    });
    assert.equal((await auditOf(shop.companyId, "company.auto_approve_limit_request")).length, 1);
  });

  test("createCompany: the account starts at the threshold and the rest waits; a decline leaves it there", async () => {
    const created = await as(ana, CREATE, { input: { name: "Loja Nova", autoApproveLimit: "1000.00" } });
    assert.deepEqual(errorOf(created), ["OK"]);
    const { company, autoApproveLimitRequest: request } = created.body.data.createCompany;
    assert.equal(company.autoApproveLimit, "100.00");
    assert.equal(await storedLimit(company.id), "10000");
    assert.deepEqual(request, {
      id: request.id,
      previousLimit: "100.00",
      requestedLimit: "1000.00",
      status: "REQUESTED",
      requestedBy: `operator:${ana.userId}`,
      decidedBy: null,
      mine: true,
    });
    assert.deepEqual(errorOf(await as(ana, CONFIRM, { id: request.id })), [
      "INVALID_STATE",
      "You asked for this limit: a second, different operator must confirm it",
    ]);

    const declined = await as(bruno, DECLINE, { id: request.id, r: "  Sem histórico  " });
    assert.deepEqual(errorOf(declined), ["OK"]);
    assert.equal(declined.body.data.declineAutoApproveLimitRequest.status, "DECLINED");
    assert.equal(declined.body.data.declineAutoApproveLimitRequest.declineReason, "Sem histórico");
    assert.equal(await storedLimit(company.id), "10000");
    assert.deepEqual(errorOf(await as(carla, CONFIRM, { id: request.id })), [
      "INVALID_STATE",
      "The request is DECLINED; only a REQUESTED one can be decided",
    ]);
    const [row] = await auditOf(company.id, "company.auto_approve_limit_decline");
    assert.equal(row.actor, `operator:${bruno.userId}`);
    assert.equal(row.reason, "Sem histórico");
    assert.deepEqual(row.before, { autoApproveLimit: "100.00" });

    // At or under the threshold nothing waits.
    const plain = await as(ana, CREATE, { input: { name: "Loja Pequena", autoApproveLimit: "100.00" } });
    assert.equal(plain.body.data.createCompany.company.autoApproveLimit, "100.00");
    assert.equal(plain.body.data.createCompany.autoApproveLimitRequest, null);
  });

  test("four confirmations at once raise the limit once", async () => {
    const shop = await app.createMerchant();
    const raised = await as(ana, UPDATE, { id: shop.companyId, input: { autoApproveLimit: "700.00" } });
    const { id } = raised.body.data.updateCompany.pendingAutoApproveLimitRequest;
    const answers = await Promise.all([bruno, carla, bruno, carla].map((who) => as(who, CONFIRM, { id })));
    assert.deepEqual(answers.map((res) => errorOf(res)[0]).sort(), [
      "INVALID_STATE",
      "INVALID_STATE",
      "INVALID_STATE",
      "OK",
    ]);
    assert.equal(await storedLimit(shop.companyId), "70000");
    assert.equal((await auditOf(shop.companyId, "company.auto_approve_limit_confirm")).length, 1);
  });

  test("a confirmation and a decline at once: one decides, the other finds it decided", async () => {
    const shop = await app.createMerchant();
    const raised = await as(ana, UPDATE, { id: shop.companyId, input: { autoApproveLimit: "700.00" } });
    const { id } = raised.body.data.updateCompany.pendingAutoApproveLimitRequest;
    const [confirm, decline] = await Promise.all([as(bruno, CONFIRM, { id }), as(carla, DECLINE, { id })]);
    assert.deepEqual([errorOf(confirm)[0], errorOf(decline)[0]].sort(), ["INVALID_STATE", "OK"]);
    const [{ status }] = await app.services.db.query("SELECT status FROM auto_approve_limit_requests WHERE id = $1", [
      id,
    ]);
    assert.equal(await storedLimit(shop.companyId), status === "CONFIRMED" ? "70000" : "10000");
  });

  test("an OPERATOR may neither confirm nor decline a raise", async () => {
    const shop = await app.createMerchant();
    const raised = await as(ana, UPDATE, { id: shop.companyId, input: { autoApproveLimit: "700.00" } });
    const { id } = raised.body.data.updateCompany.pendingAutoApproveLimitRequest;
    const dora = await app.consoleUser({ role: "OPERATOR" });
    assert.equal(errorOf(await as(dora, CONFIRM, { id }))[0], "FORBIDDEN");
    assert.equal(errorOf(await as(dora, DECLINE, { id }))[0], "FORBIDDEN");
    assert.equal(await storedLimit(shop.companyId), "10000");
  });
});
