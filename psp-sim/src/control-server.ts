import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { ApiServer } from "./api-server";
import { type Bank, FINAL_INFRACAO_STATUSES, type FinalInfracaoStatus, type Payer, valorOf } from "./bank";
import { EfiError } from "./efi-errors";
import type { FaultSpec, Faults } from "./faults";
import {
  forgedCobrPayment,
  forgedDevolucaoOutcome,
  forgedPix,
  forgedRecStatus,
  forgedSendOutcome,
} from "./forged-notifications";
import type { PixAutomatico } from "./pix-automatico";
import { readStaticBrCode } from "./static-br-code";
import type { WebhookSender } from "./webhook-sender";

/**
 * The local PSP's control API, plain HTTP on loopback, for tests and for trying the service
 * by hand: what a payer, the Pix network or a bad day at the bank would do.
 *
 *   GET  /control/state                         the bank: cobs, received Pix, sends, devoluções, webhook, infractions (with the account's analise), counters
 *   GET  /control/requests                      the last API requests (method, path, status)
 *   GET  /control/webhooks/deliveries           the last webhook deliveries
 *   POST /control/cobs/:txid/pay                a payer pays a cob, or a cobv at its amount due today {pagador?: {nome, cpf|cnpj}, infoPagador?, valor?}
 *   POST /control/cobv/:txid/age                a cobv as if made that many days earlier (its dates too) {days}
 *   POST /control/pix                           a Pix arrives without a cob {valor, txid?, pagador?, infoPagador?}
 *   POST /control/brcode/pay                    a payer's app pays a static BR Code (a counter's QR code) {pixCopiaECola, valor?, pagador?}
 *   POST /control/webhooks/drop-next            lose the next webhooks      {count?}
 *   POST /control/faults                        trouble on the API          {status: 429|5xx|"hang", count?, rate?, retryAfterSeconds?, pathPrefix?}
 *   DELETE /control/faults                      no more trouble
 *   POST /control/sends/:idEnvio/settle         a Pix Send is paid (REALIZADO)
 *   POST /control/sends/:idEnvio/refuse         a Pix Send fails            {motivo?}
 *   POST /control/sends/:idEnvio/hold           a Pix Send stays in processing (never settles by itself)
 *   POST /control/forge/pix                     a notification of a Pix that never happened {valor, txid?, endToEndId?, pagador?, devolucoes?}
 *   POST /control/forge/sends/:idEnvio          a notification of a send's outcome the bank did not give {status?: NAO_REALIZADO|REALIZADO|EM_PROCESSAMENTO, motivo?}
 *   POST /control/forge/devolucoes/:id          a notification of a devolução's outcome the bank did not give {status?, motivo?}
 *   POST /control/forge                         any body, POSTed to the webhook as is {body}
 *   POST /control/devolucoes/:id/settle         a devolução is returned (DEVOLVIDO)
 *   POST /control/devolucoes/:id/refuse         a devolução fails           {motivo?}
 *   POST /control/infracoes                     the payer's bank notifies a MED infraction {endToEndId, valor?, razao?, abertura?}
 *   POST /control/infracoes/:id/decide          Efí decides it {status: ACEITA|REJEITADA|CANCELADA_EFI, justificativaAnalista?}
 *   POST /control/tokens/expire                 every token issued stops working
 *   POST /control/recs/:idRec/decide            the payer authorises or refuses a recurrence {status: APROVADA|REJEITADA, descricao?, valorMaximo? (a variable one's limit)}
 *   POST /control/recs/:idRec/cancel            the payer cancels it at their bank {descricao?}
 *   POST /control/recs/:idRec/expire            it was not authorised in time
 *   POST /control/cobr/:txid/debit              the payer's bank settles the scheduled attempt {status: PAGA|REJEITADA, codigo?, descricao?}
 *   POST /control/forge/recs/:idRec             a rec notification with a status the bank did not give {status}
 *   POST /control/forge/cobsr/:txid             a cobr notification of a payment the bank did not make {status?: CONCLUIDA|...}
 */
export interface ControlServerOptions {
  bank: Bank;
  recurrences: PixAutomatico;
  api: ApiServer;
  faults: Faults;
  webhooks: WebhookSender;
}

const DOCUMENT = /^(\d{11}|[0-9A-Z]{14})$/;
const VALOR = /^\d{1,10}\.\d{2}$/;

export function createControlServer(options: ControlServerOptions): Server {
  return createServer((req, res) => {
    handle(options, req)
      .then((answer) => send(res, answer.status, answer.body))
      .catch((error) => {
        if (error instanceof EfiError) send(res, error.status, error.body);
        else send(res, 400, { error: error instanceof Error ? error.message : String(error) });
      });
  });
}

