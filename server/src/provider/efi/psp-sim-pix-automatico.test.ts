import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import Ajv from "ajv";
import addFormats from "ajv-formats";
import {
  COBR_NOTIFICATION_BODY_SCHEMA,
  REC_NOTIFICATION_BODY_SCHEMA,
} from "../../../test/support/api-pix-notification-schemas";
import { type PspSimProcess, startPspSim } from "../../../test/support/psp-sim";
import { startWebhookReceiver, type WebhookReceiver } from "../../../test/support/webhook-receiver";
import { isoDate, nextBusinessDay, saoPauloDay } from "../../billing/business-days";
import { EfiApiError, EfiClient } from "./efi-client";

/**
 * The local PSP's Pix Automático (psp-sim/src/pix-automatico.ts) over mutual TLS, as Efí
 * serves the API Pix 2.9.0: locrec, rec (its BR Code in `dadosQR`), solicrec, cobr and its
 * retries, the webhookrec and webhookcobr with their `recs` and `cobsr` notifications (held to
 * the API Pix bodies), the listings over a window, and every request body validated against
 * the schemas (a body that breaks one is a 400 with its violations, and counted).
 */
let sim: PspSimProcess;
let client: EfiClient;
let receiver: WebhookReceiver;
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const recsSchema = ajv.compile(REC_NOTIFICATION_BODY_SCHEMA);
const cobsrSchema = ajv.compile(COBR_NOTIFICATION_BODY_SCHEMA);
/** The schema's errors for the body, none when it is valid (not a type guard: the body stays as typed). */
const recsErrors = (body: unknown) => (recsSchema(body) ? [] : recsSchema.errors);
const cobsrErrors = (body: unknown) => (cobsrSchema(body) ? [] : cobsrSchema.errors);

before(async () => {
  sim = await startPspSim();
  client = new EfiClient({
    baseUrl: sim.apiUrl,
    clientId: sim.env.EFI_CLIENT_ID,
    clientSecret: sim.env.EFI_CLIENT_SECRET,
    certFile: sim.env.EFI_CERT_FILE,
    caFile: sim.env.EFI_CA_FILE,
    maxAttempts: 1,
  });
  receiver = await startWebhookReceiver();
});
after(async () => {
  await receiver?.close();
  await sim?.stop();
});

const day = (offset: number) => isoDate(saoPauloDay(new Date()) + offset);
const DEVEDOR = { cpf: "12345678909", nome: "Maria Silva" };

function recBody(overrides: Record<string, unknown> = {}) {
  return {
    vinculo: { contrato: "CT-2026-001", objeto: "Plano mensal", devedor: DEVEDOR },
    calendario: { dataInicial: day(3), periodicidade: "MENSAL" },
    valor: { valorRec: "49.90" },
    politicaRetentativa: "PERMITE_3R_7D",
    ...overrides,
  };
}

function cobrBody(idRec: string, overrides: Record<string, unknown> = {}) {
  return {
    idRec,
    infoAdicional: "Plano mensal",
    calendario: { dataDeVencimento: day(5) },
    valor: { original: "49.90" },
    ajusteDiaUtil: true,
    recebedor: { conta: sim.env.EFI_ACCOUNT_NUMBER, tipoConta: "PAGAMENTO", agencia: "0001" },
    ...overrides,
  };
}

const txidOf = (n: number) => `cobrtest${String(n).padStart(24, "0")}`;

async function stats() {
  return (await sim.control("GET", "/control/state")).body.stats;
}

async function approvedRec(overrides: Record<string, unknown> = {}): Promise<string> {
  const loc = await client.call<{ id: number }>("POST", "/v2/locrec");
  const rec = await client.call<{ idRec: string }>("POST", "/v2/rec", recBody({ loc: loc.body.id, ...overrides }));
  const decided = await sim.control("POST", `/control/recs/${rec.body.idRec}/decide`, { status: "APROVADA" });
  assert.equal(decided.status, 200, JSON.stringify(decided.body));
  return rec.body.idRec;
}

