import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { accountMessages, accountResponseSchema } from '../../contract/account.schema';
import { CLUB_OWNER_ROLE } from '../../contract/names';
import { emailOutbox } from '../../server/db/schema/mail';
import { auditLog, emailChangeTokens } from '../../server/db/schema/platform';
import { users } from '../../server/db/schema/users';
import { ACCOUNT_PASSWORD_LIMIT } from '../../server/features/account/account.routes';
import { createClub, memberOf } from './support/clubs';
import {
  type TestContext,
  describeEachDatabase,
  login,
  registerUser,
  uniqueEmail,
} from './support/test-app';

const NEW_PASSWORD = 'Cancha-Verde-77';

const post = (ctx: TestContext, url: string, token: string | undefined, body: unknown) =>
  ctx.request({ method: 'POST', url, token, body });

const errorPaths = (response: { json: () => unknown }) =>
  ((response.json() as { errors?: { path: string }[] }).errors ?? []).map((error) => error.path);

/** The token of the newest confirmation link mailed to `email` (read from the outbox). */
async function linkTokenTo(ctx: TestContext, email: string): Promise<string> {
  const rows = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
  const text = rows.at(-1)?.text ?? '';
  const match = /http:\/\/app\.test\/confirmar-correo\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`No confirmation link in: ${text}`);
  return match[1];
}

/** The audit rows of `action` about the account `userId`. */
const auditOf = (ctx: TestContext, action: string, userId: number) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, userId)))
    .orderBy(auditLog.id);

