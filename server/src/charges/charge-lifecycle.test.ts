import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { inflateSync } from "node:zlib";
import QRCode from "qrcode";
import { outboxEvents, signProviderBody, waitFor } from "../../test/support/scenarios";
import { type Merchant, newUuid, startTestApp, type TestApp } from "../../test/support/test-app";
import { ProviderUnavailableError } from "../provider/pix-provider";
import { startBackgroundWork } from "../worker";
import { QR_CODE_SIZE } from "./charge-qrcode.http";
import { REMOVE_CHARGE_JOB } from "./charges.service";

/** The rest of a charge's life (CONTRACT §9): cancel, charge.cancelled and charge.expired, the QR code. */
const PROVIDER_SECRET = "provider-secret-for-tests-0123456789";
let app: TestApp;
let merchant: Merchant;

before(async () => {
  app = await startTestApp({ PROVIDER_WEBHOOK_SECRET: PROVIDER_SECRET });
  merchant = await app.createMerchant();
});
after(() => app.close());

/** graphile-worker's queued jobs of a task for one charge (its public view leaves the payload out). */
const QUEUED_JOBS = `SELECT j.id FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
                      WHERE t.identifier = $1 AND j.payload->>'chargeId' = $2`;

const CHARGE_STATUS_EVENT_FIELDS = [
  "event",
  "event_id",
  "timestamp",
  "charge_id",
  "company_id",
  "amount",
  "status",
  "signature",
];

async function newCharge(amount = 25, who: Merchant = merchant): Promise<string> {
  const res = await app.request("POST", "/charges", { token: who.clientSecret, body: { amount } });
  assert.equal(res.status, 201, res.text);
  return res.body.id;
}

const cancel = (id: string, who: Merchant = merchant) =>
  app.request("POST", `/charges/${id}/cancel`, { token: who.clientSecret });

async function overdue(id: string) {
  await app.services.db.query("UPDATE charges SET expires_at = now() - interval '1 second' WHERE id = $1", [id]);
}

async function storedStatus(id: string): Promise<string> {
  return (await app.services.db.query("SELECT status FROM charges WHERE id = $1", [id]))[0].status;
}

function notify(items: unknown[]) {
  const rawBody = JSON.stringify({ pix: items });
  return app.request("POST", "/provider/pix", {
    rawBody,
    headers: { "content-type": "application/json", "x-provider-signature": signProviderBody(PROVIDER_SECRET, rawBody) },
  });
}

