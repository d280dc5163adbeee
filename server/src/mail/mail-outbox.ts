import { enqueueJob } from "../core/jobs";
import type { SqlRunner } from "../core/sql";
import type { MailMessage } from "./mailer";

export const SEND_MAIL_JOB = "send_mail";
/** An SMTP server down for a while: graphile-worker's backoff spreads these over about a day. */
const SEND_MAIL_ATTEMPTS = 12;

/**
 * Queues an e-mail in the caller's transaction (an outbox): it is sent by a worker if and
 * only if what it tells commits, and tried again while the SMTP server refuses it.
 */
export async function queueMail(runner: SqlRunner, message: MailMessage): Promise<void> {
  if (message.to.length === 0) return;
  await enqueueJob(runner, SEND_MAIL_JOB, { ...message }, { maxAttempts: SEND_MAIL_ATTEMPTS });
}

/** A queued message, read back from its job's payload. */
export function readMailJobPayload(payload: unknown): MailMessage {
  const value = (payload ?? {}) as Partial<Record<keyof MailMessage, unknown>>;
  const to = Array.isArray(value.to) ? value.to.filter((entry): entry is string => typeof entry === "string") : [];
  return { to, subject: String(value.subject ?? ""), text: String(value.text ?? "") };
}

/** Text in Portuguese, then the same in English: the service's e-mails go to people of either language. */
export function portugueseFirst(
  to: string[],
  portuguese: { subject: string; text: string },
  english: { text: string },
): MailMessage {
  return {
    to,
    subject: portuguese.subject,
    text: `${portuguese.text.trim()}\n\n---\n\n(English)\n\n${english.text.trim()}\n`,
  };
}
