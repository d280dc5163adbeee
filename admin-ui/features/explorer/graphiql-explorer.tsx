"use client";

import { GraphiQL } from "graphiql";
import "graphiql/style.css";
import { buildClientSchema, type IntrospectionQuery } from "graphql";
import introspection from "@/gql/introspection.json";
import { EXPLORER_EXAMPLES } from "./examples";

/**
 * The schema the console was built with (gql/introspection.json, from schema.graphql by
 * `npm run codegen`): docs and completion without asking the API, whose introspection in
 * production answers operators only.
 */
const schema = buildClientSchema(introspection as unknown as IntrospectionQuery);

type FetcherParams = { query: string; operationName?: string | null; variables?: unknown };

/**
 * GraphiQL against /graphql of this origin: the browser sends the session cookie and the
 * Origin header, so operations run as the signed-in user with every rule of the API.
 * Headers typed in the editor are sent too (e.g. a bearer secret to act as the API would).
 */
async function fetcher(params: FetcherParams, options?: { headers?: Record<string, unknown> }) {
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
  for (const [name, value] of Object.entries(options?.headers ?? {})) headers[name] = String(value);
  const response = await fetch("/graphql", {
    method: "POST",
    credentials: "same-origin",
    headers,
    body: JSON.stringify(params),
  });
  return response.json();
}

export default function GraphiQLExplorer() {
  return (
    <GraphiQL
      fetcher={fetcher}
      schema={schema}
      defaultTabs={EXPLORER_EXAMPLES.map((example) => ({
        query: example.query,
        variables: "variables" in example ? example.variables : undefined,
      }))}
      shouldPersistHeaders={false}
      defaultEditorToolsVisibility="variables"
    />
  );
}
