import { useLocale, useTranslations } from "next-intl";
import { GraphQLRequestError } from "@/lib/graphql/errors";

export type ErrorsT = ReturnType<typeof useTranslations<"errors">>;

/** Codes whose API message says which field or state is wrong: worth showing beside the translation. */
const DETAILED = new Set(["VALIDATION_ERROR", "BAD_USER_INPUT", "INVALID_STATE"]);

/**
 * What a person reads for a failed operation, in their language. The API's messages are
 * English (they are for integrators): the console translates the error's `code`, and for the
 * codes whose message names the field or state at fault adds that message as a detail (in
 * English it is the message itself, more precise than the code's sentence).
 */
export function describeError(error: unknown, t: ErrorsT, locale: string): string {
  if (error instanceof GraphQLRequestError) {
    const { code } = error;
    if (code === "RATE_LIMITED") {
      const seconds = error.errors[0]?.retryAfter;
      return seconds ? t("retryIn", { seconds }) : t("codes.RATE_LIMITED");
    }
    // A reason the catalogue knows says what is wrong in the reader's words (the API's message is English).
    const reason = error.errors[0]?.reason;
    const reasonKey = `reasons.${reason}` as "reasons.WEBHOOK_URL_NOT_PUBLIC";
    if (reason && /^[A-Z_]+$/.test(reason) && t.has(reasonKey)) return t(reasonKey);
    if (DETAILED.has(code) && error.message) {
      return locale === "en"
        ? error.message
        : `${t(`codes.${code}` as "codes.VALIDATION_ERROR")} ${t("detail", { message: error.message })}`;
    }
    if (t.has(`codes.${code}` as "codes.VALIDATION_ERROR")) return t(`codes.${code}` as "codes.VALIDATION_ERROR");
    return t("unknownCode", { code });
  }
  if (error instanceof TypeError) return t("unreachable");
  return t("generic");
}

/** `describeError` for client components. */
export function useErrorMessage(): (error: unknown) => string {
  const t = useTranslations("errors");
  const locale = useLocale();
  return (error) => describeError(error, t, locale);
}
