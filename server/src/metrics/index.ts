// The public face of metrics/: what the other features may import of it (the house rule in .dependency-cruiser.cjs).
export { observeWebhookAttempt } from "./metrics";
