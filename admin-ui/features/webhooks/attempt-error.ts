import type { useTranslations } from "next-intl";

type AttemptErrorsT = ReturnType<typeof useTranslations<"attemptErrors">>;

/**
 * Why a webhook attempt got no 2xx, in the reader's language. The service keeps the
 * network's own words (server/src/webhooks/webhook-sender.ts: "getaddrinfo ENOTFOUND …",
 * "timeout: no complete answer within 10000 ms", "refused: …"), which stay in the title for
 * whoever debugs; people read what they mean. An error not known here reads as a network failure.
 */
export function attemptErrorText(t: AttemptErrorsT, error: string): string {
  const timeout = /^timeout: no complete answer within (\d+) ms/.exec(error);
  if (timeout) return t("timeout", { seconds: Math.round(Number(timeout[1]) / 1000) });
  const cut = /^connection closed mid-answer: HTTP (\d+)/.exec(error);
  if (cut) return t("closedMidAnswer", { status: Number(cut[1]) });
  const http = /^HTTP (\d+)$/.exec(error);
  if (http) return t("http", { status: Number(http[1]) });
  const redirect = /^redirect to (.*) not followed$/.exec(error);
  if (redirect) return t("redirect", { location: redirect[1] === "(none)" ? "—" : redirect[1] });
  if (error.startsWith("refused:") || error.includes("EPRIVATEADDRESS")) return t("notPublic");
  if (error === "invalid webhook URL") return t("invalidUrl");
  if (error === "connection closed before an answer") return t("closed");
  if (error === "answer too long") return t("tooLong");
  if (/\b(ENOTFOUND|EAI_AGAIN)\b/.test(error)) return t("notFound");
  if (/\bECONNREFUSED\b/.test(error)) return t("refused");
  if (/\b(ECONNRESET|EPIPE|UND_ERR_SOCKET)\b/.test(error)) return t("closed");
  if (/\b(EHOSTUNREACH|ENETUNREACH|ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT)\b/.test(error)) return t("unreachable");
  if (/CERT|SSL|TLS|self[- ]signed/i.test(error)) return t("tls");
  return t("network");
}