describe("POST /charges/:id/cancel", () => {
  test("200: a PENDING charge is CANCELLED, with its charge.cancelled event and the job that removes it at the bank", async () => {
    const id = await newCharge(25);
    const res = await cancel(`chg_${id}`);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.id, id);
    assert.equal(res.body.status, "CANCELLED");
    assert.equal(res.body.refunded_amount, 0);
    const events = await outboxEvents(app, id);
    assert.equal(events.length, 1);
    assert.deepEqual(Object.keys(events[0]), CHARGE_STATUS_EVENT_FIELDS);
    assert.deepEqual(
      { ...events[0], event_id: undefined, timestamp: undefined, signature: undefined },
      {
        event: "charge.cancelled",
        event_id: undefined,
        timestamp: undefined,
        charge_id: `chg_${id}`,
        company_id: merchant.companyId,
        amount: 25,
        status: "CANCELLED",
        signature: undefined,
      },
    );
    const jobs = await app.services.db.query(QUEUED_JOBS, [REMOVE_CHARGE_JOB, id]);
    assert.equal(jobs.length, 1);
    // The payer's bank reads the location: the charge is removed by its receiver.
    const location = (await app.services.db.query("SELECT location_id FROM charges WHERE id = $1", [id]))[0]
      .location_id;
    assert.equal((await app.request("GET", `/pix/v2/${location}`)).body.status, "REMOVIDA_PELO_USUARIO_RECEBEDOR");
  });

  test("409 INVALID_STATE for a charge that is not PENDING; 404 for another account's or a missing one; 401", async () => {
    const id = await newCharge();
    assert.equal((await cancel(id)).status, 200);
    const again = await cancel(id);
    assert.equal(again.status, 409);
    assert.deepEqual(again.body, {
      error: "Charge is CANCELLED; only a PENDING charge can change",
      code: "INVALID_STATE",
    });
    const paid = await newCharge();
    await app.graphql("mutation($id: ID!) { simulateChargePayment(chargeId: $id) { status } }", { id: paid });
    const paidAnswer = await cancel(paid);
    assert.equal(paidAnswer.status, 409);
    assert.equal(paidAnswer.body.error, "Charge is PAID; only a PENDING charge can change");
    assert.equal((await outboxEvents(app, paid)).filter((e) => e.event === "charge.cancelled").length, 0);

    const other = await app.createMerchant();
    const theirs = await newCharge(10, other);
    const notMine = await cancel(theirs);
    assert.equal(notMine.status, 404);
    assert.deepEqual(notMine.body, { error: "Charge not found", code: "NOT_FOUND" });
    assert.equal(await storedStatus(theirs), "PENDING");
    assert.equal((await cancel("ZZZZZZZZ")).status, 404);
    assert.equal((await app.request("POST", `/charges/${theirs}/cancel`)).status, 401);
    const extra = await app.request("POST", `/charges/${theirs}/cancel`, {
      token: other.clientSecret,
      body: { reason: "x" },
    });
    assert.equal(extra.status, 400);
    assert.equal(await storedStatus(theirs), "PENDING");
  });

  test("an overdue charge is EXPIRED instead (kept, with charge.expired) and the cancel is 409", async () => {
    const id = await newCharge();
    await overdue(id);
    const res = await cancel(id);
    assert.equal(res.status, 409);
    assert.deepEqual(res.body, { error: "Charge is EXPIRED; only a PENDING charge can change", code: "INVALID_STATE" });
    assert.equal(await storedStatus(id), "EXPIRED");
    assert.deepEqual(
      (await outboxEvents(app, id)).map((event) => [event.event, event.status]),
      [["charge.expired", "EXPIRED"]],
    );
  });

  test("a payment that arrives for a cancelled charge is refused and kept for review; GraphQL cancelCharge is the same operation", async () => {
    const id = await newCharge(30);
    const cancelled = await app.graphql(
      "mutation($id: ID!) { cancelCharge(id: $id) { id status } }",
      { id },
      merchant.clientSecret,
    );
    assert.deepEqual(cancelled.data.cancelCharge, { id, status: "CANCELLED" });
    const txid = (await app.services.db.query("SELECT txid FROM charges WHERE id = $1", [id]))[0].txid;
    const e2e = `E12345678202611221000${newUuid().replace(/-/g, "").slice(0, 11)}`;
    const res = await notify([{ endToEndId: e2e, txid, valor: "30.00", horario: new Date().toISOString() }]);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.results[0], {
      endToEndId: e2e,
      txid,
      outcome: "EXCEPTION",
      exceptionKind: "CHARGE_CANCELLED",
    });
    assert.equal(await storedStatus(id), "CANCELLED");
  });
});

