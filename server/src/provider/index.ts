// The PIX provider: the port (pix-provider.ts), the sandbox, Efí's adapter (efi/).
// Its public face: what the other features may import of it (the house rule in .dependency-cruiser.cjs).
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
  type RefundAtBank,
  type RefundOrder,
  type RegisteredCharge,
  sandboxReturnId,
  type TransferAtBank,
  type TransferDestination,
  type TransferOrder,
} from "./pix-provider";
export { isSandbox, requireSandbox } from "./sandbox-only";