describeEachDatabase('Account API', (ctx) => {
  it('answers 401 without a session on every private route, and shows my clubs and roles', async () => {
    for (const [method, url] of [
      ['GET', '/api/account'],
      ['POST', '/api/account/password'],
      ['POST', '/api/account/email'],
      ['GET', '/api/account/export'],
      ['DELETE', '/api/account'],
    ] as const) {
      expect((await ctx.request({ method, url, body: {} })).statusCode, url).toBe(401);
    }

    const owner = await registerUser(ctx, { name: 'Olga', lastname: 'Pardo' });
    const club = await createClub(ctx, owner.token, { name: 'Halcones FC' });
    const trainer = await memberOf(ctx, club.id, 'Entrenador');
    const mine = await ctx.request({ method: 'GET', url: '/api/account', token: owner.token });
    expect(mine.statusCode, mine.body).toBe(200);
    const data = accountResponseSchema.parse(mine.json()).data;
    expect(data.profile).toMatchObject({ name: 'Olga', lastname: 'Pardo', email: owner.email });
    expect(data.clubs).toEqual([
      { id: club.id, name: 'Halcones FC', roles: [CLUB_OWNER_ROLE], only_owner: true },
    ]);
    expect(data.pending_email).toBeNull();

    const theirs = await ctx.request({ method: 'GET', url: '/api/account', token: trainer.token });
    expect(accountResponseSchema.parse(theirs.json()).data.clubs).toEqual([
      { id: club.id, name: 'Halcones FC', roles: ['Entrenador'], only_owner: false },
    ]);
  });

  it('changes the password with the current one and ends every earlier session', async () => {
    const person = await registerUser(ctx, { name: 'Camilo', lastname: 'Restrepo' });
    const wrong = await post(ctx, '/api/account/password', person.token, {
      current_password: 'NoEsLaMia123',
      new_password: NEW_PASSWORD,
    });
    expect(wrong.statusCode).toBe(422);
    expect(errorPaths(wrong)).toEqual(['current_password']);
    expect(wrong.json()).toMatchObject({ message: accountMessages.wrongPassword });

    for (const weak of ['corto1', '12345678a', 'Restrepo2024']) {
      const refused = await post(ctx, '/api/account/password', person.token, {
        current_password: person.password,
        new_password: weak,
      });
      expect([400, 422], `${weak}: ${refused.body}`).toContain(refused.statusCode);
      expect(errorPaths(refused), weak).toContain('new_password');
    }

    const changed = await post(ctx, '/api/account/password', person.token, {
      current_password: person.password,
      new_password: NEW_PASSWORD,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ message: accountMessages.passwordChanged });

    const old = await ctx.request({ method: 'GET', url: '/api/account', token: person.token });
    expect(old.statusCode).toBe(401);
    expect((await login(ctx, person.email, person.password)).statusCode).toBe(401);
    expect((await login(ctx, person.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('mails a single-use link to the new e-mail and changes it once confirmed', async () => {
    const person = await registerUser(ctx, { name: 'Daniela' });
    const newEmail = uniqueEmail('nuevo');

    const wrong = await post(ctx, '/api/account/email', person.token, {
      new_email: newEmail,
      password: 'NoEsLaMia123',
    });
    expect(wrong.statusCode).toBe(422);
    expect(errorPaths(wrong)).toEqual(['password']);

    const other = await registerUser(ctx);
    const taken = await post(ctx, '/api/account/email', person.token, {
      new_email: other.email.toUpperCase(),
      password: person.password,
    });
    expect(taken.statusCode).toBe(409);
    expect(errorPaths(taken)).toEqual(['new_email']);

    const asked = await post(ctx, '/api/account/email', person.token, {
      new_email: newEmail.toUpperCase(),
      password: person.password,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const token = await linkTokenTo(ctx, newEmail);
    const [row] = await ctx.db
      .select()
      .from(emailChangeTokens)
      .where(eq(emailChangeTokens.userId, person.id));
    expect(row?.newEmail).toBe(newEmail);
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toContain(token);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(60 * 60_000);
    const pending = await ctx.request({ method: 'GET', url: '/api/account', token: person.token });
    expect(accountResponseSchema.parse(pending.json()).data.pending_email).toBe(newEmail);

    const confirmed = await post(ctx, '/api/account/email/confirm', undefined, { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ data: { email: newEmail } });
    expect((await login(ctx, newEmail, person.password)).statusCode).toBe(200);
    expect((await login(ctx, person.email, person.password)).statusCode).toBe(401);

    const [notice] = await ctx.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, person.email));
    expect(notice?.subject).toBe('Cambió el correo de tu cuenta');
    expect(notice?.text).toContain(newEmail);
    expect(notice?.text).not.toContain(token);

    const again = await post(ctx, '/api/account/email/confirm', undefined, { token });
    expect(again.statusCode).toBe(422);
    expect(errorPaths(again)).toEqual(['token']);
  });

  it('refuses an expired link, and answers 409 when the address was taken meanwhile', async () => {
    const person = await registerUser(ctx);
    const late = uniqueEmail('tarde');
    await post(ctx, '/api/account/email', person.token, {
      new_email: late,
      password: person.password,
    });
    const expired = await linkTokenTo(ctx, late);
    ctx.clock.advanceMinutes(61);
    const refused = await post(ctx, '/api/account/email/confirm', undefined, { token: expired });
    expect(refused.statusCode).toBe(422);

    const wanted = uniqueEmail('disputado');
    await post(ctx, '/api/account/email', person.token, {
      new_email: wanted,
      password: person.password,
    });
    const token = await linkTokenTo(ctx, wanted);
    await registerUser(ctx, { email: wanted });
    const conflict = await post(ctx, '/api/account/email/confirm', undefined, { token });
    expect(conflict.statusCode, conflict.body).toBe(409);
    const [me] = await ctx.db.select().from(users).where(eq(users.id, person.id));
    expect(me?.email).toBe(person.email);
  });

  it('confirms the same link sent twice at once exactly once', async () => {
    const person = await registerUser(ctx);
    const newEmail = uniqueEmail('doble');
    await post(ctx, '/api/account/email', person.token, {
      new_email: newEmail,
      password: person.password,
    });
    const token = await linkTokenTo(ctx, newEmail);

    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        post(ctx, '/api/account/email/confirm', undefined, { token }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422, 422, 422]);
    const used = await ctx.db
      .select()
      .from(emailChangeTokens)
      .where(and(eq(emailChangeTokens.userId, person.id)));
    expect(used.every((row) => row.usedAt !== null)).toBe(true);
    const [me] = await ctx.db.select().from(users).where(eq(users.id, person.id));
    expect(me?.email).toBe(newEmail);
  });

  it('limits the password checks per person: the 11th try in 15 minutes is 429', async () => {
    const person = await registerUser(ctx);
    const other = await registerUser(ctx);
    const attempt = (token: string) =>
      post(ctx, '/api/account/password', token, {
        current_password: 'NoEsLaMia123',
        new_password: NEW_PASSWORD,
      });
    for (let i = 0; i < ACCOUNT_PASSWORD_LIMIT.max; i += 1) {
      expect((await attempt(person.token)).statusCode).toBe(422);
    }
    const limited = await attempt(person.token);
    expect(limited.statusCode).toBe(429);
    expect(limited.body).not.toContain('NoEsLaMia123');
    // Another person, from the same address, is not held back.
    expect((await attempt(other.token)).statusCode).toBe(422);
  });

  it('voids an older link when a newer change is asked', async () => {
    const person = await registerUser(ctx);
    const first = uniqueEmail('primero');
    const second = uniqueEmail('segundo');
    await post(ctx, '/api/account/email', person.token, {
      new_email: first,
      password: person.password,
    });
    const oldToken = await linkTokenTo(ctx, first);
    await post(ctx, '/api/account/email', person.token, {
      new_email: second,
      password: person.password,
    });
    const refused = await post(ctx, '/api/account/email/confirm', undefined, { token: oldToken });
    expect(refused.statusCode).toBe(422);
    const newToken = await linkTokenTo(ctx, second);
    const ok = await post(ctx, '/api/account/email/confirm', undefined, { token: newToken });
    expect(ok.statusCode).toBe(200);
  });
  it('audits a password change once, with the IP, and nothing for a wrong current password', async () => {
    const person = await registerUser(ctx);
    const change = (current: string) =>
      ctx.request({
        method: 'POST',
        url: '/api/account/password',
        token: person.token,
        body: { current_password: current, new_password: NEW_PASSWORD },
        remoteAddress: '10.4.4.4',
      });
    expect((await change('NoEsLaMia123')).statusCode).toBe(422);
    expect(await auditOf(ctx, 'account.password_changed', person.id)).toEqual([]);

    expect((await change(person.password)).statusCode).toBe(200);
    const rows = await auditOf(ctx, 'account.password_changed', person.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: person.id,
      targetType: 'user',
      clubId: null,
      ip: '10.4.4.4',
      details: {},
    });
    expect(rows[0]!.at.toISOString()).toBe(ctx.clock.now().toISOString());
    expect(JSON.stringify(rows[0])).not.toContain(NEW_PASSWORD);
  });

  it('audits an e-mail change asked (no address) and confirmed (the new address), not a dead link', async () => {
    const person = await registerUser(ctx);
    const refused = await post(ctx, '/api/account/email', person.token, {
      new_email: uniqueEmail('mal'),
      password: 'NoEsLaMia123',
    });
    expect(refused.statusCode).toBe(422);
    expect(await auditOf(ctx, 'account.email_change_requested', person.id)).toEqual([]);

    const late = uniqueEmail('vencido');
    await post(ctx, '/api/account/email', person.token, {
      new_email: late,
      password: person.password,
    });
    const expired = await linkTokenTo(ctx, late);
    ctx.clock.advanceMinutes(61);
    const dead = await post(ctx, '/api/account/email/confirm', undefined, { token: expired });
    expect(dead.statusCode).toBe(422);
    expect(await auditOf(ctx, 'account.email_changed', person.id)).toEqual([]);

    const newEmail = uniqueEmail('auditado');
    await post(ctx, '/api/account/email', person.token, {
      new_email: newEmail,
      password: person.password,
    });
    const token = await linkTokenTo(ctx, newEmail);
    const asked = await auditOf(ctx, 'account.email_change_requested', person.id);
    expect(asked.map((row) => [row.actorUserId, row.targetType, row.details])).toEqual([
      [person.id, 'user', {}],
      [person.id, 'user', {}],
    ]);
    expect(JSON.stringify(asked)).not.toContain(newEmail);

    const confirmed = await post(ctx, '/api/account/email/confirm', undefined, { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const changed = await auditOf(ctx, 'account.email_changed', person.id);
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatchObject({
      actorUserId: person.id,
      targetType: 'user',
      details: { new_email: newEmail },
    });
    expect(JSON.stringify(changed[0])).not.toContain(token);
    // The same link again changes nothing and writes nothing.
    await post(ctx, '/api/account/email/confirm', undefined, { token });
    expect(await auditOf(ctx, 'account.email_changed', person.id)).toHaveLength(1);
  });
});
