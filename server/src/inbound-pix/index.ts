// Received Pix applied to the money features: a payment matched to its charge or kept as a payment exception.
// Its public face (with model.ts): what the other features may import of it (the house rule in .dependency-cruiser.cjs).
export type {
  InboundPixOutcome,
  InboundPixResult,
  InboundPixService,
  PaymentDecision,
  StaticQrPayments,
} from "./inbound-pix.service";
