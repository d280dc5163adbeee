// Accounts, their fee plans and auto-approve limits.
// Its public face: what the other features may import of it (the house rule in .dependency-cruiser.cjs).
export { type CompaniesService, writeWebhookSettings } from "./companies.service";
export { Company } from "./company.entity";
export { calculateFee } from "./fee-plan";
