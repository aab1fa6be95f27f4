/**
 * `npx tsx bench/queue.ts` (`npm run bench:queue`): the job queue's figures (issue #36 item 6)
 * on a fresh database, PostgreSQL when BENCH_DATABASE_URL is set, else an in-memory PGlite.
 *
 * BENCH_PAYMENTS players (100,000; `10k` for a quick run) in clubs of at most
 * BENCH_CLUB_SIZE (50,000), one monthly charge each (bench/payment-generation.ts's seed), so
 * one owed payment per player, due on the 5th. Half the players are adults with an e-mail
 * address who chose payment_due by e-mail, half are minors with a guardian's e-mail on file
 * (BENCH_FILE_MAILS=0: all adults): every reminder is one e-mail. Then:
 *
 * - (a) the reminders' run (`createPaymentReminders`) on the 2nd (offset −3): reminders,
 *   `email_outbox` rows and `mail` jobs written per second, without the after-commit
 *   attempt (`dispatch`), so every mail is left to the queue;
 * - (b) those jobs drained by workers that deliver each mail (`MailOutbox.deliverQueued`)
 *   to a mailer that only counts: first as server/main.ts wires them (`JobQueue.work`,
 *   batches of 20, fetching again at once after a full batch) for BENCH_SAMPLE_SECONDS, by
 *   1 then 2 processes; then in batches of 5 with pg-boss's `burstWhenBatchFull`, by 1
 *   process until half the backlog is gone, then by 2;
 * - (c) the run on the 5th (offset 0) as production does it, with `dispatch`: the run, then
 *   the first attempts of the writing process (at most MAIL_DISPATCH_LIMIT at once: the
 *   rest are left to their jobs), then every job drained by 2 burst workers (those whose
 *   mail went find it sent, the others send it).
 *
 * Workers are child processes on PostgreSQL, queue instances in this process on PGlite
 * (one connection, in process). Numbers only; see bench/README.md.
 */
import { type ChildProcess, fork } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type DbHandle, openDb } from '../server/db/client';
import { prepareDatabase } from '../server/db/prepare';
import { createPaymentGenerationService } from '../server/features/payment-generation/payment-generation.service';
import { createNotifier } from '../server/features/notifications/notify';
import { createPaymentReminders } from '../server/features/notifications/payment-reminders.job';
import type { Clock } from '../server/lib/clock';
import type { Mailer } from '../server/mail/mailer';
import { type MailJob, MailOutbox } from '../server/mail/outbox';
import { JobQueue, type QueueTimings } from '../server/queue/job-queue';
import { seedClub } from './payment-generation';

const parseCount = (text: string) =>
  Math.round(Number(text.replace(/k$/i, '')) * (/k$/i.test(text) ? 1000 : 1));
const PAYMENTS = parseCount(process.env.BENCH_PAYMENTS ?? '100000');
const CLUB_SIZE = parseCount(process.env.BENCH_CLUB_SIZE ?? '50000');
/** '0': every player an adult mailed at his account (no guardian's address on file). */
const FILE_MAILS = process.env.BENCH_FILE_MAILS !== '0';
const SAMPLE_SECONDS = Number(process.env.BENCH_SAMPLE_SECONDS ?? 30);
const url = process.env.BENCH_DATABASE_URL;
/** Production's timings, but a mail's job is due after 1 s instead of 60 (the sample waits less). */
const timings: Partial<QueueTimings> = { mailRetrySeconds: 1 };
const at = (day: string): Clock => ({ now: () => new Date(`${day}T15:00:00Z`) });
const quiet = { info: () => undefined, error: () => undefined, warn: () => undefined };
const silentLogger = {
  ...quiet,
  debug: () => undefined,
  trace: () => undefined,
  fatal: () => undefined,
  child: () => silentLogger,
} as unknown as FastifyBaseLogger;

type Mode = 'production' | 'burst';
type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;
const countingMailer = (): Mailer & { sent: number } => {
  const mailer = {
    sent: 0,
    send: async () => {
      mailer.sent++;
    },
  };
  return mailer;
};

/** A worker of the `mail` queue as server/main.ts wires it ('production'), or bursting. */
async function startWorker(handle: DbHandle, mode: Mode) {
  const queue = JobQueue.open(handle, { timings, log: quiet });
  await queue.start();
  const mailer = countingMailer();
  const outbox = new MailOutbox(handle.db, mailer, { now: () => new Date() }, silentLogger, queue);
  const deliver = (job: { data: MailJob }) => outbox.deliverQueued(job.data);
  if (mode === 'production') await queue.work<MailJob>('mail', deliver, { batchSize: 20 });
  else
    await queue.boss.work<MailJob>(
      'mail',
      { batchSize: 5, pollingIntervalSeconds: queue.timings.pollSeconds, burstWhenBatchFull: true },
      async (jobs) => {
        for (const job of jobs) await deliver(job);
      },
    );
  return {
    stop: async () => {
      await queue.stop(20_000);
      return mailer.sent;
    },
  };
}

