import { rootCertificates, connect as tlsConnect } from "node:tls";
import {
  BrokenCircuitError,
  type CircuitBreakerPolicy,
  CircuitState,
  ConsecutiveBreaker,
  circuitBreaker,
  handleWhen,
} from "cockatiel";
import { Agent, request } from "undici";
import type { Logger } from "../../core/logger";
import { ProviderUnavailableError } from "../pix-provider";
import { type EfiCertificate, EfiConfigurationError, loadEfiCa, loadEfiCertificate } from "./efi-certificate";

/**
 * Efí's Pix API over mutual TLS: the account's certificate on every connection, an OAuth2
 * client-credentials token reused until shortly before it expires (and renewed once when a
 * call answers 401), transient failures (5xx, 429, timeouts, resets) retried a few times
 * with exponential backoff and jitter honouring Retry-After, and a circuit breaker so that an
 * outage answers at once instead of making every caller wait. Efí's refusals (4xx) come out
 * as EfiApiError with the bank's own message.
 */
export interface EfiClientOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  certFile: string;
  caFile?: string;
  /** One request's bound (connect, headers and body). */
  timeoutMs?: number;
  /** Attempts of one call, the first included. */
  maxAttempts?: number;
  /** First retry delay; each next one doubles, up to maxDelayMs, with jitter. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A Retry-After longer than this is not waited for: the call fails now and its caller retries later. */
  maxRetryAfterMs?: number;
  /** Consecutive transient failures that open the circuit, and how long it stays open. */
  breakerThreshold?: number;
  breakerOpenMs?: number;
  logger?: Logger;
}

/** Efí refused the request (a 4xx other than 401 and 429): the operation failed for good. */
export class EfiApiError extends Error {
  constructor(
    readonly status: number,
    /** Efí's `nome`, or the API Pix problem's type (its last segment). */
    readonly efiName: string,
    /** The bank's own words: `mensagem`, or the problem's `detail` with its `violacoes`. */
    readonly reason: string,
    readonly body: unknown,
  ) {
    super(`Efí answered ${status} ${efiName}: ${reason}`);
    this.name = "EfiApiError";
  }
}

/** What the console shows of the connection. */
export interface EfiClientHealth {
  baseUrl: string;
  certificate: { subject: string; issuer: string; validFrom: string; validTo: string; fingerprint256: string };
  token: { valid: boolean; expiresAt: string | null; obtainedAt: string | null; requests: number };
  circuit: "closed" | "open" | "half-open";
  lastSuccessAt: string | null;
  lastFailure: { at: string; message: string } | null;
}

/** Renew a token this long before Efí says it expires. */
const TOKEN_MARGIN_MS = 60_000;
const MAX_ERROR_TEXT = 300;

interface Token {
  accessToken: string;
  expiresAt: number;
}

interface Attempt {
  status: number;
  body: unknown;
  retryAfterMs: number | null;
}

/** A transient failure of one attempt: worth another try later. */
class TransientFailure extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

export class EfiClient {
  readonly certificate: EfiCertificate;
  private readonly agent: Agent;
  private readonly ca: string[] | null;
  private readonly breaker: CircuitBreakerPolicy;
  private token: Token | null = null;
  private tokenInFlight: Promise<Token> | null = null;
  private readonly options: Required<Omit<EfiClientOptions, "caFile" | "logger">> & Pick<EfiClientOptions, "logger">;
  private readonly health = {
    tokenRequests: 0,
    tokenObtainedAt: null as Date | null,
    lastSuccessAt: null as Date | null,
    lastFailure: null as { at: Date; message: string } | null,
  };

  constructor(options: EfiClientOptions) {
    this.options = {
      timeoutMs: 10_000,
      maxAttempts: 3,
      baseDelayMs: 200,
      maxDelayMs: 2_000,
      maxRetryAfterMs: 5_000,
      breakerThreshold: 5,
      breakerOpenMs: 15_000,
      ...options,
      baseUrl: options.baseUrl.replace(/\/+$/, ""),
    };
    this.certificate = loadEfiCertificate(options.certFile);
    const extraCa = options.caFile ? loadEfiCa(options.caFile) : null;
    this.ca = extraCa ? [...rootCertificates, extraCa] : null;
    this.agent = new Agent({
      connect: {
        cert: this.certificate.certPem,
        key: this.certificate.keyPem,
        // EFI_CA_FILE adds to the usual authorities; it does not replace them.
        ...(this.ca ? { ca: this.ca } : {}),
        timeout: this.options.timeoutMs,
      },
      headersTimeout: this.options.timeoutMs,
      bodyTimeout: this.options.timeoutMs,
      keepAliveTimeout: 30_000,
    });
    this.breaker = circuitBreaker(
      handleWhen((error) => error instanceof TransientFailure),
      { halfOpenAfter: this.options.breakerOpenMs, breaker: new ConsecutiveBreaker(this.options.breakerThreshold) },
    );
    this.breaker.onBreak(() => this.options.logger?.warn("efi: circuit open, calls fail fast", {}));
    this.breaker.onReset(() => this.options.logger?.info("efi: circuit closed again", {}));
  }

