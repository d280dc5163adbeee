import type { CodegenConfig } from "@graphql-codegen/cli";

/**
 * Typed operations from the API's schema. Every document lives in a `documents.ts` (or a
 * component) as graphql(`...`); `npm run codegen` rewrites gql/, `npm run codegen:check`
 * fails when gql/ is stale. gql/ is generated: never edit it by hand.
 */
const config: CodegenConfig = {
  schema: "../schema.graphql",
  documents: ["app/**/*.{ts,tsx}", "features/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}"],
  ignoreNoDocuments: true,
  generates: {
    "./gql/": {
      preset: "client",
      config: {
        documentMode: "string",
        enumsAsTypes: true,
        useTypeImports: true,
        scalars: {
          Money: "string",
          Percent: "string",
          DateTimeISO: "string",
          ID: "string",
          JSON: "unknown",
          Metadata: "Record<string, string>",
        },
        strictScalars: true,
        skipTypename: true,
      },
      presetConfig: { fragmentMasking: false },
    },
    // The schema for the GraphQL explorer's docs and completion: production answers
    // introspection to operators only, so merchants' explorer reads the schema it was built with.
    "./gql/introspection.json": { plugins: ["introspection"], config: { minify: true, descriptions: true } },
  },
};

export default config;