/** `count` workers in `mode`: child processes on PostgreSQL, queues in this process on PGlite. */
async function startWorkers(handle: DbHandle, mode: Mode, count: number) {
  if (!url) {
    const workers = await Promise.all(
      Array.from({ length: count }, () => startWorker(handle, mode)),
    );
    return async () => (await Promise.all(workers.map((w) => w.stop()))).reduce((a, b) => a + b);
  }
  const children: ChildProcess[] = [];
  await Promise.all(
    Array.from({ length: count }, async () => {
      const child = fork(fileURLToPath(import.meta.url), [], {
        execArgv: process.execArgv,
        env: { ...process.env, BENCH_QUEUE_WORKER: mode },
      });
      children.push(child);
      await new Promise((resolve) => child.once('message', resolve));
    }),
  );
  return async () => {
    const sent = await Promise.all(
      children.map(
        (child) =>
          new Promise<number>((resolve) => {
            child.once('message', (m: { sent: number }) => resolve(m.sent));
            child.send('stop');
          }),
      ),
    );
    return sent.reduce((a, b) => a + b);
  };
}

const completedJobs = async (handle: DbHandle) =>
  Number(
    rowsOf(
      await handle.db.execute(
        sql`select count(*)::int as n from pgboss.job where name = 'mail' and state = 'completed'`,
      ),
    )[0]!.n,
  );

/** How `count` workers run: processes on PostgreSQL, queues in this process on PGlite. */
const workers = (count: number) =>
  url ? `${count} process${count > 1 ? 'es' : ''}` : `${count} queue${count > 1 ? 's' : ''}`;

interface Line {
  step: string;
  items: number;
  seconds: number;
  load: string;
}
const lines: Line[] = [];
const load = () => os.loadavg()[0]!.toFixed(2);

/** Drains with `count` workers until `until` jobs are completed or `seconds` have passed. */
async function drain(
  handle: DbHandle,
  step: string,
  mode: Mode,
  count: number,
  { until, seconds = Infinity }: { until: number; seconds?: number },
) {
  const loadBefore = load();
  const before = await completedJobs(handle);
  const started = performance.now();
  const stop = await startWorkers(handle, mode, count);
  let done = before;
  while (done < until && performance.now() - started < seconds * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    done = await completedJobs(handle);
  }
  const sent = await stop();
  done = await completedJobs(handle);
  const elapsed = (performance.now() - started) / 1000;
  lines.push({ step, items: done - before, seconds: elapsed, load: `${loadBefore}→${load()}` });
  console.log(`  ${step}: ${done - before} jobs (${sent} mails sent) in ${elapsed.toFixed(1)} s`);
  return done;
}

/** The bench's clubs, their payments and their people's addresses and preferences. */
async function prepare(handle: DbHandle): Promise<void> {
  await prepareDatabase(handle, { demo: false });
  for (let left = PAYMENTS; left > 0; left -= CLUB_SIZE) {
    await prepareClub(
      handle,
      await seedClub(handle, { players: Math.min(left, CLUB_SIZE), charges: 1 }),
    );
  }
  await handle.db.execute(sql`analyze`);
}

