import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { emailOutbox } from '../db/schema/mail';
import type { Clock } from '../lib/clock';
import type { Mailer, OutgoingMail } from './mailer';

export interface NewMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Every e-mail is first a row of `email_outbox` (written inside the caller's
 * transaction), then handed to the transport in the background, so a slow SMTP server
 * neither delays the answer nor reveals by its timing whether an account exists.
 * The row records the outcome (`sent` or `failed` with the error).
 */
export class MailOutbox {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Writes the outbox row with `executor` (the db or a transaction); call `dispatch` after commit. */
  async add(executor: Db, mail: NewMail): Promise<OutgoingMail> {
    const [row] = await executor
      .insert(emailOutbox)
      .values({ ...mail, createdAt: this.clock.now() })
      .returning({ id: emailOutbox.id, createdAt: emailOutbox.createdAt });
    if (!row) throw new Error('email_outbox insert returned no row');
    return { ...mail, id: row.id, createdAt: row.createdAt };
  }

  /** Starts the delivery without waiting for it. */
  dispatch(mail: OutgoingMail): void {
    const delivery = this.deliver(mail).finally(() => this.inFlight.delete(delivery));
    this.inFlight.add(delivery);
  }

  /** Resolves when every started delivery has finished (used on shutdown and in tests). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private async deliver(mail: OutgoingMail): Promise<void> {
    try {
      await this.mailer.send(mail);
      await this.db
        .update(emailOutbox)
        .set({ status: 'sent', sentAt: this.clock.now(), error: null })
        .where(eq(emailOutbox.id, mail.id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.log.error({ err: error, outboxId: mail.id }, 'e-mail delivery failed');
      await this.db
        .update(emailOutbox)
        .set({ status: 'failed', error: message.slice(0, 1000) })
        .where(eq(emailOutbox.id, mail.id))
        .catch((updateError: unknown) =>
          this.log.error({ err: updateError }, 'could not record the failed delivery'),
        );
    }
  }
}
