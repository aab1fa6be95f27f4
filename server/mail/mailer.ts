import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** One e-mail as the outbox hands it to a transport. */
export interface OutgoingMail {
  /** The `email_outbox` row id. */
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: Date;
}

/** Delivers e-mails; rejects when the message could not be handed over. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/**
 * Writes each message to `<dir>/<ISO timestamp>-<outbox id>.json` as
 * `{ to, subject, text, html, created_at }`, so developers and browser tests can open
 * the newest one. The timestamp's ':' and '.' become '-' so the name is valid everywhere.
 */
export function createFileMailer(dir: string): Mailer {
  return {
    async send(mail) {
      await mkdir(dir, { recursive: true });
      const stamp = mail.createdAt.toISOString().replace(/[:.]/g, '-');
      const body = {
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        created_at: mail.createdAt.toISOString(),
      };
      // Written aside and renamed, so a reader of the folder never sees half a mail.
      const file = path.join(dir, `${stamp}-${mail.id}.json`);
      await writeFile(`${file}.tmp`, `${JSON.stringify(body, null, 2)}\n`);
      await rename(`${file}.tmp`, file);
    },
  };
}

/** Sends through SMTP (`SMTP_URL`, e.g. smtps://user:pass@smtp.example.com:465). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    },
  };
}

/** SMTP when configured, otherwise the file transport in `mailDir`. */
export function createMailer(config: {
  smtpUrl: string | undefined;
  mailFrom: string;
  mailDir: string;
}): Mailer {
  return config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createFileMailer(config.mailDir);
}
