// The operation layer: an operation's declaration, its context, the runner both transports use, its REST form.
// Its public face: what the other features may import of it (the house rule in .dependency-cruiser.cjs).

export { declareOperations, type RestAnswer } from "./operation";
export type { OperationContext } from "./operation-context";
