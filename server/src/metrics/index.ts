// Prometheus metrics: the observers the other parts call.
// Its public face: what the other features may import of it (the house rule in .dependency-cruiser.cjs).
export { observeWebhookAttempt } from "./metrics";
