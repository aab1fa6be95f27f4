import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import {
  adminClubListResponseSchema,
  adminClubMessages,
  adminClubResponseSchema,
} from '../../contract/admin-clubs.schema';
import { clubs } from '../../server/db/schema/clubs';
import { auditLog } from '../../server/db/schema/platform';
import { addMembership, createClub, memberOf, superAdmin } from './support/clubs';
import { addPlayer } from './support/payments';
import { describeEachDatabase, registerUser } from './support/test-app';

type Account = Awaited<ReturnType<typeof registerUser>>;

describeEachDatabase('Clubs of the platform (/api/admin/clubs)', (ctx) => {
  let admin: Account;
  let owner: Account;
  let clubId = 0;
  const tag = `Z${Date.now().toString(36)}`;

  const list = async (query: string) => {
    const response = await ctx.request({
      method: 'GET',
      url: `/api/admin/clubs?${query}`,
      token: admin.token,
    });
    expect(response.statusCode, response.body).toBe(200);
    return adminClubListResponseSchema.parse(response.json());
  };
  const act = (id: number, action: 'suspend' | 'reactivate', body?: unknown) =>
    ctx.request({
      method: 'POST',
      url: `/api/admin/clubs/${id}/${action}`,
      token: admin.token,
      ...(body === undefined ? {} : { body }),
    });

  beforeAll(async () => {
    admin = await superAdmin(ctx);
    owner = await registerUser(ctx, { name: 'Olga', lastname: 'Ortiz' });
    clubId = (await createClub(ctx, owner.token, { name: `${tag} Águilas` })).id;
    await addPlayer(ctx, owner.token, clubId, { name: 'Ana', lastname: 'Uno' });
    await addPlayer(ctx, owner.token, clubId, { name: 'Beto', lastname: 'Dos' });
    await memberOf(ctx, clubId, 'Entrenador');
    const other = await registerUser(ctx, { name: 'Pedro', lastname: 'Pérez' });
    const second = await createClub(ctx, other.token, { name: `${tag} Búhos` });
    // A co-owner with a higher id does not replace the first owner.
    const coOwner = await registerUser(ctx, { name: 'Zoe', lastname: 'Zeta' });
    await addMembership(ctx, coOwner.id, second.id, 'Propietario del Club');
    await ctx.db.update(clubs).set({ status: 'archived' }).where(eq(clubs.id, second.id));
  });

  it('lists clubs with their first owner and counts, searched by name or owner, sorted and paged', async () => {
    const page = await list(`q=${tag}&sort=name`);
    expect(page.total).toBe(2);
    expect(
      page.data.map((c) => [c.name, c.status, c.owner_name, c.players_count, c.members_count]),
    ).toEqual([
      [`${tag} Águilas`, 'active', 'Olga Ortiz', 2, 4],
      [`${tag} Búhos`, 'archived', 'Pedro Pérez', 0, 2],
    ]);
    expect(page.data[0]!.owner_email).toBe(owner.email);
    expect((await list(`q=${tag}&sort=-players_count&pageSize=10&page=1`)).data[0]!.id).toBe(
      clubId,
    );
    const second = await list(`q=${tag}&sort=name&pageSize=10&page=2`);
    expect(second).toEqual({ data: [], total: 2 });
    // Search by the owner's e-mail and by an accent-less owner name.
    expect((await list(`q=${encodeURIComponent(owner.email)}`)).data.map((c) => c.id)).toEqual([
      clubId,
    ]);
    expect((await list(`q=${tag}&status=archived`)).data.map((c) => c.owner_name)).toEqual([
      'Pedro Pérez',
    ]);
  });

  it('refuses an unknown status or sort on its field (400)', async () => {
    const response = await ctx.request({
      method: 'GET',
      url: '/api/admin/clubs?status=borrado&sort=nada',
      token: admin.token,
    });
    expect(response.statusCode).toBe(400);
  });

  it('suspends with a reason (audited), refuses members with 423 but not the super admin, then reactivates', async () => {
    const missingReason = await act(clubId, 'suspend', { reason: '  ' });
    expect(missingReason.statusCode).toBe(400);
    expect(missingReason.json()).toMatchObject({ errors: [{ path: 'reason' }] });

    const suspended = await act(clubId, 'suspend', { reason: 'Falta de pago' });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(adminClubResponseSchema.parse(suspended.json()).data).toMatchObject({
      status: 'suspended',
      suspension_reason: 'Falta de pago',
    });
    expect((await act(clubId, 'suspend', { reason: 'Otra vez' })).statusCode).toBe(409);
    expect((await list(`q=${tag}&status=suspended`)).data.map((c) => c.id)).toEqual([clubId]);

    const asOwner = await ctx.request({
      method: 'GET',
      url: `/api/pla_club_teams/${clubId}/players`,
      token: owner.token,
    });
    expect(asOwner.statusCode).toBe(423);
    expect(asOwner.json()).toMatchObject({
      message: adminClubMessages.suspended('Falta de pago'),
    });
    const asAdmin = await ctx.request({
      method: 'GET',
      url: `/api/pla_club_teams/${clubId}/players`,
      token: admin.token,
    });
    expect(asAdmin.statusCode).toBe(200);
    // A stranger still learns nothing about the club (404, not 423).
    const stranger = await registerUser(ctx);
    const hidden = await ctx.request({
      method: 'GET',
      url: `/api/pla_club_teams/${clubId}`,
      token: stranger.token,
    });
    expect(hidden.statusCode).toBe(404);

    const reactivated = await act(clubId, 'reactivate');
    expect(reactivated.statusCode).toBe(200);
    expect((await act(clubId, 'reactivate')).statusCode).toBe(409);
    const back = await ctx.request({
      method: 'GET',
      url: `/api/pla_club_teams/${clubId}/players`,
      token: owner.token,
    });
    expect(back.statusCode).toBe(200);

    const rows = await ctx.db.select().from(auditLog).where(eq(auditLog.clubId, clubId));
    expect(rows.map((r) => [r.action, r.actorUserId])).toEqual([
      ['club.suspended', admin.id],
      ['club.reactivated', admin.id],
    ]);
  });

  it('answers 404 for an unknown club and 403 to anyone but the super admin', async () => {
    expect((await act(2_000_000_000, 'suspend', { reason: 'x' })).statusCode).toBe(404);
    const refused = await ctx.request({
      method: 'POST',
      url: `/api/admin/clubs/${clubId}/suspend`,
      token: owner.token,
      body: { reason: 'x' },
    });
    expect(refused.statusCode).toBe(403);
    const [club] = await ctx.db.select().from(clubs).where(eq(clubs.id, clubId));
    expect(club?.suspendedAt).toBeNull();
  });
});
