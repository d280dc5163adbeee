import { readFileSync } from "node:fs";
import Ajv from "ajv";
import addFormats from "ajv-formats";
import { parse } from "yaml";
import { adapterBodies } from "../support/efi-sample-bodies";

/**
 * Checks the bodies the Efí adapter sends against the central bank's own API Pix
 * openapi.yaml (github.com/bacen/pix-api, 2.9.0). The file is not part of this repository,
 * so this is a tool to run by hand after changing the adapter or api-pix-schemas.ts:
 *   npm run check:pix-schemas -w server -- /path/to/openapi.yaml
 * Pix Send and the token request are Efí's own, not in the central bank's file.
 */
const OFFICIAL_NAMES = ["CobSolicitada", "CobRevisada", "DevolucaoSolicitada", "WebhookSolicitado"] as const;

const file = process.argv[2];
if (!file) {
  console.error("usage: npm run check:pix-schemas -w server -- <path to bacen's openapi.yaml>");
  process.exit(2);
}
const bacen = new Ajv({ strict: false, allErrors: true });
addFormats(bacen);
bacen.addSchema({ ...parse(readFileSync(file, "utf8")), $id: "bacen" });

let failures = 0;
for (const name of OFFICIAL_NAMES) {
  const check = bacen.getSchema(`bacen#/components/schemas/${name}`);
  if (!check) {
    console.error(`✗ ${name}: not in ${file}`);
    failures += 1;
    continue;
  }
  for (const [ours, body] of adapterBodies.filter(([ours]) => ours === name)) {
    const valid = check(body);
    if (!valid) failures += 1;
    console.log(
      `${valid ? "✓" : "✗"} ${ours}: ${JSON.stringify(body)}${valid ? "" : ` ${JSON.stringify(check.errors)}`}`,
    );
  }
}
console.log(failures === 0 ? "every body is valid for the central bank's schemas" : `${failures} failed`);
process.exit(failures === 0 ? 0 : 1);
