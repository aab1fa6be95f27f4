import { and, asc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { notificationPreferences, notifications } from '../../server/db/schema/notifications';
import { createCalendarNotices } from '../../server/features/notifications/calendar-notices';
import { createNotifier } from '../../server/features/notifications/notify';
import { MailOutbox } from '../../server/mail/outbox';
import { createClub } from './support/clubs';
import { type TestContext, describeEachDatabase, registerUser } from './support/test-app';

/*
 * The calendar's four notifications (issue #13 item 2): each creates the right rows once
 * per user, subject and club day, at the fake clock's now, and e-mails only whom chose
 * the type by e-mail.
 */

const HOUR = 60 * 60 * 1000;
/** 10:00 in Bogotá on Tuesday, March 10, 2026. */
const NOW = new Date('2026-03-10T15:00:00Z');
/** Saturday, March 14, 2026, 8:00 in Bogotá. */
const SATURDAY_8 = new Date('2026-03-14T13:00:00Z');
/** Wednesday, March 11, 2026, 7:00 in Bogotá: 21 h after NOW. */
const TOMORROW_7 = new Date('2026-03-11T12:00:00Z');

const session = {
  id: 41,
  title: 'Entrenamiento Sub-12',
  startsAt: SATURDAY_8,
  location: 'Cancha 2',
};

describeEachDatabase('Calendar notices (fake clock)', (ctx) => {
  const setUp = async (context: TestContext) => {
    context.clock.set(NOW);
    const owner = await registerUser(context);
    const { id: clubId } = await createClub(context, owner.token, { name: 'Club Calendario' });
    const [ana, beto] = [await registerUser(context), await registerUser(context)];
    const outbox = new MailOutbox(context.db, context.mailer, context.clock, context.app.log);
    const lines: { data: Record<string, unknown>; message: string }[] = [];
    const notices = createCalendarNotices({
      notifier: createNotifier({ clock: context.clock, outbox, appUrl: 'http://app.test' }),
      clock: context.clock,
      log: { info: (data, message) => void lines.push({ data: { ...data }, message }) },
    });
    const rowsOf = (userId: number) =>
      context.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.clubId, clubId)))
        .orderBy(asc(notifications.id));
    return { clubId, ana, beto, outbox, lines, notices, rowsOf, recipients: [ana.id, beto.id] };
  };

  it('trainingUpdate: a cancelled session, high, once per person and day, the next day again', async () => {
    const { clubId, ana, beto, notices, rowsOf, lines } = await setUp(ctx);
    const input = {
      clubId,
      recipients: [ana.id, beto.id, ana.id],
      session,
      change: 'cancelled' as const,
    };
    expect((await notices.trainingUpdate(ctx.db, input)).created).toBe(2);
    expect((await notices.trainingUpdate(ctx.db, input)).created).toBe(0);
    const [row, ...more] = await rowsOf(ana.id);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      type: 'training_update',
      priority: 'high',
      subject: 'session:41:cancelled',
      day: '2026-03-10',
      title: 'Cancelado: Entrenamiento Sub-12',
      data: { action_url: '/home/calendar', session_id: 41, change: 'cancelled' },
      readAt: null,
    });
    expect(row!.message).toMatch(
      /^Se canceló Entrenamiento Sub-12 del sábado, 14 de marzo de 2026 a las 08:00 en Cancha 2\.$/,
    );
    expect(new Date(row!.createdAt).toISOString()).toBe(NOW.toISOString());
    expect(await rowsOf(beto.id)).toHaveLength(1);
    expect(lines.map((line) => [line.message, line.data])).toEqual([
      [
        'calendar notice: training_update',
        {
          type: 'training_update',
          subject: 'session:41:cancelled',
          club_id: clubId,
          recipients: 2,
          created: 2,
          mails: 0,
        },
      ],
      [
        'calendar notice: training_update',
        {
          type: 'training_update',
          subject: 'session:41:cancelled',
          club_id: clubId,
          recipients: 2,
          created: 0,
          mails: 0,
        },
      ],
    ]);
    ctx.clock.advance(24 * HOUR);
    expect((await notices.trainingUpdate(ctx.db, input)).created).toBe(2);
  });

  it('trainingUpdate: moved or changed is medium days ahead and high within 24 h', async () => {
    const { clubId, ana, notices, rowsOf } = await setUp(ctx);
    const audience = { clubId, recipients: [ana.id] };
    await notices.trainingUpdate(ctx.db, {
      ...audience,
      session: { ...session, id: 1, startsAt: new Date('2026-03-21T13:00:00Z') },
      change: 'moved',
      previousStartsAt: SATURDAY_8,
    });
    await notices.trainingUpdate(ctx.db, {
      ...audience,
      session: { ...session, id: 2, startsAt: SATURDAY_8 },
      change: 'moved',
      previousStartsAt: TOMORROW_7,
    });
    await notices.trainingUpdate(ctx.db, {
      ...audience,
      session: { ...session, id: 3 },
      change: 'changed',
    });
    await notices.trainingUpdate(ctx.db, {
      ...audience,
      session: { ...session, id: 4, startsAt: TOMORROW_7, location: null },
      change: 'changed',
    });
    const rows = await rowsOf(ana.id);
    expect(rows.map((row) => [row.subject, row.priority, row.title])).toEqual([
      ['session:1:moved', 'medium', 'Nuevo horario: Entrenamiento Sub-12'],
      ['session:2:moved', 'high', 'Nuevo horario: Entrenamiento Sub-12'],
      ['session:3:changed', 'medium', 'Cambios en Entrenamiento Sub-12'],
      ['session:4:changed', 'high', 'Cambios en Entrenamiento Sub-12'],
    ]);
    expect(rows[0]!.message).toMatch(
      /^Entrenamiento Sub-12 pasa al sábado, 21 de marzo de 2026 a las 08:00 en Cancha 2 \(antes el sábado, 14 de marzo de 2026 a las 08:00\)\.$/,
    );
    expect(rows[0]!.data).toMatchObject({ previous_starts_at: SATURDAY_8.toISOString() });
    expect(rows[3]!.message).toMatch(
      /^Entrenamiento Sub-12 del miércoles, 11 de marzo de 2026 a las 07:00 tiene cambios: revisa el calendario\.$/,
    );
  });

  it('eventReminder: medium, event:<id>:reminder, the date in the club timezone and its day', async () => {
    const { clubId, recipients, ana, notices, rowsOf } = await setUp(ctx);
    ctx.clock.set(new Date('2026-03-13T04:30:00Z')); // March 12, 23:30 in Bogotá
    const event = { id: 7, title: 'Torneo relámpago', startsAt: new Date('2026-03-14T04:00:00Z') };
    expect((await notices.eventReminder(ctx.db, { clubId, recipients, event })).created).toBe(2);
    expect((await notices.eventReminder(ctx.db, { clubId, recipients, event })).created).toBe(0);
    const [row] = await rowsOf(ana.id);
    expect(row).toMatchObject({
      type: 'event_reminder',
      priority: 'medium',
      subject: 'event:7:reminder',
      day: '2026-03-12',
      title: 'Recordatorio: Torneo relámpago',
      data: { action_url: '/home/calendar', event_id: 7 },
    });
    // 04:00 UTC on the 14th is 23:00 on Friday the 13th in Bogotá.
    expect(row!.message).toMatch(
      /^Torneo relámpago es el viernes, 13 de marzo de 2026 a las 23:00\.$/,
    );
  });

  it('attendanceAlert: high, attendance:<session>:<player>, once per player and session', async () => {
    const { clubId, ana, notices, rowsOf } = await setUp(ctx);
    const player = { id: 90, name: 'Tomás Núñez' };
    const input = {
      clubId,
      recipients: [ana.id],
      session: { ...session, startsAt: TOMORROW_7 },
      player,
    };
    expect((await notices.attendanceAlert(ctx.db, input)).created).toBe(1);
    expect((await notices.attendanceAlert(ctx.db, input)).created).toBe(0);
    const other = { ...input, player: { id: 91, name: 'Lucía Núñez' } };
    expect((await notices.attendanceAlert(ctx.db, other)).created).toBe(1);
    const rows = await rowsOf(ana.id);
    expect(rows.map((row) => [row.type, row.priority, row.subject, row.title])).toEqual([
      ['attendance_alert', 'high', 'attendance:41:90', 'Inasistencia de Tomás Núñez'],
      ['attendance_alert', 'high', 'attendance:41:91', 'Inasistencia de Lucía Núñez'],
    ]);
    expect(rows[0]!.message).toBe(
      'Tomás Núñez no asistió a Entrenamiento Sub-12 del miércoles, 11 de marzo de 2026.',
    );
    expect(rows[0]!.data).toEqual({ action_url: '/home/calendar', session_id: 41, player_id: 90 });
  });

  it('matchResult: low, match:<id>:result, the score in the message', async () => {
    const { clubId, recipients, beto, notices, rowsOf } = await setUp(ctx);
    const match = {
      id: 12,
      title: 'Partido Sub-14',
      startsAt: SATURDAY_8,
      opponent: 'Halcones FC',
      score: { ours: 3, theirs: 1 },
    };
    expect((await notices.matchResult(ctx.db, { clubId, recipients, match })).created).toBe(2);
    expect((await notices.matchResult(ctx.db, { clubId, recipients, match })).created).toBe(0);
    const draw = { ...match, id: 13, score: { ours: 0, theirs: 0 } };
    await notices.matchResult(ctx.db, { clubId, recipients: [beto.id], match: draw });
    const rows = await rowsOf(beto.id);
    expect(
      rows.map((row) => [row.type, row.priority, row.subject, row.title, row.message]),
    ).toEqual([
      [
        'match_result',
        'low',
        'match:12:result',
        'Victoria 3 - 1 contra Halcones FC',
        'Partido Sub-14: 3 - 1 contra Halcones FC, sábado, 14 de marzo de 2026.',
      ],
      [
        'match_result',
        'low',
        'match:13:result',
        'Empate 0 - 0 contra Halcones FC',
        'Partido Sub-14: 0 - 0 contra Halcones FC, sábado, 14 de marzo de 2026.',
      ],
    ]);
  });

  it('e-mails only whom chose the type by e-mail, after commit, and never twice', async () => {
    const { clubId, ana, beto, outbox, notices } = await setUp(ctx);
    await ctx.db
      .insert(notificationPreferences)
      .values({ userId: beto.id, type: 'training_update', email: true });
    const sent = ctx.mailer.messages.length;
    const input = { clubId, recipients: [ana.id, beto.id], session, change: 'cancelled' as const };
    const result = await ctx.db.transaction((tx) => notices.trainingUpdate(tx, input));
    expect(result.created).toBe(2);
    expect(result.mails.map((mail) => mail.to)).toEqual([beto.email]);
    expect(ctx.mailer.messages.length).toBe(sent);
    result.dispatch();
    await outbox.idle();
    const mail = ctx.mailer.lastTo(beto.email)!;
    expect(mail.subject).toBe('Cancelado: Entrenamiento Sub-12');
    expect(mail.text).toContain('http://app.test/home/calendar');
    expect(ctx.mailer.to(ana.email)).toHaveLength(0);

    const again = await notices.trainingUpdate(ctx.db, input);
    expect(again).toMatchObject({ created: 0, mails: [] });
    // Types nobody chose stay in the app (defaults: off for the calendar's four).
    const reminder = await notices.eventReminder(ctx.db, {
      clubId,
      recipients: [ana.id, beto.id],
      event: { id: 3, title: 'Reunión de padres', startsAt: SATURDAY_8 },
    });
    expect(reminder).toMatchObject({ created: 2, mails: [] });
  });
});
