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
 * Sonner (about 10 kB) is not part of a page's first load: most page views show no toast. It
 * is fetched, and the console's Toaster mounted (LazyToaster, in the providers), at the
 * person's first press of a key or pointer (toasts answer actions, so it is there before the
 * action's answer) or at the first toast, whichever comes first (a live update's toast needs
 * no press). A toast waits until the Toaster's live region is in the page (a reader announces
 * additions to a region it already knows); later ones go straight to sonner.
 */
let registerHost: (mount: () => Promise<void>) => void = () => undefined;
const host = new Promise<() => Promise<void>>((done) => {
  registerHost = done;
});
let ready: Promise<Sonner> | null = null;
/** Long enough for the toaster's aria-live region to be noticed before its first addition. */
const LIVE_REGION_SETTLE_MS = 100;

function sonner(): Promise<Sonner> {
  ready ??= Promise.all([import("sonner"), host.then((mount) => mount())])
    .then(([module]) => new Promise<Sonner>((done) => setTimeout(() => done(module), LIVE_REGION_SETTLE_MS)))
    .catch((error: unknown) => {
      ready = null; // a failed fetch is tried again at the next toast
      throw error;
    });
  return ready;
}

function show(kind: Kind, message: React.ReactNode, options?: ToastOptions): void {
  sonner().then(
    (module) => module.toast[kind](message, options),
    () => undefined,
  );
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

/** Where the Toaster goes (once, in the providers): nothing until the first press or toast. */
export function LazyToaster() {
  const [shown, setShown] = useState<{ Toaster: ComponentType; mounted: () => void } | null>(null);
  useEffect(() => {
    registerHost(async () => {
      const { Toaster } = await import("./sonner");
      await new Promise<void>((mounted) => setShown({ Toaster, mounted }));
    });
    const warm = () => {
      window.removeEventListener("pointerdown", warm, true);
      window.removeEventListener("keydown", warm, true);
      sonner().catch(() => undefined);
    };
    window.addEventListener("pointerdown", warm, { capture: true, passive: true });
    window.addEventListener("keydown", warm, { capture: true, passive: true });
    return () => {
      window.removeEventListener("pointerdown", warm, true);
      window.removeEventListener("keydown", warm, true);
    };
  }, []);
  if (!shown) return null;
  return (
    <>
      <shown.Toaster />
      <Mounted onMount={shown.mounted} />
    </>
  );
}
