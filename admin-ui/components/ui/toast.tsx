"use client";

import type * as React from "react";
import { type ComponentType, useEffect, useState } from "react";

/** What the console's toasts take besides their message (sonner's names). */
export interface ToastOptions {
  description?: React.ReactNode;
  /** A toast with the id of one still shown replaces it. */
  id?: string | number;
  duration?: number;
}

type Kind = "success" | "error" | "info";
type Sonner = typeof import("sonner");

/**
 * Sonner (about 10 kB) is fetched at the first toast rather than with every page: most page
 * views show none. The first call loads it, mounts the console's Toaster (LazyToaster, in the
 * providers), waits until its live region is in the page (a reader announces additions to a
 * region it already knows) and then shows the toast; later calls go straight to sonner.
 */
let registerHost: (mount: () => Promise<void>) => void = () => undefined;
const host = new Promise<() => Promise<void>>((done) => {
  registerHost = done;
});
let ready: Promise<Sonner> | null = null;
/** Long enough for the toaster's aria-live region to be noticed before its first addition. */
const LIVE_REGION_SETTLE_MS = 100;

function sonner(): Promise<Sonner> {
  ready ??= Promise.all([import("sonner"), host.then((mount) => mount())]).then(
    ([module]) => new Promise<Sonner>((done) => setTimeout(() => done(module), LIVE_REGION_SETTLE_MS)),
  );
  return ready;
}

function show(kind: Kind, message: React.ReactNode, options?: ToastOptions): void {
  void sonner().then((module) => module.toast[kind](message, options));
}

/** The console's toasts: `toast.success(message, { description })`, as sonner's. */
export const toast = {
  success: (message: React.ReactNode, options?: ToastOptions) => show("success", message, options),
  error: (message: React.ReactNode, options?: ToastOptions) => show("error", message, options),
  info: (message: React.ReactNode, options?: ToastOptions) => show("info", message, options),
};

/** Signals once its siblings before it have mounted (effects run in tree order). */
function Mounted({ onMount }: { onMount: () => void }) {
  useEffect(() => onMount(), [onMount]);
  return null;
}

/** Where the Toaster goes (once, in the providers): nothing until the first toast asks for it. */
export function LazyToaster() {
  const [shown, setShown] = useState<{ Toaster: ComponentType; mounted: () => void } | null>(null);
  useEffect(() => {
    registerHost(async () => {
      const { Toaster } = await import("./sonner");
      await new Promise<void>((mounted) => setShown({ Toaster, mounted }));
    });
  }, []);
  if (!shown) return null;
  return (
    <>
      <shown.Toaster />
      <Mounted onMount={shown.mounted} />
    </>
  );
}
