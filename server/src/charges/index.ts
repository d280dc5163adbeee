// Charges (immediate and due-date), BR Code, expiry, batches.
// Its public face (with model.ts): what the other features may import of it (the house rule in .dependency-cruiser.cjs).
export { QR_CODE_SIZE } from "./charge-qrcode.http";
export { CHARGE_REST_FIELDS, ChargePage } from "./charges.operations";
export {
  amountToPay,
  CHARGE_READ_COLUMNS,
  type ChargeOrigin,
  type ChargesService,
  receivedCents,
} from "./charges.service";
