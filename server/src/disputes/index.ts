// The public face of disputes/: what the other features may import of it (the house rule in .dependency-cruiser.cjs).
export { DisputeNature } from "./dispute.entity";
export type { DisputeAnswer, DisputesService } from "./disputes.service";
