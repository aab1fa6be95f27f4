import { and, asc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  type AttendanceSaveInput,
  type AttendanceSheet,
  attendanceMessages,
} from '../../contract/attendance.schema';
import { notifications } from '../../server/db/schema/notifications';
import { sessionAttendance, sessions } from '../../server/db/schema/sessions';
import { users } from '../../server/db/schema/users';
import {
  type CalendarClub,
  calendarClub,
  insertSession,
  playerOf,
  tokenOf,
  trainerOf,
} from './support/sessions';
import { type TestContext, describeEachDatabase } from './support/test-app';

/*
 * The roll call (issue #14): the sheet, the versioned whole-list save, close (absence
 * alerts once, even for two closes at once) and reopen, and who reads and writes what.
 */

const url = (club: CalendarClub, sessionId: number, tail = '') =>
  `/api/pla_club_teams/${club.clubId}/sessions/${sessionId}/attendance${tail}`;

const put = (ctx: TestContext, token: string, path: string, body: AttendanceSaveInput) =>
  ctx.request({ method: 'PUT', url: path, token, body });

const rowsOf = (ctx: TestContext, sessionId: number) =>
  ctx.db
    .select({
      player: sessionAttendance.playerUserId,
      status: sessionAttendance.status,
      note: sessionAttendance.note,
    })
    .from(sessionAttendance)
    .where(eq(sessionAttendance.sessionId, sessionId))
    .orderBy(asc(sessionAttendance.playerUserId));

const versionOf = async (ctx: TestContext, sessionId: number) =>
  (
    await ctx.db
      .select({ v: sessions.attendanceVersion })
      .from(sessions)
      .where(eq(sessions.id, sessionId))
  )[0]!.v;

const alertsOf = (ctx: TestContext, userId: number) =>
  ctx.db
    .select({ subject: notifications.subject, title: notifications.title })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'attendance_alert')));

