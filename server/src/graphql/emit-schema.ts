import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { lexicographicSortSchema, printSchema } from "graphql";
import { buildAppSchema } from "./schema";

/** Writes schema.graphql at the repository root, or with --check fails when it is stale. */
async function main(): Promise<void> {
  const target = resolve(__dirname, "../../../schema.graphql");
  const schema = await buildAppSchema();
  const text = `# Generated from the TypeGraphQL code by \`npm run schema:emit\`. Do not edit.\n\n${printSchema(lexicographicSortSchema(schema))}\n`;
  if (process.argv.includes("--check")) {
    let current = "";
    try {
      current = readFileSync(target, "utf8");
    } catch {
      // missing file: stale
    }
    if (current !== text) {
      console.error("schema.graphql is out of date: run `npm run schema:emit` and commit it.");
      process.exit(1);
    }
    console.log("schema.graphql is up to date.");
    return;
  }
  writeFileSync(target, text);
  console.log(`wrote ${target}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
