import { createTransport, type Transporter } from "nodemailer";
import type { Logger } from "../core/logger";

/** One e-mail: plain text only (nothing in it is ever read as markup). */
export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
}

export interface MailSettings {
  /** SMTP_URL (smtp:// or smtps://, credentials in the URL); unset: messages go to the log. */
  smtpUrl: string | undefined;
  /** MAIL_FROM: the sender every message names. */
  from: string;
}

/** An SMTP server that does not answer within this long fails the attempt (the job retries it). */
const SMTP_TIMEOUT_MS = 10_000;

/**
 * Sends the service's e-mails through nodemailer over SMTP_URL. Without it (development,
 * a first start) each message is written to the log instead, whole, so that nothing is
 * lost and nothing needs a mail server to try. Messages are queued with queueMail
 * (mail-outbox.ts) in the transaction of what they tell, and sent by the worker.
 */
export class Mailer {
  private readonly transport: Transporter | null;

  constructor(
    private readonly settings: MailSettings,
    private readonly logger: Logger,
  ) {
    this.transport = settings.smtpUrl
      ? createTransport({
          url: settings.smtpUrl,
          connectionTimeout: SMTP_TIMEOUT_MS,
          greetingTimeout: SMTP_TIMEOUT_MS,
          socketTimeout: SMTP_TIMEOUT_MS,
        })
      : null;
  }

  /** Whether messages really leave (SMTP_URL set) or are only logged. */
  get sends(): boolean {
    return this.transport !== null;
  }

  /** Sends one message; an SMTP failure throws (a queued message is then tried again). */
  async send(message: MailMessage): Promise<void> {
    if (message.to.length === 0) return;
    if (!this.transport) {
      this.logger.info("e-mail written to the log (SMTP_URL is unset: nothing was sent)", {
        mail: { from: this.settings.from, to: message.to, subject: message.subject, text: message.text },
      });
      return;
    }
    await this.transport.sendMail({
      from: this.settings.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
    });
  }

  close(): void {
    this.transport?.close();
  }
}
