import { and, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clubs } from '../../db/schema/clubs';
import { sessions } from '../../db/schema/sessions';
import { type Clock, addMs } from '../../lib/clock';
import type { CalendarNotices } from '../notifications/calendar-notices';
import { type ScheduledJob, runScheduledJob } from '../../lib/scheduled-job';
import { jobNames } from '../platform-health/job-runs';
import type { NotifyResult } from '../notifications/notify';
import { sessionAudience } from './session-audience';

/*
 * The 24-hours-before reminder (issue #14 item 3, DOMAIN.md "Notifications"): every 15
 * minutes, each scheduled session of an active club starting within the next 24 hours
 * whose reminder has not gone out gets `reminder_sent_at` and an `event_reminder` to its
 * people (session-audience.ts), in one transaction under an advisory lock, so two servers
 * at once remind once. A session created two hours before it starts is reminded on the
 * next run; one already started, cancelled or more than a day away is not. The e-mails
 * leave after the commit. Logged, never fatal (DOMAIN.md trap 12); started by
 * server/main.ts only.
 */

/** Every 15 minutes. */
export const SESSION_REMINDERS_CRON = '*/15 * * * *';
/** How long before a session its reminder goes out. */
export const REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;

export interface SessionReminderLog {
  info(data: object, message: string): void;
  error(data: object, message: string): void;
}

export interface SessionReminderDeps {
  db: Db;
  clock: Clock;
  log: SessionReminderLog;
  notices: Pick<CalendarNotices, 'eventReminder'>;
}

/** What one run did: the sessions it reminded, the notifications and e-mails it made. */
export interface SessionRemindersRun {
  sessions: number;
  notifications: number;
  mails: number;
}

/** 'Partido Sub-12 contra Halcones FC' for a match with a rival, else the title. */
const reminderTitle = (row: { title: string; opponent: string | null }) =>
  row.opponent ? `${row.title} contra ${row.opponent}` : row.title;

/**
 * Reminds every due session once at the clock's now; answers the counts and logs them.
 * Throws only what the database does.
 */
export async function sendSessionReminders({
  db,
  clock,
  log,
  notices,
}: SessionReminderDeps): Promise<SessionRemindersRun> {
  const now = clock.now();
  const results = await db.transaction(async (tx) => {
    const executor = tx as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('session-reminders'))`);
    const due = await tx
      .update(sessions)
      .set({ reminderSentAt: now })
      .where(
        and(
          eq(sessions.status, 'scheduled'),
          isNull(sessions.reminderSentAt),
          gt(sessions.startsAt, now),
          lte(sessions.startsAt, addMs(now, REMINDER_LEAD_MS)),
          inArray(
            sessions.clubId,
            tx.select({ id: clubs.id }).from(clubs).where(eq(clubs.status, 'active')),
          ),
        ),
      )
      .returning({
        id: sessions.id,
        clubId: sessions.clubId,
        categoryId: sessions.categoryId,
        title: sessions.title,
        opponent: sessions.opponent,
        startsAt: sessions.startsAt,
        location: sessions.location,
      });
    const sent: NotifyResult[] = [];
    // One by one, in start order: each reminder's audience is its category's people.
    for (const row of due.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())) {
      const recipients = await sessionAudience(executor, row.clubId, row.categoryId);
      sent.push(
        await notices.eventReminder(executor, {
          clubId: row.clubId,
          recipients,
          event: {
            id: row.id,
            title: reminderTitle(row),
            startsAt: row.startsAt,
            location: row.location,
          },
        }),
      );
    }
    return sent;
  });
  for (const result of results) result.dispatch();
  const run = {
    sessions: results.length,
    notifications: results.reduce((sum, result) => sum + result.created, 0),
    mails: results.reduce((sum, result) => sum + result.mails.length, 0),
  };
  log.info({ at: now.toISOString(), ...run }, 'session reminders: run done');
  return run;
}

/** The reminders as a scheduled job: the sessions due within a day, every 15 minutes. */
export const sessionRemindersJob = (
  deps: SessionReminderDeps,
): ScheduledJob<SessionRemindersRun, null> => ({
  name: jobNames.sessionReminders,
  label: 'session reminders',
  cron: SESSION_REMINDERS_CRON,
  work: () => sendSessionReminders(deps),
  summarize: (run) => ({ ...run }),
  fallback: null,
});

/**
 * One run, also the panel's job_runs row ('ok' with the counts, or 'failed' with the
 * error); never throws (an error is logged, the next run retries).
 */
export const runSessionReminders = (
  deps: SessionReminderDeps,
): Promise<SessionRemindersRun | null> => runScheduledJob(sessionRemindersJob(deps), deps);
