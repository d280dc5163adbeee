"use client";

import { ErrorState } from "@/components/states";
import { errorMessage } from "@/lib/graphql/errors";

/** A page whose data could not be loaded: what went wrong and a retry that renders it again. */
export default function OperatorError({ error, reset }: { error: Error; reset: () => void }) {
  return (
    <div className="rounded-xl border bg-card">
      <ErrorState title="This page could not be loaded" message={errorMessage(error)} onRetry={reset} />
    </div>
  );
}
