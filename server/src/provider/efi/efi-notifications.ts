import type { FastifyInstance } from "fastify";
import type { DataSource } from "typeorm";
import { AppError, unauthenticated, validationError } from "../../core/errors";
import type { Logger } from "../../core/logger";
import { registerRawBodies } from "../../http/json-body";
import type { WithdrawalBankOutcomes } from "../../withdrawals/withdrawal-bank-outcomes";
import type { InboundPixResult, InboundPixService } from "../inbound-pix.service";
import { parsePixNotifications } from "../pix-notification";
import { EFI_WEBHOOK_PATH, type EfiPixProvider, withdrawalIdOf } from "./efi-provider";
import { writeProviderState } from "./provider-state";

/** What became of a Pix Send outcome Efí reported. */
export interface EfiTransferResult {
  idEnvio: string | null;
  withdrawalId: string | null;
  outcome: "PAID" | "FAILED" | "UNCHANGED" | "UNKNOWN";
}

export interface EfiNotificationResult {
  received: number;
  /** Efí's test notification (sent when the webhook is registered): nothing to apply. */
  test: boolean;
  results: InboundPixResult[];
  transfers: EfiTransferResult[];
}

/** The notification's last call, for the provider page. */
export interface LastNotification {
  at: string;
  test: boolean;
  payments: number;
  transfers: number;
  failed: string | null;
}

/**
 * Efí's notifications (`POST /provider/efi/pix?hmac=…&ignorar=/pix`): received Pix (the
 * payer in `gnExtras.pagador`) and the devoluções of them go through the same inbound
 * service as every provider's (idempotent by end-to-end id); the outcomes of Pix Send
 * (`gnExtras.idEnvio`, a failure's reason in `gnExtras.erro.motivo`) settle or fail the
 * withdrawal through the withdrawals service, as the sandbox's bank does.
 */
export class EfiNotificationsService {
  constructor(
    private readonly db: DataSource,
    private readonly provider: EfiPixProvider,
    private readonly inboundPix: InboundPixService,
    private readonly withdrawals: WithdrawalBankOutcomes,
    private readonly logger: Logger,
  ) {}

  async receive(hmac: string | undefined, rawBody: Buffer, requestId: string | null): Promise<EfiNotificationResult> {
    if (!this.provider.verifyWebhookSecret(hmac)) throw unauthenticated();
    let body: unknown;
    try {
      body = JSON.parse(rawBody.toString("utf8"));
    } catch {
      throw validationError("body is not valid JSON");
    }
    if (typeof body !== "object" || body === null || Array.isArray(body))
      throw validationError("body must be an object");
    const items = (body as { pix?: unknown }).pix;
    if (!Array.isArray(items)) {
      // Efí's test notification when the webhook is registered: `{"evento": "teste_webhook", ...}`.
      if (typeof (body as { evento?: unknown }).evento === "string") {
        await this.remember({ at: new Date().toISOString(), test: true, payments: 0, transfers: 0, failed: null });
        return { received: 0, test: true, results: [], transfers: [] };
      }
      throw validationError('body must be {"pix": [...]}');
    }
    const transfers = items.filter(isTransferOutcome);
    const payments = items.filter((item) => !isTransferOutcome(item)).map(withPayer);
    let failure: unknown = null;
    let results: InboundPixResult[] = [];
    try {
      results = await this.inboundPix.applyPixEntries(parsePixNotifications({ pix: payments }), requestId);
    } catch (error) {
      failure = error;
    }
    const transferResults: EfiTransferResult[] = [];
    for (const item of transfers) {
      try {
        transferResults.push(await this.applyTransferOutcome(item as TransferOutcome, requestId));
      } catch (error) {
        failure ??= error;
      }
    }
    await this.remember({
      at: new Date().toISOString(),
      test: false,
      payments: payments.length,
      transfers: transfers.length,
      failed: failure === null ? null : failure instanceof Error ? failure.message : String(failure),
    }).catch(() => undefined);
    if (failure !== null) throw failure; // Efí sends it again; what was applied answers as duplicate then
    return { received: items.length, test: false, results, transfers: transferResults };
  }

