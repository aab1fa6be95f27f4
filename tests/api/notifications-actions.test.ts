import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { NotificationItem } from '../../contract/notifications.schema';
import { countUnreadQuery } from '../../server/features/notifications/notifications.queries';
import { createClub } from './support/clubs';
import { getJson, seedNotification } from './support/notifications';
import { type TestContext, describeEachDatabase, registerUser } from './support/test-app';

const NOW = new Date('2026-03-10T15:00:00Z');

async function setup(ctx: TestContext) {
  ctx.clock.set(NOW);
  const me = await registerUser(ctx);
  const clubA = (await createClub(ctx, me.token, { name: 'Club Alfa' })).id;
  const clubB = (await createClub(ctx, me.token, { name: 'Club Beta' })).id;
  const other = await registerUser(ctx);
  return { me, other, clubA, clubB };
}

describeEachDatabase('Notification actions', (ctx) => {
  const patch = (token: string, url: string, clubId?: number) =>
    ctx.request({
      method: 'PATCH',
      url,
      token,
      headers: clubId ? { 'x-club-id': String(clubId) } : {},
    });

  it('marks one read once: read_at keeps the first reading', async () => {
    const { me, clubA } = await setup(ctx);
    const id = await seedNotification(ctx, { userId: me.id, clubId: clubA });
    const first = await patch(me.token, `/api/notifications/${id}/read`);
    expect(first.statusCode).toBe(200);
    const item = first.json<{ success: true; data: NotificationItem }>();
    expect(item.success).toBe(true);
    expect(item.data).toMatchObject({
      id,
      status: 'read',
      is_read: true,
      read_at: NOW.toISOString(),
    });
    ctx.clock.advance(60 * 60_000);
    const again = await patch(me.token, `/api/notifications/${id}/read`);
    expect(again.json().data.read_at).toBe(NOW.toISOString());
    const count = await getJson(ctx, me.token, '/api/notifications/unread-count', clubA);
    expect(count).toEqual({ success: true, data: { count: 0 } });
  });

  it("answers 404 for another user's notification and for an unknown id", async () => {
    const { me, other } = await setup(ctx);
    const theirs = await seedNotification(ctx, { userId: other.id, clubId: null });
    const unknown = 2_000_000_000;
    for (const id of [theirs, unknown]) {
      for (const action of ['read', 'archive']) {
        const response = await patch(me.token, `/api/notifications/${id}/${action}`);
        expect(response.statusCode, `${action} ${id}`).toBe(404);
        expect(response.json().message).toBe('Notificación no encontrada');
      }
      const deleted = await ctx.request({
        method: 'DELETE',
        url: `/api/notifications/${id}`,
        token: me.token,
      });
      expect(deleted.statusCode).toBe(404);
    }
    const list = await getJson<{ data: NotificationItem[] }>(
      ctx,
      other.token,
      '/api/notifications',
    );
    expect(list.data.map((n) => [n.id, n.is_read])).toEqual([[theirs, false]]);
  });

  it('archives (idempotently) and deletes: gone from lists and counts', async () => {
    const { me, clubA } = await setup(ctx);
    const archived = await seedNotification(ctx, { userId: me.id, clubId: clubA });
    const deleted = await seedNotification(ctx, { userId: me.id, clubId: clubA });
    const archive = await patch(me.token, `/api/notifications/${archived}/archive`);
    expect(archive.statusCode).toBe(200);
    expect(archive.json()).toEqual({ success: true, data: { id: archived } });
    expect((await patch(me.token, `/api/notifications/${archived}/archive`)).statusCode).toBe(200);
    expect((await patch(me.token, `/api/notifications/${archived}/read`)).statusCode).toBe(404);
    const remove = await ctx.request({
      method: 'DELETE',
      url: `/api/notifications/${deleted}`,
      token: me.token,
    });
    expect(remove.json()).toEqual({ success: true, data: { id: deleted } });
    const list = await getJson<{ data: NotificationItem[] }>(
      ctx,
      me.token,
      '/api/notifications',
      clubA,
    );
    expect(list.data).toEqual([]);
    const stats = await getJson(ctx, me.token, '/api/notifications/stats', clubA);
    expect(stats).toEqual({
      success: true,
      data: { total: 0, unread: 0, high_priority: 0, recent: 0 },
    });
  });

  it('marks all read in the working club and platform-wide only, counting what changed', async () => {
    const { me, other, clubA, clubB } = await setup(ctx);
    await seedNotification(ctx, { userId: me.id, clubId: clubA });
    await seedNotification(ctx, { userId: me.id, clubId: null });
    await seedNotification(ctx, { userId: me.id, clubId: clubA, readAt: NOW });
    await seedNotification(ctx, { userId: me.id, clubId: clubA, archivedAt: NOW });
    await seedNotification(ctx, { userId: me.id, clubId: clubB });
    await seedNotification(ctx, { userId: other.id, clubId: null });
    const first = await patch(me.token, '/api/notifications/mark-all-read', clubA);
    expect(first.json()).toEqual({ success: true, data: { updated_count: 2 } });
    const again = await patch(me.token, '/api/notifications/mark-all-read', clubA);
    expect(again.json()).toEqual({ success: true, data: { updated_count: 0 } });
    const inB = await getJson(ctx, me.token, '/api/notifications/unread-count', clubB);
    expect(inB).toEqual({ success: true, data: { count: 1 } });
    const theirs = await getJson(ctx, other.token, '/api/notifications/unread-count');
    expect(theirs).toEqual({ success: true, data: { count: 1 } });
  });

  it('refuses bad input with 400 in Spanish naming the field', async () => {
    const { me } = await setup(ctx);
    const cases = [
      ['/api/notifications?limit=0', 'limit'],
      ['/api/notifications?limit=101', 'limit'],
      ['/api/notifications?limit=abc', 'limit'],
      ['/api/notifications?status=archived', 'status'],
      ['/api/notifications?type=birthday', 'type'],
      ['/api/notifications?priority=critical', 'priority'],
      ['/api/notifications/dropdown?limit=0', 'limit'],
    ] as const;
    for (const [url, field] of cases) {
      const response = await ctx.request({ method: 'GET', url, token: me.token });
      expect(response.statusCode, url).toBe(400);
      const errors = response.json<{ errors: { path: string; message: string }[] }>().errors;
      expect(errors[0]!.path, url).toBe(field);
      expect(errors[0]!.message, url).toMatch(/^(El|La) /);
    }
    const badId = await patch(me.token, '/api/notifications/abc/read');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errors[0]).toMatchObject({ path: 'id' });
  });

  it('counts unread through the partial index notifications_user_unread_idx', async () => {
    const { me, clubA } = await setup(ctx);
    await seedNotification(ctx, { userId: me.id, clubId: clubA });
    const query = countUnreadQuery(ctx.db, { userId: me.id, clubId: clubA }).toSQL();
    // Inline the integer parameters: EXPLAIN takes no bind parameters on every driver.
    const text = query.sql.replace(/\$(\d+)/g, (_, n: string) =>
      String(query.params[Number(n) - 1]),
    );
    const plan = await ctx.db.transaction(async (tx) => {
      // A table this small is cheaper to scan; the question is whether the index fits.
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(sql.raw(`explain ${text}`));
    });
    const lines = (plan as unknown as { rows: Record<string, string>[] }).rows
      .map((row) => Object.values(row).join(' '))
      .join('\n');
    expect(lines).toContain('notifications_user_unread_idx');
  });
});
