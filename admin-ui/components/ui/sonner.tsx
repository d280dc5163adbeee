"use client";

import { useTranslations } from "next-intl";
import { Toaster as Sonner, type ToasterProps } from "sonner";
import "./sonner.css";

/**
 * The console's toasts: bottom right (across the bottom on phones), readable by screen readers;
 * their close button and region named in the reader's language (sonner's own are English).
 */
export function Toaster(props: ToasterProps) {
  const t = useTranslations("common.toasts");
  return (
    <Sonner
      className="toaster group"
      position="bottom-right"
      closeButton
      richColors
      containerAriaLabel={t("region")}
      toastOptions={{ classNames: { toast: "font-sans text-sm" }, closeButtonAriaLabel: t("close") }}
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
