// The accounts' payers.
// Its public face: what the other features may import of it (the house rule in .dependency-cruiser.cjs).
export type { CustomersService } from "./customers.service";
export { checkPayer, documentKind, type Payer } from "./payer-document";
