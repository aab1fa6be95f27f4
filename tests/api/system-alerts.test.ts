import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  type Announcement,
  type AnnouncementListResponse,
  announcementMessages,
} from '../../contract/announcements.schema';
import { moduleMessages } from '../../contract/modules.schema';
import { users } from '../../server/db/schema/users';
import { announcementClub, mailedTo, notificationsOf, recipientsOf } from './support/announcements';
import { superAdmin } from './support/clubs';
import { type TestContext, describeEachDatabase } from './support/test-app';

const alert = (ctx: TestContext, token: string, body: object) =>
  ctx.request({
    method: 'POST',
    url: '/api/admin/system-alerts',
    token,
    body: { title: 'Mantenimiento', message: 'Esta noche la app no estará disponible.', ...body },
  });

const created = (response: { statusCode: number; body: string; json: () => unknown }) => {
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { success: true; data: Announcement }).data;
};

describeEachDatabase('System alerts API', (ctx) => {
  it('alerts one club’s members, priority high by default, with the club', async () => {
    ctx.clock.advance(60 * 60_000);
    const admin = await superAdmin(ctx);
    const club = await announcementClub(ctx, 'Club Alertado');
    const other = await announcementClub(ctx, 'Club Sin Alerta');
    const data = created(await alert(ctx, admin.token, { club_id: club.clubId, title: 'Uno' }));
    expect(data).toMatchObject({
      kind: 'system_alert',
      club_id: club.clubId,
      priority: 'high',
      recipients: 7,
      sender: { id: admin.id },
    });
    const reached = await recipientsOf(ctx, data.id);
    expect(reached).toHaveLength(7);
    expect(reached).toContain(club.owner.id);
    expect(reached).not.toContain(other.owner.id);
    expect(reached).not.toContain(admin.id);
    const [row] = await notificationsOf(ctx, data.id);
    expect(row).toMatchObject({
      type: 'system_alert',
      clubId: club.clubId,
      priority: 'high',
      data: { action_url: '/home/dashboard' },
    });
    // system_alert goes by e-mail by default.
    expect(await mailedTo(ctx, 'Uno', [club.owner.email, other.owner.email])).toEqual([
      club.owner.email,
    ]);
  });

  it('alerts every active user of the platform when no club is given, club null', async () => {
    ctx.clock.advance(60 * 60_000);
    const admin = await superAdmin(ctx);
    const club = await announcementClub(ctx, 'Club Plataforma');
    await ctx.db.update(users).set({ status: 'inactive' }).where(eq(users.id, club.accountant.id));
    const data = created(
      await alert(ctx, admin.token, { priority: 'urgent', action_url: '/home/payments' }),
    );
    const active = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.status, 'active'));
    const expected = active.map((u) => u.id).filter((id) => id !== admin.id);
    expect(data).toMatchObject({ club_id: null, priority: 'urgent', recipients: expected.length });
    const reached = await recipientsOf(ctx, data.id);
    expect(reached).toEqual(expected.sort((a, b) => a - b));
    expect(reached).not.toContain(club.accountant.id);
    const [row] = await notificationsOf(ctx, data.id);
    expect(row).toMatchObject({ clubId: null, data: { action_url: '/home/payments' } });

    const list = await ctx.request({
      method: 'GET',
      url: '/api/admin/system-alerts',
      token: admin.token,
    });
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json<AnnouncementListResponse>();
    expect(body.data[0]).toMatchObject({ id: data.id, kind: 'system_alert' });
    expect(body.data.every((a) => a.kind === 'system_alert')).toBe(true);
  });

  it('is for the super admin only, and refuses bad input on the field', async () => {
    ctx.clock.advance(60 * 60_000);
    const admin = await superAdmin(ctx);
    const club = await announcementClub(ctx, 'Club Dueño');
    const asOwner = await alert(ctx, club.owner.token, {});
    expect(asOwner.statusCode).toBe(403);
    expect(asOwner.json()).toEqual({ message: moduleMessages.superAdminOnly });
    const listAsTrainer = await ctx.request({
      method: 'GET',
      url: '/api/admin/system-alerts',
      token: club.trainer10.token,
    });
    expect(listAsTrainer.statusCode).toBe(403);
    expect((await alert(ctx, '', {})).statusCode).toBe(401);

    const missing = await alert(ctx, admin.token, { club_id: 999_999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ errors: [{ path: 'club_id' }] });
    const bad = await alert(ctx, admin.token, { title: '', action_url: 'javascript:alert(1)' });
    expect(bad.statusCode).toBe(400);
    const paths = bad.json<{ errors: { path: string }[] }>().errors.map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['title', 'action_url']));
    const badPriority = await alert(ctx, admin.token, { priority: 'altísima' });
    expect(badPriority.json()).toMatchObject({
      errors: [{ path: 'priority', message: announcementMessages.badPriority }],
    });
  });
});
