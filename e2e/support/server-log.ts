import { readFileSync, statSync } from "node:fs";

/** Where e2e/support/server.mjs copies the service's output (stdout and stderr). */
const SERVER_LOG = "e2e/.auth/server.log";

/** A mark in the service's log: what it wrote after this point is `since(mark)`. */
export function serverLogMark(): number {
  return statSync(SERVER_LOG).size;
}

export function serverLogSince(mark: number): string {
  return readFileSync(SERVER_LOG).subarray(mark).toString("utf8");
}
