import { expect, it } from 'vitest';
import {
  type Announcement,
  type AnnouncementListResponse,
  announcementMessages,
} from '../../contract/announcements.schema';
import { clubMessages } from '../../contract/clubs.schema';
import { notificationPreferences } from '../../server/db/schema/notifications';
import { eq } from 'drizzle-orm';
import { players } from '../../server/db/schema/players';
import {
  announcementClub,
  mailedTo,
  notificationsOf,
  personIn,
  recipientsOf,
  sorted,
} from './support/announcements';
import { createClub, superAdmin } from './support/clubs';
import { linkGuardian } from './support/guardian-links';
import { type TestContext, describeEachDatabase, registerUser } from './support/test-app';

/** Each test at its own instant, an hour after the previous one. */
const nextHour = (ctx: TestContext) => {
  ctx.clock.advance(60 * 60_000);
  return ctx.clock.now();
};

const send = (ctx: TestContext, token: string, clubId: number, body: object) =>
  ctx.request({
    method: 'POST',
    url: `/api/pla_club_teams/${clubId}/announcements`,
    token,
    body: { title: 'Aviso', message: 'Mañana no hay entrenamiento.', ...body },
  });

const sent = (response: { statusCode: number; body: string; json: () => unknown }) => {
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { success: true; data: Announcement }).data;
};

