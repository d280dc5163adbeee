import type { JobHandlers } from "./core/jobs";
import type { Services } from "./services";

/** Every background task of the service, by name. Features add theirs here. */
export function createJobHandlers(_services: Services): JobHandlers {
  return {};
}
