// The public face of inbound-pix/: what the other features may import of it (the house rule in .dependency-cruiser.cjs).
export type {
  InboundPixOutcome,
  InboundPixResult,
  InboundPixService,
  PaymentDecision,
  StaticQrPayments,
} from "./inbound-pix.service";
