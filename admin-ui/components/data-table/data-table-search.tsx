"use client";

import { SearchIcon, XIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useId, useState } from "react";
import { Input } from "@/components/ui/input";
import { useTableUrlState } from "./use-table-url-state";

/**
 * The list's search box: writes its text to the URL (`q`, or the list's own `param`, e.g. the
 * deliveries' `subject`) 300 ms after the last keystroke, back to the list's first page.
 */
export function DataTableSearch({
  placeholder,
  label,
  param = "q",
}: {
  placeholder: string;
  label?: string;
  param?: string;
}) {
  const t = useTranslations("common.table");
  const { state, setState } = useTableUrlState({}, { q: param });
  const value = state.q;
  const [text, setText] = useState(value);
  const id = useId();
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => void setState({ q: text || null, page: 1, after: null }), 300);
    return () => clearTimeout(timer);
  }, [text, value, setState]);
  return (
    <div className="relative w-full sm:w-64">
      <label htmlFor={id} className="sr-only">
        {label ?? t("search")}
      </label>
      <SearchIcon
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <Input
        id={id}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={placeholder}
        // Our own clear button only: Chromium draws another inside a search input.
        className="h-8 pr-8 pl-8 [&::-webkit-search-cancel-button]:appearance-none"
      />
      {text && (
        <button
          type="button"
          onClick={() => setText("")}
          className="absolute top-1/2 right-1.5 -translate-y-1/2 rounded p-1 text-muted-foreground hover:text-foreground"
          aria-label={t("clearSearch")}
        >
          <XIcon className="size-3.5" />
        </button>
      )}
    </div>
  );
}
