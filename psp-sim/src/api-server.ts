import { randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer, type Server } from "node:https";
import Ajv, { type ErrorObject, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import {
  CLIENT_ID_PATTERN,
  EFI_REQUEST_SCHEMAS,
  type EfiRequestBodyName,
  END_TO_END_ID_PATTERN,
  TXID_PATTERN,
} from "../../server/src/provider/efi/api-pix-schemas";
import { type Bank, pageOf } from "./bank";
import { EfiError, efiError, notFound, type ProblemType, problem } from "./efi-errors";
import type { Faults } from "./faults";
import type { PixAutomatico } from "./pix-automatico";
import type { WebhookSender } from "./webhook-sender";

/**
 * The Pix API of the local PSP, as Efí serves it: HTTPS with mutual TLS (a client without a
 * certificate of this PSP's CA is refused in the handshake), OAuth2 client credentials, and
 * the routes the service uses. Every request body is validated against the API Pix schemas
 * (api-pix-schemas.ts), and errors come in Efí's shapes.
 */
export interface ApiServerOptions {
  tls: { key: string; cert: string; ca: string };
  clientId: string;
  clientSecret: string;
  tokenTtlSeconds: number;
  bank: Bank;
  recurrences: PixAutomatico;
  webhooks: WebhookSender;
  faults: Faults;
  log: (line: string) => void;
}

export interface ApiRequestRecord {
  method: string;
  path: string;
  status: number;
  at: string;
}

const MAX_BODY_BYTES = 1_000_000;
const KEPT_REQUESTS = 1000;
const MAX_PAGE_SIZE = 1000;
const SCOPES = [
  "cob.write cob.read cobv.write cobv.read lotecobv.write lotecobv.read pix.write pix.read webhook.write webhook.read",
  "pix.send gn.pix.send.read rec.write rec.read solicrec.write solicrec.read cobr.write cobr.read",
  "payloadlocationrec.write payloadlocationrec.read webhookrec.write webhookrec.read webhookcobr.write webhookcobr.read",
].join(" ");

const ajv = new Ajv({ allErrors: true, strict: true });
addFormats(ajv);
const validators = Object.fromEntries(
  Object.entries(EFI_REQUEST_SCHEMAS).map(([name, schema]) => [name, ajv.compile(schema)]),
) as Record<EfiRequestBodyName, ValidateFunction>;

export class ApiServer {
  readonly server: Server;
  readonly requests: ApiRequestRecord[] = [];
  readonly stats = {
    tokensIssued: 0,
    tokenRequests: 0,
    apiRequests: 0,
    /** Request bodies refused for breaking their API Pix schema, in all and by schema. */
    schemaViolations: 0,
    schemaViolationsBy: {} as Partial<Record<EfiRequestBodyName, number>>,
  };
  private readonly tokens = new Map<string, number>();

  constructor(private readonly options: ApiServerOptions) {
    this.server = createServer(
      {
        key: options.tls.key,
        cert: options.tls.cert,
        ca: options.tls.ca,
        requestCert: true,
        rejectUnauthorized: true,
        minVersion: "TLSv1.2",
      },
      (req, res) => void this.handle(req, res),
    );
  }

  /** Every token issued so far stops working (as when Efí revokes or rotates them). */
  expireTokens(): number {
    const count = this.tokens.size;
    this.tokens.clear();
    return count;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "https://psp-sim");
    const method = req.method ?? "GET";
    let status = 500;
    try {
      const raw = await readBody(req);
      const fault = this.options.faults.take(url.pathname);
      if (fault === "hang") {
        this.record(method, url.pathname, 0);
        return; // never answered: the caller's timeout decides
      }
      if (fault) throw fault;
      const answer =
        url.pathname === "/oauth/token" && method === "POST"
          ? this.issueToken(req, raw)
          : await this.route(method, url, raw, req);
      status = answer.status;
      send(res, answer.status, answer.body);
    } catch (error) {
      const failure = error instanceof EfiError ? error : efiError(500, "erro_aplicacao", "Erro interno");
      if (!(error instanceof EfiError)) this.options.log(`internal error: ${(error as Error).stack ?? error}`);
      status = failure.status;
      send(res, failure.status, failure.body, failure.headers);
    }
    this.record(method, url.pathname, status);
  }

  private record(method: string, path: string, status: number): void {
    this.stats.apiRequests += 1;
    this.requests.push({ method, path, status, at: new Date().toISOString() });
    if (this.requests.length > KEPT_REQUESTS) this.requests.shift();
  }

  private issueToken(req: IncomingMessage, raw: string): Answer {
    this.stats.tokenRequests += 1;
    const [scheme, encoded] = (req.headers.authorization ?? "").split(" ");
    const [id, ...secret] = Buffer.from(encoded ?? "", "base64")
      .toString("utf8")
      .split(":");
    const invalidClient = new EfiError(401, {
      error: "invalid_client",
      error_description: "Invalid or inactive credentials",
    });
    if (
      scheme !== "Basic" ||
      !sameText(id, this.options.clientId) ||
      !sameText(secret.join(":"), this.options.clientSecret)
    )
      throw invalidClient;
    const body = parseJson(raw);
    if (!validators.TokenRequest(body)) {
      throw new EfiError(400, {
        error: "unsupported_grant_type",
        error_description: "grant_type must be client_credentials",
      });
    }
    const token = randomBytes(24).toString("base64url");
    this.tokens.set(token, Date.now() + this.options.tokenTtlSeconds * 1000);
    this.stats.tokensIssued += 1;
    return {
      status: 200,
      body: { access_token: token, token_type: "Bearer", expires_in: this.options.tokenTtlSeconds, scope: SCOPES },
    };
  }

  private authorize(req: IncomingMessage): void {
    const [scheme, token] = (req.headers.authorization ?? "").split(" ");
    const expiresAt = scheme === "Bearer" && token ? this.tokens.get(token) : undefined;
    if (expiresAt === undefined || expiresAt <= Date.now()) {
      throw efiError(401, "nao_autorizado", "Token de acesso ausente, inválido ou expirado");
    }
  }

  /** The body against its schema; a violation is counted (tests expect none) and answered 400. */
  private validated(name: EfiRequestBodyName, body: unknown, type: ProblemType, prefix: string): unknown {
    try {
      return validatedBody(name, body, type, prefix);
    } catch (error) {
      this.stats.schemaViolations += 1;
      this.stats.schemaViolationsBy[name] = (this.stats.schemaViolationsBy[name] ?? 0) + 1;
      throw error;
    }
  }

  private async route(method: string, url: URL, raw: string, req: IncomingMessage): Promise<Answer> {
    this.authorize(req);
    const path = url.pathname.replace(/\/+$/, "");
    const { bank } = this.options;
    const validated = this.validated.bind(this);
    const routes: Route[] = [
      [
        "PUT",
        /^\/v2\/cob\/([^/]+)$/,
        ([txid]) => {
          const body = validated("CobSolicitada", parseJson(raw), "CobOperacaoInvalida", "cob");
          return { status: 201, body: bank.cobJson(bank.createCob(checkTxid(txid), body as never)) };
        },
      ],
      [
        "PATCH",
        /^\/v2\/cob\/([^/]+)$/,
        ([txid]) => {
          const body = validated("CobRevisada", parseJson(raw), "CobOperacaoInvalida", "cob");
          return { status: 200, body: bank.cobJson(bank.reviseCob(checkTxid(txid), body as never)) };
        },
      ],
      ["GET", /^\/v2\/cob\/([^/]+)$/, ([txid]) => ({ status: 200, body: bank.cobJson(bank.getCob(checkTxid(txid))) })],
      [
        "PUT",
        /^\/v2\/cobv\/([^/]+)$/,
        ([txid]) => {
          const body = validated("CobVSolicitada", parseJson(raw), "CobVOperacaoInvalida", "cobv");
          return { status: 201, body: bank.cobvJson(bank.createCobv(checkTxid(txid), body as never)) };
        },
      ],
      [
        "PATCH",
        /^\/v2\/cobv\/([^/]+)$/,
        ([txid]) => {
          const body = validated("CobVRevisada", parseJson(raw), "CobVOperacaoInvalida", "cobv");
          return { status: 200, body: bank.cobvJson(bank.reviseCobv(checkTxid(txid), body as never)) };
        },
      ],
      [
        "GET",
        /^\/v2\/cobv\/([^/]+)$/,
        ([txid]) => ({ status: 200, body: bank.cobvJson(bank.getCobv(checkTxid(txid))) }),
      ],
      [
        "PUT",
        /^\/v2\/lotecobv\/([^/]+)$/,
        ([id]) => {
          const body = validated("LoteCobV", parseJson(raw), "LoteCobVOperacaoInvalida", "loteCobV");
          bank.createLote(checkLoteId(id), body as never);
          return { status: 202, body: null };
        },
      ],
      [
        "GET",
        /^\/v2\/lotecobv\/([^/]+)$/,
        ([id]) => ({ status: 200, body: bank.loteJson(bank.getLote(checkLoteId(id))) }),
      ],
      ["GET", /^\/v2\/pix$/, () => this.listPix(url)],
      ["GET", /^\/v2\/pix\/([^/]+)$/, ([e2eid]) => ({ status: 200, body: bank.pixJson(bank.getPix(e2eid), true) })],
      [
        "PUT",
        /^\/v2\/pix\/([^/]+)\/devolucao\/([^/]+)$/,
        ([e2eid, id]) => {
          checkDevolucaoIds(e2eid, id);
          const body = validated("DevolucaoSolicitada", parseJson(raw), "PixDevolucaoInvalida", "devolucao");
          const devolucao = bank.requestDevolucao(e2eid, id, body as never);
          return { status: 201, body: devolucaoBody(bank, e2eid, devolucao.id) };
        },
      ],
      [
        "GET",
        /^\/v2\/pix\/([^/]+)\/devolucao\/([^/]+)$/,
        ([e2eid, id]) => {
          checkDevolucaoIds(e2eid, id);
          return { status: 200, body: devolucaoBody(bank, e2eid, id) };
        },
      ],
      ["PUT", /^\/v3\/gn\/pix\/([^/]+)$/, ([idEnvio]) => this.sendPix(idEnvio, raw)],
      [
        "GET",
        /^\/v2\/gn\/pix\/enviados\/id-envio\/([^/]+)$/,
        ([idEnvio]) => ({
          status: 200,
          body: bank.sendJson(bank.getSend(idEnvio)),
        }),
      ],
      ["GET", /^\/v2\/gn\/infracoes$/, () => this.listInfracoes(url)],
      [
        "POST",
        /^\/v2\/gn\/infracoes\/([^/]+)\/defesa$/,
        ([id]) => {
          const body = parseJson(raw) as { analise?: unknown; justificativa?: unknown } | null;
          if (body?.analise !== "aceito" && body?.analise !== "rejeitado")
            throw parameterProblem("analise", "analise deve ser aceito ou rejeitado");
          if (typeof body.justificativa !== "string" || body.justificativa.trim() === "")
            throw parameterProblem("justificativa", "justificativa é obrigatória");
          bank.defendInfracao(id, { analise: body.analise, justificativa: body.justificativa });
          return { status: 204, body: null };
        },
      ],
      ...this.recurrenceRoutes(url, raw, req),
      ["PUT", /^\/v2\/webhook\/([^/]+)$/, ([chave]) => this.registerWebhook(chave, raw, req)],
      [
        "GET",
        /^\/v2\/webhook\/([^/]+)$/,
        ([chave]) => {
          const registration = bank.getWebhook(chave);
          return {
            status: 200,
            body: { webhookUrl: registration.webhookUrl, chave, criacao: registration.criacao.toISOString() },
          };
        },
      ],
      [
        "DELETE",
        /^\/v2\/webhook\/([^/]+)$/,
        ([chave]) => {
          bank.deleteWebhook(chave);
          return { status: 204, body: null };
        },
      ],
    ];
    for (const [routeMethod, pattern, handler] of routes) {
      const match = pattern.exec(path);
      if (match && routeMethod === method) return handler(match.slice(1).map(decodeURIComponent));
    }
    throw notFound(`Recurso ${method} ${path}`);
  }

  /** Pix Automático (pix-automatico.ts): locrec, rec, solicrec, cobr and their webhooks. */
  private recurrenceRoutes(url: URL, raw: string, req: IncomingMessage): Route[] {
    const { recurrences: pa } = this.options;
    const validated = this.validated.bind(this);
    const body = () => (raw.trim() === "" ? {} : parseJson(raw));
    const query = (name: string) => url.searchParams.get(name);
    return [
      ["POST", /^\/v2\/locrec$/, () => ({ status: 201, body: pa.locRecJson(pa.createLocRec()) })],
      ["GET", /^\/v2\/locrec\/([^/]+)$/, ([id]) => ({ status: 200, body: pa.locRecJson(pa.getLocRec(id)) })],
      [
        "POST",
        /^\/v2\/rec$/,
        () => {
          const rec = pa.createRec(validated("RecSolicitada", body(), "RecOperacaoInvalida", "rec") as never);
          return { status: 201, body: pa.recJson(rec) };
        },
      ],
      [
        "GET",
        /^\/v2\/rec$/,
        () => {
          const { inicio, fim, page, perPage } = readWindow(url);
          const { parametros, items } = pageOf(pa.listRecs(inicio, fim, query("status")), inicio, fim, page, perPage);
          return { status: 200, body: { parametros, recs: items.map((rec) => pa.recJson(rec)) } };
        },
      ],
      [
        "GET",
        /^\/v2\/rec\/([^/]+)$/,
        ([idRec]) => ({ status: 200, body: pa.recJson(pa.getRec(idRec), query("txid")) }),
      ],
      [
        "PATCH",
        /^\/v2\/rec\/([^/]+)$/,
        ([idRec]) => {
          const revision = validated("RecRevisada", body(), "RecOperacaoInvalida", "rec") as { status?: "CANCELADA" };
          return { status: 200, body: pa.recJson(pa.reviseRec(idRec, revision)) };
        },
      ],
      [
        "POST",
        /^\/v2\/solicrec$/,
        () => {
          const solicitada = validated("SolicRecSolicitada", body(), "SolicRecOperacaoInvalida", "solicrec");
          return { status: 201, body: pa.solicRecJson(pa.createSolicRec(solicitada as never)) };
        },
      ],
      ["GET", /^\/v2\/solicrec\/([^/]+)$/, ([id]) => ({ status: 200, body: pa.solicRecJson(pa.getSolicRec(id)) })],
      [
        "PATCH",
        /^\/v2\/solicrec\/([^/]+)$/,
        ([id]) => {
          validated("SolicRecRevisada", body(), "SolicRecOperacaoInvalida", "solicrec");
          return { status: 201, body: pa.solicRecJson(pa.cancelSolicRec(id)) };
        },
      ],
      [
        "PUT",
        /^\/v2\/cobr\/([^/]+)$/,
        ([txid]) => {
          const solicitada = validated("CobRSolicitada", body(), "CobROperacaoInvalida", "cobr");
          return { status: 201, body: pa.cobrJson(pa.createCobr(checkTxid(txid), solicitada as never)) };
        },
      ],
      [
        "PATCH",
        /^\/v2\/cobr\/([^/]+)$/,
        ([txid]) => {
          validated("CobRRevisada", body(), "CobROperacaoInvalida", "cobr");
          return { status: 200, body: pa.cobrJson(pa.reviseCobr(checkTxid(txid))) };
        },
      ],
      ["GET", /^\/v2\/cobr\/([^/]+)$/, ([txid]) => ({ status: 200, body: pa.cobrJson(pa.getCobr(checkTxid(txid))) })],
      [
        "POST",
        /^\/v2\/cobr\/([^/]+)\/retentativa\/([^/]+)$/,
        ([txid, data]) => ({ status: 201, body: pa.cobrJson(pa.retryCobr(checkTxid(txid), data)) }),
      ],
      [
        "GET",
        /^\/v2\/cobr$/,
        () => {
          const { inicio, fim, page, perPage } = readWindow(url);
          const all = pa.listCobrs(inicio, fim, query("idRec"), query("status"));
          const { parametros, items } = pageOf(all, inicio, fim, page, perPage);
          return { status: 200, body: { parametros, cobsr: items.map((cobr) => pa.cobrJson(cobr)) } };
        },
      ],
      ...(["rec", "cobr"] as const).flatMap((kind): Route[] => {
        const route = new RegExp(`^/v2/webhook${kind}$`);
        const schema = kind === "rec" ? "WebhookRecSolicitado" : "WebhookCobRSolicitado";
        return [
          [
            "PUT",
            route,
            async () => {
              const { webhookUrl } = validated(schema, body(), "WebhookOperacaoInvalida", "webhook") as {
                webhookUrl: string;
              };
              await this.checkWebhook(webhookUrl, kind, req);
              pa.webhooks[kind] = { webhookUrl, criacao: new Date() };
              return { status: 200, body: null };
            },
          ],
          [
            "GET",
            route,
            () => {
              const registration = pa.webhooks[kind];
              if (!registration) throw efiError(404, "webhook_nao_encontrado", "Nenhum webhook cadastrado");
              return {
                status: 200,
                body: { webhookUrl: registration.webhookUrl, criacao: registration.criacao.toISOString() },
              };
            },
          ],
          [
            "DELETE",
            route,
            () => {
              if (!pa.webhooks[kind]) throw efiError(404, "webhook_nao_encontrado", "Nenhum webhook cadastrado");
              delete pa.webhooks[kind];
              return { status: 204, body: null };
            },
          ],
        ];
      }),
    ];
  }

  /**
   * As for the Pix webhook: an http URL needs `x-skip-mtls-checking: true`, and the URL must
   * answer 2xx to a test notification (at `{webhookUrl}/rec` or `/cobr`, where notifications go).
   */
  private async checkWebhook(webhookUrl: string, kind: "rec" | "cobr", req: IncomingMessage): Promise<void> {
    const skip = String(req.headers["x-skip-mtls-checking"] ?? "").toLowerCase() === "true";
    if (new URL(webhookUrl).protocol === "http:" && !skip) {
      throw efiError(
        400,
        "webhook_invalido",
        "A autenticação de TLS mútuo não está configurada na URL informada (use https, ou o cabeçalho x-skip-mtls-checking)",
      );
    }
    const test = await this.options.webhooks.post(`${webhookUrl}/${kind}`, {
      evento: "teste_webhook",
      data_criacao: new Date().toISOString(),
    });
    if (test.status === null || test.status < 200 || test.status > 299) {
      throw efiError(
        400,
        "webhook_invalido",
        `A URL do webhook não respondeu 2xx à notificação de teste (${test.status ?? test.error})`,
      );
    }
  }

  private listInfracoes(url: URL): Answer {
    const { inicio, fim, page, perPage } = readWindow(url);
    return { status: 200, body: this.options.bank.listInfracoes(inicio, fim, page, perPage) };
  }

  private listPix(url: URL): Answer {
    const { inicio, fim, page, perPage } = readWindow(url);
    return { status: 200, body: this.options.bank.listPix(inicio, fim, page, perPage) };
  }

  private sendPix(idEnvio: string, raw: string): Answer {
    if (!new RegExp(CLIENT_ID_PATTERN).test(idEnvio))
      throw efiError(400, "id_envio_invalido", "O idEnvio deve ter de 1 a 35 letras e dígitos");
    const body = parseJson(raw);
    if (!validators.PixEnvioSolicitado(body)) {
      this.stats.schemaViolations += 1;
      this.stats.schemaViolationsBy.PixEnvioSolicitado = (this.stats.schemaViolationsBy.PixEnvioSolicitado ?? 0) + 1;
      const [first] = violationsOf(validators.PixEnvioSolicitado.errors, "envio");
      throw efiError(400, "requisicao_invalida", `${first.propriedade}: ${first.razao}`);
    }
    const sent = this.options.bank.send(idEnvio, body as never);
    return {
      status: 201,
      body: {
        endToEndId: sent.endToEndId,
        idEnvio: sent.idEnvio,
        valor: sent.valor,
        horario: { solicitacao: sent.solicitacao.toISOString() },
        status: sent.status,
        favorecido: { ...sent.favorecido, identificacao: sent.identificacao },
      },
    };
  }

  /**
   * Efí checks a webhook before it keeps it: over http (or with mutual TLS skipped) it sends a
   * test notification, and a URL that does not answer 2xx is refused.
   */
  private async registerWebhook(chave: string, raw: string, req: IncomingMessage): Promise<Answer> {
    const { bank, webhooks } = this.options;
    const body = this.validated("WebhookSolicitado", parseJson(raw), "WebhookOperacaoInvalida", "webhook") as {
      webhookUrl: string;
    };
    const skip = String(req.headers["x-skip-mtls-checking"] ?? "").toLowerCase() === "true";
    const registration = bank.registerWebhook(chave, body.webhookUrl, skip);
    const test = await webhooks.post(`${body.webhookUrl}/pix`, {
      evento: "teste_webhook",
      data_criacao: new Date().toISOString(),
    });
    if (test.status === null || test.status < 200 || test.status > 299) {
      bank.deleteWebhook(chave);
      throw efiError(
        400,
        "webhook_invalido",
        `A URL do webhook não respondeu 2xx à notificação de teste (${test.status ?? test.error})`,
      );
    }
    return {
      status: 200,
      body: { webhookUrl: registration.webhookUrl, chave, criacao: registration.criacao.toISOString() },
    };
  }
}

