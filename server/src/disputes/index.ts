// MED disputes: holds, the operators' decisions, the MED devolução.
// Its public face: what the other features may import of it (the house rule in .dependency-cruiser.cjs).
export { DisputeNature } from "./dispute.entity";
export type { DisputeAnswer, DisputesService } from "./disputes.service";
