import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startTestApp, type TestApp } from "../../test/support/test-app";
import { deleteSession } from "../auth/sessions";
import { runTransaction } from "../core/transactions";
import { appendWebhookEvent } from "../webhooks/webhook-outbox";

/**
 * Live pages across processes: events are written through one app (its own pool, as another
 * API process or the worker would) and read from the stream of another on the same database.
 */
let writer: TestApp;
let reader: TestApp;

before(async () => {
  // Maker-checker on above R$ 100,00: a first approval of a larger withdrawal changes no status.
  writer = await startTestApp({ APPROVAL_SECOND_OPERATOR_ABOVE: "100.00" });
  reader = await startTestApp(
    {},
    {
      databaseUrl: writer.databaseUrl,
      live: { heartbeatMs: 150, sessionCheckMs: 150, maxStreamsPerSession: 2, reconnectMinMs: 50 },
    },
  );
});
after(async () => {
  await reader?.close();
  await writer?.close();
});

interface SseEvent {
  event: string;
  id: string | null;
  data: string;
}

/** An open stream of the reader: its parsed events, comment lines counted, closed by `close`. */
interface OpenStream {
  status: number;
  events: SseEvent[];
  comments: number;
  done: Promise<void>;
  next(predicate: (event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  close(): void;
}

async function openStream(cookie: string | null, topics?: string, baseUrl = reader.baseUrl): Promise<OpenStream> {
  const controller = new AbortController();
  const headers: Record<string, string> = cookie ? { cookie } : {};
  const response = await fetch(`${baseUrl}/live/events${topics ? `?topics=${topics}` : ""}`, {
    headers,
    signal: controller.signal,
  });
  const stream: OpenStream = {
    status: response.status,
    events: [],
    comments: 0,
    done: Promise.resolve(),
    next: async (predicate, timeoutMs = 5000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = stream.events.find(predicate);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no such event; got ${JSON.stringify(stream.events)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => controller.abort(),
  };
  if (response.status !== 200 || !response.body) return stream;
  const decoder = new TextDecoder();
  const body = response.body.getReader();
  stream.done = (async () => {
    let buffer = "";
    try {
      for (;;) {
        const { value, done } = await body.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let cut = buffer.indexOf("\n\n");
        while (cut !== -1) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          cut = buffer.indexOf("\n\n");
          const lines = block.split("\n");
          if (lines.every((line) => line.startsWith(":"))) {
            stream.comments += 1;
            continue;
          }
          const field = (name: string) =>
            lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2) ?? null;
          const event = field("event");
          if (event) stream.events.push({ event, id: field("id"), data: field("data") ?? "" });
        }
      }
    } catch {
      // aborted by the test
    }
  })();
  return stream;
}

async function payCharge(companyId: string, amount = "10.00"): Promise<string> {
  const created = await writer.graphql(
    "mutation($c: ID!, $i: CreateChargeInput!) { createCharge(companyId: $c, input: $i) { id } }",
    { c: companyId, i: { amount } },
  );
  assert.equal(created.errors, undefined, JSON.stringify(created.errors));
  const id = created.data.createCharge.id as string;
  const paid = await writer.graphql("mutation($id: ID!) { simulateChargePayment(chargeId: $id) { status } }", { id });
  assert.equal(paid.data.simulateChargePayment.status, "PAID");
  return id;
}

const changes = (stream: OpenStream) =>
  stream.events.filter((event) => event.event === "change").map((event) => JSON.parse(event.data));

describe("live updates", () => {
  test("a change committed through another process reaches the streams that may see it, and only those", async () => {
    const mine = await writer.createMerchant({ name: "Live Loja Um" });
    const theirs = await writer.createMerchant({ name: "Live Loja Dois" });
    const merchant = await reader.consoleUser({ kind: "MERCHANT", role: "MEMBER", companyId: mine.companyId });
    const viewer = await reader.consoleUser({ role: "VIEWER" });
    const merchantStream = await openStream(merchant.cookie);
    const operatorStream = await openStream(viewer.cookie, "charge");
    const withdrawalsOnly = await openStream(viewer.cookie, "withdrawal");
    assert.equal(merchantStream.status, 200);
    for (const stream of [merchantStream, operatorStream, withdrawalsOnly])
      await stream.next((e) => e.event === "ready");

    const foreign = await payCharge(theirs.companyId);
    const own = await payCharge(mine.companyId);
    const paid = await merchantStream.next((e) => e.event === "change");
    assert.deepEqual(JSON.parse(paid.data), { type: "charge.paid", resourceId: own });
    assert.match(paid.id ?? "", /^evt_/);
    // The operator (a VIEWER reads every company's charges) sees both, in commit order.
    await operatorStream.next((e) => e.event === "change" && JSON.parse(e.data).resourceId === own);
    assert.deepEqual(changes(operatorStream), [
      { type: "charge.paid", resourceId: foreign },
      { type: "charge.paid", resourceId: own },
    ]);
    // An attacker's view: the merchant's stream never carried the other company's event,
    // nor anything but ids (no amount, payer or body).
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.deepEqual(changes(merchantStream), [{ type: "charge.paid", resourceId: own }]);
    assert.ok(!merchantStream.events.some((e) => e.data.includes(foreign) || e.data.includes(theirs.companyId)));
    assert.equal(changes(withdrawalsOnly).length, 0, "topics filter what a stream carries");
    // Heartbeats: comment lines while nothing happens.
    assert.ok(merchantStream.comments >= 1, "a heartbeat comment arrived");
    for (const stream of [merchantStream, operatorStream, withdrawalsOnly]) stream.close();
  });

  test("a new withdrawal and its first approval of two reach the operators' queue", async () => {
    const company = await writer.createMerchant({ name: "Live Loja Sete" });
    await writer.fund(company.companyId, "500.00");
    const operator = await reader.consoleUser({ role: "OPERATOR" });
    const stream = await openStream(operator.cookie, "withdrawal");
    await stream.next((e) => e.event === "ready");
    const created = await writer.graphql(
      `mutation($c: ID!, $k: String!, $i: CreateWithdrawalInput!) {
        createWithdrawal(companyId: $c, idempotencyKey: $k, input: $i) { id status }
      }`,
      {
        c: company.companyId,
        k: crypto.randomUUID(),
        i: { amount: "200.00", pixKey: "529.982.247-25", pixKeyType: "CPF" },
      },
    );
    assert.equal(created.errors, undefined, JSON.stringify(created.errors));
    const id = created.data.createWithdrawal.id as string;
    await stream.next((e) => e.event === "change" && JSON.parse(e.data).type === "withdrawal.pending");
    const approver = await writer.consoleUser({ role: "OPERATOR" });
    const approved = await writer.gql(
      "mutation($id: ID!) { approveWithdrawal(id: $id) { status } }",
      { id },
      { cookie: approver.cookie },
    );
    assert.equal(approved.body.data?.approveWithdrawal.status, "PENDING", JSON.stringify(approved.body));
    await stream.next((e) => e.event === "change" && JSON.parse(e.data).type === "withdrawal.approval");
    assert.deepEqual(changes(stream), [
      { type: "withdrawal.pending", resourceId: id },
      { type: "withdrawal.approval", resourceId: id },
    ]);
    stream.close();
  });

  test("a recurrence's approval and cancel reach the streams of the recurrence topic, of its account only", async () => {
    const mine = await writer.createMerchant({ name: "Live Academia" });
    const theirs = await writer.createMerchant({ name: "Live Academia Dois" });
    const merchant = await reader.consoleUser({ kind: "MERCHANT", role: "MEMBER", companyId: mine.companyId });
    const stranger = await reader.consoleUser({ kind: "MERCHANT", role: "MEMBER", companyId: theirs.companyId });
    const recurrences = await openStream(merchant.cookie, "recurrence");
    const chargesOnly = await openStream(merchant.cookie, "charge");
    const foreign = await openStream(stranger.cookie, "recurrence");
    for (const stream of [recurrences, chargesOnly, foreign]) await stream.next((e) => e.event === "ready");
    const created = await writer.request("POST", "/recurrences", {
      token: mine.clientSecret,
      headers: { "Idempotency-Key": crypto.randomUUID() },
      body: {
        payer: { name: "Maria da Silva", cpf: "529.982.247-25" },
        contract: "CT-LIVE",
        object: "Plano mensal",
        frequency: "MONTHLY",
        start_date: new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date()),
        amount: 50,
      },
    });
    assert.equal(created.status, 201, created.text);
    const id = created.body.id as string;
    const decided = await writer.graphql(
      `mutation($id: ID!) { simulateRecurrenceDecision(id: $id, decision: APPROVED) { status } }`,
      { id },
      mine.clientSecret,
    );
    assert.equal(decided.data.simulateRecurrenceDecision.status, "APPROVED");
    const cancelled = await writer.request("POST", `/recurrences/${id}/cancel`, { token: mine.clientSecret, body: {} });
    assert.equal(cancelled.status, 200, cancelled.text);
    await recurrences.next((e) => e.event === "change" && JSON.parse(e.data).type === "recurrence.cancelled");
    assert.deepEqual(changes(recurrences), [
      { type: "recurrence.approved", resourceId: id },
      { type: "recurrence.cancelled", resourceId: id },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.deepEqual(changes(chargesOnly), [], "the charge topic does not carry recurrence.*");
    assert.deepEqual(changes(foreign), [], "another account's stream hears nothing of it");
    for (const stream of [recurrences, chargesOnly, foreign]) stream.close();
  });

  test("nothing is announced for a change that rolls back", async () => {
    const company = await writer.createMerchant({ name: "Live Loja Tres" });
    const viewer = await reader.consoleUser({ role: "OPERATOR" });
    const stream = await openStream(viewer.cookie);
    await stream.next((e) => e.event === "ready");
    await assert.rejects(
      runTransaction(writer.services.db, async (em) => {
        await appendWebhookEvent(em, company.companyId, "charge.paid", {}, "ROLLEDBACK", null);
        throw new Error("the change fails after writing its event");
      }),
      /the change fails/,
    );
    const committed = await payCharge(company.companyId);
    await stream.next((e) => e.event === "change");
    assert.deepEqual(changes(stream), [{ type: "charge.paid", resourceId: committed }]);
    stream.close();
  });

  test("no session is 401 JSON; a bearer credential or a bad topic list is refused too", async () => {
    const none = await reader.request("GET", "/live/events");
    assert.equal(none.status, 401);
    assert.deepEqual(Object.keys(none.body).sort(), ["code", "error"]);
    assert.equal(none.body.code, "UNAUTHENTICATED");
    assert.match(none.headers.get("content-type") ?? "", /^application\/json/);
    const stale = await reader.request("GET", "/live/events", { headers: { cookie: "pix_session=not-a-session" } });
    assert.equal(stale.status, 401);
    assert.equal(stale.body.code, "UNAUTHENTICATED");
    const merchant = await writer.createMerchant({ name: "Live Loja Quatro" });
    const bearer = await reader.request("GET", "/live/events", { token: merchant.clientSecret });
    assert.equal(bearer.status, 401);
    assert.equal(bearer.body.code, "UNAUTHENTICATED");
    const viewer = await reader.consoleUser({ role: "VIEWER" });
    const bad = await reader.request("GET", "/live/events?topics=charge,webhook", {
      headers: { cookie: viewer.cookie },
    });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.code, "VALIDATION_ERROR");
  });

  test("a signed-out (revoked) session's stream is closed", async () => {
    const company = await writer.createMerchant({ name: "Live Loja Cinco" });
    const user = await reader.consoleUser({ kind: "MERCHANT", role: "ADMIN", companyId: company.companyId });
    const stream = await openStream(user.cookie);
    await stream.next((e) => e.event === "ready");
    await deleteSession(writer.services.db, user.cookie.split("=")[1]);
    const end = await stream.next((e) => e.event === "end", 3000);
    assert.deepEqual(JSON.parse(end.data), { reason: "session" });
    await stream.done;
    // Changes after it are not sent anywhere (the stream is gone from the hub).
    const before = reader.http.live.stats.delivered;
    await payCharge(company.companyId);
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(reader.http.live.stats.delivered, before);
    assert.equal((await openStream(user.cookie)).status, 401);
  });

  test("a stream ends when its session goes idle or its user is disabled (the sign-in's own liveness)", async () => {
    const company = await writer.createMerchant({ name: "Live Loja Seis" });
    const idle = await reader.consoleUser({ kind: "MERCHANT", role: "ADMIN", companyId: company.companyId });
    const disabled = await reader.consoleUser({ kind: "MERCHANT", role: "ADMIN", companyId: company.companyId });
    const kept = await reader.consoleUser({ kind: "MERCHANT", role: "ADMIN", companyId: company.companyId });
    const streams = await Promise.all([idle, disabled, kept].map((user) => openStream(user.cookie)));
    await Promise.all(streams.map((stream) => stream.next((e) => e.event === "ready")));
    await writer.services.db.query(
      "UPDATE console_sessions SET last_seen_at = now() - interval '1 day' WHERE user_id = $1",
      [idle.userId],
    );
    await writer.services.db.query("UPDATE console_users SET disabled = true WHERE id = $1", [disabled.userId]);
    for (const stream of streams.slice(0, 2)) {
      const end = await stream.next((e) => e.event === "end", 3000);
      assert.deepEqual(JSON.parse(end.data), { reason: "session" });
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(
      streams[2].events.some((e) => e.event === "end"),
      false,
      "a live session's stream stays",
    );
    streams[2].close();
  });

  test("streams per session are capped, and a closed stream leaves nothing behind", async () => {
    const viewer = await reader.consoleUser({ role: "VIEWER" });
    const start = reader.http.live.streamCount;
    const first = await openStream(viewer.cookie);
    const second = await openStream(viewer.cookie);
    await second.next((e) => e.event === "ready");
    const third = await reader.request("GET", "/live/events", { headers: { cookie: viewer.cookie } });
    assert.equal(third.status, 429);
    assert.equal(third.body.code, "RATE_LIMITED");
    assert.equal(reader.http.live.streamCount, start + 2);
    first.close();
    second.close();
    const deadline = Date.now() + 3000;
    while (reader.http.live.streamCount !== start && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(reader.http.live.streamCount, start, "the hub forgot the closed streams");
    const again = await openStream(viewer.cookie);
    assert.equal(again.status, 200);
    again.close();
  });

  test("a stream outlives the server's request timeout, kept open by heartbeats", async () => {
    // A process whose whole request must arrive within 1 s: the stream is an answer, not a request.
    const strict = await startTestApp(
      {},
      { databaseUrl: writer.databaseUrl, requestTimeoutMs: 1000, headersTimeoutMs: 500, live: { heartbeatMs: 200 } },
    );
    try {
      const viewer = await strict.consoleUser({ role: "VIEWER" });
      const stream = await openStream(viewer.cookie, undefined, strict.baseUrl);
      await stream.next((e) => e.event === "ready");
      await new Promise((resolve) => setTimeout(resolve, 2500));
      assert.ok(stream.comments >= 5, `heartbeats kept coming (${stream.comments})`);
      const company = await writer.createMerchant({ name: "Live Loja Oito" });
      const id = await payCharge(company.companyId);
      await stream.next((e) => e.event === "change" && JSON.parse(e.data).resourceId === id);
      assert.equal(stream.events.filter((e) => e.event === "ready").length, 1, "never reconnected");
      stream.close();
    } finally {
      await strict.close();
    }
  });

  test("after the LISTEN connection is lost, it comes back and the pages are told to refetch", async () => {
    const company = await writer.createMerchant({ name: "Live Loja Seis" });
    const viewer = await reader.consoleUser({ role: "OPERATOR" });
    const stream = await openStream(viewer.cookie);
    await stream.next((e) => e.event === "ready");
    const reconnects = reader.http.live.stats.reconnects;
    const killed = await writer.services.db.query(
      "SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE application_name = 'pix-live-listener' AND datname = current_database()",
    );
    assert.ok(killed.length >= 1);
    await stream.next((e) => e.event === "resync", 5000);
    assert.equal(reader.http.live.stats.reconnects, reconnects + 1);
    const id = await payCharge(company.companyId);
    await stream.next((e) => e.event === "change" && JSON.parse(e.data).resourceId === id);
    stream.close();
  });
});
