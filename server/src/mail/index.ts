// The public face of mail/: what the other features may import of it (the house rule in .dependency-cruiser.cjs).
export { portugueseFirst, queueMail } from "./mail-outbox";