interface Answer {
  status: number;
  body: unknown;
}

type Route = [string, RegExp, (params: string[]) => Answer | Promise<Answer>];

function devolucaoBody(bank: Bank, e2eid: string, id: string): Record<string, unknown> {
  const devolucao = bank.getDevolucao(e2eid, id);
  return {
    id: devolucao.id,
    rtrId: devolucao.rtrId,
    valor: devolucao.valor,
    natureza: devolucao.natureza,
    ...(devolucao.descricao !== undefined ? { descricao: devolucao.descricao } : {}),
    horario: {
      solicitacao: devolucao.solicitacao.toISOString(),
      ...(devolucao.liquidacao ? { liquidacao: devolucao.liquidacao.toISOString() } : {}),
    },
    status: devolucao.status,
    ...(devolucao.motivo !== undefined ? { motivo: devolucao.motivo } : {}),
  };
}

function checkTxid(txid: string): string {
  if (new RegExp(TXID_PATTERN).test(txid)) return txid;
  throw problem(400, "CobOperacaoInvalida", [
    { razao: "O txid deve ter de 26 a 35 letras e dígitos.", propriedade: "cob.txid", valor: txid },
  ]);
}

/** A lote's id: a number, written as text in the path. */
function checkLoteId(id: string): string {
  if (/^\d{1,18}$/.test(id)) return id;
  throw problem(400, "LoteCobVOperacaoInvalida", [
    { razao: "O id do lote deve ser numérico.", propriedade: "id", valor: id },
  ]);
}

