"use client";

import { SearchIcon } from "lucide-react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useEffect, useState, useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import type { NavKey, NavSection } from "./nav";

// The dialog (cmdk, the search query, its result rows) is fetched on the first open: every
// page carries the button, few page views open the search.
const SearchPalette = dynamic(() => import("./search-palette").then((module) => module.SearchPalette), {
  ssr: false,
});

/** Apple keyboards say ⌘ for the shortcut; every other (Linux, Windows, ChromeOS) says Ctrl. */
function useOnApple(): boolean {
  return useSyncExternalStore(
    () => () => undefined,
    () => /Mac|iPhone|iPad/.test(navigator.userAgent),
    () => false,
  );
}

/** The ⌘K / Ctrl+K search's button and shortcut; the dialog is search-palette.tsx. */
export function SearchTrigger({ nav, navKey }: { nav: NavSection[]; navKey?: NavKey }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first open on, so that closing keeps its animation and its state.
  const [wanted, setWanted] = useState(false);
  const t = useTranslations("shell");
  const onApple = useOnApple();
  const show = (next: boolean) => {
    if (next) setWanted(true);
    setOpen(next);
  };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === "k" && (event.metaKey || event.ctrlKey)) {
        event.preventDefault();
        setWanted(true);
        setOpen((current) => !current);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() => show(true)}
        className="h-8 w-9 justify-center px-0 text-muted-foreground sm:w-56 sm:justify-start sm:px-2.5"
        aria-keyshortcuts="Meta+K Control+K"
      >
        <SearchIcon aria-hidden />
        <span className="sr-only sm:not-sr-only">{t("search.button")}</span>
        <kbd
          data-testid="search-shortcut"
          className="pointer-events-none ml-auto hidden h-5 items-center gap-0.5 rounded border bg-muted px-1.5 font-mono text-[10px] font-medium sm:inline-flex"
        >
          {/* biome-ignore lint/plugin: the keys' names, as printed on keyboards */}
          {onApple ? <span className="text-xs">⌘</span> : "Ctrl "}
          {/* biome-ignore lint/plugin: the key's name, as printed on keyboards */}K
        </kbd>
      </Button>
      {wanted && <SearchPalette open={open} onOpenChange={show} nav={nav} navKey={navKey} />}
    </>
  );
}