async function handle(options: ControlServerOptions, req: IncomingMessage): Promise<{ status: number; body: unknown }> {
  const { bank, api, faults, webhooks, recurrences: pa } = options;
  const url = new URL(req.url ?? "/", "http://psp-sim");
  const method = req.method ?? "GET";
  const path = url.pathname.replace(/\/+$/, "");
  const body = method === "GET" || method === "DELETE" ? {} : await readJson(req);
  const forged = method === "POST" && path.startsWith("/control/forge") ? await forge(options, path, body) : null;
  if (forged) return forged;
  const routes: Array<[string, RegExp, (params: string[]) => { status: number; body: unknown }]> = [
    [
      "GET",
      /^\/control\/state$/,
      () => ({
        status: 200,
        body: {
          pixKey: bank.options.pixKey,
          cobs: [...bank.cobs.values()].map((cob) => bank.cobJson(cob)),
          cobvs: [...bank.cobvs.values()].map((cobv) => bank.cobvJson(cobv)),
          lotes: [...bank.lotes.values()].map((lote) => bank.loteJson(lote)),
          received: [...bank.received.values()].map((pix) => bank.pixJson(pix, true)),
          sends: [...bank.sends.values()].map((sent) => bank.sendJson(sent)),
          webhooks: [...bank.webhooks.values()],
          // With the account's answer (analise), which Efí's listing does not show.
          infracoes: [...bank.infracoes.values()].map((infracao) => ({
            ...bank.infracaoJson(infracao),
            ...(infracao.analise !== undefined ? { analise: infracao.analise } : {}),
          })),
          locrecs: [...pa.locrecs.values()].map((loc) => pa.locRecJson(loc)),
          recs: [...pa.recs.values()].map((rec) => pa.recJson(rec)),
          solicrecs: [...pa.solicrecs.values()].map((solic) => pa.solicRecJson(solic)),
          cobsr: [...pa.cobrs.values()].map((cobr) => pa.cobrJson(cobr)),
          webhooksPixAutomatico: pa.webhooks,
          faults: faults.list(),
          stats: api.stats,
        },
      }),
    ],
    ["GET", /^\/control\/requests$/, () => ({ status: 200, body: api.requests })],
    ["GET", /^\/control\/webhooks\/deliveries$/, () => ({ status: 200, body: webhooks.deliveries })],
    [
      "POST",
      /^\/control\/cobs\/([^/]+)\/pay$/,
      ([txid]) => {
        const valor = body.valor === undefined ? undefined : String(body.valor);
        if (valor !== undefined && !VALOR.test(valor)) throw new Error('valor must be like "10.00"');
        return { status: 201, body: bank.pixJson(bank.payCob(txid, { ...readPayment(body), valor }), true) };
      },
    ],
    [
      "POST",
      /^\/control\/cobv\/([^/]+)\/age$/,
      ([txid]) => {
        const days = Number(body.days);
        if (!Number.isInteger(days) || days < 1 || days > 3650)
          throw new Error("days must be an integer from 1 to 3650");
        return { status: 200, body: bank.cobvJson(bank.ageCobv(txid, days)) };
      },
    ],
    [
      "POST",
      /^\/control\/pix$/,
      () => {
        const valor = typeof body.valor === "number" ? valorOf(BigInt(Math.round(body.valor * 100))) : body.valor;
        if (typeof valor !== "string" || !VALOR.test(valor)) throw new Error('valor must be like "10.00"');
        const txid = body.txid === undefined ? undefined : String(body.txid);
        return { status: 201, body: bank.pixJson(bank.receive({ ...readPayment(body), valor, txid }), true) };
      },
    ],
    [
      "POST",
      /^\/control\/brcode\/pay$/,
      () => {
        if (typeof body.pixCopiaECola !== "string") throw new Error("pixCopiaECola is required");
        const code = readStaticBrCode(body.pixCopiaECola);
        if (code.pixKey !== bank.options.pixKey)
          throw new Error("the code's key is not this account's: its Pix goes to another bank");
        const typed = body.valor === undefined ? undefined : String(body.valor);
        if (typed !== undefined && !VALOR.test(typed)) throw new Error('valor must be like "10.00"');
        // A code with an amount is paid with it (the payer's app shows it fixed); without one, the payer types it.
        if (code.valor !== null && typed !== undefined && typed !== code.valor)
          throw new Error(`the code's amount is ${code.valor}`);
        const valor = code.valor ?? typed;
        if (valor === undefined) throw new Error("valor is required: the code has no amount");
        const txid = code.txid ?? undefined;
        return { status: 201, body: bank.pixJson(bank.receive({ ...readPayment(body), valor, txid }), true) };
      },
    ],
    [
      "POST",
      /^\/control\/webhooks\/drop-next$/,
      () => {
        const count = body.count === undefined ? 1 : Number(body.count);
        if (!Number.isInteger(count) || count < 1) throw new Error("count must be a positive integer");
        return { status: 200, body: { dropping: webhooks.dropNext(count) } };
      },
    ],
    [
      "POST",
      /^\/control\/faults$/,
      () => {
        faults.arm(body as unknown as FaultSpec);
        return { status: 200, body: { faults: faults.list() } };
      },
    ],
    [
      "DELETE",
      /^\/control\/faults$/,
      () => {
        faults.clear();
        return { status: 200, body: { faults: [] } };
      },
    ],
    [
      "POST",
      /^\/control\/sends\/([^/]+)\/settle$/,
      ([idEnvio]) => ({
        status: 200,
        body: bank.sendJson(bank.settleSend(idEnvio, "REALIZADO")),
      }),
    ],
    [
      "POST",
      /^\/control\/sends\/([^/]+)\/refuse$/,
      ([idEnvio]) => ({
        status: 200,
        body: bank.sendJson(bank.settleSend(idEnvio, "NAO_REALIZADO", readReason(body))),
      }),
    ],
    [
      "POST",
      /^\/control\/sends\/([^/]+)\/hold$/,
      ([idEnvio]) => ({ status: 200, body: bank.sendJson(bank.holdSend(idEnvio)) }),
    ],
    [
      "POST",
      /^\/control\/devolucoes\/([^/]+)\/settle$/,
      ([id]) => ({
        status: 200,
        body: bank.settleDevolucao(id, "DEVOLVIDO"),
      }),
    ],
    [
      "POST",
      /^\/control\/devolucoes\/([^/]+)\/refuse$/,
      ([id]) => ({
        status: 200,
        body: bank.settleDevolucao(id, "NAO_REALIZADO", readReason(body) ?? "Conta do pagador encerrada"),
      }),
    ],
    [
      "POST",
      /^\/control\/infracoes$/,
      () => {
        if (typeof body.endToEndId !== "string") throw new Error("endToEndId is required");
        if (body.valor !== undefined && (typeof body.valor !== "string" || !VALOR.test(body.valor)))
          throw new Error('valor must be like "10.00"');
        const razao = typeof body.razao === "string" ? body.razao : undefined;
        const abertura = body.abertura === undefined ? undefined : new Date(String(body.abertura));
        if (abertura && Number.isNaN(abertura.getTime())) throw new Error("abertura must be an ISO date");
        const infracao = bank.openInfracao({ endToEndId: body.endToEndId, valor: body.valor, razao, abertura });
        return { status: 201, body: bank.infracaoJson(infracao) };
      },
    ],
    [
      "POST",
      /^\/control\/infracoes\/([^/]+)\/decide$/,
      ([id]) => {
        const status = body.status;
        if (typeof status !== "string" || !(FINAL_INFRACAO_STATUSES as readonly string[]).includes(status))
          throw new Error(`status must be one of ${FINAL_INFRACAO_STATUSES.join(", ")}`);
        const said = body.justificativaAnalista;
        if (said !== undefined && typeof said !== "string") throw new Error("justificativaAnalista must be a string");
        const infracao = bank.decideInfracao(id, status as FinalInfracaoStatus, said);
        return { status: 200, body: bank.infracaoJson(infracao) };
      },
    ],
    ["POST", /^\/control\/tokens\/expire$/, () => ({ status: 200, body: { expired: api.expireTokens() } })],
    [
      "POST",
      /^\/control\/recs\/([^/]+)\/decide$/,
      ([idRec]) => {
        if (body.status !== "APROVADA" && body.status !== "REJEITADA")
          throw new Error("status must be APROVADA or REJEITADA");
        const valorMaximo = body.valorMaximo === undefined ? undefined : String(body.valorMaximo);
        if (valorMaximo !== undefined && (!VALOR.test(valorMaximo) || body.status !== "APROVADA"))
          throw new Error('valorMaximo (with APROVADA) must be like "150.00"');
        return {
          status: 200,
          body: pa.recJson(pa.decideRec(idRec, body.status, readText(body.descricao), valorMaximo)),
        };
      },
    ],
    [
      "POST",
      /^\/control\/recs\/([^/]+)\/cancel$/,
      ([idRec]) => ({ status: 200, body: pa.recJson(pa.cancelRecByPayer(idRec, readText(body.descricao))) }),
    ],
    [
      "POST",
      /^\/control\/recs\/([^/]+)\/expire$/,
      ([idRec]) => ({ status: 200, body: pa.recJson(pa.expireRec(idRec)) }),
    ],
    [
      "POST",
      /^\/control\/cobr\/([^/]+)\/debit$/,
      ([txid]) => {
        if (body.status !== "PAGA" && body.status !== "REJEITADA") throw new Error("status must be PAGA or REJEITADA");
        const codigo = readText(body.codigo);
        if (codigo !== undefined && !/^[A-Z0-9]{4}$/.test(codigo))
          throw new Error("codigo must be 4 letters or digits");
        const cobr = pa.debitCobr(txid, body.status, { codigo, descricao: readText(body.descricao) });
        return { status: 200, body: pa.cobrJson(cobr) };
      },
    ],
  ];
  for (const [routeMethod, pattern, handler] of routes) {
    const match = pattern.exec(path);
    if (match && routeMethod === method) return handler(match.slice(1).map(decodeURIComponent));
  }
  return { status: 404, body: { error: `no control route ${method} ${path}` } };
}

