// The public face of audit/: what the other features may import of it (the house rule in .dependency-cruiser.cjs).
export { Actor } from "./actor";
export { type Acting, type AuditContext, appendAudit, auditContextFor, requestAudit } from "./audit";