/** One club's people's addresses and preferences, and its payments. */
async function prepareClub(handle: DbHandle, clubId: number): Promise<void> {
  const { db } = handle;
  // Adults (even ids) mailed at their account's address by preference; minors (odd ids)
  // at the guardian's address on their file (BENCH_FILE_MAILS=0: adults all).
  const adults = FILE_MAILS ? sql`u.id % 2 = 0` : sql`true`;
  await db.execute(sql`
    update users u set email = 'jugador' || u.id || '@banco.test', birth_date = '1995-05-05'
      from players p where p.user_id = u.id and p.club_id = ${clubId} and ${adults}`);
  await db.execute(sql`
    insert into notification_preferences (user_id, type, email)
    select u.id, 'payment_due', true from players p join users u on u.id = p.user_id
     where p.club_id = ${clubId} and ${adults}`);
  await db.execute(sql`
    update players set guardian_name = 'Acudiente ' || user_id,
      guardian_email = 'acudiente' || user_id || '@banco.test'
    where club_id = ${clubId} and user_id % 2 = 1 and ${FILE_MAILS}`);
  const started = performance.now();
  const result = await createPaymentGenerationService({ db, clock: at('2026-03-01') }).generate(
    clubId,
    '2026-03',
    { actorId: null, log: quiet },
  );
  console.log(
    `  club ${clubId}: ${result.created_total} payments generated in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** One reminders' run on `day`; with `dispatch`, also every mail sent by this process. */
async function remind(handle: DbHandle, queue: JobQueue, day: string, dispatch: boolean) {
  const clock = at(day);
  const mailer = countingMailer();
  const outbox = new MailOutbox(handle.db, mailer, clock, silentLogger, queue);
  const notifier = createNotifier({
    clock,
    appUrl: 'https://club.example',
    outbox: dispatch
      ? outbox
      : { add: (executor, mail) => outbox.add(executor, mail), dispatch: () => undefined },
  });
  const loadBefore = load();
  const started = performance.now();
  const runs = await createPaymentReminders({ db: handle.db, clock, log: quiet, notifier });
  const seconds = (performance.now() - started) / 1000;
  const [outboxRows] = rowsOf(
    await handle.db.execute(sql`select count(*)::int as n from email_outbox`),
  );
  const created = runs.reduce((sum, run) => sum + run.created, 0);
  const step = `reminders' run on ${day}${dispatch ? ', then dispatch' : ''}`;
  lines.push({ step, items: created, seconds, load: `${loadBefore}→${load()}` });
  console.log(
    `  ${step}: ${created} reminders, outbox ${outboxRows!.n} rows in all, ${seconds.toFixed(1)} s`,
  );
  if (dispatch) {
    const sendStarted = performance.now();
    await outbox.idle();
    const sendSeconds = (performance.now() - sendStarted) / 1000;
    lines.push({
      step: '  its first attempts (this process)',
      items: mailer.sent,
      seconds: sendSeconds,
      load: load(),
    });
    console.log(`  dispatch: ${mailer.sent} mails sent in ${sendSeconds.toFixed(1)} s`);
  }
  return created;
}

async function main() {
  const label = url ? 'PostgreSQL' : 'PGlite (memory)';
  console.log(`${label}: ${PAYMENTS} players with one owed payment each, due 2026-03-05`);
  const handle = await openDb({ url });
  try {
    await prepare(handle);
    const queue = JobQueue.open(handle, { timings, log: quiet });
    await queue.start();
    const half = PAYMENTS / 2;

    // (a) and (b): the queue path, every mail delivered by a worker.
    const created = await remind(handle, queue, '2026-03-02', false);
    let done = await drain(handle, `production worker, ${workers(1)}`, 'production', 1, {
      until: created,
      seconds: SAMPLE_SECONDS,
    });
    done = await drain(handle, `production workers, ${workers(2)}`, 'production', 2, {
      until: created,
      seconds: SAMPLE_SECONDS,
    });
    done = await drain(handle, `burst worker, ${workers(1)}`, 'burst', 1, {
      until: Math.max(done, half),
    });
    done = await drain(handle, `burst workers, ${workers(2)}`, 'burst', 2, { until: created });

    // (c) the fast path: the writing process sends at once; the jobs find them sent.
    const fast = await remind(handle, queue, '2026-03-05', true);
    await drain(handle, `burst workers, ${workers(2)} (the mails dispatch left)`, 'burst', 2, {
      until: done + fast,
    });
    await queue.stop();

    const [check] = rowsOf(
      await handle.db.execute(sql`
        select count(*) filter (where status = 'sent')::int as sent,
               count(*) filter (where status <> 'sent')::int as unsent,
               max(attempts)::int as max_attempts from email_outbox`),
    );
    console.log(`\n${label}, load average ${load()} at the end:`);
    console.table(
      lines.map((line) => ({
        step: line.step,
        items: line.items,
        seconds: Number(line.seconds.toFixed(1)),
        'per second': Math.round(line.items / line.seconds),
        load: line.load,
      })),
    );
    console.log(
      `  outbox: ${check!.sent} sent, ${check!.unsent} not sent, at most ${check!.max_attempts} attempt(s) per mail`,
    );
  } finally {
    await handle.close();
  }
}

// A child worker (PostgreSQL): started by the parent, stopped by its message.
if (process.env.BENCH_QUEUE_WORKER) {
  const handle = await openDb({ url });
  const worker = await startWorker(handle, process.env.BENCH_QUEUE_WORKER as Mode);
  process.send!({ ready: true });
  process.on('message', async () => {
    const sent = await worker.stop();
    await handle.close();
    process.send!({ sent }, () => process.exit(0));
  });
} else {
  await main();
}