  get circuitState(): EfiClientHealth["circuit"] {
    switch (this.breaker.state) {
      case CircuitState.Closed:
        return "closed";
      case CircuitState.HalfOpen:
        return "half-open";
      default:
        return "open";
    }
  }

  /** Token requests made so far (the tests count them: a token is reused). */
  get tokenRequests(): number {
    return this.health.tokenRequests;
  }

  describe(): EfiClientHealth {
    const token = this.token;
    return {
      baseUrl: this.options.baseUrl,
      certificate: {
        subject: this.certificate.subject,
        issuer: this.certificate.issuer,
        validFrom: this.certificate.validFrom.toISOString(),
        validTo: this.certificate.validTo.toISOString(),
        fingerprint256: this.certificate.fingerprint256,
      },
      token: {
        valid: token !== null && token.expiresAt > Date.now(),
        expiresAt: token ? new Date(token.expiresAt).toISOString() : null,
        obtainedAt: this.health.tokenObtainedAt?.toISOString() ?? null,
        requests: this.health.tokenRequests,
      },
      circuit: this.circuitState,
      lastSuccessAt: this.health.lastSuccessAt?.toISOString() ?? null,
      lastFailure: this.health.lastFailure
        ? { at: this.health.lastFailure.at.toISOString(), message: this.health.lastFailure.message }
        : null,
    };
  }

  /**
   * Obtains a token now: the start's check that the certificate and the credentials work.
   * Wrong ones are EfiConfigurationError naming the variable to fix.
   */
  async verify(): Promise<void> {
    this.token = null;
    try {
      await this.accessToken();
    } catch (error) {
      // Under TLS 1.3 a refused client certificate shows as a connection closed after the
      // handshake; a plain TLS connection tells the bank's alert.
      const alert = error instanceof ProviderUnavailableError ? await this.tlsAlert() : null;
      if (alert !== null && CERTIFICATE_REFUSED.test(alert)) {
        throw new EfiConfigurationError("EFI_CERT_FILE", `the bank refused the client certificate (${alert})`);
      }
      throw this.asConfigurationError(error);
    }
  }

  /** The TLS alert the bank answers a connection with this certificate with, if any. */
  private tlsAlert(): Promise<string | null> {
    const url = new URL(this.options.baseUrl);
    return new Promise((resolve) => {
      const socket = tlsConnect({
        host: url.hostname,
        port: Number(url.port || 443),
        servername: url.hostname,
        cert: this.certificate.certPem,
        key: this.certificate.keyPem,
        ...(this.ca ? { ca: this.ca } : {}),
      });
      const done = (alert: string | null) => {
        socket.destroy();
        resolve(alert);
      };
      let handshake = false;
      socket.setTimeout(this.options.timeoutMs, () => done(null));
      socket.once("secureConnect", () => {
        handshake = true;
        socket.write(`GET / HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\n\r\n`);
      });
      socket.once("error", (error) => done(error.message));
      socket.once("data", () => done(null));
      // Some servers (Node's among them) refuse a certificate by closing without an alert.
      socket.once("close", () => done(handshake ? "connection closed after the handshake, unanswered" : null));
    });
  }

