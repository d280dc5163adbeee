"use client";

import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/skeleton";

// GraphiQL and its editor are large: loaded in the browser only, never rendered on the server.
const GraphiQLExplorer = dynamic(() => import("./graphiql-explorer"), {
  ssr: false,
  loading: () => (
    <div role="status" aria-busy="true" aria-label="Loading the explorer" className="h-full p-4">
      <Skeleton className="h-full w-full" />
    </div>
  ),
});

export function Explorer() {
  return (
    <div
      data-third-party="graphiql"
      className="h-[calc(100dvh-13rem)] min-h-[32rem] overflow-hidden rounded-lg border bg-card"
    >
      <GraphiQLExplorer />
    </div>
  );
}
