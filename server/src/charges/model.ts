// charges/'s model face: the charge entity, its types and errors, BR Code, due-date rules. It stands apart from
// index.ts because its service calls the provider's port, whose types reach back here (via withdrawals, companies, customers).
export { buildRecurrenceBrCode, buildStaticBrCode } from "./br-code";
export { Charge, ChargeStatus, ChargeType } from "./charge.entity";
export { ChargePayer, ChargePayerInput } from "./charge-terms.types";
export { chargeExpired, chargeNotPending, recurringChargeDueTaken } from "./charges.errors";
export { termsOf } from "./due-date-charge";
export { dateColumn } from "./due-date-columns";
export { paymentLinkUrlOf } from "./payment-url";
