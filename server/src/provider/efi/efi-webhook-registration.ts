import type { DataSource } from "typeorm";
import type { Logger } from "../../core/logger";
import type { EfiPixProvider } from "./efi-provider";
import { writeProviderState } from "./provider-state";

/** The registration of the key's webhook as the provider page shows it (the secret never leaves). */
export interface WebhookRegistrationState {
  ok: boolean;
  /** The registered URL with its `hmac` hidden. */
  webhookUrl: string;
  pixKey: string;
  at: string;
  error: string | null;
}

export function redactHmac(url: string): string {
  return url.replace(/([?&]hmac=)[^&]*/, "$1***");
}

/**
 * `PUT /v2/webhook/{chave}` for EFI_PIX_KEY, at start and by `npm run provider:register`.
 * A failure is logged and kept for the provider page, never thrown: the service still runs,
 * and reconciliation credits what the missing webhook does not bring.
 */
export async function registerEfiWebhook(services: {
  efi: { provider: EfiPixProvider } | null;
  db: DataSource;
  logger: Logger;
}): Promise<WebhookRegistrationState | null> {
  const efi = services.efi;
  if (!efi) return null;
  const base = {
    webhookUrl: redactHmac(efi.provider.webhookUrl),
    pixKey: efi.provider.pixKey,
    at: new Date().toISOString(),
  };
  let state: WebhookRegistrationState;
  try {
    await efi.provider.registerWebhook();
    state = { ...base, ok: true, error: null };
    services.logger.info("efi: webhook registered", { webhookUrl: base.webhookUrl, pixKey: base.pixKey });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    state = { ...base, ok: false, error: message };
    services.logger.error("efi: webhook registration failed; reconciliation still credits payments", {
      webhookUrl: base.webhookUrl,
      error: message,
    });
  }
  await writeProviderState(services.db, "webhook_registration", state).catch((error) =>
    services.logger.warn("efi: could not record the webhook registration", { error: String(error) }),
  );
  await registerRecurrenceWebhooks(efi.provider, services);
  return state;
}

/**
 * Pix Automático's webhooks beside the key's (`PUT /v2/webhookrec`, `PUT /v2/webhookcobr`).
 * A failure is logged and kept, never thrown: reconciliation reads recs and cobrs either way.
 */
async function registerRecurrenceWebhooks(
  provider: EfiPixProvider,
  services: { db: DataSource; logger: Logger },
): Promise<void> {
  let error: string | null = null;
  try {
    await provider.registerRecurrenceWebhooks();
    services.logger.info("efi: Pix Automático webhooks registered", {
      rec: redactHmac(provider.webhookUrlOf("rec")),
      cobr: redactHmac(provider.webhookUrlOf("cobr")),
    });
  } catch (failure) {
    error = failure instanceof Error ? failure.message : String(failure);
    services.logger.error(
      "efi: Pix Automático webhook registration failed; reconciliation still reads recs and cobrs",
      {
        error,
      },
    );
  }
  await writeProviderState(services.db, "recurrence_webhook_registration", {
    ok: error === null,
    at: new Date().toISOString(),
    error,
  }).catch(() => undefined);
}
