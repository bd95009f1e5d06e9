import type { FastifyBaseLogger } from 'fastify';

/**
 * A file sent with a mail: text only (a calendar invite), so a queued mail's payload stays JSON (decision record 046).
 * `contentType` may carry parameters, e.g. `text/calendar; method=REQUEST`, which calendar clients read.
 */
export type MailAttachment = { filename: string; contentType: string; content: string };

export type Mail = { to: string; subject: string; text: string; attachments?: MailAttachment[] };

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** Sends through SMTP (SMTP_URL, e.g. smtps://user:pass@smtp.example.com). */
export class SmtpMailer implements Mailer {
  private transport: Promise<import('nodemailer').Transporter>;

  constructor(url: string, private readonly from: string) {
    this.transport = import('nodemailer').then((nodemailer) => nodemailer.createTransport(url));
  }

  async send(mail: Mail): Promise<void> {
    await (await this.transport).sendMail({ from: this.from, ...mail });
  }
}

/** Development without SMTP: the mail is written to the log so the link can be followed. */
export class LogMailer implements Mailer {
  constructor(private readonly log: FastifyBaseLogger) {}

  async send(mail: Mail): Promise<void> {
    // Attachments are named, not written out: the log keeps the text a developer follows, not whole files.
    const { attachments, ...rest } = mail;
    this.log.info({ mail: { ...rest, attachments: attachments?.map((file) => file.filename) } }, 'email (no SMTP_URL configured, logged instead of sent)');
  }
}

/** Keeps mail in memory; used by tests. */
export class MemoryMailer implements Mailer {
  readonly sent: Mail[] = [];

  async send(mail: Mail): Promise<void> {
    this.sent.push(mail);
  }
}

/**
 * NODE_ENV=test only (app.ts): passes every mail on and keeps the last few hundred in memory, so the browser tests
 * and the real-process tests can read the mail the log mailer wrote (GET /api/test/my-mail, record 027).
 */
export class MailboxMailer implements Mailer {
  private readonly kept: Mail[] = [];

  constructor(private readonly inner: Mailer, private readonly keep = 500) {}

  async send(mail: Mail): Promise<void> {
    this.kept.push(mail);
    if (this.kept.length > this.keep) this.kept.shift();
    await this.inner.send(mail);
  }

  /** Mails sent to `to`, newest first. */
  sentTo(to: string): Mail[] {
    return this.kept.filter((mail) => mail.to === to).reverse();
  }
}
