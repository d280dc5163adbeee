import type { Locale } from "@/i18n/locales";
import type { Messages } from "@/messages";

// Keys and locales are typed: `t("missing.key")` fails `npm run typecheck:ui`.
declare module "next-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: Messages;
  }
}
