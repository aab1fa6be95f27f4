import { and, eq, inArray } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { auditLogResponseSchema } from '../../contract/audit-log.schema';
import { platformMessages } from '../../contract/platform.schema';
import { modules, permissions, roles } from '../../server/db/schema/access';
import { auditLog } from '../../server/db/schema/platform';
import { createClub, memberOf, superAdmin } from './support/clubs';
import { post } from './support/payment-actions';
import { MARCH_10, moneyClub } from './support/payments';
import { type TestContext, describeEachDatabase, login, registerUser } from './support/test-app';

const rowsOf = (ctx: TestContext, action: string) =>
  ctx.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(auditLog.id);

const roleId = async (ctx: TestContext, name: string) =>
  (await ctx.db.select({ id: roles.id }).from(roles).where(eq(roles.name, name)))[0]!.id;

describeEachDatabase('Audit log (/api/admin/audit-log and the rows the services write)', (ctx) => {
  beforeEach(() => ctx.clock.set(MARCH_10));

  it('refuses to UPDATE or DELETE an audit row (the trigger of migration 0018)', async () => {
    const [row] = await ctx.db
      .insert(auditLog)
      .values({ action: 'club.suspended', details: { reason: 'x' } })
      .returning();
    await expect(
      ctx.db.update(auditLog).set({ action: 'club.reactivated' }).where(eq(auditLog.id, row!.id)),
    ).rejects.toThrow();
    await expect(ctx.db.delete(auditLog).where(eq(auditLog.id, row!.id))).rejects.toThrow();
    const [kept] = await ctx.db.select().from(auditLog).where(eq(auditLog.id, row!.id));
    expect(kept?.action).toBe('club.suspended');
  });

  it('writes login.failed with the e-mail tried and the IP, never the password', async () => {
    const user = await registerUser(ctx);
    const wrong = await login(ctx, user.email, 'NoEsLaClave99', '10.1.2.3');
    expect(wrong.statusCode).toBe(401);
    const rows = (await rowsOf(ctx, 'login.failed')).filter((r) => r.targetId === user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorUserId: null, ip: '10.1.2.3', targetType: 'user' });
    expect(rows[0]!.details).toEqual({ email: user.email });
    expect(JSON.stringify(rows[0])).not.toContain('NoEsLaClave99');
    // An unknown address is audited too, with no target.
    await login(ctx, 'nadie.existe@prueba.test', 'Otra12345', '10.9.9.9');
    const unknown = (await rowsOf(ctx, 'login.failed')).filter((r) => r.ip === '10.9.9.9');
    expect(unknown.map((r) => [r.targetId, r.details])).toEqual([
      [null, { email: 'nadie.existe@prueba.test' }],
    ]);
    expect((await login(ctx, user.email, user.password)).statusCode).toBe(200);
  });

  it('writes role.assigned and role.removed for a member whose roles change', async () => {
    const owner = await registerUser(ctx);
    const club = await createClub(ctx, owner.token, { name: 'Club Auditado' });
    const person = await memberOf(ctx, club.id, 'Jugador');
    const response = await ctx.request({
      method: 'PUT',
      url: `/api/pla_club_teams/${club.id}/members/${person.id}/roles`,
      token: owner.token,
      body: { role_ids: [await roleId(ctx, 'Entrenador')] },
    });
    expect(response.statusCode, response.body).toBe(200);
    const rows = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.clubId, club.id), eq(auditLog.targetId, person.id)))
      .orderBy(auditLog.id);
    expect(
      rows.map((r) => [r.action, r.actorUserId, (r.details as { role_name: string }).role_name]),
    ).toEqual([
      ['role.assigned', owner.id, 'Entrenador'],
      ['role.removed', owner.id, 'Jugador'],
    ]);
  });

  it("writes role.permissions_changed when a role's permissions in a module change", async () => {
    const admin = await superAdmin(ctx);
    const [module] = await ctx.db.select().from(modules).where(eq(modules.slug, 'players'));
    const ids = await ctx.db
      .select({ id: permissions.id })
      .from(permissions)
      .where(
        and(eq(permissions.moduleId, module!.id), inArray(permissions.name, ['players.view'])),
      );
    const response = await ctx.request({
      method: 'POST',
      url: '/api/admin/roles/permissions',
      token: admin.token,
      body: {
        club_id: null,
        role_id: await roleId(ctx, 'Entrenador'),
        module_id: module!.id,
        permission_ids: ids.map((p) => p.id),
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const rows = await rowsOf(ctx, 'role.permissions_changed');
    expect(rows.at(-1)).toMatchObject({
      actorUserId: admin.id,
      clubId: null,
      targetType: 'role',
      details: { module_id: module!.id, permission_ids: ids.map((p) => p.id) },
    });
  });

  it('writes payment.cancelled in the cancelling transaction, and nothing for a refused cancel', async () => {
    const f = await moneyClub(ctx);
    const paymentId = f.list[0]!.id;
    const cancelled = await post(ctx, f.owner.token, f.clubId, paymentId, 'cancel', {
      reason: 'Se retiró',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const again = await post(ctx, f.owner.token, f.clubId, paymentId, 'cancel', { reason: 'Otra' });
    expect(again.statusCode).toBe(409);
    const rows = (await rowsOf(ctx, 'payment.cancelled')).filter((r) => r.clubId === f.clubId);
    expect(
      rows.map((r) => [r.targetId, r.actorUserId, (r.details as { reason: string }).reason]),
    ).toEqual([[paymentId, f.owner.id, 'Se retiró']]);
  });

  it('lists newest first with names joined, filtered by action, club, actor and days', async () => {
    const admin = await superAdmin(ctx);
    const owner = await registerUser(ctx, { name: 'Olga', lastname: 'Dueña' });
    const club = await createClub(ctx, owner.token, { name: 'Club Filtrado' });
    const suspend = await ctx.request({
      method: 'POST',
      url: `/api/admin/clubs/${club.id}/suspend`,
      token: admin.token,
      body: { reason: 'Falta de pago' },
    });
    expect(suspend.statusCode, suspend.body).toBe(200);
    ctx.clock.set(new Date('2026-03-11T06:00:00Z')); // 1:00 on the 11th in Bogotá
    // A new session: the first one may have expired overnight.
    admin.token = (await login(ctx, admin.email, admin.password)).json<{ token: string }>().token;
    const reactivate = await ctx.request({
      method: 'POST',
      url: `/api/admin/clubs/${club.id}/reactivate`,
      token: admin.token,
    });
    expect(reactivate.statusCode).toBe(200);

    const list = async (query: string) => {
      const response = await ctx.request({
        method: 'GET',
        url: `/api/admin/audit-log?club_id=${club.id}${query}`,
        token: admin.token,
      });
      expect(response.statusCode, response.body).toBe(200);
      return auditLogResponseSchema.parse(response.json());
    };
    const all = await list('');
    expect(all.total).toBe(2);
    expect(all.data.map((r) => r.action)).toEqual(['club.reactivated', 'club.suspended']);
    expect(all.data[1]).toMatchObject({
      actor_user_id: admin.id,
      actor_name: 'María José Núñez Ríos',
      club_name: 'Club Filtrado',
      details: { reason: 'Falta de pago' },
    });
    expect((await list('&action=club.suspended')).data.map((r) => r.action)).toEqual([
      'club.suspended',
    ]);
    expect((await list('&from=2026-03-11')).total).toBe(1);
    expect((await list('&to=2026-03-10')).data.map((r) => r.action)).toEqual(['club.suspended']);
    expect((await list(`&actor_user_id=${owner.id}`)).total).toBe(0);
    expect((await list('&sort=at')).data.map((r) => r.action)).toEqual([
      'club.suspended',
      'club.reactivated',
    ]);

    const bad = await ctx.request({
      method: 'GET',
      url: '/api/admin/audit-log?action=nada&from=2026-02-30',
      token: admin.token,
    });
    expect(bad.statusCode).toBe(400);
    const someone = await registerUser(ctx);
    const refused = await ctx.request({
      method: 'GET',
      url: '/api/admin/audit-log',
      token: someone.token,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: platformMessages.superAdminOnly });
  });
});
