"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import type * as React from "react";
import { useState } from "react";
import { LazyToaster } from "@/components/ui/toast";

// Zod (ours, and the REST reference's) would probe whether eval works (`Function("")`) before
// its first object schema: the console's policy forbids eval, so the probe would only be a
// reported violation. Without it zod parses the same, without generated code. Set on zod's
// global config object (what `z.config({ jitless: true })` writes) so that the pages without
// a form do not download zod (36 kB) for one flag; zod reads it whichever loads first.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;

/** URL state (nuqs), the query cache for client refetches and toasts (sonner loads at the first). */
export function Providers({ children }: { children: React.ReactNode }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { staleTime: 15_000, refetchOnWindowFocus: false, retry: 1 },
          mutations: { retry: false },
        },
      }),
  );
  return (
    <NuqsAdapter>
      <QueryClientProvider client={queryClient}>
        {children}
        <LazyToaster />
      </QueryClientProvider>
    </NuqsAdapter>
  );
}
