"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { Skeleton } from "@/components/ui/skeleton";
import type { ExplorerTab } from "./graphiql-explorer";

function ExplorerLoading() {
  const t = useTranslations("developers.explorer");
  return (
    <div role="status" aria-busy="true" aria-label={t("loading")} className="h-full p-4">
      <Skeleton className="h-full w-full" />
    </div>
  );
}

// GraphiQL and its editor are large: loaded in the browser only, never rendered on the server.
const GraphiQLExplorer = dynamic(() => import("./graphiql-explorer"), {
  ssr: false,
  loading: () => <ExplorerLoading />,
});

/**
 * GraphiQL opening on `tabs` (built by the page for the viewer's kind, in the reader's
 * language); `scope` keeps each kind's and language's saved tabs apart.
 */
export function Explorer({ tabs, scope }: { tabs: ExplorerTab[]; scope: string }) {
  return (
    <div
      data-third-party="graphiql"
      className="h-[calc(100dvh-13rem)] min-h-[32rem] overflow-hidden rounded-lg border bg-card"
    >
      <GraphiQLExplorer tabs={tabs} scope={scope} />
    </div>
  );
}
