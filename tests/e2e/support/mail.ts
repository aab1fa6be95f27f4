import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from '@playwright/test';
import { e2eServer } from './servers';

interface MailFile {
  to: string;
  subject: string;
  text: string;
}

/**
 * The newest e-mail the server wrote for `to`. Without SMTP_URL the server writes each mail
 * of its outbox as a JSON file under DATA_DIR/mail, which is what a developer opens too
 * (this worker's server's DATA_DIR: support/servers.ts).
 */
export function latestMailTo(to: string): MailFile | undefined {
  const dir = path.join(e2eServer(test.info().parallelIndex).dataDir, 'mail');
  let files: string[];
  try {
    files = readdirSync(dir).filter((file) => file.endsWith('.json'));
  } catch {
    return undefined;
  }
  return files
    .sort()
    .reverse()
    .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as MailFile)
    .find((mail) => mail.to.toLowerCase() === to.toLowerCase());
}

/** The first link in a mail's text that points at `pathname`. */
export function linkIn(mail: MailFile, pathname: string): URL {
  const match = mail.text
    .match(/https?:\/\/\S+/g)
    ?.find((url) => new URL(url).pathname === pathname);
  if (!match) throw new Error(`No link to ${pathname} in the mail "${mail.subject}"`);
  return new URL(match);
}
