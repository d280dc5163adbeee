// The append-only audit log and its queries.
// Its public face (with fields.ts): what the other features may import of it (the house rule in .dependency-cruiser.cjs).
export { Actor } from "./actor";
export { type Acting, type AuditContext, appendAudit, auditContextFor, requestAudit } from "./audit";
