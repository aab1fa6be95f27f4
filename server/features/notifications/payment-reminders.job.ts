import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { paymentRemindersStatement } from './payment-reminders.sql';

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
 * The reminders are in-app only for now: e-mail by preference is notify.ts's, which sends
 * per recipient; the lead wires it to the rows this inserts (see docs/notifications.md).
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

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Creates the day's payment reminders of every active club (or of `clubId`) at the
 * clock's now; answers the count per club and logs it. Throws only what the database does.
 */
export async function createPaymentReminders(options: {
  db: Db;
  clock: Clock;
  log: ReminderLog;
  clubId?: number;
}): Promise<ClubReminders[]> {
  const { db, clock, log, clubId } = options;
  const now = clock.now();
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('payment-reminders'))`);
    return rowsOf<{ club_id: number; today: string; created: number }>(
      await tx.execute(paymentRemindersStatement({ clubId, now })),
    );
  });
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
      per_club: runs.filter((run) => run.created > 0),
    },
    'payment reminders: run done',
  );
  return runs;
}

/** One run for every active club; never throws (an error is logged, the next run retries). */
export async function runPaymentReminders(options: {
  db: Db;
  clock: Clock;
  log: ReminderLog;
}): Promise<ClubReminders[]> {
  try {
    return await createPaymentReminders(options);
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
}: {
  db: Db;
  clock: Clock;
  log: ReminderLog;
  intervalMs?: number;
}): () => Promise<void> {
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
