import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { type ScheduledJob, runScheduledJob } from '../../lib/scheduled-job';
import { jobNames } from '../platform-health/job-runs';
import type { Notifier } from './notify';
import { type ClubRow, planReminders } from './payment-reminders.plan';
import {
  PAYMENT_REMINDER_ACTION_URL,
  insertRemindersStatement,
  paymentRemindersStatement,
} from './payment-reminders.sql';
import { rowsOf } from '../../db/rows';

/*
 * The escalating payment reminders' run (issue #13 item 2; the rules are in
 * payment-reminders.sql.ts): one statement finds every active club's payments due at an
 * offset today, under an advisory lock so two servers (or 20 runs) at once remind each
 * family once. Logged, never fatal (DOMAIN.md trap 12). Started by server/main.ts only,
 * after the payment generation job.
 *
 * It runs every hour, not once a day: each club's "today" starts at its own midnight, and
 * a server restarted during the day catches up; a run that finds today's reminders made
 * creates nothing. A day the server is down all day is not made up later: those
 * reminders were for that day.
 *
 * Whom (issue #34, "reminders reach whoever pays", the families of the manual reminder,
 * payment-reminders.families.ts): one message per family and offset lists every child's
 * payments due then and the total, with the club's payment methods, in the words of the
 * manual reminder (payment-reminders.text.ts). A minor's goes to the accounts of his
 * authorised guardians; before any has an account, to the guardian e-mail on his file, by
 * e-mail only (his own account keeps an archived mark of it, so it goes once and the child
 * sees nothing); with neither, to his own account as before; an adult's to himself.
 *
 * E-mail by preference: an account's copy is e-mailed (notifier.mailCreated) when its
 * person wants payment_due by e-mail (off unless they chose it); the file's address gets
 * its mail when the mark was created. Queued in the same transaction; they leave once it
 * has committed.
 */

/** Every hour on the hour (each club's morning comes in its own zone). */
export const PAYMENT_REMINDERS_CRON = '0 * * * *';

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
  notifier: Pick<Notifier, 'mailCreated' | 'mailAddresses'> & Partial<Pick<Notifier, 'linkTo'>>;
}

/**
 * Creates the day's payment reminders of every active club (or of `clubId`) at the
 * clock's now; answers the count per club and logs it. Throws only what the database does.
 */
export async function createPaymentReminders(
  options: ReminderJobDeps & { clubId?: number },
): Promise<ClubReminders[]> {
  const { db, clock, log, notifier, clubId } = options;
  const now = clock.now();
  const link = notifier.linkTo?.(PAYMENT_REMINDER_ACTION_URL) ?? PAYMENT_REMINDER_ACTION_URL;
  const { runs, queued, onFile } = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('payment-reminders'))`);
    const clubRows = rowsOf<ClubRow>(await tx.execute(paymentRemindersStatement({ clubId, now })));
    const { rows, accountMails, fileMails } = await planReminders(
      tx as unknown as Db,
      clubRows,
      link,
    );
    const created = new Set(
      rows.length === 0
        ? []
        : rowsOf<{ user_id: number; subject: string }>(
            await tx.execute(insertRemindersStatement(rows, now)),
          ).map((row) => `${Number(row.user_id)} ${row.subject}`),
    );
    const visible = rows.filter(
      (row) => !row.archived && created.has(`${row.user_id} ${row.subject}`),
    );
    const mailedFiles = fileMails.filter((file) => file.keys.some((key) => created.has(key)));
    // Counted per club in one pass each (a tenant's day may hold 300,000 reminders).
    const clubOfKey = new Map(rows.map((r) => [`${r.user_id} ${r.subject}`, r.club_id]));
    const createdIn = new Map<number, number>();
    const count = (clubId: number | undefined) => {
      if (clubId !== undefined) createdIn.set(clubId, (createdIn.get(clubId) ?? 0) + 1);
    };
    for (const row of visible) count(row.club_id);
    for (const file of mailedFiles) {
      for (const clubId of new Set(file.keys.map((key) => clubOfKey.get(key)))) count(clubId);
    }
    const runs = clubRows.map((row) => ({
      clubId: Number(row.club_id),
      today: String(row.today),
      created: createdIn.get(Number(row.club_id)) ?? 0,
    }));
    return {
      runs,
      queued: await notifier.mailCreated(
        tx,
        'payment_due',
        visible.map((row) => accountMails.get(`${row.user_id} ${row.subject}`)!),
      ),
      onFile: await notifier.mailAddresses(
        tx,
        mailedFiles.map((file) => file.mail),
      ),
    };
  });
  queued.dispatch();
  onFile.dispatch();
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

/** The reminders as a scheduled job: every active club's reminders of today, hourly. */
export const paymentRemindersJob = (
  options: ReminderJobDeps,
): ScheduledJob<ClubReminders[], ClubReminders[]> => ({
  name: jobNames.paymentReminders,
  label: 'payment reminders',
  cron: PAYMENT_REMINDERS_CRON,
  work: () => createPaymentReminders(options),
  summarize: (runs) => ({
    clubs: runs.length,
    created: runs.reduce((sum, run) => sum + run.created, 0),
  }),
  fallback: [],
});

/**
 * One run for every active club, also the panel's job_runs row ('ok' with the counts, or
 * 'failed' with the error); never throws (an error is logged, the next run retries).
 */
export const runPaymentReminders = (options: ReminderJobDeps): Promise<ClubReminders[]> =>
  runScheduledJob(paymentRemindersJob(options), options);
