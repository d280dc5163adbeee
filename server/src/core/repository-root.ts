import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/**
 * The repository's root folder (admin-ui/, schema.graphql, package-lock.json, .data/): the
 * nearest folder above this compiled file that holds server/package.json. Found rather than
 * counted in "../" because the product's build (server/dist/) and the tests' build
 * (server/dist-test/src/) put this file at different depths.
 */
function findRepositoryRoot(from: string): string {
  for (let dir = from; dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, "server", "package.json"))) return dir;
  }
  return resolve(from, "../../..");
}

export const REPOSITORY_ROOT = findRepositoryRoot(__dirname);
