import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { paymentBulkResponseSchema } from '../../contract/payment-bulk.schema';
import { notificationPreferences, notifications } from '../../server/db/schema/notifications';
import { paymentEvents } from '../../server/db/schema/payments';
import { players } from '../../server/db/schema/players';
import { users } from '../../server/db/schema/users';
import { linkGuardian } from './support/guardian-links';
import { clubMethods } from './support/payment-actions';
import { base } from './support/payments';
import { createPaymentReminders } from '../../server/features/notifications/payment-reminders.job';
import { bogotaMorning, reminderClub, reminderDeps } from './support/payment-reminders';
import { type TestContext, describeEachDatabase, registerUser } from './support/test-app';

/*
 * Issue #34 item 1, "reminders reach whoever pays": 'Enviar recordatorio' (one row or many)
 * goes to the authorised guardians of a minor (in the app and by e-mail), to the guardian
 * e-mail on file before they have an account, or to the adult player himself; one message
 * per family lists every child's payments; each family gets a WhatsApp link; the answer
 * says per family what went where, and no payment is lost from the count.
 */

type Club = Awaited<ReturnType<typeof reminderClub>>;

async function remind(ctx: TestContext, club: Club, ids: number[]) {
  const response = await ctx.request({
    method: 'POST',
    url: `${base(club.clubId)}/payments/bulk`,
    token: club.owner.token,
    body: { action: 'remind', payment_ids: ids },
  });
  expect(response.statusCode, response.body).toBe(200);
  return paymentBulkResponseSchema.parse(JSON.parse(response.body)).data;
}

const setUser = (ctx: TestContext, id: number, values: Partial<typeof users.$inferInsert>) =>
  ctx.db.update(users).set(values).where(eq(users.id, id));

const setPlayer = (
  ctx: TestContext,
  clubId: number,
  userId: number,
  values: Partial<typeof players.$inferInsert>,
) =>
  ctx.db
    .update(players)
    .set(values)
    .where(and(eq(players.clubId, clubId), eq(players.userId, userId)));

const noticesOf = (ctx: TestContext, clubId: number, userId: number) =>
  ctx.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.clubId, clubId),
        eq(notifications.type, 'payment_due'),
      ),
    );

/** Waits until the outbox has delivered what the request queued (it sends after commit). */
const delivered = async (ctx: TestContext, to: string, count: number) => {
  await expect.poll(() => ctx.mailer.to(to).length).toBe(count);
  return ctx.mailer.to(to);
};

