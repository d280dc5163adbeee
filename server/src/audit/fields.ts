// The fields face of audit/: what other features' GraphQL fields use of it. It reaches the request context, which holds every service, so it stands apart from index.ts.
export { describedActor } from "./described-actor";
