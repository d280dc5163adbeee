import nodeCrypto from "node:crypto";

/**
 * Next.js 16 wraps the clock and random sources of the process that loads it (`Date`,
 * `Math.random`, node:crypto's random functions: node-environment-extensions in `next`),
 * to notice when a page prerendered with `cacheComponents` reads them. The console does
 * not use cacheComponents, so the wrappers only track, and they tax the API that shares
 * the process: every timestamp node-postgres reads becomes `Reflect.construct` through
 * Next's Date, every request id goes through a wrapped randomUUID, each with async-storage
 * lookups. These take Node's own functions before Next loads and put them back after.
 */
const RANDOM_FUNCTIONS = [
  "randomUUID",
  "randomBytes",
  "randomFillSync",
  "randomInt",
  "generatePrimeSync",
  "generateKeyPairSync",
  "generateKeySync",
] as const;

export interface NodeGlobals {
  restore(): void;
}

export function keepNodeGlobals(): NodeGlobals {
  const date = globalThis.Date;
  const random = Math.random;
  const cryptoModule = nodeCrypto as unknown as Record<string, unknown>;
  const cryptoFunctions = RANDOM_FUNCTIONS.map((name) => [name, cryptoModule[name]] as const);
  return {
    restore() {
      if (globalThis.Date !== date) {
        // Next also points Date.prototype.constructor at its wrapper.
        Object.defineProperty(date.prototype, "constructor", { value: date, writable: true, configurable: true });
        globalThis.Date = date;
      }
      Math.random = random;
      for (const [name, own] of cryptoFunctions) {
        if (cryptoModule[name] !== own) cryptoModule[name] = own;
      }
    },
  };
}