describeEachDatabase('Attendance API (roll call)', (ctx) => {
  it('answers the sheet of a category session: its players, unmarked, version 0', async () => {
    const club = await calendarClub(ctx);
    const session = await insertSession(ctx, club.clubId, club.catA);
    const response = await ctx.request({
      method: 'GET',
      url: url(club, session),
      token: club.owner.token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<AttendanceSheet>()).toEqual({
      session_id: session,
      version: 0,
      closed_at: null,
      closed_by_name: null,
      can_manage: true,
      records: [
        {
          player_id: club.playerA.id,
          name: 'Persona Del Calendario',
          photo_url: null,
          jersey_number: null,
          status: null,
          note: null,
        },
      ],
    });
    // A club-wide session lists every current player of the club.
    const wide = await insertSession(ctx, club.clubId, null);
    const sheet = (
      await ctx.request({ method: 'GET', url: url(club, wide), token: club.owner.token })
    ).json<AttendanceSheet>();
    expect(sheet.records.map((row) => row.player_id).sort()).toEqual(
      [club.playerA.id, club.playerB.id].sort(),
    );
  });

  it('saves the same list twice to the same rows, bumping the version each time', async () => {
    const club = await calendarClub(ctx);
    const session = await insertSession(ctx, club.clubId, club.catA);
    const records = [{ player_id: club.playerA.id, status: 'late' as const, note: ' 10 min ' }];
    const first = await put(ctx, club.trainerA.token, url(club, session), { version: 0, records });
    expect(first.statusCode).toBe(200);
    expect(first.json<AttendanceSheet>()).toMatchObject({
      version: 1,
      records: [{ player_id: club.playerA.id, status: 'late', note: '10 min' }],
    });
    const again = await put(ctx, club.trainerA.token, url(club, session), { version: 1, records });
    expect(again.json<AttendanceSheet>().version).toBe(2);
    // A retry of a save that already happened (its answer lost): no conflict, no bump.
    const retry = await put(ctx, club.trainerA.token, url(club, session), { version: 0, records });
    expect(retry.statusCode).toBe(200);
    expect(retry.json<AttendanceSheet>().version).toBe(2);
    expect(await rowsOf(ctx, session)).toEqual([
      { player: club.playerA.id, status: 'late', note: '10 min' },
    ]);
  });

  it('refuses a save from an older version with 409 on version, then saves it forced', async () => {
    const club = await calendarClub(ctx);
    const session = await insertSession(ctx, club.clubId, club.catA);
    const path = url(club, session);
    const mark = (status: 'present' | 'absent') => [{ player_id: club.playerA.id, status }];
    expect(
      (await put(ctx, club.owner.token, path, { version: 0, records: mark('present') })).statusCode,
    ).toBe(200);
    const stale = await put(ctx, club.trainerA.token, path, {
      version: 0,
      records: mark('absent'),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      errors: [{ path: 'version', message: attendanceMessages.conflict }],
    });
    expect(await rowsOf(ctx, session)).toEqual([
      { player: club.playerA.id, status: 'present', note: null },
    ]);
    const forced = await put(ctx, club.trainerA.token, path, {
      version: 0,
      records: mark('absent'),
      force: true,
    });
    expect(forced.statusCode).toBe(200);
    expect(forced.json<AttendanceSheet>()).toMatchObject({
      version: 2,
      records: [{ status: 'absent' }],
    });
  });

  it('lets one of two saves from the same version at once win; the other gets 409', async () => {
    const club = await calendarClub(ctx);
    const session = await insertSession(ctx, club.clubId, club.catA);
    const answers = await Promise.all(
      (['present', 'absent'] as const).map((status) =>
        put(ctx, club.owner.token, url(club, session), {
          version: 0,
          records: [{ player_id: club.playerA.id, status }],
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200)!.json<AttendanceSheet>();
    expect(winner.version).toBe(1);
    expect(await versionOf(ctx, session)).toBe(1);
    expect(await rowsOf(ctx, session)).toEqual([
      { player: club.playerA.id, status: winner.records[0]!.status, note: null },
    ]);
  });

  it('refuses to save a cancelled session or a closed list (409)', async () => {
    const club = await calendarClub(ctx);
    const records = [{ player_id: club.playerA.id, status: 'present' as const }];
    const cancelled = await insertSession(ctx, club.clubId, club.catA, { status: 'cancelled' });
    const refused = await put(ctx, club.owner.token, url(club, cancelled), { version: 0, records });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(attendanceMessages.cancelledSession);
    const session = await insertSession(ctx, club.clubId, club.catA);
    await ctx.request({
      method: 'POST',
      url: url(club, session, '/close'),
      token: club.owner.token,
    });
    const closed = await put(ctx, club.owner.token, url(club, session), { version: 0, records });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(attendanceMessages.closed);
    expect(await rowsOf(ctx, session)).toEqual([]);
  });

  it('refuses a player outside the category (422 on the row) or twice, saving nothing', async () => {
    const club = await calendarClub(ctx);
    const session = await insertSession(ctx, club.clubId, club.catA);
    const foreign = await put(ctx, club.owner.token, url(club, session), {
      version: 0,
      records: [
        { player_id: club.playerA.id, status: 'present' },
        { player_id: club.playerB.id, status: 'present' },
      ],
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual([
      { path: 'records.1.player_id', message: attendanceMessages.notInCategory },
    ]);
    const twice = await put(ctx, club.owner.token, url(club, session), {
      version: 0,
      records: [
        { player_id: club.playerA.id, status: 'present' },
        { player_id: club.playerA.id, status: 'absent' },
      ],
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toEqual([
      { path: 'records', message: attendanceMessages.duplicatePlayer },
    ]);
    expect(await rowsOf(ctx, session)).toEqual([]);
    expect(await versionOf(ctx, session)).toBe(0);
  });

  it("hides another category's session from a trainer (404) and refuses a club-wide one (403)", async () => {
    const club = await calendarClub(ctx);
    const trainerB = await trainerOf(ctx, club.clubId, [club.catB]);
    const session = await insertSession(ctx, club.clubId, club.catA);
    const records = [{ player_id: club.playerA.id, status: 'present' as const }];
    const get = await ctx.request({
      method: 'GET',
      url: url(club, session),
      token: trainerB.token,
    });
    expect(get.statusCode).toBe(404);
    expect(
      (await put(ctx, trainerB.token, url(club, session), { version: 0, records })).statusCode,
    ).toBe(404);
    const wide = await insertSession(ctx, club.clubId, null);
    const sheet = await ctx.request({
      method: 'GET',
      url: url(club, wide),
      token: club.trainerA.token,
    });
    expect(sheet.statusCode).toBe(200);
    // Not theirs to manage: they read their category's players only.
    expect(sheet.json<AttendanceSheet>()).toMatchObject({
      can_manage: false,
      records: [{ player_id: club.playerA.id }],
    });
    const refused = await put(ctx, club.trainerA.token, url(club, wide), { version: 0, records });
    expect(refused.statusCode).toBe(403);
  });

  it('shows a family only their own rows and lets them change nothing', async () => {
    const club = await calendarClub(ctx);
    const teammate = await playerOf(ctx, club.clubId, club.catA);
    const session = await insertSession(ctx, club.clubId, club.catA);
    await put(ctx, club.owner.token, url(club, session), {
      version: 0,
      records: [
        { player_id: club.playerA.id, status: 'absent', note: 'Enfermo' },
        { player_id: teammate.id, status: 'present' },
      ],
    });
    for (const person of [club.parent, club.playerA]) {
      const sheet = await ctx.request({
        method: 'GET',
        url: url(club, session),
        token: person.token,
      });
      expect(sheet.statusCode).toBe(200);
      expect(sheet.json<AttendanceSheet>()).toMatchObject({
        can_manage: false,
        records: [{ player_id: club.playerA.id, status: 'absent', note: 'Enfermo' }],
      });
      expect(sheet.json<AttendanceSheet>().records).toHaveLength(1);
    }
    const refused = await put(ctx, club.parent.token, url(club, session), {
      version: 1,
      records: [{ player_id: club.playerA.id, status: 'present' }],
    });
    expect(refused.statusCode).toBe(403);
    // Player B's family does not see a session of category A at all.
    const other = await ctx.request({
      method: 'GET',
      url: url(club, session),
      token: club.playerB.token,
    });
    expect(other.statusCode).toBe(404);
  });

  it('closes once: the guardian of an absent minor and an absent adult are told, nobody else', async () => {
    const club = await calendarClub(ctx);
    const adult = await playerOf(ctx, club.clubId, club.catA);
    await ctx.db.update(users).set({ birthDate: '1990-05-01' }).where(eq(users.id, adult.id));
    const present = await playerOf(ctx, club.clubId, club.catA, club.parent.email);
    const session = await insertSession(ctx, club.clubId, club.catA, {
      title: 'Entrenamiento Sub-10',
    });
    await put(ctx, club.trainerA.token, url(club, session), {
      version: 0,
      records: [
        { player_id: club.playerA.id, status: 'absent' },
        { player_id: adult.id, status: 'absent' },
        { player_id: present.id, status: 'present' },
      ],
    });
    const close = () =>
      ctx.request({
        method: 'POST',
        url: url(club, session, '/close'),
        token: club.trainerA.token,
      });
    const closed = await close();
    expect(closed.statusCode).toBe(200);
    expect(closed.json<AttendanceSheet>()).toMatchObject({
      closed_by_name: 'Persona Del Calendario',
    });
    expect(closed.json<AttendanceSheet>().closed_at).not.toBeNull();
    expect(await alertsOf(ctx, club.parent.id)).toEqual([
      {
        subject: `attendance:${session}:${club.playerA.id}`,
        title: 'Inasistencia de Persona Del Calendario',
      },
    ]);
    expect(await alertsOf(ctx, adult.id)).toEqual([
      {
        subject: `attendance:${session}:${adult.id}`,
        title: 'Inasistencia de Persona Del Calendario',
      },
    ]);
    expect(await alertsOf(ctx, club.playerA.id)).toEqual([]);
    expect(await alertsOf(ctx, present.id)).toEqual([]);
    // Closing a closed list answers the sheet and tells nobody again, even the next day.
    ctx.clock.advance(26 * 60 * 60 * 1000);
    const again = await ctx.request({
      method: 'POST',
      url: url(club, session, '/close'),
      token: await tokenOf(ctx, club.trainerA.id),
    });
    expect(again.statusCode).toBe(200);
    expect(again.json<AttendanceSheet>().closed_at).toBe(closed.json<AttendanceSheet>().closed_at);
    expect(await alertsOf(ctx, club.parent.id)).toHaveLength(1);
    expect(await alertsOf(ctx, adult.id)).toHaveLength(1);
  });

  it('closes once when two closes arrive at once: one closer, one set of alerts', async () => {
    const club = await calendarClub(ctx);
    const session = await insertSession(ctx, club.clubId, club.catA);
    await put(ctx, club.owner.token, url(club, session), {
      version: 0,
      records: [{ player_id: club.playerA.id, status: 'absent' }],
    });
    await ctx.db.update(users).set({ name: 'Olga' }).where(eq(users.id, club.owner.id));
    await ctx.db.update(users).set({ name: 'Tomás' }).where(eq(users.id, club.trainerA.id));
    const answers = await Promise.all(
      [club.owner, club.trainerA].map((person) =>
        ctx.request({ method: 'POST', url: url(club, session, '/close'), token: person.token }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const [one, two] = answers.map((answer) => answer.json<AttendanceSheet>());
    // Whoever closed first stays the closer; the other request changed nothing.
    expect(one!.closed_by_name).toMatch(/^(Olga|Tomás) /);
    expect(two!.closed_by_name).toBe(one!.closed_by_name);
    expect(two!.closed_at).toBe(one!.closed_at);
    expect(await alertsOf(ctx, club.parent.id)).toHaveLength(1);
  });

  it('reopens a closed list for an owner only', async () => {
    const club = await calendarClub(ctx);
    const session = await insertSession(ctx, club.clubId, club.catA);
    await ctx.request({
      method: 'POST',
      url: url(club, session, '/close'),
      token: club.owner.token,
    });
    const byTrainer = await ctx.request({
      method: 'POST',
      url: url(club, session, '/reopen'),
      token: club.trainerA.token,
    });
    expect(byTrainer.statusCode).toBe(403);
    expect(byTrainer.json().message).toBe(attendanceMessages.reopenOnlyOwner);
    const reopened = await ctx.request({
      method: 'POST',
      url: url(club, session, '/reopen'),
      token: club.owner.token,
    });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json<AttendanceSheet>().closed_at).toBeNull();
    const saved = await put(ctx, club.trainerA.token, url(club, session), {
      version: 0,
      records: [{ player_id: club.playerA.id, status: 'present' }],
    });
    expect(saved.statusCode).toBe(200);
  });
});
