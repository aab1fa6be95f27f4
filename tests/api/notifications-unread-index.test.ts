import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { countUnreadQuery } from '../../server/features/notifications/notifications.queries';
import { createClub } from './support/clubs';
import { getJson } from './support/notifications';
import { nodesOf, preparedPlan } from './support/plans';
import { type TestContext, describeEachDatabase, registerUser } from './support/test-app';

/*
 * The bell polls GET /api/notifications/unread-count every 30 s for every signed-in user
 * (issue #13 "Speed"), so the count must read the partial index
 * notifications_user_unread_idx (the user's unread, unarchived rows) and never the user's
 * whole history. The plan is the one of the statement the service sends
 * (countUnreadQuery), on a table whose statistics are current (ANALYZE), for a user with
 * thousands of read and archived notifications: prepared with its parameters, as the
 * server's driver sends it, under the PostgreSQL pool's plan_cache_mode
 * (force_generic_plan, server/db/client.ts) and under custom plans. On PostgreSQL when
 * TEST_DATABASE_URL is set (CI), and on PGlite, which runs the same statement.
 */

const NOW = new Date('2026-03-10T15:00:00Z');
const HISTORY = 4_000;
const INDEX = 'notifications_user_unread_idx';

/** `count` notifications of `userId` in `clubId`, one an hour back from NOW, read and/or archived. */
async function insertHistory(
  ctx: TestContext,
  options: {
    userId: number;
    clubId: number | null;
    count: number;
    read: boolean;
    archived: boolean;
  },
) {
  const at = sql`${NOW.toISOString()}::timestamptz - make_interval(hours => n)`;
  await ctx.db.execute(sql`
    insert into notifications (user_id, club_id, type, priority, title, message, subject, day,
                               read_at, archived_at, created_at)
    select ${options.userId}, ${options.clubId}::int, 'payment_due', 'medium', 'Aviso ' || n,
           'Mensaje ' || n, ${`history:${options.read}:${options.archived}:${String(options.clubId)}:`}::text || n,
           (${at})::date,
           case when ${options.read} then ${at} + interval '1 hour' end,
           case when ${options.archived} then ${at} + interval '2 hours' end, ${at}
      from generate_series(1, ${options.count}) n`);
}

describeEachDatabase('Unread count through the partial index', (ctx) => {
  it('reads only the unread entries of notifications_user_unread_idx, not the history', async () => {
    ctx.clock.set(NOW);
    const me = await registerUser(ctx);
    const clubA = (await createClub(ctx, me.token, { name: 'Club Alfa' })).id;
    const clubB = (await createClub(ctx, me.token, { name: 'Club Beta' })).id;
    const other = await registerUser(ctx);
    // My history: thousands read, some archived (read or not); 3 unread in A, 1
    // platform-wide and 2 in B; another user's history in A as big as mine.
    const rows = [
      { userId: me.id, clubId: clubA, count: HISTORY, read: true, archived: false },
      { userId: me.id, clubId: clubA, count: 500, read: true, archived: true },
      { userId: me.id, clubId: clubA, count: 200, read: false, archived: true },
      { userId: me.id, clubId: clubA, count: 3, read: false, archived: false },
      { userId: me.id, clubId: null, count: 1, read: false, archived: false },
      { userId: me.id, clubId: clubB, count: 2, read: false, archived: false },
      { userId: other.id, clubId: clubA, count: HISTORY, read: true, archived: false },
      { userId: other.id, clubId: clubA, count: 5, read: false, archived: false },
    ];
    for (const row of rows) await insertHistory(ctx, row);
    await ctx.db.execute(sql`analyze notifications`);

    // What the route answers: club A's unread plus the platform-wide one.
    const answer = await getJson<{ data: { count: number } }>(
      ctx,
      me.token,
      '/api/notifications/unread-count',
      clubA,
    );
    expect(answer.data.count).toBe(4);

    const query = countUnreadQuery(ctx.db, { userId: me.id, clubId: clubA }).toSQL();
    expect(query.params).toEqual([me.id, clubA]);
    for (const mode of ['force_generic_plan', 'force_custom_plan'] as const) {
      const { rows: counted, plan } = await preparedPlan<{ count: unknown }>(ctx, query, mode);
      expect(Number(counted[0]!.count), mode).toBe(4);
      const nodes = nodesOf(plan);
      const described = JSON.stringify(plan);
      // Every read of the table goes through an index, and every index read is the partial one.
      const onTable = nodes.filter((node) => node['Relation Name'] === 'notifications');
      expect(onTable.length, `${mode}: ${described}`).toBeGreaterThan(0);
      for (const node of onTable) {
        expect(['Index Scan', 'Index Only Scan', 'Bitmap Heap Scan'], described).toContain(
          node['Node Type'],
        );
      }
      const indexReads = nodes.filter((node) => node['Index Name'] !== undefined);
      expect(indexReads.length, described).toBeGreaterThan(0);
      for (const node of indexReads) expect(node['Index Name'], described).toBe(INDEX);
      // It reads at most my 6 unread entries (3 in A, 1 platform-wide, 2 in B), not thousands.
      const read = indexReads.reduce(
        (sum, node) => sum + (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1),
        0,
      );
      expect(read, described).toBeGreaterThanOrEqual(4);
      expect(read, described).toBeLessThanOrEqual(6);
    }
  });
});
