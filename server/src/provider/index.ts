// The PIX provider: the port (pix-provider.ts), the sandbox, Efí's adapter (efi/: the mutual-TLS
// client, the request and response mapping, the webhook's registration). What applies the bank's
// news to the money features is in bank-events/, above them, and reaches the adapter through here.
// Its public face: what the other features may import of it (the house rule in .dependency-cruiser.cjs).
export { cobvValor, devedorOf } from "./api-pix-cobv";
export { EfiApiError, listEveryPage } from "./efi/efi-client";
export {
  EFI_COBR_WEBHOOK_PATH,
  EFI_REC_WEBHOOK_PATH,
  EFI_WEBHOOK_PATH,
  type EfiCobr,
  EfiPixProvider,
  type EfiRec,
  recurrenceAtBankOf,
  withdrawalIdOf,
} from "./efi/efi-provider";
export type { WebhookRegistrationState } from "./efi/efi-webhook-registration";
export { readProviderState, writeProviderState } from "./efi/provider-state";
export {
  type MalformedPixNotification,
  type ParsedPixEntry,
  type PixNotification,
  parsePixNotifications,
  type ReturnReport,
} from "./pix-notification";
export {
  type PixProvider,
  ProviderUnavailableError,
  providerActor,
  type RecurrenceAtBank,
  type RefundAtBank,
  type RefundOrder,
  type RegisteredCharge,
  sandboxReturnId,
  type TransferAtBank,
  type TransferDestination,
  type TransferOrder,
} from "./pix-provider";
export { MAX_STORED_DEPTH, storableJson } from "./provider-text";
export { isSandbox, requireSandbox } from "./sandbox-only";
