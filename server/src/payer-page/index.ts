// A charge's public payer's page, its live stream, the display name.
// Its public face: what the other features may import of it (the house rule in .dependency-cruiser.cjs).
export { ACCOUNT_NAME_SQL, type PayerPageService } from "./payer-page.service";
