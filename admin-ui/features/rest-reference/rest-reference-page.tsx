"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";

/** The shape of a client secret, not a word: the same in every language. */
const SECRET_PLACEHOLDER = "sk_…";

function ReferenceLoading() {
  const t = useTranslations("developers.reference");
  return (
    <div role="status" aria-busy="true" aria-label={t("loading")} className="grid gap-3">
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-96 w-full" />
    </div>
  );
}

// Scalar is large: loaded in the browser only, so the server build and first paint stay light.
const RestReference = dynamic(() => import("./rest-reference"), {
  ssr: false,
  loading: () => <ReferenceLoading />,
});

/** The client secret for "try it", then the reference itself (remounted when the secret changes). */
export function RestReferencePage() {
  const t = useTranslations("developers.reference");
  const [secret, setSecret] = useState("");
  const [applied, setApplied] = useState("");
  const id = useId();
  return (
    <div className="grid gap-4">
      <form
        className="flex flex-col gap-2 rounded-lg border bg-card p-4 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          setApplied(secret.trim());
        }}
      >
        <div className="grid flex-1 gap-1.5">
          <label htmlFor={id} className="text-sm font-medium">
            {t("secretLabel")}
          </label>
          <Input
            id={id}
            type="password"
            autoComplete="off"
            placeholder={SECRET_PLACEHOLDER}
            value={secret}
            onChange={(event) => setSecret(event.target.value)}
            aria-describedby={`${id}-hint`}
          />
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {t("secretHint")}
          </p>
        </div>
        <Button type="submit">{t("useSecret")}</Button>
      </form>
      <div data-third-party="scalar" className="overflow-hidden rounded-lg border bg-card">
        <RestReference key={applied} clientSecret={applied} />
      </div>
    </div>
  );
}
