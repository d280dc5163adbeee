// The model face of charges/: its entities, types, errors and plain rules, apart from index.ts (its services), because features its services use import this part.
export { buildRecurrenceBrCode, buildStaticBrCode } from "./br-code";
export { Charge, ChargeStatus, ChargeType } from "./charge.entity";
export { ChargePayer, ChargePayerInput } from "./charge-terms.types";
export { chargeExpired, chargeNotPending } from "./charges.errors";
export { termsOf } from "./due-date-charge";
export { dateColumn } from "./due-date-columns";
export { paymentLinkUrlOf } from "./payment-url";