describe("charge.expired", () => {
  test("the sweep expires overdue charges in batches, each with one charge.expired event; again, nothing more", async () => {
    const ids = await Promise.all(Array.from({ length: 5 }, () => newCharge(12)));
    for (const id of ids) await overdue(id);
    const fresh = await newCharge(12);
    const expired = await app.services.charges.expireOverdueCharges(2);
    assert.ok(expired >= 5, `expired ${expired}`);
    for (const id of ids) {
      assert.equal(await storedStatus(id), "EXPIRED");
      const events = await outboxEvents(app, id);
      assert.deepEqual(
        events.map((event) => [event.event, event.charge_id, event.amount, event.status]),
        [["charge.expired", `chg_${id}`, 12, "EXPIRED"]],
      );
      assert.deepEqual(Object.keys(events[0]), CHARGE_STATUS_EVENT_FIELDS);
    }
    assert.equal(await storedStatus(fresh), "PENDING");
    assert.equal(await app.services.charges.expireOverdueCharges(2), 0);
    for (const id of ids) assert.equal((await outboxEvents(app, id)).length, 1);
  });

  test("a payment found late for an overdue charge expires it with its event; the read shows EXPIRED before any write", async () => {
    const id = await newCharge(40);
    await overdue(id);
    const read = await app.request("GET", `/charges/${id}`, { token: merchant.clientSecret });
    assert.equal(read.body.status, "EXPIRED");
    assert.equal(await storedStatus(id), "PENDING");
    const txid = (await app.services.db.query("SELECT txid FROM charges WHERE id = $1", [id]))[0].txid;
    const e2e = `E12345678202611221000${newUuid().replace(/-/g, "").slice(0, 11)}`;
    const res = await notify([{ endToEndId: e2e, txid, valor: "40.00", horario: new Date().toISOString() }]);
    assert.equal(res.body.results[0].exceptionKind, "CHARGE_EXPIRED");
    assert.equal(await storedStatus(id), "EXPIRED");
    assert.deepEqual(
      (await outboxEvents(app, id)).map((event) => event.event),
      ["charge.expired"],
    );
    assert.equal(await app.services.charges.expireOverdueCharges(), 0);
  });
});

/** The pixels of an 8-bit PNG (grey, RGB or RGBA, not interlaced), as qrcode writes them. */
function readPng(png: Buffer): { width: number; height: number; dark: (x: number, y: number) => boolean } {
  assert.deepEqual([...png.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10], "PNG signature");
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString("latin1", offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      assert.equal(body[8], 8, "bit depth");
      assert.equal(body[12], 0, "not interlaced");
      channels = { 0: 1, 2: 3, 4: 2, 6: 4 }[body[9]] ?? 0;
      assert.ok(channels > 0, `colour type ${body[9]}`);
    }
    if (type === "IDAT") data.push(body);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x += 1) {
      const value = raw[y * (stride + 1) + 1 + x];
      const left = x >= channels ? pixels[y * stride + x - channels] : 0;
      const up = y > 0 ? pixels[(y - 1) * stride + x] : 0;
      const upLeft = y > 0 && x >= channels ? pixels[(y - 1) * stride + x - channels] : 0;
      const paeth = () => {
        const p = left + up - upLeft;
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        return pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      };
      const predictor = [0, left, up, (left + up) >> 1, paeth()][filter];
      pixels[y * stride + x] = (value + predictor) & 0xff;
    }
  }
  return { width, height, dark: (x, y) => pixels[y * stride + x * channels] < 128 };
}

