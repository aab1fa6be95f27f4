import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { NotificationItem } from '../../contract/notifications.schema';
import { clubs } from '../../server/db/schema/clubs';
import { createClub } from './support/clubs';
import { getJson, seedNotification } from './support/notifications';
import { type TestContext, describeEachDatabase, registerUser } from './support/test-app';

const NOW = new Date('2026-03-10T15:00:00Z');
const HOUR = 60 * 60 * 1000;

type List = { success: true; data: NotificationItem[] };

/** A user with two clubs (A and B) and another user, clock at NOW. */
async function setup(ctx: TestContext) {
  ctx.clock.set(NOW);
  const me = await registerUser(ctx);
  const clubA = await createClub(ctx, me.token, { name: 'Club Alfa' });
  const clubB = await createClub(ctx, me.token, { name: 'Club Beta' });
  const other = await registerUser(ctx);
  return { me, other, clubA: clubA.id, clubB: clubB.id };
}

describeEachDatabase('Notifications API', (ctx) => {
  it('answers 401 without a session on every route', async () => {
    const routes = [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/stats'],
      ['GET', '/api/notifications/dropdown'],
      ['GET', '/api/notifications/unread-count'],
      ['PATCH', '/api/notifications/1/read'],
      ['PATCH', '/api/notifications/mark-all-read'],
      ['PATCH', '/api/notifications/1/archive'],
      ['DELETE', '/api/notifications/1'],
      ['GET', '/api/notifications/preferences'],
      ['PUT', '/api/notifications/preferences'],
    ] as const;
    for (const [method, url] of routes) {
      const response = await ctx.request({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('answers 401 to a session that logged out, on the polled routes too (one statement checks both)', async () => {
    const { me, clubA } = await setup(ctx);
    const poll = () =>
      ctx.request({
        method: 'GET',
        url: '/api/notifications/dropdown',
        token: me.token,
        headers: { 'x-club-id': String(clubA) },
      });
    expect((await poll()).statusCode).toBe(200);
    const out = await ctx.request({ method: 'POST', url: '/api/logout', token: me.token });
    expect(out.statusCode).toBe(204);
    expect((await poll()).statusCode).toBe(401);
    const count = await ctx.request({
      method: 'GET',
      url: '/api/notifications/unread-count',
      token: me.token,
    });
    expect(count.statusCode).toBe(401);
  });

  it("lists the working club's and platform-wide notifications with every field, newest first", async () => {
    const { me, other, clubA, clubB } = await setup(ctx);
    const inA = await seedNotification(ctx, {
      userId: me.id,
      clubId: clubA,
      priority: 'high',
      createdAt: new Date(NOW.getTime() - 5 * 60_000),
      data: { action_url: '/home/payments', payment_id: 3 },
    });
    const platform = await seedNotification(ctx, {
      userId: me.id,
      clubId: null,
      type: 'system_alert',
      createdAt: new Date(NOW.getTime() - 2 * HOUR),
    });
    const inB = await seedNotification(ctx, { userId: me.id, clubId: clubB });
    await seedNotification(ctx, { userId: other.id, clubId: clubA });

    const listA = await getJson<List>(ctx, me.token, '/api/notifications', clubA);
    expect(listA.success).toBe(true);
    expect(listA.data.map((n) => n.id)).toEqual([inA, platform]);
    expect(listA.data[0]).toEqual({
      id: inA,
      title: expect.any(String),
      message: expect.any(String),
      type: 'club_announcement',
      priority: 'high',
      status: 'unread',
      read_at: null,
      created_at: new Date(NOW.getTime() - 5 * 60_000).toISOString(),
      club: { name: 'Club Alfa' },
      is_read: false,
      time_ago: 'Hace 5 min',
      club_name: 'Club Alfa',
      data: { action_url: '/home/payments', payment_id: 3 },
    });
    expect(listA.data[1]).toMatchObject({ club: null, club_name: null, time_ago: 'Hace 2h' });

    const listB = await getJson<List>(ctx, me.token, '/api/notifications', clubB);
    expect(listB.data.map((n) => n.id)).toEqual([inB, platform]);
  });

  it("writes an older notification's day dd/mm/aaaa in its club's zone, a platform one's in Bogotá's", async () => {
    const { me, clubA } = await setup(ctx);
    // 03:30 UTC on 28 February: 22:30 of the 27th in Bogotá, 04:30 of the 28th in Madrid.
    const lateEvening = new Date('2026-02-28T03:30:00Z');
    const platform = await seedNotification(ctx, {
      userId: me.id,
      clubId: null,
      createdAt: lateEvening,
    });
    const bogota = await getJson<List>(ctx, me.token, '/api/notifications', clubA);
    expect(bogota.data.find((n) => n.id === platform)!.time_ago).toBe('27/02/2026');

    await ctx.db.update(clubs).set({ timezone: 'Europe/Madrid' }).where(eq(clubs.id, clubA));
    const inA = await seedNotification(ctx, {
      userId: me.id,
      clubId: clubA,
      createdAt: lateEvening,
    });
    const madrid = await getJson<List>(ctx, me.token, '/api/notifications', clubA);
    expect(madrid.data.find((n) => n.id === inA)!.time_ago).toBe('28/02/2026');
    expect(madrid.data.find((n) => n.id === platform)!.time_ago).toBe('27/02/2026');
  });

  it('filters by status, type and priority and honours limit', async () => {
    const { me, clubA } = await setup(ctx);
    const read = await seedNotification(ctx, { userId: me.id, clubId: clubA, readAt: NOW });
    const urgent = await seedNotification(ctx, {
      userId: me.id,
      clubId: clubA,
      type: 'payment_due',
      priority: 'urgent',
    });
    const q = (query: string) => getJson<List>(ctx, me.token, `/api/notifications?${query}`, clubA);
    expect((await q('status=read')).data.map((n) => n.id)).toEqual([read]);
    expect((await q('status=unread')).data.map((n) => n.id)).toEqual([urgent]);
    expect((await q('type=payment_due')).data.map((n) => n.id)).toEqual([urgent]);
    expect((await q('priority=urgent')).data.map((n) => n.id)).toEqual([urgent]);
    expect((await q('limit=1')).data).toHaveLength(1);
    expect((await q('status=read')).data[0]).toMatchObject({
      status: 'read',
      is_read: true,
      read_at: NOW.toISOString(),
    });
  });

  it('pages through every notification past the first 50 with before, newest first', async () => {
    const { me, other, clubA } = await setup(ctx);
    // 120, two of them at the same instant (the id breaks the tie), a minute apart otherwise.
    const ids: number[] = [];
    for (let n = 0; n < 120; n += 1) {
      const minutes = n === 61 ? 60 : n;
      ids.push(
        await seedNotification(ctx, {
          userId: me.id,
          clubId: clubA,
          createdAt: new Date(NOW.getTime() - (120 - minutes) * 60_000),
        }),
      );
    }
    const mine = await seedNotification(ctx, { userId: other.id, clubId: clubA });
    const q = (query: string) => getJson<List>(ctx, me.token, `/api/notifications?${query}`, clubA);
    const seen: number[] = [];
    let page = (await q('')).data;
    expect(page).toHaveLength(50);
    // At most 5 pages: a server that ignored `before` would answer the first page forever.
    for (let pages = 0; page.length > 0 && pages < 5; pages += 1) {
      seen.push(...page.map((n) => n.id));
      page = (await q(`before=${seen.at(-1)}`)).data;
    }
    const newestFirst = [...ids].sort((a, b) => {
      const at = (id: number) => 120 - ids.indexOf(id) + (ids.indexOf(id) === 61 ? 1 : 0);
      return at(a) - at(b) || b - a;
    });
    expect(seen).toHaveLength(120);
    expect(new Set(seen).size).toBe(120);
    expect(seen).toEqual(newestFirst);
    // Another user's notification is no cursor for me.
    expect((await q(`before=${mine}`)).data).toEqual([]);
    const bad = await ctx.request({
      method: 'GET',
      url: '/api/notifications?before=abc',
      token: me.token,
      headers: { 'x-club-id': String(clubA) },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('before');
  });

  it('never lists or counts archived notifications', async () => {
    const { me, clubA } = await setup(ctx);
    const kept = await seedNotification(ctx, { userId: me.id, clubId: clubA });
    await seedNotification(ctx, { userId: me.id, clubId: clubA, archivedAt: NOW });
    const list = await getJson<List>(ctx, me.token, '/api/notifications', clubA);
    expect(list.data.map((n) => n.id)).toEqual([kept]);
    const count = await getJson<{ data: { count: number } }>(
      ctx,
      me.token,
      '/api/notifications/unread-count',
      clubA,
    );
    expect(count).toEqual({ success: true, data: { count: 1 } });
    const stats = await getJson(ctx, me.token, '/api/notifications/stats', clubA);
    expect(stats).toEqual({
      success: true,
      data: { total: 1, unread: 1, high_priority: 0, recent: 1 },
    });
  });

  it('counts stats: high_priority = unread urgent or high, recent = last 24 h', async () => {
    const { me, clubA, clubB } = await setup(ctx);
    const at = (hours: number) => new Date(NOW.getTime() - hours * HOUR);
    const seed = (extra: Parameters<typeof seedNotification>[1]) => seedNotification(ctx, extra);
    await seed({ userId: me.id, clubId: clubA, priority: 'urgent', createdAt: at(1) });
    await seed({ userId: me.id, clubId: null, priority: 'high', createdAt: at(30) });
    await seed({ userId: me.id, clubId: clubA, priority: 'urgent', readAt: NOW, createdAt: at(2) });
    await seed({ userId: me.id, clubId: clubA, priority: 'low', createdAt: at(23.9) });
    await seed({ userId: me.id, clubId: clubB, priority: 'urgent', createdAt: at(1) });
    const stats = await getJson(ctx, me.token, '/api/notifications/stats', clubA);
    expect(stats).toEqual({
      success: true,
      data: { total: 4, unread: 3, high_priority: 2, recent: 3 },
    });
  });

  it('gives the dropdown the latest 5 (or limit) with the unread count', async () => {
    const { me, clubA } = await setup(ctx);
    for (let i = 0; i < 7; i += 1) {
      await seedNotification(ctx, {
        userId: me.id,
        clubId: clubA,
        createdAt: new Date(NOW.getTime() - i * 60_000),
        readAt: i === 0 ? NOW : null,
      });
    }
    type Dropdown = List & { unread_count: number };
    const dropdown = await getJson<Dropdown>(ctx, me.token, '/api/notifications/dropdown', clubA);
    expect(dropdown.success).toBe(true);
    expect(dropdown.data).toHaveLength(5);
    expect(dropdown.unread_count).toBe(6);
    expect(dropdown.data[0]!.time_ago).toBe('Hace un momento');
    const two = await getJson<Dropdown>(
      ctx,
      me.token,
      '/api/notifications/dropdown?limit=2',
      clubA,
    );
    expect(two.data).toHaveLength(2);
  });

  it('documents every route in OpenAPI, with what the stats count', async () => {
    const doc = await ctx.request({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const document = doc.json<{
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, unknown> };
    }>();
    const paths = document.paths;
    expect(Object.keys(paths['/api/notifications/{id}/read'] ?? {})).toContain('patch');
    for (const [path, method] of [
      ['/api/notifications', 'get'],
      ['/api/notifications/stats', 'get'],
      ['/api/notifications/dropdown', 'get'],
      ['/api/notifications/unread-count', 'get'],
      ['/api/notifications/mark-all-read', 'patch'],
      ['/api/notifications/{id}/archive', 'patch'],
      ['/api/notifications/{id}', 'delete'],
      ['/api/notifications/preferences', 'put'],
    ] as const) {
      expect(paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    // The answer is a named component (docs/api.md): what it counts is said there.
    const answer = JSON.stringify(paths['/api/notifications/stats']).match(
      /#\/components\/schemas\/(\w+)/,
    )?.[1];
    expect(JSON.stringify(document.components.schemas[answer ?? ''])).toContain(
      'Las no leídas de prioridad urgent o high',
    );
  });
});
