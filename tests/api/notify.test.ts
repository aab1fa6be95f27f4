import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { notificationPreferences, notifications } from '../../server/db/schema/notifications';
import { type NotificationInput, createNotifier } from '../../server/features/notifications/notify';
import { MailOutbox } from '../../server/mail/outbox';
import { createClub } from './support/clubs';
import { type TestContext, describeEachDatabase, registerUser } from './support/test-app';

const MORNING = new Date('2026-03-10T15:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

const announcement = (clubId: number | null, subject: string): NotificationInput => ({
  clubId,
  type: 'club_announcement',
  priority: 'medium',
  title: 'Entrenamiento especial',
  message: 'El sábado entrenamos en la cancha 2 <a las 8>.',
  actionUrl: '/home/calendar',
  subject,
});

describeEachDatabase('createNotifier (notify)', (ctx) => {
  const notifierOf = (context: TestContext) => {
    const outbox = new MailOutbox(context.db, context.mailer, context.clock, context.app.log);
    return {
      outbox,
      notifier: createNotifier({
        db: context.db,
        clock: context.clock,
        outbox,
        appUrl: 'http://app.test',
      }),
    };
  };

  it('reaches 70,000 people in one call (more than the 65,535 parameters of a statement)', async () => {
    ctx.clock.set(MORNING);
    const people = await ctx.db.execute(
      sql`insert into users (name, lastname) select 'Persona', 'N.º ' || n
        from generate_series(1, 70000) as n returning id`,
    );
    const ids = (people as unknown as { rows: { id: number }[] }).rows.map((row) => row.id);
    const { notifier } = notifierOf(ctx);
    const input = { ...announcement(null, 'alert:many'), type: 'system_alert' as const };
    const first = await notifier.notify(ctx.db, ids, input);
    expect(first.created).toBe(70_000);
    // Nobody has an address: no e-mail, even though alerts are e-mailed by default.
    expect(first.mails).toEqual([]);
    expect((await notifier.notify(ctx.db, ids, input)).created).toBe(0);
  });

  it('creates one per recipient and day: twice the same day creates nothing, the next day again', async () => {
    ctx.clock.set(MORNING);
    const owner = await registerUser(ctx);
    const { id: clubId } = await createClub(ctx, owner.token, { name: 'Club Notifica' });
    const [ana, beto] = [await registerUser(ctx), await registerUser(ctx)];
    const { notifier } = notifierOf(ctx);
    const input = { ...announcement(clubId, 'announcement:1'), type: 'training_update' as const };
    const first = await notifier.notify(ctx.db, [ana.id, beto.id, ana.id], input);
    expect(first.created).toBe(2);
    const again = await notifier.notify(ctx.db, [ana.id, beto.id], input);
    expect(again.created).toBe(0);
    ctx.clock.advance(DAY);
    const nextDay = await notifier.notify(ctx.db, [ana.id], input);
    expect(nextDay.created).toBe(1);
    const explicitDay = await notifier.notify(ctx.db, [ana.id], { ...input, day: '2026-03-11' });
    expect(explicitDay.created).toBe(0);
    const rows = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ana.id), eq(notifications.subject, 'announcement:1')))
      .orderBy(notifications.day);
    expect(rows.map((row) => row.day)).toEqual(['2026-03-10', '2026-03-11']);
    expect(rows[0]).toMatchObject({
      clubId,
      type: 'training_update',
      priority: 'medium',
      title: 'Entrenamiento especial',
      data: { action_url: '/home/calendar' },
      readAt: null,
    });
    expect(new Date(rows[0]!.createdAt).toISOString()).toBe(MORNING.toISOString());
  });

  it('e-mails only the created ones whose person wants the type (defaults, then preferences), after commit', async () => {
    ctx.clock.set(MORNING);
    const owner = await registerUser(ctx);
    const { id: clubId } = await createClub(ctx, owner.token, { name: 'Club Correo' });
    const [byDefault, optedOut, optedIn] = [
      await registerUser(ctx),
      await registerUser(ctx),
      await registerUser(ctx),
    ];
    await ctx.db.insert(notificationPreferences).values([
      { userId: optedOut.id, type: 'club_announcement', email: false },
      { userId: optedIn.id, type: 'payment_due', email: true },
    ]);
    const { notifier, outbox } = notifierOf(ctx);
    const everyone = [byDefault.id, optedOut.id, optedIn.id];
    const sent = ctx.mailer.messages.length;

    const result = await ctx.db.transaction((tx) =>
      notifier.notify(tx, everyone, announcement(clubId, 'announcement:2')),
    );
    expect(result.created).toBe(3);
    expect(result.mails.map((mail) => mail.to).sort()).toEqual(
      [byDefault.email, optedIn.email].sort(),
    );
    expect(ctx.mailer.messages.length).toBe(sent); // nothing leaves before dispatch
    result.dispatch();
    await outbox.idle();
    const mail = ctx.mailer.lastTo(byDefault.email)!;
    expect(mail.subject).toBe('Entrenamiento especial');
    expect(mail.text).toContain('http://app.test/home/calendar');
    expect(mail.html).toContain('&#60;a las 8&#62;');
    expect(ctx.mailer.to(optedOut.email)).toHaveLength(0);

    const dues = await notifier.notify(ctx.db, everyone, {
      ...announcement(clubId, 'payment:9:offset:0'),
      type: 'payment_due',
    });
    expect(dues.mails.map((m) => m.to)).toEqual([optedIn.email]);

    const repeat = await notifier.notify(ctx.db, everyone, announcement(clubId, 'announcement:2'));
    expect(repeat).toMatchObject({ created: 0, mails: [] });
  });

  it('creates nothing for no recipients', async () => {
    const { notifier } = notifierOf(ctx);
    const result = await notifier.notify(ctx.db, [], {
      ...announcement(1, 'x'),
      clubId: null,
    });
    expect(result).toMatchObject({ created: 0, mails: [] });
  });
});
