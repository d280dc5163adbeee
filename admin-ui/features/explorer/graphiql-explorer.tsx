"use client";

import { GraphiQL } from "graphiql";
import "graphiql/style.css";
import { buildClientSchema, type IntrospectionQuery } from "graphql";
import introspection from "@/gql/introspection.json";

/**
 * The schema the console was built with (gql/introspection.json, from schema.graphql by
 * `npm run codegen`): docs and completion without asking the API, whose introspection in
 * production answers operators only.
 */
const schema = buildClientSchema(introspection as unknown as IntrospectionQuery);

/** A starting tab: the operation with its comment, and its variables as JSON. */
export interface ExplorerTab {
  query: string;
  variables?: string;
}

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

export default function GraphiQLExplorer({ tabs }: { tabs: ExplorerTab[] }) {
  return (
    <GraphiQL
      fetcher={fetcher}
      schema={schema}
      defaultTabs={tabs}
      shouldPersistHeaders={false}
      defaultEditorToolsVisibility="variables"
    />
  );
}
