// The model face of inbound-pix/: its entities, types, errors and plain rules, apart from index.ts (its services), because features its services use import this part.
export {
  PaymentException,
  PaymentExceptionKind,
  PaymentExceptionStatus,
  PaymentReturnStatus,
} from "./payment-exception.entity";
