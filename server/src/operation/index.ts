// The public face of operation/: what the other features may import of it (the house rule in .dependency-cruiser.cjs).

export { declareOperations, type RestAnswer } from "./operation";
export type { OperationContext } from "./operation-context";
