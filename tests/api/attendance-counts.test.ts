import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { attendanceCounts } from '../../server/db/schema/attendance-counts';
import { sessionAttendance, sessions } from '../../server/db/schema/sessions';
import {
  attendanceRateByCategory,
  attendanceRateByMonth,
} from '../../server/features/attendance/attendance-figures';
import { calendarClub, insertSession, playerOf } from './support/sessions';
import { randomOf } from './support/random';
import { type TestContext, describeEachDatabase } from './support/test-app';

/*
 * session_attendance_counts (migration 0026) is derived data kept by triggers: after a
 * random history of roll calls (marks written, changed and removed, one or many per
 * statement), it must equal a recount of the marks, and the club-wide figures read from it
 * must equal the same figures counted mark by mark.
 */

const statuses = ['present', 'late', 'absent', 'excused'] as const;
type Status = (typeof statuses)[number];

async function expectCountsAgree(ctx: TestContext, clubId: number) {
  const marks = await ctx.db
    .select()
    .from(sessionAttendance)
    .where(eq(sessionAttendance.clubId, clubId));
  const recount: Record<number, Record<Status, number>> = {};
  for (const mark of marks) {
    const counts = (recount[mark.sessionId] ??= { present: 0, late: 0, absent: 0, excused: 0 });
    counts[mark.status] += 1;
  }
  const stored = await ctx.db
    .select()
    .from(attendanceCounts)
    .where(eq(attendanceCounts.clubId, clubId));
  const kept: Record<number, Record<Status, number>> = {};
  for (const row of stored) {
    const { present, late, absent, excused } = row;
    expect(Math.min(present, late, absent, excused)).toBeGreaterThanOrEqual(0);
    if (present + late + absent + excused > 0)
      kept[row.sessionId] = { present, late, absent, excused };
  }
  expect(kept).toEqual(recount);
}

describeEachDatabase('session attendance counts', (ctx) => {
  it('equal a recount after a random history, and so do the figures read from them', async () => {
    const club = await calendarClub(ctx);
    const more = [
      await playerOf(ctx, club.clubId, club.catA),
      await playerOf(ctx, club.clubId, club.catB),
    ];
    const people = [club.playerA, club.playerB, ...more].map((person) => person.id);
    const sessionIds: number[] = [];
    for (let day = 1; day <= 6; day += 1) {
      const category = day % 3 === 0 ? null : day % 2 === 0 ? club.catA : club.catB;
      sessionIds.push(
        await insertSession(ctx, club.clubId, category, {
          startsAt: new Date(`2026-10-0${day}T22:00:00Z`),
        }),
      );
    }
    const random = randomOf(16);
    for (let step = 0; step < 60; step += 1) {
      const sessionId = sessionIds[random(sessionIds.length)]!;
      const action = random(4);
      if (action === 0) {
        // A whole roll call in one statement, replacing what was there.
        await ctx.db.delete(sessionAttendance).where(eq(sessionAttendance.sessionId, sessionId));
        await ctx.db.insert(sessionAttendance).values(
          people.map((playerUserId) => ({
            sessionId,
            playerUserId,
            clubId: club.clubId,
            status: statuses[random(4)]!,
          })),
        );
      } else if (action === 1) {
        await ctx.db
          .insert(sessionAttendance)
          .values({
            sessionId,
            playerUserId: people[random(people.length)]!,
            clubId: club.clubId,
            status: statuses[random(4)]!,
          })
          .onConflictDoUpdate({
            target: [sessionAttendance.sessionId, sessionAttendance.playerUserId],
            set: { status: sql`excluded.status` },
          });
      } else if (action === 2) {
        await ctx.db
          .update(sessionAttendance)
          .set({ status: statuses[random(4)]! })
          .where(eq(sessionAttendance.sessionId, sessionId));
      } else {
        await ctx.db
          .delete(sessionAttendance)
          .where(
            and(
              eq(sessionAttendance.sessionId, sessionId),
              eq(sessionAttendance.playerUserId, people[random(people.length)]!),
            ),
          );
      }
    }
    await expectCountsAgree(ctx, club.clubId);
    await ctx.db
      .update(sessions)
      .set({ status: 'cancelled' })
      .where(eq(sessions.id, sessionIds[0]!));

    const filter = {
      clubId: club.clubId,
      from: new Date('2026-09-01T00:00:00Z'),
      to: new Date('2026-11-01T00:00:00Z'),
    };
    // A scope of `true` reads the marks one by one: the same figures, the other way.
    const byMarks = { ...filter, scope: sql`true` };
    expect(await attendanceRateByCategory(ctx.db, filter)).toEqual(
      await attendanceRateByCategory(ctx.db, byMarks),
    );
    expect(await attendanceRateByMonth(ctx.db, filter)).toEqual(
      await attendanceRateByMonth(ctx.db, byMarks),
    );
    const only = { ...filter, categoryIds: [club.catA] };
    expect(await attendanceRateByCategory(ctx.db, only)).toEqual(
      await attendanceRateByCategory(ctx.db, { ...only, scope: sql`true` }),
    );
    expect((await attendanceRateByCategory(ctx.db, filter)).length).toBeGreaterThan(0);
  });

  it('leave with the session when it is deleted', async () => {
    const club = await calendarClub(ctx);
    const sessionId = await insertSession(ctx, club.clubId, club.catA);
    await ctx.db.insert(sessionAttendance).values({
      sessionId,
      playerUserId: club.playerA.id,
      clubId: club.clubId,
      status: 'present',
    });
    await ctx.db.delete(sessionAttendance).where(eq(sessionAttendance.sessionId, sessionId));
    await ctx.db.delete(sessions).where(eq(sessions.id, sessionId));
    const left = await ctx.db
      .select()
      .from(attendanceCounts)
      .where(eq(attendanceCounts.sessionId, sessionId));
    expect(left).toEqual([]);
  });
});
