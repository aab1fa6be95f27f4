import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { emailOutbox } from '../db/schema/mail';
import type { Clock } from '../lib/clock';
import type { JobQueue } from '../queue/job-queue';
import type { Mailer, OutgoingMail } from './mailer';
import { rowsOf } from '../db/rows';

export interface NewMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** What a mail job carries: the `email_outbox` row to deliver. */
export interface MailJob {
  outboxId: number;
}

/** Whoever counts the outcomes (the metrics). */
export type MailOutcomeCounter = (outcome: 'sent' | 'failed') => void;

/**
 * First attempts one server makes at once (each is an SMTP conversation of its own). A
 * burst beyond it (a reminders' run, a mass communication: thousands of mails after one
 * commit) leaves the rest to their jobs, which every server's workers deliver, 20 at a time
 * each, from `MAIL_RETRY_SECONDS` later: a 300,000-mail day never opens 300,000 connections
 * from one process. Without a queue nothing else would send them, so every one is tried.
 */
export const MAIL_DISPATCH_LIMIT = 100;

/**
 * Every e-mail is first a row of `email_outbox` and, in the same transaction, a job of
 * the queue's `mail` queue due a little later (server/queue/job-queue.ts). After the
 * commit the writing server tries it at once (`dispatch`), so a slow SMTP server neither
 * delays the answer nor reveals by its timing whether an account exists; the job then
 * finds it sent and ends. When that attempt failed, or the server died before or during
 * it, the job delivers it from whichever server takes it, retried with backoff, and a
 * mail the retries could not send stays a failed job in the super admin's panel.
 *
 * One server at a time holds a mail: a delivery first claims the row (status 'sending',
 * `claimed_at`), and a claim older than the lease is taken over (its server died).
 * Without a queue (API tests that do not start one) only the immediate attempt runs.
 */
