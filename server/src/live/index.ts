// The public face of live/: what the other features may import of it (the house rule in .dependency-cruiser.cjs).

export { openLiveStream } from "./live.route";
export type { LiveHub } from "./live-hub";
