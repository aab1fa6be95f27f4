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

/**
 * Sends through SMTP (`SMTP_URL`, e.g. smtps://user:pass@smtp.example.com:465). One
 * conversation is bounded (10 s to connect and greet, 30 s of silence), well within the
 * outbox's lease, so a hung server never holds a mail forever. Each message's Message-ID
 * comes from its outbox row, so a retry after a lost acknowledgement is the same message
 * to a receiver that removes duplicates.
 */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const url = new URL(smtpUrl);
  for (const [name, ms] of [
    ['connectionTimeout', 10_000],
    ['greetingTimeout', 10_000],
    ['socketTimeout', 30_000],
  ] as const) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, String(ms));
  }
  const transport = nodemailer.createTransport(url.toString());
  const domain = from.match(/@([^>\s]+)/)?.[1] ?? 'gestion-deportiva.local';
  return {
    async send(mail) {
      await transport.sendMail({
        messageId: `<outbox-${mail.id}-${mail.createdAt.getTime()}@${domain}>`,
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
