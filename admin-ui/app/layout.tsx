import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getMessages, getTranslations } from "next-intl/server";
import type * as React from "react";
import { Providers } from "@/components/providers/providers";
import { PATH_HEADER } from "@/lib/auth/session";
import { isPayerPath } from "@/lib/payer-paths";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("shell");
  return {
    title: { default: t("brand"), template: `%s · ${t("brand")}` },
    description: t("metadata.description"),
    robots: { index: false, follow: false },
  };
}

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: "#0f766e",
};

/**
 * `<html lang>` follows the reader's language (pt-BR unless they chose English), so native
 * date inputs read dd/mm/aaaa and screen readers speak the right language. The client
 * provider hands the catalogue, locale and time zone to client components.
 */
/** What the payers' pages' client components read of the catalogue: a phone downloads no console text. */
const PAYER_NAMESPACES = ["payer", "common"] as const;

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const locale = await getLocale();
  const payer = isPayerPath(((await headers()).get(PATH_HEADER) ?? "").split("?")[0]);
  const all = payer ? await getMessages() : null;
  const messages = all ? Object.fromEntries(PAYER_NAMESPACES.map((name) => [name, all[name]])) : undefined;
  return (
    <html lang={locale}>
      <body className="min-h-dvh font-sans">
        <NextIntlClientProvider {...(messages ? { messages } : {})}>
          <Providers>{children}</Providers>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
