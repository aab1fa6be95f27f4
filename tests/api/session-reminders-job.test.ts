import { and, asc, eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { notifications } from '../../server/db/schema/notifications';
import { sessions } from '../../server/db/schema/sessions';
import { createCalendarNotices } from '../../server/features/notifications/calendar-notices';
import { createNotifier } from '../../server/features/notifications/notify';
import {
  type SessionReminderDeps,
  runSessionReminders,
  sendSessionReminders,
  sessionRemindersJob,
} from '../../server/features/sessions/session-reminders.job';
import { MailOutbox } from '../../server/mail/outbox';
import { calendarClub, insertSession } from './support/sessions';
import { startTestQueue } from './support/job-queue';
import { type TestContext, describeEachDatabase } from './support/test-app';
import { scheduleOnQueue } from '../../server/lib/scheduled-job';

/*
 * Issue #14 item 3: the 24-hours-before reminder job, with a fake clock. Each test works
 * at its own instant, so the sessions of the others are past or reminded already.
 */

const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

function jobDeps(ctx: TestContext) {
  const lines: { level: 'info' | 'error'; data: Record<string, unknown>; message: string }[] = [];
  const log = {
    info: (data: object, message: string) =>
      void lines.push({ level: 'info', data: { ...data }, message }),
    error: (data: object, message: string) =>
      void lines.push({ level: 'error', data: { ...data }, message }),
  };
  const outbox = new MailOutbox(ctx.db, ctx.mailer, ctx.clock, ctx.app.log);
  const notices = createCalendarNotices({
    notifier: createNotifier({ clock: ctx.clock, outbox, appUrl: 'http://app.test' }),
    clock: ctx.clock,
    log: { info: () => undefined },
  });
  const deps: SessionReminderDeps = { db: ctx.db, clock: ctx.clock, log, notices };
  return { deps, lines };
}

/** Who got the reminder of session `id`, by user id. */
const remindedOf = async (ctx: TestContext, id: number) =>
  (
    await ctx.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(
        and(
          eq(notifications.type, 'event_reminder'),
          eq(notifications.subject, `event:${id}:reminder`),
        ),
      )
      .orderBy(asc(notifications.userId))
  ).map((row) => row.userId);

describeEachDatabase('Session reminders job (every 15 minutes, fake clock)', (ctx) => {
  it('reminds each session starting within 24 h once, to its people, across runs', async () => {
    const now = new Date('2026-04-06T15:00:00Z');
    ctx.clock.set(now);
    const club = await calendarClub(ctx, 'Club Recordatorios');
    const at = (ms: number) => new Date(now.getTime() + ms);
    const dueA = await insertSession(ctx, club.clubId, club.catA, {
      title: 'Entrenamiento Sub-10',
      startsAt: at(20 * HOUR),
      location: 'Cancha 2',
    });
    const dueWide = await insertSession(ctx, club.clubId, null, { startsAt: at(24 * HOUR) });
    const laterB = await insertSession(ctx, club.clubId, club.catB, { startsAt: at(25 * HOUR) });
    const cancelled = await insertSession(ctx, club.clubId, club.catA, {
      startsAt: at(3 * HOUR),
      status: 'cancelled',
    });
    const past = await insertSession(ctx, club.clubId, club.catA, { startsAt: at(-MINUTE) });
    const { deps, lines } = jobDeps(ctx);

    expect(await sendSessionReminders(deps)).toEqual({ sessions: 2, notifications: 7, mails: 0 });
    expect(await remindedOf(ctx, dueA)).toEqual(
      sorted([club.playerA.id, club.parent.id, club.trainerA.id]),
    );
    expect(await remindedOf(ctx, dueWide)).toEqual(
      sorted([club.playerA.id, club.playerB.id, club.parent.id, club.trainerA.id]),
    );
    for (const id of [laterB, cancelled, past]) expect(await remindedOf(ctx, id)).toEqual([]);
    const [row] = await ctx.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.subject, `event:${dueA}:reminder`),
          eq(notifications.userId, club.parent.id),
        ),
      );
    expect(row).toMatchObject({
      clubId: club.clubId,
      priority: 'medium',
      title: 'Recordatorio: Entrenamiento Sub-10',
    });
    expect(row!.data).toMatchObject({ action_url: '/home/calendar', event_id: dueA });
    expect(row!.message).toContain('en Cancha 2');
    expect(lines).toEqual([
      {
        level: 'info',
        message: 'session reminders: run done',
        data: { at: now.toISOString(), sessions: 2, notifications: 7, mails: 0 },
      },
    ]);
    const marked = await ctx.db
      .select({ id: sessions.id, sentAt: sessions.reminderSentAt })
      .from(sessions)
      .where(inArray(sessions.id, [dueA, dueWide, laterB, cancelled, past]))
      .orderBy(asc(sessions.id));
    expect(marked.filter((s) => s.sentAt !== null).map((s) => s.id)).toEqual(
      sorted([dueA, dueWide]),
    );
    expect(marked.find((s) => s.id === dueA)!.sentAt).toEqual(now);

    // The next run, 15 minutes later: nothing new is due.
    ctx.clock.advanceMinutes(15);
    expect(await sendSessionReminders(deps)).toEqual({ sessions: 0, notifications: 0, mails: 0 });
    expect(await remindedOf(ctx, dueA)).toHaveLength(3);

    // A session made two hours before it starts is reminded on the next run; B's comes due.
    const lastMinute = await insertSession(ctx, club.clubId, club.catB, {
      startsAt: new Date(ctx.clock.now().getTime() + 2 * HOUR),
    });
    ctx.clock.advance(HOUR);
    expect(await sendSessionReminders(deps)).toMatchObject({ sessions: 2 });
    expect(await remindedOf(ctx, lastMinute)).toEqual([club.playerB.id]);
    expect(await remindedOf(ctx, laterB)).toEqual([club.playerB.id]);
  });

  it('creates one set of reminders when two runs start at once', async () => {
    const now = new Date('2026-05-04T15:00:00Z');
    ctx.clock.set(now);
    const club = await calendarClub(ctx, 'Club Concurrente');
    const due = await insertSession(ctx, club.clubId, club.catA, {
      startsAt: new Date(now.getTime() + 5 * HOUR),
    });
    const { deps } = jobDeps(ctx);
    const runs = await Promise.all([sendSessionReminders(deps), sendSessionReminders(deps)]);
    expect(runs.map((run) => run.sessions).sort()).toEqual([0, 1]);
    expect(await remindedOf(ctx, due)).toEqual(
      sorted([club.playerA.id, club.parent.id, club.trainerA.id]),
    );
  });

  it('logs a failed run, never throws, and leaves the sessions to the next run', async () => {
    const now = new Date('2026-06-01T15:00:00Z');
    ctx.clock.set(now);
    const club = await calendarClub(ctx, 'Club Fallido');
    const due = await insertSession(ctx, club.clubId, club.catA, {
      startsAt: new Date(now.getTime() + HOUR),
    });
    const { deps, lines } = jobDeps(ctx);
    const failing = {
      ...deps,
      notices: { eventReminder: () => Promise.reject(new Error('sin conexión')) },
    };
    expect(await runSessionReminders(failing)).toBeNull();
    expect(lines).toEqual([
      expect.objectContaining({ level: 'error', message: 'session reminders: run failed' }),
    ]);
    const [row] = await ctx.db.select().from(sessions).where(eq(sessions.id, due));
    expect(row!.reminderSentAt).toBeNull();

    // The queue's run at start-up reminds it; stopping waits for the run under way.
    const queue = await startTestQueue(ctx);
    await scheduleOnQueue(queue, sessionRemindersJob(deps), deps);
    await expect.poll(() => remindedOf(ctx, due), { timeout: 10_000 }).toHaveLength(3);
    await queue.stop();
    expect(await remindedOf(ctx, due)).toHaveLength(3);
  });
});