  /**
   * One API call: JSON in, JSON out. Transient failures are retried here (bounded); what is
   * left of them leaves as ProviderUnavailableError. A 401 renews the token once.
   */
  async call<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: T }> {
    let renewed = false;
    for (;;) {
      let answer: Attempt;
      let token: Token;
      try {
        token = await this.accessToken();
        answer = await this.withRetries(() =>
          this.send(method, path, { ...headers, authorization: `Bearer ${token.accessToken}` }, body),
        );
      } catch (error) {
        // A certificate refused now (revoked, replaced at the bank) is the bank out of reach for this process.
        if (error instanceof TlsRefusal) throw new ProviderUnavailableError(`${error.variable}: ${error.message}`);
        throw error;
      }
      if (answer.status === 401 && !renewed) {
        renewed = true;
        if (this.token === token) this.token = null;
        continue;
      }
      if (answer.status >= 400) throw apiError(answer);
      return { status: answer.status, body: answer.body as T };
    }
  }

  async close(): Promise<void> {
    await this.agent.close();
  }

  private async accessToken(): Promise<Token> {
    const current = this.token;
    if (current && current.expiresAt - TOKEN_MARGIN_MS > Date.now()) return current;
    this.tokenInFlight ??= this.requestToken().finally(() => {
      this.tokenInFlight = null;
    });
    return this.tokenInFlight;
  }

  private async requestToken(): Promise<Token> {
    this.health.tokenRequests += 1;
    const basic = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString("base64");
    const answer = await this.withRetries(() =>
      this.send("POST", "/oauth/token", { authorization: `Basic ${basic}` }, { grant_type: "client_credentials" }),
    );
    if (answer.status >= 400) throw apiError(answer);
    const body = answer.body as { access_token?: unknown; expires_in?: unknown };
    if (typeof body.access_token !== "string" || typeof body.expires_in !== "number") {
      throw new EfiApiError(answer.status, "token_invalido", "the token answer has no access_token/expires_in", body);
    }
    const token = { accessToken: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 };
    this.token = token;
    this.health.tokenObtainedAt = new Date();
    return token;
  }

  /** Attempts through the circuit breaker, transient failures retried with backoff and jitter. */
  private async withRetries(attempt: () => Promise<Attempt>): Promise<Attempt> {
    for (let number = 1; ; number += 1) {
      try {
        const answer = await this.breaker.execute(async () => {
          const result = await attempt();
          if (result.status === 429 || result.status >= 500) {
            throw new TransientFailure(
              `Efí answered ${result.status}: ${describeBody(result.body)}`,
              result.retryAfterMs,
            );
          }
          return result;
        });
        this.health.lastSuccessAt = new Date();
        return answer;
      } catch (error) {
        if (error instanceof BrokenCircuitError) {
          throw new ProviderUnavailableError(
            "Efí unavailable: too many failures in a row, waiting before trying again",
          );
        }
        if (!(error instanceof TransientFailure)) throw error;
        this.health.lastFailure = { at: new Date(), message: error.message };
        const delay = this.retryDelay(number, error.retryAfterMs);
        if (number >= this.options.maxAttempts || delay === null) throw new ProviderUnavailableError(error.message);
        this.options.logger?.debug("efi: transient failure, retrying", {
          attempt: number,
          delayMs: delay,
          error: error.message,
        });
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  /** Full jitter over an exponential ceiling; Retry-After when the bank gave one (null: longer than we wait). */
  private retryDelay(attempt: number, retryAfterMs: number | null): number | null {
    if (retryAfterMs !== null) return retryAfterMs > this.options.maxRetryAfterMs ? null : retryAfterMs;
    const ceiling = Math.min(this.options.maxDelayMs, this.options.baseDelayMs * 2 ** (attempt - 1));
    return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
  }

  private async send(method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<Attempt> {
    let response: Awaited<ReturnType<typeof request>>;
    try {
      response = await request(`${this.options.baseUrl}${path}`, {
        method: method as "GET",
        dispatcher: this.agent,
        headers: {
          ...headers,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      const failure = classifyNetworkError(error);
      if (failure instanceof TransientFailure) throw failure;
      this.health.lastFailure = { at: new Date(), message: failure.message };
      throw failure;
    }
    const text = await response.body.text().catch(() => "");
    let parsed: unknown = null;
    try {
      parsed = text === "" ? null : JSON.parse(text);
    } catch {
      parsed = text.slice(0, MAX_ERROR_TEXT);
    }
    return { status: response.statusCode, body: parsed, retryAfterMs: retryAfterOf(response.headers["retry-after"]) };
  }

  private asConfigurationError(error: unknown): Error {
    if (error instanceof EfiConfigurationError) return error;
    if (error instanceof EfiApiError && (error.status === 401 || error.status === 403)) {
      return new EfiConfigurationError(
        "EFI_CLIENT_ID/EFI_CLIENT_SECRET",
        `the bank refused the credentials (${error.status}: ${error.reason})`,
      );
    }
    if (error instanceof TlsRefusal) return new EfiConfigurationError(error.variable, error.message);
    if (error instanceof ProviderUnavailableError) {
      return new EfiConfigurationError("EFI_BASE_URL", `the bank cannot be reached: ${error.message}`);
    }
    return error instanceof Error ? error : new Error(String(error));
  }
}

/** A TLS problem that is configuration, not bad luck: retrying cannot help. */
class TlsRefusal extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(message);
  }
}

const CERTIFICATE_REFUSED =
  /certificate required|bad certificate|unknown ca|certificate unknown|unsupported certificate|alert handshake|closed after the handshake/i;
const SERVER_NOT_TRUSTED =
  /self[- ]signed|unable to (get|verify)|certificate has expired|Hostname\/IP does not match|UNABLE_TO|CERT_/i;

function classifyNetworkError(error: unknown): Error {
  const err = error as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = err.code ?? err.cause?.code ?? "";
  const message = `${err.message ?? ""} ${err.cause?.message ?? ""}`.trim();
  if (SERVER_NOT_TRUSTED.test(message) || /^(ERR_TLS_CERT|UNABLE_TO|CERT_|DEPTH_ZERO|SELF_SIGNED)/.test(code)) {
    return new TlsRefusal(
      "EFI_CA_FILE",
      `the bank's certificate is not trusted (${message}); check EFI_BASE_URL, or give its authority in EFI_CA_FILE`,
    );
  }
  if (CERTIFICATE_REFUSED.test(message)) {
    return new TlsRefusal("EFI_CERT_FILE", `the bank refused the client certificate (${message})`);
  }
  return new TransientFailure(`Efí unreachable: ${code || message || "network error"}`);
}

function retryAfterOf(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

function describeBody(body: unknown): string {
  if (typeof body === "object" && body !== null) {
    const { mensagem, detail, title, error_description: description } = body as Record<string, unknown>;
    const text = [mensagem, detail, title, description].find((part) => typeof part === "string");
    if (text) return String(text).slice(0, MAX_ERROR_TEXT);
  }
  return typeof body === "string" ? body.slice(0, MAX_ERROR_TEXT) : "no details";
}

/** Efí's `{nome, mensagem}`, the API Pix problem (`detail` and `violacoes`), or OAuth's `{error, error_description}`. */
export function apiError(answer: { status: number; body: unknown }): EfiApiError {
  const body = (typeof answer.body === "object" && answer.body !== null ? answer.body : {}) as Record<string, unknown>;
  if (typeof body.nome === "string") {
    return new EfiApiError(answer.status, body.nome, String(body.mensagem ?? body.nome).slice(0, MAX_ERROR_TEXT), body);
  }
  if (typeof body.type === "string" || typeof body.detail === "string") {
    const violations = Array.isArray(body.violacoes)
      ? body.violacoes
          .map((violation: { razao?: unknown; propriedade?: unknown }) =>
            [violation.propriedade, violation.razao].filter((part) => typeof part === "string").join(": "),
          )
          .filter(Boolean)
      : [];
    const detail = String(body.detail ?? body.title ?? "");
    const name = typeof body.type === "string" ? body.type.split("/").pop() || "problema" : "problema";
    return new EfiApiError(
      answer.status,
      name,
      [detail, ...violations].filter(Boolean).join(" ").slice(0, MAX_ERROR_TEXT) || name,
      body,
    );
  }
  if (typeof body.error === "string") {
    return new EfiApiError(answer.status, body.error, String(body.error_description ?? body.error), body);
  }
  return new EfiApiError(answer.status, `http_${answer.status}`, describeBody(answer.body), answer.body);
}

/**
 * Every page of one of Efí's listings over a window (`GET /v2/pix`, `GET /v2/gn/infracoes`):
 * `inicio`/`fim` and `paginacao.*` as the API reads them, the items under `field`.
 */
export async function listEveryPage<T>(
  client: EfiClient,
  path: string,
  field: string,
  from: Date,
  to: Date,
  pageSize: number,
): Promise<T[]> {
  const all: T[] = [];
  for (let page = 0; ; page += 1) {
    const query = new URLSearchParams({
      inicio: from.toISOString(),
      fim: to.toISOString(),
      "paginacao.paginaAtual": String(page),
      "paginacao.itensPorPagina": String(pageSize),
    });
    const { body } = await client.call<Record<string, unknown>>("GET", `${path}?${query}`);
    const items = (Array.isArray(body[field]) ? body[field] : []) as T[];
    all.push(...items);
    const pages = (body.parametros as { paginacao?: { quantidadeDePaginas?: number } } | undefined)?.paginacao
      ?.quantidadeDePaginas;
    if (page + 1 >= (pages ?? 1) || items.length === 0) return all;
  }
}
