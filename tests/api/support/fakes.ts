import { Readable } from 'node:stream';
import type { Clock } from '../../../server/lib/clock';
import type { Mailer, OutgoingMail } from '../../../server/mail/mailer';
import {
  type FileStorage,
  type OpenedFile,
  type StoredFile,
  assertStorageKey,
} from '../../../server/storage/storage';

/** A clock that stands still until a test moves it. */
export class FakeClock implements Clock {
  private current: Date;

  constructor(start: Date = new Date()) {
    this.current = new Date(start);
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }

  advanceMinutes(minutes: number): void {
    this.advance(minutes * 60_000);
  }

  set(date: Date): void {
    this.current = new Date(date);
  }
}

/** Keeps every message in memory instead of sending it. */
export class MemoryMailer implements Mailer {
  readonly messages: OutgoingMail[] = [];
  /** When set, `send` rejects with it (to test failed deliveries). */
  failWith: Error | undefined;

  async send(mail: OutgoingMail): Promise<void> {
    if (this.failWith) throw this.failWith;
    this.messages.push(mail);
  }

  /** Messages sent to `to`, oldest first. */
  to(to: string): OutgoingMail[] {
    return this.messages.filter((message) => message.to === to);
  }

  /** The newest message sent to `to`. */
  lastTo(to: string): OutgoingMail | undefined {
    return this.to(to).at(-1);
  }
}

/** The token and e-mail of the reset link inside a mail's text. */
export function resetLinkFrom(text: string): { url: URL; token: string; email: string } {
  const match = /https?:\/\/\S+\/reset-password\?\S+/.exec(text);
  if (!match) throw new Error(`No reset link in: ${text}`);
  const url = new URL(match[0]);
  return {
    url,
    token: url.searchParams.get('token') ?? '',
    email: url.searchParams.get('email') ?? '',
  };
}

/** Files kept in memory (the app's FileStorage for tests). */
export class MemoryStorage implements FileStorage {
  readonly files: Map<string, StoredFile>;
  /** When set, every `put` fails with this errno code, as a full disk's ('ENOSPC') would. */
  failWritesWith: 'ENOSPC' | 'EDQUOT' | undefined;

  /** `files`: what it holds from the start (a demo template's proofs of payment). */
  constructor(files: Map<string, StoredFile> = new Map()) {
    this.files = files;
  }

  /** The files written from a stream, with the number of pieces each arrived in. */
  readonly streamed = new Map<string, number>();

  async put(key: string, body: Buffer | Readable, contentType: string): Promise<void> {
    assertStorageKey(key);
    if (this.failWritesWith) {
      if (!Buffer.isBuffer(body)) body.destroy();
      const error = new Error(`${this.failWritesWith}: no space left on device, write`);
      throw Object.assign(error, { code: this.failWritesWith, syscall: 'write' });
    }
    if (Buffer.isBuffer(body)) {
      this.files.set(key, { bytes: Buffer.from(body), contentType });
      return;
    }
    const pieces: Buffer[] = await body.toArray();
    this.files.set(key, { bytes: Buffer.concat(pieces), contentType });
    this.streamed.set(key, pieces.length);
  }

  async get(key: string): Promise<StoredFile | null> {
    assertStorageKey(key);
    return this.files.get(key) ?? null;
  }

  async open(key: string): Promise<OpenedFile | null> {
    const file = await this.get(key);
    if (!file) return null;
    const { bytes, contentType } = file;
    return { body: Readable.from([bytes]), contentType, size: bytes.length };
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    this.files.delete(key);
  }

  /** Memory is always there. */
  async ping(): Promise<void> {}
}
