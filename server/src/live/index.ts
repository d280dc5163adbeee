// The console's live pages: each outbox row's NOTIFY, one LISTEN per process, server-sent events.
// Its public face: what the other features may import of it (the house rule in .dependency-cruiser.cjs).

export { openLiveStream } from "./live.route";
export type { LiveHub } from "./live-hub";