/**
 * The forged notifications (forged-notifications.ts), POSTed once to the key's webhook and
 * answered with the service's status: what someone who learned the URL could send.
 */
async function forge(
  { bank, webhooks, recurrences }: ControlServerOptions,
  path: string,
  body: Record<string, unknown>,
): Promise<{ status: number; body: unknown } | null> {
  const rec = /^\/control\/forge\/recs\/([^/]+)$/.exec(path);
  const cobr = /^\/control\/forge\/cobsr\/([^/]+)$/.exec(path);
  if (rec || cobr) {
    const kind = rec ? "rec" : "cobr";
    const notification = rec
      ? forgedRecStatus(recurrences, decodeURIComponent(rec[1]), body)
      : forgedCobrPayment(recurrences, decodeURIComponent((cobr as RegExpExecArray)[1]), body);
    const registration = recurrences.webhooks[kind];
    if (!registration) throw new Error(`no webhook${kind} registered: nowhere to send it`);
    const delivered = await webhooks.forge(registration.webhookUrl, notification, `/${kind}`);
    return { status: 200, body: { delivered, notification } };
  }
  const send = /^\/control\/forge\/sends\/([^/]+)$/.exec(path);
  const devolucao = /^\/control\/forge\/devolucoes\/([^/]+)$/.exec(path);
  let notification: unknown;
  if (path === "/control/forge") notification = body.body;
  else if (path === "/control/forge/pix") notification = forgedPix(bank, body);
  else if (send) notification = forgedSendOutcome(bank, decodeURIComponent(send[1]), body);
  else if (devolucao) notification = forgedDevolucaoOutcome(bank, decodeURIComponent(devolucao[1]), body);
  else return null;
  const registration = bank.webhooks.get(bank.options.pixKey);
  if (!registration) throw new Error("no webhook registered for the key: nowhere to send it");
  const delivered = await webhooks.forge(registration.webhookUrl, notification);
  return { status: 200, body: { delivered, notification } };
}

function readPayment(body: Record<string, unknown>): { pagador?: Payer; infoPagador?: string } {
  const payer = body.pagador as Record<string, unknown> | undefined;
  let pagador: Payer | undefined;
  if (payer !== undefined) {
    const document = String(payer.cpf ?? payer.cnpj ?? "");
    if (typeof payer.nome !== "string" || !DOCUMENT.test(document))
      throw new Error("pagador needs nome and a cpf (11 digits) or cnpj (14 characters)");
    pagador = document.length === 11 ? { nome: payer.nome, cpf: document } : { nome: payer.nome, cnpj: document };
  }
  return {
    ...(pagador ? { pagador } : {}),
    ...(typeof body.infoPagador === "string" ? { infoPagador: body.infoPagador } : {}),
  };
}

function readText(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.slice(0, 140) : undefined;
}

function readReason(body: Record<string, unknown>): string | undefined {
  return typeof body.motivo === "string" && body.motivo.trim() !== "" ? body.motivo.slice(0, 140) : undefined;
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8").trim();
  if (text === "") return {};
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Error("body must be an object");
  return parsed as Record<string, unknown>;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body, null, 2);
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" }).end(`${text}\n`);
}