describe("GET /charges/:id/qrcode", () => {
  test("a PNG of 512 × 512 pixels whose modules are the QR code of the charge's pix_code", async () => {
    const id = await newCharge(99.9);
    const pixCode = (await app.request("GET", `/charges/${id}`, { token: merchant.clientSecret })).body.pix_code;
    const res = await fetch(`${app.baseUrl}/charges/chg_${id}/qrcode`, {
      headers: { authorization: `Bearer ${merchant.clientSecret}` },
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-type"), "image/png");
    const png = readPng(Buffer.from(await res.arrayBuffer()));
    assert.equal(png.width, QR_CODE_SIZE);
    assert.equal(png.height, QR_CODE_SIZE);
    assert.ok(png.width >= 256);
    // Sample each module's centre: the image holds exactly the matrix of the pix_code, in a
    // quiet zone of 4 modules, scaled (by a fraction) to the image's width as qrcode does.
    const qr = QRCode.create(pixCode, { errorCorrectionLevel: "M" });
    const modules = qr.modules.size;
    const scale = QR_CODE_SIZE / (modules + 8);
    let mismatches = 0;
    for (let row = 0; row < modules; row += 1) {
      for (let column = 0; column < modules; column += 1) {
        const dark = png.dark(Math.floor((4 + column + 0.5) * scale), Math.floor((4 + row + 0.5) * scale));
        if (dark !== Boolean(qr.modules.get(row, column))) mismatches += 1;
      }
    }
    assert.equal(mismatches, 0);
    assert.equal(png.dark(1, 1), false, "quiet zone");
  });

  test("?format=svg is image/svg+xml of the same code; bad formats and parameters are 400; 401; 404", async () => {
    const id = await newCharge(5);
    const svg = await app.request("GET", `/charges/${id}/qrcode?format=svg`, { token: merchant.clientSecret });
    assert.equal(svg.status, 200);
    assert.equal(svg.headers.get("content-type"), "image/svg+xml; charset=utf-8");
    assert.match(
      svg.text,
      /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="512" height="512" viewBox="0 0 (\d+) \1"/,
    );
    const pixCode = (await app.request("GET", `/charges/${id}`, { token: merchant.clientSecret })).body.pix_code;
    const size = QRCode.create(pixCode, { errorCorrectionLevel: "M" }).modules.size + 8;
    assert.ok(svg.text.includes(`viewBox="0 0 ${size} ${size}"`));

    for (const [query, message] of [
      ["?format=jpg", "format must be png or svg"],
      ["?format=svg&format=png", "Query parameter format is given twice"],
      ["?size=1024", "Unknown query parameter: size"],
    ]) {
      const res = await app.request("GET", `/charges/${id}/qrcode${query}`, { token: merchant.clientSecret });
      assert.equal(res.status, 400, query);
      assert.deepEqual(res.body, { error: message, code: "VALIDATION_ERROR" });
    }
    const anonymous = await app.request("GET", `/charges/${id}/qrcode`);
    assert.equal(anonymous.status, 401);
    assert.equal(anonymous.body.code, "UNAUTHENTICATED");
    const other = await app.createMerchant();
    const theirs = await app.request("GET", `/charges/${id}/qrcode`, { token: other.clientSecret });
    assert.equal(theirs.status, 404);
    assert.deepEqual(theirs.body, { error: "Charge not found", code: "NOT_FOUND" });
    assert.equal((await app.request("GET", "/charges/ZZZZZZZZ/qrcode", { token: merchant.clientSecret })).status, 404);
    const operator = await app.request("GET", `/charges/${id}/qrcode?format=svg`, {
      token: "test-operator-token-0123456789",
    });
    assert.equal(operator.status, 200);
  });
});

describe("the removal at the bank", () => {
  test("the worker asks the bank to remove the cancelled charge, by its txid; a bank that cannot answer is asked again", async () => {
    const provider = app.services.provider;
    const asked: string[] = [];
    const original = provider.removeCharge;
    let txid = "";
    provider.removeCharge = async (charge) => {
      if (charge.txid !== txid) return { outcome: "removed" }; // earlier tests' cancels
      asked.push(charge.txid);
      if (asked.length === 1) throw new ProviderUnavailableError();
      return { outcome: "removed" };
    };
    const work = await startBackgroundWork(app.runtime);
    try {
      const id = await newCharge();
      txid = (await app.services.db.query("SELECT txid FROM charges WHERE id = $1", [id]))[0].txid;
      assert.equal((await cancel(id)).status, 200);
      await waitFor(
        "the removal to succeed",
        async () => {
          const rows = await app.services.db.query(QUEUED_JOBS, [REMOVE_CHARGE_JOB, id]);
          return rows.length === 0 && asked.length === 2;
        },
        30_000,
      );
      assert.deepEqual(asked, [txid, txid]);
    } finally {
      provider.removeCharge = original;
      await work.stop();
    }
  });
});
