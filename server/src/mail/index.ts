// E-mails, queued in the caller's transaction and sent by the worker.
// Its public face: what the other features may import of it (the house rule in .dependency-cruiser.cjs).
export { portugueseFirst, queueMail } from "./mail-outbox";
