import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { type SmtpInbox, startSmtpInbox } from "../../test/support/smtp-inbox";
import { startTestApp, type TestApp } from "../../test/support/test-app";
import { loadConfig } from "../core/config";
import { startJobWorker } from "../core/jobs";
import { createLogger } from "../core/logger";
import { runTransaction } from "../core/transactions";
import { createJobHandlers } from "../job-handlers";
import { portugueseFirst, queueMail, SEND_MAIL_JOB } from "./mail-outbox";
import { Mailer } from "./mailer";

let inbox: SmtpInbox;
let app: TestApp;

before(async () => {
  inbox = await startSmtpInbox();
  app = await startTestApp({ SMTP_URL: inbox.url, MAIL_FROM: "Pix Pagamentos <avisos@pix.example>" });
});
after(async () => {
  await app.close();
  await inbox.close();
});

const message = {
  to: ["dona.maria@example.com", "operações@example.com"],
  subject: "Atenção: código de verificação bloqueado",
  text: "Olá, Maria.\n\nSeu segundo fator foi bloqueado após 10 tentativas erradas. Não foi você? Troque a senha já.",
};

test("a message goes over SMTP to a real server: sender, recipients, subject and text arrive as written", async () => {
  const before = inbox.messages.length;
  await app.services.mailer.send(message);
  const [received] = (await inbox.waitFor(before + 1)).slice(before);
  assert.equal(received.envelopeFrom, "avisos@pix.example");
  assert.deepEqual(received.envelopeTo, ["dona.maria@example.com", "operações@example.com"]);
  assert.equal(received.from, "Pix Pagamentos <avisos@pix.example>");
  assert.equal(received.to, "dona.maria@example.com, operações@example.com");
  assert.equal(received.subject, message.subject);
  assert.equal(received.text, message.text);
  assert.match(received.raw, /^Content-Type: text\/plain; charset=utf-8$/m, "plain text only");
});

test("queueMail is an outbox: a committed transaction's message is sent by the worker, a rolled-back one never", async () => {
  const before = inbox.messages.length;
  await runTransaction(app.services.db, (em) =>
    queueMail(em, { to: ["kept@example.com"], subject: "Assunto mantido", text: "enviado" }),
  );
  await assert.rejects(
    runTransaction(app.services.db, async (em) => {
      await queueMail(em, { to: ["lost@example.com"], subject: "Assunto perdido", text: "nunca" });
      throw new Error("rolled back");
    }),
    /rolled back/,
  );
  const queued = await app.services.db.query(
    `SELECT j.payload FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
      WHERE t.identifier = $1`,
    [SEND_MAIL_JOB],
  );
  assert.deepEqual(
    queued.map((row: { payload: { to: string[] } }) => row.payload.to),
    [["kept@example.com"]],
  );
  const worker = await startJobWorker(app.databaseUrl, createJobHandlers(app.services), app.services.logger, {
    concurrency: 1,
    heartbeatMs: 1000,
  });
  try {
    const [received] = (await inbox.waitFor(before + 1)).slice(before);
    assert.equal(received.subject, "Assunto mantido");
    assert.deepEqual(received.envelopeTo, ["kept@example.com"]);
  } finally {
    await worker.stop();
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
  assert.equal(inbox.messages.length, before + 1, "the rolled-back message was never sent");
});

test("an SMTP server that refuses fails the send (its job is tried again), and the next try goes through", async () => {
  const before = inbox.messages.length;
  inbox.refuse(true);
  try {
    await assert.rejects(app.services.mailer.send(message), (error: Error & { responseCode?: number }) => {
      assert.equal(error.responseCode, 421);
      return true;
    });
  } finally {
    inbox.refuse(false);
  }
  await app.services.mailer.send(message);
  assert.equal((await inbox.waitFor(before + 1)).length, before + 1);
});

test("without SMTP_URL the message is written to the log, whole, and nothing is sent", async () => {
  const lines: string[] = [];
  const logger = createLogger("info", { write: (line: string) => lines.push(line) });
  const mailer = new Mailer({ smtpUrl: undefined, from: "PIX <no-reply@localhost>" }, logger);
  assert.equal(mailer.sends, false);
  await mailer.send(message);
  logger.flush();
  const line = lines.map((text) => JSON.parse(text)).find((entry) => entry.mail);
  assert.deepEqual(line.mail, { from: "PIX <no-reply@localhost>", ...message });
  assert.match(line.msg, /SMTP_URL is unset/);
});

test("SMTP_URL must be smtp:// or smtps://; MAIL_FROM defaults to no-reply at PUBLIC_BASE_URL's host", () => {
  assert.throws(() => loadConfig({ SMTP_URL: "http://mail.example.com" }), /SMTP_URL: expected smtp/);
  assert.equal(
    loadConfig({ SMTP_URL: "smtps://user:pass@mail.example.com:465" }).smtpUrl,
    "smtps://user:pass@mail.example.com:465",
  );
  assert.equal(
    loadConfig({ PUBLIC_BASE_URL: "https://pix.example.com.br" }).mailFrom,
    "PIX <no-reply@pix.example.com.br>",
  );
  assert.equal(loadConfig({}).smtpUrl, undefined);
});

test("portugueseFirst: the Portuguese subject, the Portuguese text, then the English one", () => {
  assert.deepEqual(portugueseFirst(["a@example.com"], { subject: "Aviso", text: "Olá.\n" }, { text: "\nHello." }), {
    to: ["a@example.com"],
    subject: "Aviso",
    text: "Olá.\n\n---\n\n(English)\n\nHello.\n",
  });
});
