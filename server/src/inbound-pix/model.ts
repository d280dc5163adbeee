// inbound-pix/'s model face: the payment-exception entity. It stands apart from index.ts (InboundPixService)
// because that service uses refunds/, whose exception returns use this entity.
export {
  PaymentException,
  PaymentExceptionKind,
  PaymentExceptionStatus,
  PaymentReturnStatus,
} from "./payment-exception.entity";
