// Refunds of paid charges (devoluções) and returns of payment exceptions.
// Its public face: what the other features may import of it (the house rule in .dependency-cruiser.cjs).
export { type ExceptionReturnsService, exceptionIdOfReturnRequest } from "./exception-returns.service";
export { Refund, RefundNature, RefundStatus } from "./refund.entity";
export { returnJobPayload, SUBMIT_REFUND_JOB } from "./refund-jobs";
export { refundExceedsCharge, refundWindowClosed } from "./refunds.errors";
export {
  type DisputeReturnListener,
  lockAccountWithBalance,
  type RefundsService,
  refundableCents,
  refundEventFields,
} from "./refunds.service";
