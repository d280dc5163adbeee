"use client";

import { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";

type Labels = Readonly<Record<string, string>>;
const CrumbLabelsContext = createContext<{ labels: Labels; set: (segment: string, label: string | null) => void }>({
  labels: {},
  set: () => undefined,
});

/** Labels pages give to the id segments of their path (a withdrawal's `wd_…` reads as its `WDR_…`). */
export function CrumbLabelsProvider({ children }: { children: React.ReactNode }) {
  const [labels, setLabels] = useState<Labels>({});
  const set = useCallback(
    (segment: string, label: string | null) =>
      setLabels((current) => {
        if ((current[segment] ?? null) === label) return current;
        const next = { ...current };
        if (label === null) delete next[segment];
        else next[segment] = label;
        return next;
      }),
    [],
  );
  const value = useMemo(() => ({ labels, set }), [labels, set]);
  return <CrumbLabelsContext.Provider value={value}>{children}</CrumbLabelsContext.Provider>;
}

export function useCrumbLabels(): Labels {
  return useContext(CrumbLabelsContext).labels;
}

/**
 * Rendered by a page whose path holds an internal id: the breadcrumb names the page by the
 * id its reader knows (the one the page shows, the lists and the toasts use) instead.
 */
export function CrumbLabel({ segment, label }: { segment: string; label: string }) {
  const { set } = useContext(CrumbLabelsContext);
  useEffect(() => {
    set(segment, label);
    return () => set(segment, null);
  }, [set, segment, label]);
  return null;
}
