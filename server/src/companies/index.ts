// The public face of companies/: what the other features may import of it (the house rule in .dependency-cruiser.cjs).
export { type CompaniesService, writeWebhookSettings } from "./companies.service";
export { Company } from "./company.entity";
export { calculateFee } from "./fee-plan";