function checkDevolucaoIds(e2eid: string, id: string): void {
  if (!new RegExp(END_TO_END_ID_PATTERN).test(e2eid)) {
    throw problem(400, "PixDevolucaoInvalida", [{ razao: "e2eid inválido", propriedade: "e2eid", valor: e2eid }]);
  }
  if (!new RegExp(CLIENT_ID_PATTERN).test(id)) {
    throw problem(400, "PixDevolucaoInvalida", [
      { razao: "O id da devolução deve ter de 1 a 35 letras e dígitos.", propriedade: "id", valor: id },
    ]);
  }
}

function validatedBody(name: EfiRequestBodyName, body: unknown, type: ProblemType, prefix: string): unknown {
  const validate = validators[name];
  if (!validate(body)) throw problem(400, type, violationsOf(validate.errors, prefix));
  return body;
}

/** Ajv's errors as API Pix `violacoes` (`cob.valor.original`). */
function violationsOf(errors: ErrorObject[] | null | undefined, prefix: string) {
  return (errors ?? []).map((error) => {
    const path = error.instancePath.split("/").filter(Boolean);
    if (error.keyword === "additionalProperties") path.push(String(error.params.additionalProperty));
    if (error.keyword === "required") path.push(String(error.params.missingProperty));
    return { razao: `O campo não respeita o schema: ${error.message}`, propriedade: [prefix, ...path].join(".") };
  });
}

