import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { jobNames, recordJobRun } from '../platform-health/job-runs';
import type { Notifier } from './notify';
import { PAYMENT_REMINDER_ACTION_URL, paymentRemindersStatement } from './payment-reminders.sql';

/*
 * The escalating payment reminders' run (issue #13 item 2; the rules are in
 * payment-reminders.sql.ts): one statement for every active club, under an advisory lock
 * so two servers at once do not both insert (the unique index would refuse the second
 * anyway: the lock keeps the counts they log true). Logged, never fatal (DOMAIN.md
 * trap 12). Started by server/main.ts only, after the payment generation job.
 *
 * It runs every hour, not once a day: each club's "today" starts at its own midnight, and
 * a server restarted during the day catches up; a run that finds today's reminders made
 * creates nothing. A day the server is down all day is not made up later: those
 * reminders were for that day.
 *
 * E-mail by preference: the statement answers the reminders it created, and the notifier's
 * `mailCreated` queues, in the same transaction, an e-mail for each one whose person wants
 * payment_due by e-mail (off unless they chose it), and `mailAddresses` one for each
 * whose minor has no guardian account yet but a guardian e-mail on file (issue #34); they
 * leave once it has committed.
 */

export const REMINDERS_INTERVAL_MS = 60 * 60 * 1000;

export interface ReminderLog {
  info(data: object, message: string): void;
  error(data: object, message: string): void;
}

/** What one run did for one club: its today and how many reminders it created. */
export interface ClubReminders {
  clubId: number;
  today: string;
  created: number;
}

/** What the job needs: the database, the time, where it logs and how it e-mails. */
export interface ReminderJobDeps {
  db: Db;
  clock: Clock;
  log: ReminderLog;
  /** Queues the e-mails of the reminders whose person chose payment_due by e-mail. */
  notifier: Pick<Notifier, 'mailCreated' | 'mailAddresses'>;
}

interface ClubRow {
  club_id: number;
  today: string;
  created: number;
  notices: { user_id: number; title: string; message: string }[] | string;
  on_file: { to: string; title: string; message: string }[] | string;
}

/** A json column: parsed by both drivers, but read defensively as text too. */
const jsonOf = <T>(value: T | string): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;
const noticesOf = (row: ClubRow) => jsonOf(row.notices);

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Creates the day's payment reminders of every active club (or of `clubId`) at the
 * clock's now; answers the count per club and logs it. Throws only what the database does.
 */
export async function createPaymentReminders(
  options: ReminderJobDeps & { clubId?: number },
): Promise<ClubReminders[]> {
  const { db, clock, log, notifier, clubId } = options;
  const now = clock.now();
  const { rows, queued, onFile } = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('payment-reminders'))`);
    const rows = rowsOf<ClubRow>(await tx.execute(paymentRemindersStatement({ clubId, now })));
    const created = rows.flatMap((row) =>
      noticesOf(row).map((notice) => ({
        userId: Number(notice.user_id),
        title: notice.title,
        message: notice.message,
        actionUrl: PAYMENT_REMINDER_ACTION_URL,
      })),
    );
    const onFile = rows.flatMap((row) =>
      jsonOf(row.on_file).map((mail) => ({ ...mail, actionUrl: PAYMENT_REMINDER_ACTION_URL })),
    );
    return {
      rows,
      queued: await notifier.mailCreated(tx, 'payment_due', created),
      onFile: await notifier.mailAddresses(tx, onFile),
    };
  });
  queued.dispatch();
  onFile.dispatch();
  const runs = rows.map((row) => ({
    clubId: Number(row.club_id),
    today: String(row.today),
    created: Number(row.created),
  }));
  log.info(
    {
      at: now.toISOString(),
      clubs: runs.length,
      created: runs.reduce((sum, run) => sum + run.created, 0),
      mails: queued.mails.length + onFile.mails.length,
      per_club: runs.filter((run) => run.created > 0),
    },
    'payment reminders: run done',
  );
  return runs;
}

/** One run for every active club; never throws (an error is logged, the next run retries). */
export async function runPaymentReminders(options: ReminderJobDeps): Promise<ClubReminders[]> {
  try {
    // Also the panel's job_runs row: 'ok' with the counts, or 'failed' with the error.
    return await recordJobRun(
      options.db,
      jobNames.paymentReminders,
      () => createPaymentReminders(options),
      {
        clock: options.clock,
        summarize: (runs) => ({
          clubs: runs.length,
          created: runs.reduce((sum, run) => sum + run.created, 0),
        }),
      },
    );
  } catch (error) {
    options.log.error({ err: error }, 'payment reminders: run failed');
    return [];
  }
}

/**
 * Runs the reminders now and then every `intervalMs`; the timer does not keep the process
 * alive. The returned function stops it and waits for a run in progress.
 */
export function startPaymentRemindersJob({
  intervalMs = REMINDERS_INTERVAL_MS,
  ...options
}: ReminderJobDeps & { intervalMs?: number }): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const run = () => {
    if (stopped) return;
    running = running.then(() => (stopped ? [] : runPaymentReminders(options)));
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  run();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
