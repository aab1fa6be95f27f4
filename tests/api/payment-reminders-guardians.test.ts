import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { notifications } from '../../server/db/schema/notifications';
import { players } from '../../server/db/schema/players';
import { users } from '../../server/db/schema/users';
import { createPaymentReminders } from '../../server/features/notifications/payment-reminders.job';
import { linkGuardian } from './support/guardian-links';
import { bogotaMorning, reminderClub, reminderDeps } from './support/payment-reminders';
import { describeEachDatabase, registerUser } from './support/test-app';

/*
 * Issue #13 item 2, then issue #34 ("reminders reach whoever pays"): every escalating
 * reminder of a minor goes to the authorised guardians (guardian_links, issue #15), with
 * the player's name, and not to the child; an adult's guardian, a pending or denied one
 * and an account matched by the player's guardian e-mail alone get nothing.
 */
describeEachDatabase('Payment reminders to the guardian of a minor', (ctx) => {
  it('sends the authorised guardian every reminder of a minor, named after the player, and the child none', async () => {
    const { clubId, owed } = await reminderClub(ctx, 'Club Acudientes');
    const [minorsGuardian, adultsGuardian, pending, denied, byEmail] = [
      await registerUser(ctx),
      await registerUser(ctx),
      await registerUser(ctx),
      await registerUser(ctx),
      await registerUser(ctx),
    ];
    const [ana, beto] = [owed[0]!, owed[1]!];
    const link = async (userId: number, guardianId: number, birthDate: string) => {
      await linkGuardian(ctx.db, { clubId, playerId: userId, guardianId, isPrimary: true });
      await ctx.db.update(users).set({ birthDate }).where(eq(users.id, userId));
    };
    await link(ana.userId, minorsGuardian.id, '2014-06-01');
    await link(beto.userId, adultsGuardian.id, '1990-01-01');
    for (const [guardianId, status] of [
      [pending.id, 'pending'],
      [denied.id, 'denied'],
    ] as const) {
      await linkGuardian(ctx.db, { clubId, playerId: ana.userId, guardianId, status });
    }
    await ctx.db
      .update(players)
      .set({ guardianEmail: byEmail.email })
      .where(and(eq(players.clubId, clubId), eq(players.userId, ana.userId)));

    for (const day of ['2026-03-02', '2026-03-05', '2026-03-10', '2026-03-15']) {
      ctx.clock.set(bogotaMorning(day));
      await createPaymentReminders({ ...reminderDeps(ctx), clubId });
      await createPaymentReminders({ ...reminderDeps(ctx), clubId });
    }
    const of = (userId: number) =>
      ctx.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.clubId, clubId)))
        .orderBy(notifications.day);

    const toGuardian = await of(minorsGuardian.id);
    expect(toGuardian.map((row) => [row.day, row.subject, row.priority])).toEqual([
      ['2026-03-02', `payment:${ana.id}:offset:-3`, 'low'],
      ['2026-03-05', `payment:${ana.id}:offset:0`, 'medium'],
      ['2026-03-10', `payment:${ana.id}:offset:5`, 'high'],
      ['2026-03-15', `payment:${ana.id}:offset:10`, 'urgent'],
    ]);
    expect(toGuardian[3]!.title).toBe('Último recordatorio: pago vencido');
    for (const row of toGuardian) {
      expect(row.message).toMatch(
        /^Club Acudientes te recuerda: Ana Recordada: Mensualidad de marzo de 2026, /,
      );
    }
    expect(await of(adultsGuardian.id)).toHaveLength(0);
    for (const nobody of [pending, denied, byEmail]) expect(await of(nobody.id)).toHaveLength(0);
    // The minor gets none of them; the adult (with a guardian link) gets his four.
    expect(await of(ana.userId)).toHaveLength(0);
    expect(await of(beto.userId)).toHaveLength(4);
  });
});
