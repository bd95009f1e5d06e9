import type { FastifyBaseLogger } from 'fastify';

export type Mail = { to: string; subject: string; text: string };

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
    this.log.info({ mail }, 'email (no SMTP_URL configured, logged instead of sent)');
  }
}

/** Keeps mail in memory; used by tests. */
export class MemoryMailer implements Mailer {
  readonly sent: Mail[] = [];

  async send(mail: Mail): Promise<void> {
    this.sent.push(mail);
  }
}