/** A listing's window and page (`inicio`, `fim`, `paginacao.*`), as Efí reads them. */
function readWindow(url: URL): { inicio: Date; fim: Date; page: number; perPage: number } {
  const inicio = readTime(url.searchParams.get("inicio"), "inicio");
  const fim = readTime(url.searchParams.get("fim"), "fim");
  const page = readInteger(url.searchParams.get("paginacao.paginaAtual"), 0, 0, Number.MAX_SAFE_INTEGER);
  const perPage = readInteger(url.searchParams.get("paginacao.itensPorPagina"), 100, 1, MAX_PAGE_SIZE);
  if (fim < inicio) throw parameterProblem("fim", "fim deve ser posterior a inicio");
  return { inicio, fim, page, perPage };
}

function parameterProblem(name: string, razao: string) {
  return problem(400, "ParametroInvalido", [{ razao, propriedade: name }]);
}

function readTime(value: string | null, name: string): Date {
  const time = value && /^\d{4}-\d{2}-\d{2}T/.test(value) ? new Date(value) : null;
  if (!time || Number.isNaN(time.getTime())) throw parameterProblem(name, `${name} é obrigatório, no formato RFC 3339`);
  return time;
}

function readInteger(value: string | null, fallback: number, min: number, max: number): number {
  if (value === null) return fallback;
  const number = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(number) || number < min || number > max)
    throw parameterProblem("paginacao", `deve ser um inteiro de ${min} a ${max}`);
  return number;
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw efiError(400, "json_invalido", "O corpo da requisição não é um JSON válido");
  }
}

function sameText(given: string | undefined, expected: string): boolean {
  const a = Buffer.from(given ?? "");
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw efiError(413, "requisicao_muito_grande", "O corpo da requisição é grande demais");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) return;
  if (body === null) {
    res.writeHead(status, headers).end();
    return;
  }
  const text = JSON.stringify(body);
  const problemBody = typeof body === "object" && body !== null && "type" in body && "title" in body;
  res
    .writeHead(status, {
      "content-type": problemBody ? "application/problem+json" : "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(text),
      ...headers,
    })
    .end(text);
}
