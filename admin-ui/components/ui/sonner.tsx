"use client";

import { Toaster as Sonner, type ToasterProps } from "sonner";

/** The console's toasts: bottom right on desktop, top on phones, readable by screen readers. */
export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      className="toaster group"
      position="bottom-right"
      closeButton
      richColors
      toastOptions={{ classNames: { toast: "font-sans text-sm" } }}
      style={
        {
          "--normal-bg": "var(--popover)",
          "--normal-text": "var(--popover-foreground)",
          "--normal-border": "var(--border)",
        } as React.CSSProperties
      }
      {...props}
    />
  );
}