describeEachDatabase('Club announcements API', (ctx) => {
  it('sends to everyone but the sender when no role or category is chosen', async () => {
    const now = nextHour(ctx);
    const club = await announcementClub(ctx, 'Club Todos');
    const data = sent(await send(ctx, club.owner.token, club.clubId, { title: 'Para todos' }));
    const everyone = [
      club.trainer10,
      club.trainer12,
      club.parent,
      club.player10,
      club.player12,
      club.accountant,
    ].map((person) => person.id);
    expect(data).toMatchObject({
      kind: 'club_announcement',
      club_id: club.clubId,
      title: 'Para todos',
      priority: 'medium',
      roles: [],
      category_ids: [],
      action_url: null,
      recipients: 6,
      created_at: now.toISOString(),
      sender: { id: club.owner.id, name: 'María José Núñez Ríos' },
    });
    expect(await recipientsOf(ctx, data.id)).toEqual(sorted(everyone));
    const [one] = await notificationsOf(ctx, data.id);
    expect(one).toMatchObject({
      clubId: club.clubId,
      type: 'club_announcement',
      priority: 'medium',
      title: 'Para todos',
      message: 'Mañana no hay entrenamiento.',
      data: { action_url: '/home/dashboard', announcement_id: data.id },
    });
  });

  it('reaches the chosen roles, the chosen categories, and both together', async () => {
    nextHour(ctx);
    const club = await announcementClub(ctx, 'Club Audiencias');
    const byRole = sent(
      await send(ctx, club.owner.token, club.clubId, { roles: ['trainer', 'accountant'] }),
    );
    expect(await recipientsOf(ctx, byRole.id)).toEqual(
      sorted([club.trainer10.id, club.trainer12.id, club.accountant.id]),
    );
    // U10: its player, the player's authorised guardian and its trainer.
    const byCategory = sent(
      await send(ctx, club.owner.token, club.clubId, { category_ids: [club.u10] }),
    );
    expect(byCategory.recipients).toBe(3);
    expect(await recipientsOf(ctx, byCategory.id)).toEqual(
      sorted([club.player10.id, club.parent.id, club.trainer10.id]),
    );
    const both = sent(
      await send(ctx, club.owner.token, club.clubId, {
        roles: ['player', 'parent'],
        category_ids: [club.u10, club.u12],
        priority: 'urgent',
        action_url: '/home/calendar',
      }),
    );
    expect(both).toMatchObject({
      roles: ['player', 'parent'],
      category_ids: [club.u10, club.u12],
      priority: 'urgent',
      action_url: '/home/calendar',
    });
    expect(await recipientsOf(ctx, both.id)).toEqual(
      sorted([club.player10.id, club.player12.id, club.parent.id]),
    );
    const [row] = await notificationsOf(ctx, both.id);
    expect(row).toMatchObject({ priority: 'urgent', data: { action_url: '/home/calendar' } });
  });

  it('reaches no pending or denied guardian, nor one matched by the guardian e-mail alone', async () => {
    nextHour(ctx);
    const club = await announcementClub(ctx, 'Club Vínculos');
    const [pending, denied, byEmail] = [
      await personIn(ctx, club.clubId, 'Padre/Acudiente'),
      await personIn(ctx, club.clubId, 'Padre/Acudiente'),
      await personIn(ctx, club.clubId, 'Padre/Acudiente'),
    ];
    const playerId = club.player12.id;
    await linkGuardian(ctx.db, {
      clubId: club.clubId,
      playerId,
      guardianId: pending.id,
      status: 'pending',
    });
    await linkGuardian(ctx.db, {
      clubId: club.clubId,
      playerId,
      guardianId: denied.id,
      status: 'denied',
    });
    await ctx.db
      .update(players)
      .set({ guardianEmail: byEmail.email })
      .where(eq(players.userId, playerId));
    const toU12 = sent(
      await send(ctx, club.owner.token, club.clubId, { category_ids: [club.u12] }),
    );
    expect(await recipientsOf(ctx, toU12.id)).toEqual(sorted([playerId, club.trainer12.id]));
  });

  it('queues e-mails only for those whose preference, or the default, says so', async () => {
    nextHour(ctx);
    const club = await announcementClub(ctx, 'Club Correos');
    await ctx.db
      .insert(notificationPreferences)
      .values({ userId: club.trainer12.id, type: 'club_announcement', email: false });
    await ctx.db
      .insert(notificationPreferences)
      .values({ userId: club.accountant.id, type: 'payment_due', email: false });
    sent(
      await send(ctx, club.owner.token, club.clubId, {
        title: 'Correo de prueba',
        roles: ['trainer', 'accountant', 'owner'],
      }),
    );
    const people = [club.owner, club.trainer10, club.trainer12, club.accountant];
    expect(
      await mailedTo(
        ctx,
        'Correo de prueba',
        people.map((p) => p.email),
      ),
    ).toEqual([club.trainer10.email, club.accountant.email].sort());
  });

  it('creates two announcements for the same POST twice, each once per person', async () => {
    nextHour(ctx);
    const club = await announcementClub(ctx, 'Club Repetido');
    const body = { roles: ['trainer'] };
    const first = sent(await send(ctx, club.owner.token, club.clubId, body));
    const second = sent(await send(ctx, club.owner.token, club.clubId, body));
    expect(second.id).not.toBe(first.id);
    for (const id of [first.id, second.id]) {
      const people = await recipientsOf(ctx, id);
      expect(people).toEqual(sorted([club.trainer10.id, club.trainer12.id]));
      expect(new Set(people).size).toBe(people.length);
    }
  });

  it('lists the club’s announcements newest first with sender and reach, paginated', async () => {
    nextHour(ctx);
    const club = await announcementClub(ctx, 'Club Historial');
    const other = await announcementClub(ctx, 'Club Ajeno');
    sent(await send(ctx, other.owner.token, other.clubId, { title: 'Del otro club' }));
    const titles = ['Primero', 'Segundo', 'Tercero'];
    for (const title of titles) {
      sent(await send(ctx, club.owner.token, club.clubId, { title, roles: ['trainer'] }));
      ctx.clock.advance(60_000);
    }
    const list = (query: string, token = club.owner.token) =>
      ctx.request({
        method: 'GET',
        url: `/api/pla_club_teams/${club.clubId}/announcements${query}`,
        token,
      });
    const page = await list('?page=1&pageSize=10');
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json<AnnouncementListResponse>();
    expect(body.total).toBe(3);
    expect(body.data.map((a) => a.title)).toEqual(['Tercero', 'Segundo', 'Primero']);
    expect(body.data[0]).toMatchObject({ recipients: 2, sender: { id: club.owner.id } });
    // A trainer holds communications.view: reads the history.
    const asTrainer = await list('', club.trainer10.token);
    expect(asTrainer.statusCode).toBe(200);
    expect((await list('?pageSize=7')).statusCode).toBe(400);
  });

  it('refuses a trainer without communications.create (403) and hides another club (404)', async () => {
    nextHour(ctx);
    const club = await announcementClub(ctx, 'Club Permisos');
    const trainer = await send(ctx, club.trainer10.token, club.clubId, {});
    expect(trainer.statusCode).toBe(403);
    const stranger = await registerUser(ctx);
    await createClub(ctx, stranger.token, { name: 'Club del extraño' });
    const foreign = await send(ctx, stranger.token, club.clubId, {});
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: clubMessages.notFound });
    expect((await send(ctx, '', club.clubId, {})).statusCode).toBe(401);
    const admin = await superAdmin(ctx);
    expect(sent(await send(ctx, admin.token, club.clubId, {})).recipients).toBe(7);
  });

  it('answers Spanish errors on the field: bad input 400, an audience of nobody 422', async () => {
    nextHour(ctx);
    const club = await announcementClub(ctx, 'Club Errores');
    const other = await announcementClub(ctx, 'Club Otra Categoría');
    const fieldOf = async (body: object, status: number) => {
      const response = await send(ctx, club.owner.token, club.clubId, body);
      expect(response.statusCode, response.body).toBe(status);
      return response.json<{ errors: { path: string; message: string }[] }>().errors;
    };
    expect(await fieldOf({ title: '' }, 400)).toContainEqual({
      path: 'title',
      message: 'El título es obligatorio',
    });
    expect((await fieldOf({ title: 'x'.repeat(121) }, 400))[0]?.path).toBe('title');
    expect((await fieldOf({ message: 'x'.repeat(2001) }, 400))[0]?.path).toBe('message');
    expect(await fieldOf({ action_url: 'https://malo.test/home/x' }, 400)).toContainEqual({
      path: 'action_url',
      message: announcementMessages.badActionUrl,
    });
    expect((await fieldOf({ roles: ['chef'] }, 400))[0]?.path).toMatch(/^roles/);
    expect((await fieldOf({ category_ids: ['abc'] }, 400))[0]?.path).toMatch(/^category_ids/);
    expect(await fieldOf({ category_ids: [other.u10] }, 422)).toEqual([
      { path: 'category_ids', message: announcementMessages.unknownCategory },
    ]);
    // Accountants belong to no category: nobody.
    expect(await fieldOf({ roles: ['accountant'], category_ids: [club.u10] }, 422)).toEqual([
      { path: 'roles', message: announcementMessages.nobody },
    ]);
  });
});