  /** A Pix Send's outcome: REALIZADO settles the withdrawal, NAO_REALIZADO fails it with Efí's reason. */
  async applyTransferOutcome(item: TransferOutcome, requestId: string | null): Promise<EfiTransferResult> {
    const idEnvio = typeof item.gnExtras?.idEnvio === "string" ? item.gnExtras.idEnvio : null;
    const withdrawalId = idEnvio === null ? null : withdrawalIdOf(idEnvio);
    if (withdrawalId === null) {
      this.logger.warn("efi: outcome of a Pix Send that is not a withdrawal of this service", { idEnvio, requestId });
      return { idEnvio, withdrawalId, outcome: "UNKNOWN" };
    }
    const unchanged = (error: unknown): EfiTransferResult => {
      // Decided already (a repeated notification, or a read-back got there first).
      if (error instanceof AppError && (error.code === "INVALID_STATE" || error.code === "NOT_FOUND")) {
        return { idEnvio, withdrawalId, outcome: "UNCHANGED" };
      }
      throw error;
    };
    if (item.status === "REALIZADO") {
      if (typeof item.endToEndId === "string")
        await this.withdrawals.recordBankAcceptance(withdrawalId, item.endToEndId);
      return this.withdrawals
        .settleWithdrawal(withdrawalId, "provider", requestId)
        .then((): EfiTransferResult => ({ idEnvio, withdrawalId, outcome: "PAID" }), unchanged);
    }
    if (item.status === "NAO_REALIZADO") {
      const reason = String(item.gnExtras?.erro?.motivo ?? "Pix não realizado").slice(0, 500);
      return this.withdrawals
        .failWithdrawal(withdrawalId, reason, "provider", requestId)
        .then((): EfiTransferResult => ({ idEnvio, withdrawalId, outcome: "FAILED" }), unchanged);
    }
    return { idEnvio, withdrawalId, outcome: "UNCHANGED" }; // EM_PROCESSAMENTO: nothing decided yet
  }

  private remember(last: LastNotification): Promise<void> {
    return writeProviderState(this.db, "last_notification", last);
  }
}

interface TransferOutcome {
  endToEndId?: unknown;
  status?: unknown;
  tipo?: unknown;
  gnExtras?: { idEnvio?: unknown; erro?: { motivo?: unknown } };
}

function isTransferOutcome(item: unknown): boolean {
  if (typeof item !== "object" || item === null) return false;
  const entry = item as TransferOutcome;
  return entry.tipo === "SOLICITACAO" || (typeof entry.gnExtras === "object" && entry.gnExtras?.idEnvio !== undefined);
}

/** Efí writes the payer in `gnExtras.pagador`; the inbound service reads `pagador`. */
function withPayer(item: unknown): unknown {
  if (typeof item !== "object" || item === null || Array.isArray(item)) return item;
  const entry = item as { pagador?: unknown; gnExtras?: { pagador?: unknown } };
  if (entry.pagador !== undefined || typeof entry.gnExtras?.pagador !== "object") return item;
  return { ...entry, pagador: entry.gnExtras.pagador };
}

/**
 * The route, authenticated by the `hmac` query parameter (CONTRACT §10). The `/pix` Efí
 * appends to the registered URL lands in the ignored `ignorar` parameter.
 */
export async function efiNotificationRoutes(app: FastifyInstance, options: { notifications: EfiNotificationsService }) {
  registerRawBodies(app);
  app.post(EFI_WEBHOOK_PATH, { config: { access: "provider" } }, async (request) => {
    const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const { hmac } = request.query as { hmac?: string | string[] };
    return options.notifications.receive(Array.isArray(hmac) ? undefined : hmac, rawBody, request.id);
  });
}
