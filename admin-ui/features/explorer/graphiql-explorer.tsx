"use client";

import { GraphiQL } from "graphiql";
import "graphiql/style.css";
import "./graphiql-theme.css";
import { buildClientSchema, type IntrospectionQuery } from "graphql";
import { useMemo, useRef } from "react";
import introspection from "@/gql/introspection.json";
import { NamedEditors, useOperationTabsAsList } from "./graphiql-accessibility";

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

/**
 * GraphiQL keeps its tabs in localStorage and opens on them the next time, over the default
 * tabs: kept apart per kind of user and language, so an operator never reopens a merchant's
 * tabs (whose operations fail for operators) and the tabs' comments follow the language.
 */
function scopedStorage(scope: string) {
  const prefix = `pix-explorer:${scope}:`;
  const keys = () => Object.keys(localStorage).filter((key) => key.startsWith(prefix));
  return {
    getItem: (key: string) => localStorage.getItem(prefix + key),
    setItem: (key: string, value: string) => localStorage.setItem(prefix + key, value),
    removeItem: (key: string) => localStorage.removeItem(prefix + key),
    clear: () => {
      for (const key of keys()) localStorage.removeItem(key);
    },
    get length() {
      return keys().length;
    },
  };
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

export default function GraphiQLExplorer({ tabs, scope }: { tabs: ExplorerTab[]; scope: string }) {
  const storage = useMemo(() => scopedStorage(scope), [scope]);
  const root = useRef<HTMLDivElement>(null);
  useOperationTabsAsList(root);
  return (
    // GraphiQL's own words are English: the e2e language scan leaves them out.
    <div ref={root} className="h-full" data-language-scan="skip">
      {/* The console has no dark theme: GraphiQL stays light (its palette in graphiql-theme.css) whatever the system's. */}
      <GraphiQL
        storage={storage}
        fetcher={fetcher}
        schema={schema}
        defaultTabs={tabs}
        shouldPersistHeaders={false}
        defaultEditorToolsVisibility="variables"
        forcedTheme="light"
      >
        <NamedEditors />
      </GraphiQL>
    </div>
  );
}
