import { and, asc, eq, gt, isNotNull, isNull, lt } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { categories } from '../../server/db/schema/categories';
import { clubs } from '../../server/db/schema/clubs';
import { players } from '../../server/db/schema/players';
import { sessionAttendance, sessionSeries, sessions } from '../../server/db/schema/sessions';
import { users } from '../../server/db/schema/users';
import { seedDemoIfEmpty } from '../../server/db/seed/demo';
import { DEMO_CLUB_NAME } from '../../server/db/seed/demo-accounts';
import { localDateTimeOf } from '../../contract/club-time';
import { sessionAccessFor } from '../../server/features/sessions/session-scope';
import { describeEachDatabase } from './support/test-app';

/*
 * Issue #14 item 5: the demo club's calendar, made by the sessions and attendance
 * services with the seed's clock. The seed runs at a fixed instant: Wednesday, March 18,
 * 2026, 10:00 in Bogotá, so the season runs from December 1, 2025 to May 31, 2026.
 */
const NOW = new Date('2026-03-18T15:00:00Z');
const TIME_ZONE = 'America/Bogota';
const DAY = 24 * 60 * 60 * 1000;
const isoWeekday = (date: string) => ((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;

describeEachDatabase('the demo club’s calendar', (ctx) => {
  let clubId = 0;
  const categoryName = new Map<number, string>();
  const clubSessions = () =>
    ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.clubId, clubId))
      .orderBy(asc(sessions.startsAt));
  const userId = async (email: string) =>
    (await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

  beforeAll(async () => {
    expect(await seedDemoIfEmpty(ctx.db, { storage: ctx.storage, now: NOW })).toBe(true);
    const [club] = await ctx.db.select().from(clubs).where(eq(clubs.name, DEMO_CLUB_NAME));
    clubId = club!.id;
    const rows = await ctx.db.select().from(categories).where(eq(categories.clubId, clubId));
    for (const row of rows) categoryName.set(row.id, row.name);
  });

  it('has a weekly training series per category for the whole season, at its local time', async () => {
    const series = await ctx.db
      .select()
      .from(sessionSeries)
      .where(eq(sessionSeries.clubId, clubId));
    expect(series).toHaveLength(7);
    expect(new Set(series.map((row) => categoryName.get(row.categoryId!)))).toEqual(
      new Set(categoryName.values()),
    );
    const sub12 = series.find((row) => categoryName.get(row.categoryId!) === 'Sub-12')!;
    expect(sub12).toMatchObject({ type: 'training', weekdays: [1, 3], startTime: '18:00' });
    for (const row of series) {
      expect(row.startDate, row.title).toBe('2025-12-01');
      expect(row.untilDate, row.title).toBe('2026-05-31');
    }
    const occurrences = (await clubSessions()).filter((row) => row.seriesId === sub12.id);
    // Mondays and Wednesdays from December 1 to May 31: 26 weeks.
    expect(occurrences.length).toBeGreaterThanOrEqual(50);
    for (const row of occurrences) {
      const local = localDateTimeOf(row.startsAt, TIME_ZONE);
      expect([1, 3]).toContain(isoWeekday(local.date));
      expect(local.time).toBe('18:00');
      expect(row.endsAt.getTime() - row.startsAt.getTime()).toBe(90 * 60 * 1000);
      expect(local.date >= '2025-12-01' && local.date <= '2026-05-31').toBe(true);
    }
  });

  it('has two past matches with results, one upcoming match and an upcoming meeting', async () => {
    const rows = await clubSessions();
    const matches = rows.filter((row) => row.type === 'match');
    const played = matches.filter((row) => row.startsAt < NOW);
    expect(played).toHaveLength(2);
    for (const match of played) {
      expect(match).toMatchObject({ status: 'done' });
      expect(match.scoreOurs).not.toBeNull();
      expect(match.scoreTheirs).not.toBeNull();
      expect(match.opponent).toBeTruthy();
    }
    const upcoming = matches.filter((row) => row.startsAt > NOW);
    expect(upcoming).toHaveLength(1);
    expect(upcoming[0]).toMatchObject({ status: 'scheduled', scoreOurs: null });
    expect(upcoming[0]!.opponent).toBeTruthy();
    expect(upcoming[0]!.homeAway).not.toBeNull();
    const meetings = rows.filter((row) => row.type === 'meeting');
    expect(meetings).toEqual([
      expect.objectContaining({
        categoryId: null,
        title: 'Reunión de padres',
        status: 'scheduled',
      }),
    ]);
    expect(meetings[0]!.startsAt > NOW).toBe(true);
  });

  it('has closed roll calls for the past four weeks of trainings, mostly present', async () => {
    const rows = await clubSessions();
    const since = new Date(NOW.getTime() - 28 * DAY);
    const taken = rows.filter(
      (row) => row.type === 'training' && row.startsAt >= since && row.endsAt <= NOW,
    );
    expect(taken.length).toBeGreaterThanOrEqual(40);
    const marks = await ctx.db
      .select({
        sessionId: sessionAttendance.sessionId,
        playerId: sessionAttendance.playerUserId,
        status: sessionAttendance.status,
      })
      .from(sessionAttendance)
      .where(eq(sessionAttendance.clubId, clubId));
    for (const session of taken) {
      expect(session.attendanceClosedAt, String(session.startsAt)).not.toBeNull();
      const [roster] = [
        await ctx.db
          .select({ id: players.userId })
          .from(players)
          .where(
            and(
              eq(players.clubId, clubId),
              eq(players.categoryId, session.categoryId!),
              eq(players.inClub, true),
              eq(players.status, 'active'),
            ),
          ),
      ];
      const marked = marks.filter((mark) => mark.sessionId === session.id);
      expect(marked.map((mark) => mark.playerId).sort()).toEqual(
        roster.map((row) => row.id).sort(),
      );
    }
    // Nothing marked before the four weeks or in the future.
    const takenIds = new Set(taken.map((row) => row.id));
    expect(marks.filter((mark) => !takenIds.has(mark.sessionId))).toEqual([]);
    const share = (status: string) =>
      marks.filter((mark) => mark.status === status).length / marks.length;
    expect(share('present')).toBeGreaterThan(0.75);
    for (const status of ['absent', 'late', 'excused']) expect(share(status)).toBeGreaterThan(0);
  });

  it('lets the demo trainer manage the trainings of his two categories, not the others', async () => {
    const trainer = await userId('entrenador@demo.club');
    const access = await sessionAccessFor(ctx.db, clubId, trainer);
    const manageable = await ctx.db
      .selectDistinct({ categoryId: sessions.categoryId })
      .from(sessions)
      .where(and(eq(sessions.clubId, clubId), access.manageable(sessions.categoryId)));
    expect(new Set(manageable.map((row) => categoryName.get(row.categoryId!)))).toEqual(
      new Set(['Sub-10', 'Sub-12']),
    );
    const led = await ctx.db
      .selectDistinct({ categoryId: sessionSeries.categoryId })
      .from(sessionSeries)
      .where(and(eq(sessionSeries.clubId, clubId), eq(sessionSeries.trainerUserId, trainer)));
    expect(new Set(led.map((row) => categoryName.get(row.categoryId!)))).toEqual(
      new Set(['Sub-10', 'Sub-12']),
    );
  });

  it('has sent the reminders of the next 24 hours, and none of later sessions', async () => {
    const soon = await ctx.db
      .select({ id: sessions.id, sentAt: sessions.reminderSentAt })
      .from(sessions)
      .where(
        and(
          eq(sessions.clubId, clubId),
          eq(sessions.status, 'scheduled'),
          gt(sessions.startsAt, NOW),
          lt(sessions.startsAt, new Date(NOW.getTime() + DAY)),
        ),
      );
    expect(soon.length).toBeGreaterThan(0);
    for (const row of soon) expect(row.sentAt).toEqual(NOW);
    const later = await ctx.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(
          eq(sessions.clubId, clubId),
          gt(sessions.startsAt, new Date(NOW.getTime() + DAY)),
          isNotNull(sessions.reminderSentAt),
        ),
      );
    expect(later).toEqual([]);
    const unsent = await ctx.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.clubId, clubId), isNull(sessions.reminderSentAt)));
    expect(unsent.length).toBeGreaterThan(100);
  });
});
