import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message the sink accepted. */
export interface SunkMail {
  to: string[];
  messageId: string | undefined;
  subject: string | undefined;
}

/**
 * A real SMTP server on 127.0.0.1 (smtp-server) that records what it accepts, and can
 * refuse the next messages with a temporary error (451) or hold a message's answer
 * forever (a server killed mid-conversation never hears back): what a mail queue must
 * survive. `url` is the `SMTP_URL` to give the app.
 */
export class SmtpSink {
  readonly accepted: SunkMail[] = [];
  /** Messages refused so far (each a delivery attempt). */
  refused = 0;
  private readonly failures = new Map<string, number>();
  private hold: { subject: string; acceptFirst: number } | undefined;
  private received = 0;
  private readonly held: (() => void)[] = [];
  private readonly server: SMTPServer;
  private port = 0;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          this.received += 1;
          const head =
            Buffer.concat(chunks)
              .toString('utf8')
              .split(/\r?\n\r?\n/)[0] ?? '';
          const header = (name: string) =>
            new RegExp(`^${name}:\\s*(.+)$`, 'im').exec(head)?.[1]?.trim();
          const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
          const subject = header('Subject');
          const failing = to.find((address) => (this.failures.get(address) ?? 0) > 0);
          if (failing) {
            this.failures.set(failing, (this.failures.get(failing) ?? 0) - 1);
            this.refused += 1;
            const error = Object.assign(new Error('451 Buzón ocupado, intenta más tarde'), {
              responseCode: 451,
            });
            callback(error);
            return;
          }
          if (this.hold && subject?.includes(this.hold.subject)) {
            if (this.hold.acceptFirst > 0) this.hold.acceptFirst -= 1;
            else {
              // Never answered: the client times out or dies waiting.
              this.held.push(() => callback(new Error('421 closing')));
              return;
            }
          }
          this.accepted.push({ to, messageId: header('Message-ID'), subject });
          callback();
        });
      },
    });
  }
  async start(): Promise<this> {
    // A client killed mid-conversation resets its connection: expected here, not a failure.
    this.server.on('error', () => undefined);
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}?ignoreTLS=true`;
  }

  /** Refuses the next `count` messages to `address` with 451. */
  failFor(address: string, count: number): void {
    this.failures.set(address, count);
  }

  /** Accepts the first `acceptFirst` messages whose subject holds `subject`, then answers none. */
  holdMatching(subject: string, acceptFirst: number): void {
    this.hold = { subject, acceptFirst };
  }

  /** Messages held unanswered so far. */
  get heldCount(): number {
    return this.held.length;
  }

  /** Answers again (the held ones are refused, if their client still listens). */
  release(): void {
    this.hold = undefined;
    for (const answer of this.held.splice(0)) answer();
  }

  /** Messages received so far, accepted or not (the held ones included). */
  get receivedCount(): number {
    return this.received;
  }

  /** Accepted messages addressed to `address`. */
  to(address: string): SunkMail[] {
    return this.accepted.filter((mail) => mail.to.includes(address));
  }

  async stop(): Promise<void> {
    this.release();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