export class MailOutbox {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly queue?: JobQueue,
    private readonly counted: MailOutcomeCounter = () => undefined,
  ) {}

  /** Writes the outbox row and its job with `executor` (the db or a transaction); call `dispatch` after commit. */
  async add(executor: Db, mail: NewMail): Promise<OutgoingMail> {
    const [row] = await executor
      .insert(emailOutbox)
      .values({ ...mail, createdAt: this.clock.now() })
      .returning({ id: emailOutbox.id, createdAt: emailOutbox.createdAt });
    if (!row) throw new Error('email_outbox insert returned no row');
    if (this.queue) {
      const job: MailJob = { outboxId: row.id };
      await this.queue.send(executor, 'mail', job, {
        startAfter: this.queue.timings.mailRetrySeconds,
      });
    }
    return { ...mail, id: row.id, createdAt: row.createdAt };
  }

  /**
   * Starts the first delivery attempt without waiting for it. The transport gets the mail at
   * once (before any query) while the row is claimed beside it: the row is fresh, and its
   * job comes due only `MAIL_RETRY_SECONDS` later, so nobody else can hold it yet. With
   * MAIL_DISPATCH_LIMIT attempts already in flight the mail is left to its job.
   */
  dispatch(mail: OutgoingMail): void {
    if (this.queue && this.inFlight.size >= MAIL_DISPATCH_LIMIT) return;
    const sending = this.mailer.send(mail);
    // Handled now (a refusal may come before the claim's answer), awaited below.
    sending.catch(() => undefined);
    const delivery = this.settleFresh(mail.id, sending)
      .catch(() => undefined)
      .finally(() => this.inFlight.delete(delivery));
    this.inFlight.add(delivery);
  }

  /**
   * At start-up: a job for each unsent mail of the last 7 days that has none (written
   * before the queue existed, or whose job was lost with a restored backup), so no mail
   * stays unsent without a retry. Answers how many it queued.
   */
  async requeueUnsent(): Promise<number> {
    if (!this.queue) return 0;
    const result = await this.db.execute(sql`
      select e.id from email_outbox e
      where e.status <> 'sent' and e.created_at > ${this.clock.now()}::timestamptz - interval '7 days'
        and not exists (
          select 1 from pgboss.job j
          where j.name = 'mail' and j.data @> jsonb_build_object('outboxId', e.id)
        )
      order by e.id
      limit 10000`);
    const ids = rowsOf<{ id: number }>(result).map((row) => row.id);
    for (const outboxId of ids) {
      const job: MailJob = { outboxId };
      await this.queue.send(this.db, 'mail', job);
    }
    return ids.length;
  }

  /** Resolves when every started delivery has finished (used on shutdown and in tests). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /**
   * The `mail` job's work: delivers the row unless it is sent; throws while it could not
   * be sent (or another server holds it), so the queue tries again later.
   */
  async deliverQueued({ outboxId }: MailJob): Promise<void> {
    const outcome = await this.attempt(outboxId);
    if (outcome === 'held') throw new Error(`e-mail ${outboxId} is being sent by another server`);
  }

  /** The first attempt's bookkeeping: claim the row, then record what the transport answered. */
  private async settleFresh(outboxId: number, sending: Promise<void>): Promise<void> {
    const [claimed] = await this.db
      .update(emailOutbox)
      .set({
        status: 'sending',
        claimedAt: this.clock.now(),
        attempts: sql`${emailOutbox.attempts} + 1`,
      })
      .where(and(eq(emailOutbox.id, outboxId), eq(emailOutbox.status, 'pending')))
      .returning({ id: emailOutbox.id })
      .catch(async (error: unknown) => {
        await sending.catch(() => undefined);
        throw error;
      });
    if (!claimed) {
      // Held elsewhere already (this attempt came later than the job): that one records it.
      await sending.catch(() => undefined);
      this.log.warn({ outboxId }, 'e-mail sent at once while another delivery held it');
      return;
    }
    await this.recordOutcome(outboxId, sending);
  }

  /** Waits for the transport and records 'sent', or 'failed' with the error (then rethrows). */
  private async recordOutcome(outboxId: number, sending: Promise<void>): Promise<void> {
    try {
      await sending;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.log.error({ err: error, outboxId }, 'e-mail delivery failed');
      this.counted('failed');
      await this.db
        .update(emailOutbox)
        .set({ status: 'failed', error: message.slice(0, 1000), claimedAt: null })
        .where(eq(emailOutbox.id, outboxId))
        .catch((updateError: unknown) =>
          this.log.error({ err: updateError }, 'could not record the failed delivery'),
        );
      throw error;
    }
    this.counted('sent');
    await this.db
      .update(emailOutbox)
      .set({ status: 'sent', sentAt: this.clock.now(), error: null, claimedAt: null })
      .where(eq(emailOutbox.id, outboxId));
  }

  /**
   * The job's delivery: claims the row (pending, failed, or held past the lease by a server
   * that died) and sends it. 'sent', 'done' (sent before, or gone) or 'held' (another
   * delivery holds it); throws the transport's error after recording it.
   */
  private async attempt(outboxId: number): Promise<'sent' | 'done' | 'held'> {
    const now = this.clock.now();
    const leaseMs = (this.queue?.timings.mailLeaseSeconds ?? 120) * 1000;
    const [mail] = await this.db
      .update(emailOutbox)
      .set({ status: 'sending', claimedAt: now, attempts: sql`${emailOutbox.attempts} + 1` })
      .where(
        and(
          eq(emailOutbox.id, outboxId),
          or(
            inArray(emailOutbox.status, ['pending', 'failed']),
            and(
              eq(emailOutbox.status, 'sending'),
              lt(emailOutbox.claimedAt, new Date(now.getTime() - leaseMs)),
            ),
          ),
        ),
      )
      .returning();
    if (!mail) {
      const [row] = await this.db
        .select({ status: emailOutbox.status })
        .from(emailOutbox)
        .where(eq(emailOutbox.id, outboxId));
      return !row || row.status === 'sent' ? 'done' : 'held';
    }
    await this.recordOutcome(outboxId, this.mailer.send(mail));
    return 'sent';
  }
}