/** The notifications on a path (`/rec` or `/cobr`) that name `id`. */
function notified(kind: "rec" | "cobr", id: string) {
  return receiver.received
    .filter((item) => item.path.endsWith(`/${kind}`) && JSON.stringify(item.json).includes(id))
    .map((item) => item.json);
}

describe("psp-sim: Pix Automático", () => {
  test("the webhookrec and webhookcobr are registered after their test notification", async () => {
    for (const kind of ["rec", "cobr"] as const) {
      const refused = await client
        .call("PUT", `/v2/webhook${kind}`, { webhookUrl: receiver.url(`/efi-${kind}?ignorar=`) })
        .catch((error) => error);
      assert.ok(refused instanceof EfiApiError && refused.status === 400, "http without x-skip-mtls-checking");
      const put = await client.call(
        "PUT",
        `/v2/webhook${kind}`,
        { webhookUrl: receiver.url(`/efi-${kind}?ignorar=`) },
        { "x-skip-mtls-checking": "true" },
      );
      assert.equal(put.status, 200);
      const got = await client.call<{ webhookUrl: string }>("GET", `/v2/webhook${kind}`);
      assert.equal(got.body.webhookUrl, receiver.url(`/efi-${kind}?ignorar=`));
    }
    const tests = receiver.received.filter((item) => item.json.evento === "teste_webhook").map((item) => item.path);
    assert.deepEqual(tests, ["/efi-rec?ignorar=/rec", "/efi-cobr?ignorar=/cobr"]);
  });

  test("a recurrence with its location: CRIADA, its BR Code in dadosQR, approved by the payer and notified", async () => {
    const loc = await client.call<{ id: number; location: string }>("POST", "/v2/locrec");
    assert.equal(loc.status, 201);
    const created = await client.call<Record<string, any>>("POST", "/v2/rec", recBody({ loc: loc.body.id }));
    assert.equal(created.status, 201);
    const { idRec } = created.body;
    assert.match(idRec, /^RR09089356\d{8}[a-zA-Z0-9]{11}$/);
    assert.equal(created.body.status, "CRIADA");
    assert.equal(created.body.loc.location, loc.body.location);
    const read = await client.call<Record<string, any>>("GET", `/v2/rec/${idRec}`);
    assert.equal(read.body.dadosQR.jornada, "JORNADA_2");
    assert.ok(read.body.dadosQR.pixCopiaECola.includes(loc.body.location), "the code names the recurrence's location");
    const locRead = await client.call<Record<string, any>>("GET", `/v2/locrec/${loc.body.id}`);
    assert.equal(locRead.body.idRec, idRec);

    await sim.control("POST", `/control/recs/${idRec}/decide`, { status: "APROVADA" });
    const [notification] = await waitForNotifications("rec", idRec, 1);
    assert.deepEqual(recsErrors(notification), []);
    assert.equal(notification.recs[0].status, "APROVADA");
    assert.equal(notification.recs[0].ativacao.tipoJornada, "JORNADA_2");
    const approved = await client.call<Record<string, any>>("GET", `/v2/rec/${idRec}`);
    assert.equal(approved.body.status, "APROVADA");
    assert.equal(approved.body.dadosQR, undefined, "an approved recurrence has no code to scan");
  });

  test("a location serves one recurrence; a journey 3 rec names an active cob", async () => {
    const loc = await client.call<{ id: number }>("POST", "/v2/locrec");
    await client.call("POST", "/v2/rec", recBody({ loc: loc.body.id }));
    const again = await client.call("POST", "/v2/rec", recBody({ loc: loc.body.id })).catch((error) => error);
    assert.ok(again instanceof EfiApiError && again.status === 400);
    const cob = await client.call<Record<string, any>>("PUT", `/v2/cob/${txidOf(900)}`, {
      calendario: { expiracao: 3600 },
      valor: { original: "10.00" },
      chave: sim.env.EFI_PIX_KEY,
    });
    const loc3 = await client.call<{ id: number }>("POST", "/v2/locrec");
    const rec = await client.call<Record<string, any>>(
      "POST",
      "/v2/rec",
      recBody({ loc: loc3.body.id, ativacao: { dadosJornada: { txid: txidOf(900) } } }),
    );
    const composite = await client.call<Record<string, any>>("GET", `/v2/rec/${rec.body.idRec}?txid=${txidOf(900)}`);
    assert.equal(composite.body.dadosQR.jornada, "JORNADA_3");
    assert.ok(composite.body.dadosQR.pixCopiaECola.includes(cob.body.loc.location), "the code names the cob too");
    await sim.control("POST", `/control/recs/${rec.body.idRec}/decide`, { status: "APROVADA" });
    const state = (await sim.control("GET", "/control/state")).body;
    assert.equal(state.cobs.find((item: { txid: string }) => item.txid === txidOf(900)).status, "CONCLUIDA");
  });

  test("a solicrec asks a known payer's bank; it is accepted with the recurrence, or cancelled", async () => {
    const rec = await client.call<{ idRec: string }>("POST", "/v2/rec", recBody());
    const body = {
      idRec: rec.body.idRec,
      calendario: { dataExpiracaoSolicitacao: new Date(Date.now() + 86_400_000).toISOString() },
      destinatario: { conta: "550689", ispbParticipante: "91193552", agencia: "2569", cpf: DEVEDOR.cpf },
    };
    const solic = await client.call<Record<string, any>>("POST", "/v2/solicrec", body);
    assert.equal(solic.status, 201);
    assert.match(solic.body.idSolicRec, /^SC09089356\d{8}[a-zA-Z0-9]{11}$/);
    assert.equal(solic.body.status, "ENVIADA");
    await sim.control("POST", `/control/recs/${rec.body.idRec}/decide`, { status: "APROVADA" });
    const accepted = await client.call<Record<string, any>>("GET", `/v2/solicrec/${solic.body.idSolicRec}`);
    assert.equal(accepted.body.status, "ACEITA");
    assert.equal(
      (await client.call<Record<string, any>>("GET", `/v2/rec/${rec.body.idRec}`)).body.ativacao.tipoJornada,
      "JORNADA_1",
    );

    const other = await client.call<{ idRec: string }>("POST", "/v2/rec", recBody());
    const second = await client.call<Record<string, any>>("POST", "/v2/solicrec", { ...body, idRec: other.body.idRec });
    const cancelled = await client.call<Record<string, any>>("PATCH", `/v2/solicrec/${second.body.idSolicRec}`, {
      status: "CANCELADA",
    });
    assert.equal(cancelled.body.status, "CANCELADA");
  });

  test("a cobr of an approved recurrence: refused, retried another day, then paid; each change notified", async () => {
    const idRec = await approvedRec();
    const txid = txidOf(1);
    const created = await client.call<Record<string, any>>("PUT", `/v2/cobr/${txid}`, cobrBody(idRec));
    assert.equal(created.status, 201);
    assert.equal(created.body.status, "ATIVA");
    const first = created.body.tentativas[0];
    assert.equal(first.tipo, "AGND");
    assert.equal(first.status, "AGENDADA");
    assert.equal(first.dataLiquidacao, isoDate(nextBusinessDay(saoPauloDay(new Date()) + 5)));

    const refused = await sim.control("POST", `/control/cobr/${txid}/debit`, { status: "REJEITADA" });
    assert.equal(refused.status, 200);
    assert.equal(refused.body.status, "ATIVA", "PERMITE_3R_7D: retries left");
    assert.deepEqual(refused.body.tentativas[0].rejeicao, { codigo: "AM02", descricao: "Saldo insuficiente" });
    const sameDay = await client
      .call("POST", `/v2/cobr/${txid}/retentativa/${first.dataLiquidacao}`)
      .catch((error) => error);
    assert.ok(sameDay instanceof EfiApiError && sameDay.status === 400, "never twice a day");
    const retryDay = isoDate(nextBusinessDay(saoPauloDay(new Date()) + 5) + 1);
    const retried = await client.call<Record<string, any>>("POST", `/v2/cobr/${txid}/retentativa/${retryDay}`);
    assert.equal(retried.status, 201);
    assert.deepEqual(
      retried.body.tentativas.map((item: { tipo: string; status: string }) => [item.tipo, item.status]),
      [
        ["AGND", "REJEITADA"],
        ["NTAG", "AGENDADA"],
      ],
    );
    const paid = await sim.control("POST", `/control/cobr/${txid}/debit`, { status: "PAGA" });
    assert.equal(paid.body.status, "CONCLUIDA");
    assert.deepEqual(
      paid.body.pix.map((pix: { valor: string; txid: string }) => [pix.txid, pix.valor]),
      [[txid, "49.90"]],
    );
    assert.equal(paid.body.pix[0].endToEndId, paid.body.tentativas[1].endToEndId);

    const notifications = await waitForNotifications("cobr", txid, 4);
    for (const body of notifications) assert.deepEqual(cobsrErrors(body), []);
    assert.deepEqual(
      notifications.map((body) => [body.cobsr[0].status, body.cobsr[0].tentativas.at(-1).status]),
      [
        ["ATIVA", "AGENDADA"],
        ["ATIVA", "REJEITADA"],
        ["ATIVA", "AGENDADA"],
        ["CONCLUIDA", "PAGA"],
      ],
    );
  });

  test("without retries a refused debit expires the cobr; a cancelled recurrence cancels its cobr", async () => {
    const idRec = await approvedRec({ politicaRetentativa: "NAO_PERMITE" });
    assert.match(idRec, /^RN/);
    await client.call("PUT", `/v2/cobr/${txidOf(2)}`, cobrBody(idRec));
    const refused = await sim.control("POST", `/control/cobr/${txidOf(2)}/debit`, { status: "REJEITADA" });
    assert.equal(refused.body.status, "EXPIRADA");
    const noRetry = await client.call("POST", `/v2/cobr/${txidOf(2)}/retentativa/${day(7)}`).catch((error) => error);
    assert.ok(noRetry instanceof EfiApiError && noRetry.status === 400);

    await client.call("PUT", `/v2/cobr/${txidOf(3)}`, cobrBody(idRec, { calendario: { dataDeVencimento: day(6) } }));
    const cancelled = await client.call<Record<string, any>>("PATCH", `/v2/rec/${idRec}`, { status: "CANCELADA" });
    assert.equal(cancelled.body.status, "CANCELADA");
    assert.equal(cancelled.body.encerramento.cancelamento.solicitante, "USUARIO_RECEBEDOR");
    assert.equal((await client.call<Record<string, any>>("GET", `/v2/cobr/${txidOf(3)}`)).body.status, "CANCELADA");
    const [recNotice] = (await waitForNotifications("rec", idRec, 2)).slice(-1);
    assert.equal(recNotice.recs[0].status, "CANCELADA");
    assert.deepEqual(recsErrors(recNotice), []);
  });

  test("the BCB's rules on a cobr: an approved recurrence, its fixed amount, due 2 to 10 days ahead, the account's own", async () => {
    const pending = await client.call<{ idRec: string }>("POST", "/v2/rec", recBody());
    const idRec = await approvedRec();
    const cases: Array<[string, Record<string, unknown>]> = [
      ["not approved", cobrBody(pending.body.idRec)],
      ["another amount", cobrBody(idRec, { valor: { original: "50.00" } })],
      ["due tomorrow", cobrBody(idRec, { calendario: { dataDeVencimento: day(1) } })],
      ["due in 11 days", cobrBody(idRec, { calendario: { dataDeVencimento: day(11) } })],
      ["another account", cobrBody(idRec, { recebedor: { conta: "1", tipoConta: "PAGAMENTO" } })],
    ];
    const before = await stats();
    for (const [name, body] of cases) {
      const refused = await client.call("PUT", `/v2/cobr/${txidOf(10)}`, body).catch((error) => error);
      assert.ok(refused instanceof EfiApiError && refused.status === 400, name);
    }
    assert.equal(
      (await stats()).schemaViolations,
      before.schemaViolations,
      "semantic refusals are no schema violations",
    );
    await client.call("PUT", `/v2/cobr/${txidOf(10)}`, cobrBody(idRec));
    const twice = await client.call("PUT", `/v2/cobr/${txidOf(10)}`, cobrBody(idRec)).catch((error) => error);
    assert.ok(twice instanceof EfiApiError && twice.status === 409);
  });

  test("bodies that break the API Pix schemas are 400 with their violations, and counted", async () => {
    const before = await stats();
    const idRec = await approvedRec();
    const broken: Array<[string, string, unknown, string]> = [
      ["POST", "/v2/rec", recBody({ valor: { valorRec: "49.9" } }), "rec.valor.valorRec"],
      [
        "POST",
        "/v2/rec",
        recBody({ calendario: { dataInicial: day(3), periodicidade: "DIARIA" } }),
        "rec.calendario.periodicidade",
      ],
      ["POST", "/v2/rec", recBody({ valor: { valorRec: "1.00", valorMinimoRecebedor: "1.00" } }), "rec.valor"],
      ["PATCH", `/v2/rec/${idRec}`, { status: "APROVADA" }, "rec.status"],
      ["PUT", `/v2/cobr/${txidOf(20)}`, { ...cobrBody(idRec), ajusteDiaUtil: undefined }, "cobr.ajusteDiaUtil"],
      ["PUT", `/v2/cobr/${txidOf(20)}`, { ...cobrBody(idRec), extra: 1 }, "cobr.extra"],
      ["PATCH", `/v2/cobr/${txidOf(20)}`, { status: "REMOVIDA_PELO_USUARIO_RECEBEDOR" }, "cobr.status"],
      [
        "POST",
        "/v2/solicrec",
        { idRec, calendario: {}, destinatario: {} },
        "solicrec.calendario.dataExpiracaoSolicitacao",
      ],
      ["PUT", "/v2/webhookrec", { webhookUrl: "not a url" }, "webhook.webhookUrl"],
    ];
    for (const [method, path, body, property] of broken) {
      const refused = await client.call(method, path, body).catch((error) => error);
      assert.ok(refused instanceof EfiApiError && refused.status === 400, `${method} ${path}`);
      const violations = (refused.body as { violacoes?: { propriedade: string }[] }).violacoes ?? [];
      assert.ok(
        violations.some((violation) => violation.propriedade === property),
        `${property} in ${JSON.stringify(violations)}`,
      );
    }
    const after = await stats();
    assert.equal(after.schemaViolations - before.schemaViolations, broken.length);
    assert.equal(after.schemaViolationsBy.CobRSolicitada - (before.schemaViolationsBy.CobRSolicitada ?? 0), 2);
  });

  test("GET /v2/rec and /v2/cobr list what changed in the window, paged", async () => {
    const from = new Date();
    const idRec = await approvedRec();
    await client.call("PUT", `/v2/cobr/${txidOf(30)}`, cobrBody(idRec));
    const to = new Date(Date.now() + 1000);
    const query = (extra = "") => `inicio=${from.toISOString()}&fim=${to.toISOString()}${extra}`;
    const recs = await client.call<Record<string, any>>("GET", `/v2/rec?${query()}`);
    assert.deepEqual(
      recs.body.recs.map((rec: { idRec: string }) => rec.idRec),
      [idRec],
    );
    const cobsr = await client.call<Record<string, any>>("GET", `/v2/cobr?${query(`&idRec=${idRec}`)}`);
    assert.deepEqual(
      cobsr.body.cobsr.map((cobr: { txid: string }) => cobr.txid),
      [txidOf(30)],
    );
    // A refused debit leaves the cobr ATIVA: its attempt's change lists it.
    const later = new Date();
    await sim.control("POST", `/control/cobr/${txidOf(30)}/debit`, { status: "REJEITADA" });
    const window = `inicio=${later.toISOString()}&fim=${new Date(Date.now() + 1000).toISOString()}`;
    const changed = await client.call<Record<string, any>>("GET", `/v2/cobr?${window}`);
    assert.deepEqual(
      changed.body.cobsr.map((cobr: { txid: string; status: string }) => [cobr.txid, cobr.status]),
      [[txidOf(30), "ATIVA"]],
    );
    assert.deepEqual((await client.call<Record<string, any>>("GET", `/v2/rec?${window}`)).body.recs, []);
  });
});

async function waitForNotifications(kind: "rec" | "cobr", id: string, count: number) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const found = notified(kind, id);
    if (found.length >= count) return found;
    if (Date.now() > deadline) assert.fail(`${count} ${kind} notifications of ${id}: ${found.length} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
