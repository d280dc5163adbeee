// Pix Automático: the payers' authorisations, their cycles' charges, debits and retries.
// Its public face: what the other features may import of it (the house rule in .dependency-cruiser.cjs).
export { RecurrenceStatus } from "./recurrence.entity";
export type { RecurrencesService } from "./recurrences.service";
export type { RecurringChargesService } from "./recurring-charges.service";