describeEachDatabase('Payment reminders reach whoever pays (issue #34)', (ctx) => {
  it('sends the guardian of two siblings one e-mail and one notice listing both, and the adult his own', async () => {
    ctx.clock.set(bogotaMorning('2026-03-10'));
    const club = await reminderClub(ctx, 'Club Familias');
    await clubMethods(ctx, club.clubId);
    const [ana, beto, carla] = club.owed;
    const mother = await registerUser(ctx, { name: 'Marta', lastname: 'Madre' });
    const pendingGuardian = await registerUser(ctx);
    for (const child of [ana!, beto!]) {
      await setUser(ctx, child.userId, { birthDate: '2014-06-01' });
      await linkGuardian(ctx.db, {
        clubId: club.clubId,
        playerId: child.userId,
        guardianId: mother.id,
        isPrimary: true,
      });
    }
    await linkGuardian(ctx.db, {
      clubId: club.clubId,
      playerId: ana!.userId,
      guardianId: pendingGuardian.id,
      status: 'pending',
    });
    await setUser(ctx, carla!.userId, { email: 'carla.adulta@familias.test', phone: '3105551234' });

    const answer = await remind(ctx, club, [ana!.id, carla!.id, beto!.id]);

    expect(answer).toMatchObject({ action: 'remind', succeeded: 3, failed: 0 });
    expect(answer.families).toHaveLength(2);
    const [family, adult] = answer.families!;
    expect(family).toMatchObject({
      name: 'Familia de Marta Madre',
      players: ['Ana Recordada', 'Beto Recordada'],
      payment_ids: [ana!.id, beto!.id],
      emails: [mother.email],
      in_app: true,
      reached: true,
      summary: `Familia de Marta Madre: correo a ${mother.email}, notificación en la app; WhatsApp sin número (elige el contacto al abrirlo)`,
    });
    expect(family!.whatsapp_url).toMatch(/^https:\/\/wa\.me\/\?text=/);
    const whatsappText = decodeURIComponent(family!.whatsapp_url.split('text=')[1]!);
    expect(whatsappText).toContain('Ana Recordada: Mensualidad de marzo de 2026, $\u00a0100.000');
    expect(whatsappText).toContain('Beto Recordada: Mensualidad de marzo de 2026, $\u00a045.000');
    expect(whatsappText).toContain('Efectivo');
    expect(adult).toMatchObject({
      name: 'Carla Recordada (jugador)',
      players: ['Carla Recordada'],
      emails: ['carla.adulta@familias.test'],
      in_app: false,
      whatsapp_phone: true,
    });
    expect(adult!.whatsapp_url).toMatch(/^https:\/\/wa\.me\/573105551234\?text=/);
    // Each row says what reached its family.
    expect(answer.results.map((r) => r.message)).toEqual([
      family!.summary,
      adult!.summary,
      family!.summary,
    ]);

    const [mail, ...more] = await delivered(ctx, mother.email, 1);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Recordatorio de pago: 2 pagos pendientes');
    expect(mail!.text).toContain('Hola, Marta Madre:');
    expect(mail!.text).toContain('Club Familias te recuerda los pagos pendientes:');
    expect(mail!.text).toMatch(/Ana Recordada: Mensualidad de marzo de 2026, \$\s100\.000/);
    expect(mail!.text).toMatch(/Beto Recordada: Mensualidad de marzo de 2026, \$\s45\.000/);
    expect(mail!.text).toMatch(/Total: \$\s145\.000\./);
    expect(mail!.text).toContain('Puedes pagar por:');
    expect(mail!.text).not.toMatch(/usted|le recuerda|Puede pagar|Si ya pagó/);
    const [carlaMail] = await delivered(ctx, 'carla.adulta@familias.test', 1);
    expect(carlaMail!.subject).toBe('Recordatorio de pago: Mensualidad de marzo de 2026');
    expect(carlaMail!.text).not.toContain('Ana Recordada');

    const inApp = await noticesOf(ctx, club.clubId, mother.id);
    expect(inApp).toHaveLength(1);
    expect(inApp[0]!.message).toContain('Ana Recordada');
    expect(inApp[0]!.message).toContain('Beto Recordada');
    // Never the children, never a guardian whose link waits, never another family's child.
    for (const nobody of [ana!.userId, beto!.userId, pendingGuardian.id]) {
      expect(await noticesOf(ctx, club.clubId, nobody)).toEqual([]);
    }
    expect(ctx.mailer.to(pendingGuardian.email)).toEqual([]);
    const events = await ctx.db
      .select({ paymentId: paymentEvents.paymentId, note: paymentEvents.note })
      .from(paymentEvents)
      .where(eq(paymentEvents.action, 'reminded'));
    expect(events.filter((e) => e.paymentId === ana!.id)).toEqual([
      { paymentId: ana!.id, note: `${mother.email}, notificación en la app` },
    ]);

    // Once a day per payment: the same rows again are refused on their rows.
    const again = await remind(ctx, club, [ana!.id]);
    expect(again.results[0]).toMatchObject({
      ok: false,
      message: 'Ya se envió un recordatorio hoy',
    });
  });

  it('e-mails the guardian on file before they have an account, and reports a family with no channel', async () => {
    ctx.clock.set(bogotaMorning('2026-03-10'));
    const club = await reminderClub(ctx, 'Club Fichas');
    const [ana, beto, carla] = club.owed;
    for (const child of [ana!, beto!, carla!]) {
      await setUser(ctx, child.userId, { birthDate: '2015-02-01' });
    }
    await setPlayer(ctx, club.clubId, ana!.userId, {
      guardianName: 'Luz Acudiente',
      guardianEmail: 'luz.acudiente@fichas.test',
      guardianPhone: '3001112233',
    });
    await setPlayer(ctx, club.clubId, beto!.userId, {
      guardianName: 'Pedro Solo Celular',
      guardianPhone: '3004445566',
    });

    const answer = await remind(ctx, club, [ana!.id, beto!.id, carla!.id]);

    // Nobody lost: every row is answered, the family without contact clearly so.
    expect(answer.results).toHaveLength(3);
    expect(answer).toMatchObject({ succeeded: 2, failed: 1 });
    expect(answer.families!.map((f) => [f.name, f.emails, f.reached, f.whatsapp_phone])).toEqual([
      ['Familia de Luz Acudiente', ['luz.acudiente@fichas.test'], true, true],
      ['Familia de Pedro Solo Celular', [], false, true],
      ['Familia de Carla Recordada', [], false, false],
    ]);
    expect(answer.families![0]!.summary).toBe(
      'Familia de Luz Acudiente: correo a luz.acudiente@fichas.test; WhatsApp listo',
    );
    expect(answer.families![0]!.whatsapp_url).toMatch(/^https:\/\/wa\.me\/573001112233\?text=/);
    expect(answer.families![1]!.summary).toBe(
      'Familia de Pedro Solo Celular: no tiene correo ni cuenta en la app; WhatsApp listo para enviárselo',
    );
    expect(answer.families![2]!.summary).toMatch(
      /^Familia de Carla Recordada: no tiene correo, cuenta en la app ni celular registrados\. Agrega el correo o el celular del acudiente/,
    );
    expect(answer.results[2]).toMatchObject({ ok: false, status: 'rejected' });
    expect(answer.results[2]!.message).toMatch(/^La familia no tiene correo/);

    const [mail] = await delivered(ctx, 'luz.acudiente@fichas.test', 1);
    expect(mail!.text).toContain('Hola, Luz Acudiente:');
    expect(mail!.text).toMatch(/Ana Recordada: Mensualidad de marzo de 2026/);
    // Only what reached someone counts as reminded (the others may be reminded once filled in).
    const reminded = await ctx.db
      .select({ id: paymentEvents.paymentId })
      .from(paymentEvents)
      .where(eq(paymentEvents.action, 'reminded'));
    expect(reminded.map((r) => r.id).filter((id) => club.owed.some((p) => p.id === id))).toEqual([
      ana!.id,
    ]);
  });

  it('keeps a guardian who turned payment e-mails off in the app only', async () => {
    ctx.clock.set(bogotaMorning('2026-03-10'));
    const club = await reminderClub(ctx, 'Club Preferencias');
    const ana = club.owed[0]!;
    const father = await registerUser(ctx, { name: 'Pablo', lastname: 'Padre' });
    await setUser(ctx, ana.userId, { birthDate: '2013-01-01' });
    await linkGuardian(ctx.db, {
      clubId: club.clubId,
      playerId: ana.userId,
      guardianId: father.id,
    });
    await ctx.db
      .insert(notificationPreferences)
      .values({ userId: father.id, type: 'payment_due', email: false });

    const answer = await remind(ctx, club, [ana.id]);

    expect(answer.families![0]).toMatchObject({ emails: [], in_app: true, reached: true });
    expect(answer.families![0]!.summary).toBe(
      'Familia de Pablo Padre: notificación en la app; WhatsApp sin número (elige el contacto al abrirlo)',
    );
    expect(await noticesOf(ctx, club.clubId, father.id)).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ctx.mailer.to(father.email)).toEqual([]);
  });

  it('e-mails the escalating reminders of a minor without guardian account to the guardian e-mail on file, once, and not the child', async () => {
    const club = await reminderClub(ctx, 'Club Ficha Programada');
    const [ana, beto] = club.owed;
    await setUser(ctx, ana!.userId, { birthDate: '2015-02-01' });
    await setPlayer(ctx, club.clubId, ana!.userId, {
      guardianEmail: 'Ficha.Acudiente@fichas.test ',
    });
    // An adult's guardian e-mail on file is not his payer: nothing goes there.
    await setPlayer(ctx, club.clubId, beto!.userId, { guardianEmail: 'adulto.ficha@fichas.test' });
    const deps = reminderDeps(ctx);
    for (const day of ['2026-03-02', '2026-03-05']) {
      ctx.clock.set(bogotaMorning(day));
      await createPaymentReminders({ ...deps, clubId: club.clubId });
      await createPaymentReminders({ ...deps, clubId: club.clubId });
    }
    await deps.outbox.idle();
    const mails = ctx.mailer.to('ficha.acudiente@fichas.test');
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Pago próximo a vencer: Mensualidad de marzo de 2026',
      'Tu pago vence hoy: Mensualidad de marzo de 2026',
    ]);
    expect(mails[0]!.text).toContain(
      '- Ana Recordada: Mensualidad de marzo de 2026, $\u00a0100.000, fecha límite 05/03/2026, vence en 3 días',
    );
    expect(ctx.mailer.to('adulto.ficha@fichas.test')).toEqual([]);
    // The child's bell stays quiet: the mail went to the address on file (his account
    // keeps only the archived mark that makes it go once).
    const own = await noticesOf(ctx, club.clubId, ana!.userId);
    expect(own).toHaveLength(2);
    for (const row of own) expect(row.archivedAt).not.toBeNull();
  });

  it('sends the scheduled reminder of two siblings due the same day as one message naming both, once however many runs at once', async () => {
    const club = await reminderClub(ctx, 'Club Hermanos Programados');
    await clubMethods(ctx, club.clubId);
    const [ana, beto, carla] = club.owed;
    const mother = await registerUser(ctx, { name: 'Marta', lastname: 'Madre' });
    await ctx.db
      .insert(notificationPreferences)
      .values({ userId: mother.id, type: 'payment_due', email: true });
    for (const child of [ana!, beto!]) {
      await setUser(ctx, child.userId, { birthDate: '2014-06-01' });
      await linkGuardian(ctx.db, {
        clubId: club.clubId,
        playerId: child.userId,
        guardianId: mother.id,
        isPrimary: true,
      });
    }
    const deps = reminderDeps(ctx);
    ctx.clock.set(bogotaMorning('2026-03-10'));
    const runs = await Promise.all(
      Array.from({ length: 20 }, () => createPaymentReminders({ ...deps, clubId: club.clubId })),
    );
    // The family's one message and Carla's own (an adult).
    expect(runs.reduce((sum, [run]) => sum + run!.created, 0)).toBe(2);
    await deps.outbox.idle();

    const inApp = await noticesOf(ctx, club.clubId, mother.id);
    expect(inApp).toHaveLength(1);
    expect(inApp[0]).toMatchObject({
      title: 'Pago vencido',
      priority: 'high',
      subject: `payment:${[ana!.id, beto!.id].sort((a, b) => a - b).join(',')}:offset:5`,
    });
    expect(inApp[0]!.message).toContain('Ana Recordada: Mensualidad de marzo de 2026');
    expect(inApp[0]!.message).toContain('Beto Recordada: Mensualidad de marzo de 2026');
    expect(inApp[0]!.message).toMatch(/Total: \$\s145\.000\./);
    for (const child of [ana!, beto!]) {
      expect(await noticesOf(ctx, club.clubId, child.userId)).toEqual([]);
    }
    expect(await noticesOf(ctx, club.clubId, carla!.userId)).toHaveLength(1);

    const mails = ctx.mailer.to(mother.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Pago vencido: 2 pagos pendientes');
    expect(mails[0]!.text).toContain('Hola, Marta Madre:');
    expect(mails[0]!.text).toContain('Ana Recordada: Mensualidad de marzo de 2026, $\u00a0100.000');
    expect(mails[0]!.text).toContain('Beto Recordada: Mensualidad de marzo de 2026, $\u00a045.000');
    expect(mails[0]!.text).toMatch(/Total: \$\s145\.000\./);
    expect(mails[0]!.text).toContain('Puedes pagar por:');
    expect(mails[0]!.text).toContain('Efectivo');
    expect(mails[0]!.text).not.toMatch(/usted|le recuerda|Puede pagar/);

    // A later run the same day sends nothing again.
    ctx.clock.set(new Date('2026-03-11T04:00:00Z'));
    expect((await createPaymentReminders({ ...deps, clubId: club.clubId }))[0]!.created).toBe(0);
  });
});
