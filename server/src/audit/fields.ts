// audit/'s fields face: describedActor, for other features' GraphQL fields. It stands apart from index.ts because it
// reaches the request context, whose Services type holds every service (and the services write audit rows).
export { describedActor } from "./described-actor";
