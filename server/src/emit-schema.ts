import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { lexicographicSortSchema, printSchema } from "graphql";
import { REPOSITORY_ROOT } from "./core/repository-root";
import { buildAppSchema } from "./schema";

/** Writes schema.graphql at the repository root, or with --check fails when it is stale. */
async function main(): Promise<void> {
  const target = join(REPOSITORY_ROOT, "schema.graphql");
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
