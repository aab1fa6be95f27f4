import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { emailOutbox } from '../../server/db/schema/mail';
import { notificationPreferences } from '../../server/db/schema/notifications';
import { users } from '../../server/db/schema/users';
import { createPaymentReminders } from '../../server/features/notifications/payment-reminders.job';
import { bogotaMorning, memoryLog, reminderClub, reminderDeps } from './support/payment-reminders';
import { describeEachDatabase } from './support/test-app';

/*
 * The payment reminders by e-mail (issue #13 item 5): the job inserts its reminders in one
 * statement, and e-mails exactly those whose person chose payment_due by e-mail (default
 * off), once per reminder, after the run commits.
 */
describeEachDatabase('Payment reminders by e-mail (fake clock)', (ctx) => {
  it('e-mails only whom chose payment_due by e-mail, once per reminder, after commit', async () => {
    const { clubId, owed } = await reminderClub(ctx, 'Club Correo Recordatorios');
    const [ana, beto, carla] = owed.map((payment) => payment.userId);
    const address = (userId: number) => `jugador.${userId}@recordatorios.test`;
    for (const userId of [ana!, beto!, carla!]) {
      await ctx.db
        .update(users)
        .set({ email: address(userId) })
        .where(eq(users.id, userId));
    }
    // Beto wants payment reminders by e-mail; Carla said no; Ana never chose (default off)
    // but wants announcements, which says nothing about payments.
    await ctx.db.insert(notificationPreferences).values([
      { userId: beto!, type: 'payment_due', email: true },
      { userId: carla!, type: 'payment_due', email: false },
      { userId: ana!, type: 'club_announcement', email: true },
    ]);
    const { log, lines } = memoryLog();
    const deps = reminderDeps(ctx, log);
    const outboxBefore = (await ctx.db.select().from(emailOutbox)).length;
    const sentBefore = ctx.mailer.messages.length;

    ctx.clock.set(bogotaMorning('2026-03-05'));
    expect(await createPaymentReminders({ ...deps, clubId })).toEqual([
      { clubId, today: '2026-03-05', created: 3 },
    ]);
    await deps.outbox.idle();
    expect(ctx.mailer.messages.length).toBe(sentBefore + 1);
    const mail = ctx.mailer.lastTo(address(beto!))!;
    expect(mail.subject).toBe('Tu pago vence hoy: Mensualidad de marzo de 2026');
    expect(mail.text).toMatch(/^Hola, Beto Recordada:\n/);
    expect(mail.text).toContain(
      '- Mensualidad de marzo de 2026, $\u00a045.000, fecha límite 05/03/2026, vence hoy',
    );
    expect(mail.text).toContain('http://app.test/home/payments');
    expect(ctx.mailer.to(address(ana!))).toEqual([]);
    expect(ctx.mailer.to(address(carla!))).toEqual([]);
    expect(lines[0]!.data).toMatchObject({ created: 3, mails: 1 });

    // Run again the same day: nothing created, nothing mailed.
    expect((await createPaymentReminders({ ...deps, clubId }))[0]!.created).toBe(0);
    await deps.outbox.idle();
    expect(ctx.mailer.to(address(beto!))).toHaveLength(1);
    expect(lines[1]!.data).toMatchObject({ created: 0, mails: 0 });

    // The next offset (5 days late) mails Beto again, and only him.
    ctx.clock.set(bogotaMorning('2026-03-10'));
    await createPaymentReminders({ ...deps, clubId });
    await deps.outbox.idle();
    expect(ctx.mailer.to(address(beto!)).map((m) => m.subject)).toEqual([
      'Tu pago vence hoy: Mensualidad de marzo de 2026',
      'Pago vencido: Mensualidad de marzo de 2026',
    ]);
    const outbox = await ctx.db.select().from(emailOutbox);
    expect(outbox.length - outboxBefore).toBe(2);
    expect(outbox.slice(-2).map((row) => [row.to, row.status])).toEqual([
      [address(beto!), 'sent'],
      [address(beto!), 'sent'],
    ]);
  });

  it('a reminder for someone without an address stays in the app', async () => {
    const { clubId, owed } = await reminderClub(ctx, 'Club Sin Correo');
    const beto = owed[1]!.userId;
    await ctx.db.update(users).set({ email: null }).where(eq(users.id, beto));
    await ctx.db
      .insert(notificationPreferences)
      .values({ userId: beto, type: 'payment_due', email: true });
    const { log, lines } = memoryLog();
    ctx.clock.set(bogotaMorning('2026-03-02'));
    await createPaymentReminders({ ...reminderDeps(ctx, log), clubId });
    expect(lines[0]!.data).toMatchObject({ created: 3, mails: 0 });
  });
});
