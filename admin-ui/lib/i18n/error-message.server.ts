import "server-only";
import { getLocale, getTranslations } from "next-intl/server";
import { describeError } from "./error-message";

/** `describeError` for server components and route handlers. */
export async function getErrorMessage(): Promise<(error: unknown) => string> {
  const [t, locale] = await Promise.all([getTranslations("errors"), getLocale()]);
  return (error) => describeError(error, t, locale);
}
