import { desc, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { contactMessages as texts } from '../../contract/contact-messages.schema';
import { emailOutbox } from '../../server/db/schema/mail';
import { notifications } from '../../server/db/schema/notifications';
import { contactMessages } from '../../server/db/schema/platform';
import { users } from '../../server/db/schema/users';
import { RATE_LIMITS, rateLimitMessage } from '../../server/lib/rate-limits';
import { superAdmin } from './support/clubs';
import { type TestContext, describeEachDatabase, registerUser } from './support/test-app';

const valid = {
  name: 'Laura Gómez',
  email: 'Laura.Gomez@Club-Ejemplo.co',
  subject: 'Quiero usarlo en mi escuela',
  message: 'Hola, tenemos 80 niños en cuatro categorías. ¿Cómo empezamos?',
};

let address = 0;
/** A fresh client address per test, so the per-IP limit of one test does not touch another. */
const nextIp = () => `198.51.100.${++address}`;

const send = (ctx: TestContext, body: unknown, remoteAddress: string) =>
  ctx.request({ method: 'POST', url: '/api/contact-messages', body, remoteAddress });

const fieldsOf = (response: { json: () => unknown }) =>
  ((response.json() as { errors?: { path: string }[] }).errors ?? []).map((error) => error.path);

describeEachDatabase('Contact messages API', (ctx) => {
  it('stores the message, e-mails and notifies every active super admin, nobody else', async () => {
    const [first, second, locked] = [
      await superAdmin(ctx),
      await superAdmin(ctx),
      await superAdmin(ctx),
    ];
    await ctx.db.update(users).set({ status: 'inactive' }).where(eq(users.id, locked!.id));
    const visitor = await registerUser(ctx);

    const response = await send(ctx, valid, nextIp());
    expect(response.statusCode, response.body).toBe(201);
    const { data, message } = response.json<{ data: { id: number }; message: string }>();
    expect(message).toBe(texts.received);

    const [stored] = await ctx.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, data.id));
    expect(stored).toMatchObject({
      name: valid.name,
      email: 'laura.gomez@club-ejemplo.co',
      subject: valid.subject,
      message: valid.message,
    });

    const notified = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.subject, `contact:${data.id}`));
    expect(notified.map((row) => row.userId).sort()).toEqual([first!.id, second!.id].sort());
    expect(notified[0]).toMatchObject({
      type: 'system_alert',
      clubId: null,
      title: texts.notificationTitle,
    });
    expect(notified[0]!.message).toContain('Laura Gómez (laura.gomez@club-ejemplo.co)');

    await expect.poll(() => ctx.mailer.to(first!.email).length).toBe(1);
    expect(ctx.mailer.to(second!.email)).toHaveLength(1);
    expect(ctx.mailer.to(locked!.email)).toHaveLength(0);
    expect(ctx.mailer.to(visitor.email)).toHaveLength(0);
    const mail = ctx.mailer.lastTo(first!.email)!;
    expect(mail.subject).toBe(`Contacto: ${valid.subject}`);
    expect(mail.text).toContain(valid.message);
    expect(mail.text).toContain('laura.gomez@club-ejemplo.co');
    // One e-mail per super admin: the notification itself sends none (no duplicate).
    const outbox = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, first!.email));
    expect(outbox).toHaveLength(1);
  });

  it('escapes the visitor’s text in the HTML e-mail and keeps an empty subject as none', async () => {
    const admin = await superAdmin(ctx);
    const response = await send(
      ctx,
      { ...valid, subject: '', message: '<script>alert(1)</script> quiero información' },
      nextIp(),
    );
    expect(response.statusCode, response.body).toBe(201);
    const [stored] = await ctx.db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.id))
      .limit(1);
    expect(stored!.subject).toBeNull();
    await expect.poll(() => ctx.mailer.to(admin.email).length).toBeGreaterThan(0);
    const mail = ctx.mailer.lastTo(admin.email)!;
    expect(mail.subject).toBe(`Contacto: ${valid.name}`);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&#60;script&#62;');
  });

  it('refuses bad input in Spanish, naming each field', async () => {
    const ip = nextIp();
    const empty = await send(ctx, {}, ip);
    expect(empty.statusCode).toBe(400);
    expect(fieldsOf(empty).sort()).toEqual(['email', 'message', 'name']);

    const short = await send(ctx, { ...valid, message: 'Hola     ' }, ip);
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      errors: [{ path: 'message', message: 'El mensaje debe tener al menos 10 caracteres' }],
    });

    const long = await send(ctx, { ...valid, message: 'a'.repeat(2001) }, ip);
    expect(long.json()).toMatchObject({
      errors: [{ path: 'message', message: 'El mensaje no puede tener más de 2000 caracteres' }],
    });
    expect((await send(ctx, { ...valid, message: 'a'.repeat(2000) }, ip)).statusCode).toBe(201);

    const email = await send(ctx, { ...valid, email: 'no-es-correo' }, ip);
    expect(email.json()).toMatchObject({
      errors: [{ path: 'email', message: 'El correo no es válido' }],
    });
    const control = await send(ctx, { ...valid, name: 'Ana\u0000' }, ip);
    expect(control.json()).toMatchObject({
      errors: [{ path: 'name', message: 'El nombre tiene caracteres no permitidos' }],
    });
  });

  it('lets one IP send 5 an hour, then answers 429 in Spanish; field errors do not count', async () => {
    const ip = nextIp();
    expect(RATE_LIMITS.contactMessage).toEqual({ max: 5, timeWindow: 60 * 60_000 });
    for (let attempt = 0; attempt < 8; attempt++) {
      expect((await send(ctx, { ...valid, message: 'corto' }, ip)).statusCode).toBe(400);
    }
    const before = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(contactMessages);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await send(ctx, valid, ip)).statusCode).toBe(201);
    }
    const refused = await send(ctx, valid, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: rateLimitMessage });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const after = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(contactMessages);
    expect(after[0]!.n - before[0]!.n).toBe(5);
    // Another address still writes.
    expect((await send(ctx, valid, nextIp())).statusCode).toBe(201);
  });

  it('keeps nothing when the notifications cannot be written (one transaction)', async () => {
    const admin = await superAdmin(ctx);
    const count = async (table: typeof contactMessages | typeof emailOutbox) =>
      (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
    const [messages, mails] = [await count(contactMessages), await count(emailOutbox)];
    await ctx.db.execute(sql`create function refuse_contact_notice() returns trigger
      language plpgsql as $$ begin raise exception 'no notifications today'; end $$`);
    await ctx.db.execute(sql`create trigger refuse_contact_notice before insert on notifications
      for each row execute function refuse_contact_notice()`);
    try {
      const response = await send(ctx, valid, nextIp());
      expect(response.statusCode).toBe(500);
    } finally {
      await ctx.db.execute(sql`drop trigger refuse_contact_notice on notifications`);
      await ctx.db.execute(sql`drop function refuse_contact_notice()`);
    }
    expect(await count(contactMessages)).toBe(messages);
    expect(await count(emailOutbox)).toBe(mails);
    expect(ctx.mailer.to(admin.email)).toHaveLength(0);
  });
});
