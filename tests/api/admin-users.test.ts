import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import {
  adminMembershipsResponseSchema,
  adminUserListResponseSchema,
  adminUserMessages,
  adminUserResponseSchema,
} from '../../contract/admin-users.schema';
import { auditLog } from '../../server/db/schema/platform';
import { users } from '../../server/db/schema/users';
import { addMembership, createClub, superAdmin } from './support/clubs';
import { describeEachDatabase, login, registerUser, resetLinkFrom } from './support/test-app';

type Account = Awaited<ReturnType<typeof registerUser>>;

describeEachDatabase('Users of the platform (/api/admin/users)', (ctx) => {
  let admin: Account;
  let person: Account;
  const tag = `Zx${Date.now().toString(36)}`;

  const call = (method: 'GET' | 'POST', url: string, body?: unknown, token = admin.token) =>
    ctx.request({ method, url: `/api/admin/users${url}`, token, ...(body ? { body } : {}) });
  const list = async (query: string) => {
    const response = await call('GET', `?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return adminUserListResponseSchema.parse(response.json());
  };

  beforeAll(async () => {
    admin = await superAdmin(ctx);
    person = await registerUser(ctx, { name: tag, lastname: 'Gómez' });
    await ctx.db
      .update(users)
      .set({ documentNumber: `${tag}99` })
      .where(eq(users.id, person.id));
    await createClub(ctx, person.token, { name: `${tag} Club` });
    const other = await registerUser(ctx);
    const second = await createClub(ctx, other.token, { name: `${tag} Otro` });
    await addMembership(ctx, person.id, second.id, 'Entrenador');
    await addMembership(ctx, person.id, second.id, 'Contador');
  });

  it('lists users searched by name, e-mail or document, with their clubs count', async () => {
    const byName = await list(`q=${tag}`);
    expect(byName.data.map((u) => [u.id, u.clubs_count, u.is_super_admin, u.locked_at])).toEqual([
      [person.id, 2, false, null],
    ]);
    expect((await list(`q=${encodeURIComponent(person.email)}`)).total).toBe(1);
    expect((await list(`q=${tag}99`)).data[0]?.document_number).toBe(`${tag}99`);
    expect((await list(`q=${tag}&locked=true`)).total).toBe(0);
    expect((await call('GET', '?locked=quizas')).statusCode).toBe(400);
  });

  it('shows the memberships of a user, each club with its roles', async () => {
    const response = await call('GET', `/${person.id}/memberships`);
    expect(response.statusCode).toBe(200);
    const clubs = adminMembershipsResponseSchema.parse(response.json()).data;
    expect(clubs.map((c) => [c.club_name, c.roles.map((r) => r.name).sort()])).toEqual([
      [`${tag} Club`, ['Propietario del Club']],
      [`${tag} Otro`, ['Contador', 'Entrenador']],
    ]);
    expect((await call('GET', '/2000000000/memberships')).statusCode).toBe(404);
  });

  it('locks a user: sessions end, sign-in is refused in Spanish; unlock lets them in again', async () => {
    const target = await registerUser(ctx);
    expect((await call('POST', `/${target.id}/lock`, { reason: '' })).statusCode).toBe(400);
    const locked = await call('POST', `/${target.id}/lock`, { reason: 'Suplantación' });
    expect(locked.statusCode, locked.body).toBe(200);
    expect(adminUserResponseSchema.parse(locked.json()).data).toMatchObject({
      locked_reason: 'Suplantación',
    });
    expect((await call('POST', `/${target.id}/lock`, { reason: 'Otra' })).statusCode).toBe(409);

    const oldSession = await ctx.request({ method: 'GET', url: '/api/user', token: target.token });
    expect(oldSession.statusCode).toBe(401);
    const refused = await login(ctx, target.email, target.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: adminUserMessages.lockedLogin });
    // A wrong password is still just wrong: the lock is not revealed to a guesser.
    expect((await login(ctx, target.email, 'Incorrecta99')).statusCode).toBe(401);

    expect((await call('POST', `/${target.id}/unlock`)).statusCode).toBe(200);
    expect((await call('POST', `/${target.id}/unlock`)).statusCode).toBe(409);
    expect((await login(ctx, target.email, target.password)).statusCode).toBe(200);

    const rows = await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, target.id));
    expect(rows.filter((r) => r.actorUserId === admin.id).map((r) => r.action)).toEqual([
      'user.locked',
      'user.unlocked',
    ]);
  });

  it('refuses the super admin locking themselves (409) and others using these routes (403)', async () => {
    const self = await call('POST', `/${admin.id}/lock`, { reason: 'Prueba' });
    expect(self.statusCode).toBe(409);
    expect(self.json()).toMatchObject({ message: adminUserMessages.lockSelf });
    const other = await call('POST', `/${admin.id}/lock`, { reason: 'x' }, person.token);
    expect(other.statusCode).toBe(403);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, admin.id));
    expect(row?.lockedAt).toBeNull();
  });

  it('sends the reset e-mail of forgot-password (audited) whose link sets a new password', async () => {
    const target = await registerUser(ctx);
    const sent = await call('POST', `/${target.id}/password-reset`);
    expect(sent.statusCode, sent.body).toBe(200);
    await expect.poll(() => ctx.mailer.to(target.email).length).toBe(1);
    const link = resetLinkFrom(ctx.mailer.lastTo(target.email)!.text);
    const reset = await ctx.request({
      method: 'POST',
      url: '/api/reset-password',
      body: {
        token: link.token,
        email: target.email,
        password: 'NuevaClave123',
        password_confirmation: 'NuevaClave123',
      },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await login(ctx, target.email, 'NuevaClave123')).statusCode).toBe(200);
    const rows = await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, target.id));
    expect(rows.map((r) => [r.action, r.actorUserId])).toContainEqual([
      'user.password_reset_sent',
      admin.id,
    ]);
  });
});
