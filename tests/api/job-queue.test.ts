import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { emailOutbox } from '../../server/db/schema/mail';
import { sessionRemindersJob } from '../../server/features/sessions/session-reminders.job';
import { START_UP_WINDOW_SECONDS, scheduleOnQueue } from '../../server/lib/scheduled-job';
import { createSmtpMailer } from '../../server/mail/mailer';
import { MAIL_DISPATCH_LIMIT, type MailJob, MailOutbox } from '../../server/mail/outbox';
import type { JobQueue } from '../../server/queue/job-queue';
import { jobRuns } from '../../server/db/schema/platform';
import { startTestQueue } from './support/job-queue';
import { SmtpSink } from './support/smtp-sink';
import { type TestContext, describeEachDatabase } from './support/test-app';

/*
 * The queue behind every e-mail and scheduled job (server/queue/job-queue.ts), on the
 * suite's own database, with a real SMTP server (tests/api/support/smtp-sink.ts).
 */

const quiet = { error: () => undefined, warn: () => undefined, info: () => undefined };

describeEachDatabase('Job queue: e-mail and scheduled jobs', (ctx: TestContext) => {
  let sink: SmtpSink;
  let queue: JobQueue;
  let outbox: MailOutbox;
  let next = 0;

  beforeAll(async () => {
    sink = await new SmtpSink().start();
    queue = await startTestQueue(ctx);
    const mailer = createSmtpMailer(sink.url, 'Club <no-reply@club.test>');
    outbox = new MailOutbox(ctx.db, mailer, ctx.clock, quiet as never, queue);
  });
  afterEach(() => sink.release());
  afterAll(async () => {
    await queue?.stop(2_000);
    await sink?.stop();
  });

  /** A mail to a new address, written in a transaction as the features do. */
  const write = async () => {
    next += 1;
    const to = `familia${next}-${Date.now()}@correo.test`;
    const mail = await ctx.db.transaction((tx) =>
      outbox.add(tx, { to, subject: `Recordatorio ${next}`, text: 'Hola', html: '<p>Hola</p>' }),
    );
    return { mail, to };
  };
  const rowOf = async (id: number) =>
    (await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0];
  // The SMTP sink has a message a moment before the worker records the row as sent.
  const sentRow = async (id: number) => {
    await expect.poll(async () => (await rowOf(id))?.status, { timeout: 10_000 }).toBe('sent');
    return rowOf(id);
  };
  let working = false;
  const startWorker = async () => {
    if (working) return;
    working = true;
    await queue.work<MailJob>('mail', (job) => outbox.deliverQueued(job.data));
  };

  it("refreshes the planner's figures of the job table when a worker meets a backlog (a full batch), not before", async () => {
    const other = await startTestQueue(ctx);
    const analyzedAt = async () => {
      const result = await ctx.db.execute(sql`
        select coalesce(max(last_analyze), 'epoch')::text as at from pg_stat_user_tables
         where schemaname = 'pgboss' and relname = 'job_common'`);
      return String((result as unknown as { rows: { at: string }[] }).rows[0]!.at);
    };
    try {
      const before = await analyzedAt();
      const done: number[] = [];
      await other.work<{ n: number }>(
        'session-reminders',
        async (job) => void done.push(job.data.n),
        {
          batchSize: 4,
        },
      );
      for (const n of [1, 2, 3]) await other.boss.send('session-reminders', { n });
      await expect.poll(() => done.length, { timeout: 15_000 }).toBe(3);
      // Batches of three or fewer: no backlog, no ANALYZE.
      expect(await analyzedAt()).toBe(before);
      await other.boss.insert(
        'session-reminders',
        [4, 5, 6, 7, 8, 9, 10, 11].map((n) => ({ data: { n } })),
      );
      await expect.poll(() => done.length, { timeout: 15_000 }).toBe(11);
      await expect.poll(analyzedAt, { timeout: 10_000 }).not.toBe(before);
    } finally {
      await other.stop(2_000);
    }
  });

  it('delivers at once a mail the server could send, and its job then ends without a second copy', async () => {
    await startWorker();
    const { mail, to } = await write();
    outbox.dispatch(mail);
    await outbox.idle();
    expect(sink.to(to)).toHaveLength(1);
    // The job comes due a second later, finds it sent and completes.
    await expect
      .poll(
        async () => (await queue.boss.findJobs('mail', { data: { outboxId: mail.id } }))[0]?.state,
        {
          timeout: 10_000,
        },
      )
      .toBe('completed');
    expect(sink.to(to)).toHaveLength(1);
    expect(await rowOf(mail.id)).toMatchObject({ status: 'sent', attempts: 1, error: null });
  });

  it('a mail the SMTP server refuses twice is delivered exactly once, by the queue, with backoff', async () => {
    await startWorker();
    const { mail, to } = await write();
    sink.failFor(to, 2);
    outbox.dispatch(mail);
    await outbox.idle();
    expect(await rowOf(mail.id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await rowOf(mail.id))?.error).toContain('451');
    await expect.poll(() => sink.to(to).length, { timeout: 20_000 }).toBe(1);
    expect(sink.refused).toBe(2);
    const row = await sentRow(mail.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, error: null });
    // Its Message-ID comes from the outbox row: a retry is the same message.
    expect(sink.to(to)[0]?.messageId).toMatch(new RegExp(`^<outbox-${mail.id}-\\d+@club\\.test>$`));
  });

  it('a mail whose server died before trying it is sent by the queue', async () => {
    await startWorker();
    const { mail, to } = await write();
    // No dispatch: the writing server is gone.
    await expect.poll(() => sink.to(to).length, { timeout: 10_000 }).toBe(1);
    expect(await sentRow(mail.id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(sink.to(to)).toHaveLength(1);
  });

  it('a mail held by a live delivery waits; one whose holder died is taken over after the lease', async () => {
    const { mail, to } = await write();
    const claimedAt = ctx.clock.now();
    await ctx.db
      .update(emailOutbox)
      .set({ status: 'sending', claimedAt, attempts: 1 })
      .where(eq(emailOutbox.id, mail.id));
    await expect(outbox.deliverQueued({ outboxId: mail.id })).rejects.toThrow(
      /being sent by another server/,
    );
    expect(sink.to(to)).toHaveLength(0);
    // The lease (2 s in tests) passes without news from the holder.
    ctx.clock.advance(3_000);
    await outbox.deliverQueued({ outboxId: mail.id });
    expect(sink.to(to)).toHaveLength(1);
    expect(await rowOf(mail.id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('the same mail job delivered 20 times at once sends one message', async () => {
    const { mail, to } = await write();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => outbox.deliverQueued({ outboxId: mail.id })),
    );
    expect(sink.to(to)).toHaveLength(1);
    expect(results.filter((result) => result.status === 'fulfilled').length).toBeGreaterThan(0);
    expect(await rowOf(mail.id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('an unsent mail without a job (from before the queue) is queued at start-up, once', async () => {
    await startWorker();
    const to = `antigua-${Date.now()}@correo.test`;
    const [row] = await ctx.db
      .insert(emailOutbox)
      .values({
        to,
        subject: 'x',
        text: 'x',
        html: 'x',
        status: 'failed',
        createdAt: ctx.clock.now(),
      })
      .returning();
    expect(await outbox.requeueUnsent()).toBe(1);
    expect(await outbox.requeueUnsent()).toBe(0);
    await expect.poll(() => sink.to(to).length, { timeout: 10_000 }).toBe(1);
    expect(await sentRow(row!.id)).toMatchObject({ status: 'sent' });
  });

  it('a write rolled back leaves neither the mail nor its job', async () => {
    const to = `nadie-${Date.now()}@correo.test`;
    let id = 0;
    await expect(
      ctx.db.transaction(async (tx) => {
        id = (await outbox.add(tx, { to, subject: 'x', text: 'x', html: 'x' })).id;
        throw new Error('the payment failed');
      }),
    ).rejects.toThrow('the payment failed');
    expect(id).toBeGreaterThan(0);
    expect(await rowOf(id)).toBeUndefined();
    expect(await queue.boss.findJobs('mail', { data: { outboxId: id } })).toEqual([]);
  });

  it('a job failing in a batch is retried alone: the others of its batch complete once', async () => {
    const other = await startTestQueue(ctx);
    try {
      const ids: (string | null)[] = [];
      for (const n of [1, 2, 3, 4]) ids.push(await other.boss.send('payment-generation', { n }));
      const calls = new Map<number, number>();
      await other.work<{ n: number }>(
        'payment-generation',
        async (job) => {
          calls.set(job.data.n, (calls.get(job.data.n) ?? 0) + 1);
          if (job.data.n === 2) throw new Error('club 2 failed');
        },
        { batchSize: 4 },
      );
      const stateOf = async (id: string | null) =>
        (await other.boss.findJobs('payment-generation', { id: id! }))[0]?.state;
      await expect
        .poll(async () => Promise.all(ids.map(stateOf)), { timeout: 10_000 })
        .toEqual(['completed', 'retry', 'completed', 'completed']);
      expect([...calls.entries()].sort()).toEqual([
        [1, 1],
        [2, 1],
        [3, 1],
        [4, 1],
      ]);
    } finally {
      await other.stop(2_000);
    }
  });

  it('runs the jobs of a batch side by side', async () => {
    const other = await startTestQueue(ctx);
    try {
      for (const n of [1, 2, 3, 4]) await other.boss.send('session-reminders', { n });
      let active = 0;
      let arrived = 0;
      let most = 0;
      const done: number[] = [];
      await other.work<{ n: number }>(
        'session-reminders',
        async (job) => {
          active += 1;
          arrived += 1;
          most = Math.max(most, active);
          // Waits for the other three (in a row they would never come): at most 3 s.
          for (let i = 0; i < 60 && arrived < 4; i++) await new Promise((r) => setTimeout(r, 50));
          active -= 1;
          done.push(job.data.n);
        },
        { batchSize: 4 },
      );
      await expect.poll(() => done.length, { timeout: 15_000 }).toBe(4);
      expect(most).toBe(4);
    } finally {
      await other.stop(2_000);
    }
  });

  it(`sends at most ${MAIL_DISPATCH_LIMIT} first attempts at once and leaves the rest of a burst to the queue, each mail once`, async () => {
    let sending = 0;
    let most = 0;
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const sent: string[] = [];
    const mailer = {
      async send(mail: { to: string }) {
        sending += 1;
        most = Math.max(most, sending);
        await gate;
        sending -= 1;
        sent.push(mail.to);
      },
    };
    const other = await startTestQueue(ctx);
    const burst = new MailOutbox(ctx.db, mailer, ctx.clock, quiet as never, other);
    try {
      const count = MAIL_DISPATCH_LIMIT + 20;
      const stamp = Date.now();
      const mails = await ctx.db.transaction(async (tx) => {
        const written = [];
        for (let n = 0; n < count; n++) {
          const to = `rafaga${n}-${stamp}@correo.test`;
          written.push(
            await burst.add(tx, { to, subject: 'Aviso', text: 'Hola', html: '<p>Hola</p>' }),
          );
        }
        return written;
      });
      for (const mail of mails) burst.dispatch(mail);
      expect(sending).toBe(MAIL_DISPATCH_LIMIT);
      open();
      await burst.idle();
      expect(sent).toHaveLength(MAIL_DISPATCH_LIMIT);
      const pending = await ctx.db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(eq(emailOutbox.status, 'pending'));
      const ids = new Set(mails.map((mail) => mail.id));
      expect(pending.filter((row) => ids.has(row.id))).toHaveLength(20);
      // The rest go by their jobs (due a second later here), delivered by the workers: this
      // one, or the suite's SMTP worker when an earlier test started it.
      await other.work<MailJob>('mail', (job) => burst.deliverQueued(job.data), { batchSize: 20 });
      const copies = () =>
        mails.map((mail) => sent.filter((to) => to === mail.to).length + sink.to(mail.to).length);
      await expect.poll(() => copies().every((n) => n >= 1), { timeout: 20_000 }).toBe(true);
      expect(copies()).toEqual(mails.map(() => 1));
      // Each row says 'sent' just after its message left.
      const unsent = async () =>
        (await ctx.db.select({ id: emailOutbox.id, status: emailOutbox.status }).from(emailOutbox))
          .filter((row) => ids.has(row.id) && row.status !== 'sent')
          .map((row) => row.id);
      await expect.poll(unsent, { timeout: 10_000 }).toEqual([]);
      expect(copies()).toEqual(mails.map(() => 1));
      expect(most).toBeLessThanOrEqual(MAIL_DISPATCH_LIMIT);
    } finally {
      open();
      await other.stop(2_000);
    }
  });

  it('two servers scheduling the same job run its start-up slot once', async () => {
    const other = await startTestQueue(ctx);
    try {
      const runs: string[] = [];
      const deps = (server: string) => ({
        db: ctx.db,
        clock: ctx.clock,
        log: { ...quiet, info: () => runs.push(server) },
        notices: { eventReminder: () => Promise.reject(new Error('no session is due')) },
      });
      // The start-up run is one per 5-minute window of real time (scheduled-job.ts): sent on
      // either side of a window's end it runs twice, by design. Send both away from one.
      const window = START_UP_WINDOW_SECONDS * 1000;
      const left = window - (Date.now() % window);
      if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
      await Promise.all([
        scheduleOnQueue(queue, sessionRemindersJob(deps('a')), deps('a')),
        scheduleOnQueue(other, sessionRemindersJob(deps('b')), deps('b')),
      ]);
      await expect.poll(() => runs.length, { timeout: 10_000 }).toBe(1);
      // Both workers poll twice a second: a second run would have come by now.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(runs).toHaveLength(1);
      expect(await queue.boss.getSchedules('session-reminders')).toHaveLength(1);
      const [run] = await ctx.db.select().from(jobRuns).where(eq(jobRuns.job, 'session-reminders'));
      expect(run?.outcome).toBe('ok');
    } finally {
      await other.stop(2_000);
    }
  });
});
