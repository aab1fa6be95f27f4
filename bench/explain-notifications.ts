/**
 * The bell's statements, timed one call at a time (bench/HISTORY.md "Notification polling"):
 * what `GET /api/notifications/unread-count` and `…/dropdown?limit=5` send for a bench user
 * (the session lookup of requireUser, the working club, the unread count, the 5 newest),
 * each route whole through `app.inject` (no HTTP), and EXPLAIN ANALYZE of the count and the
 * list. On PGlite in memory (seeded here, about a minute) or on a PostgreSQL database
 * (`BENCH_DATABASE_URL`; a kept bench database is reused).
 *
 *   npx tsx bench/explain-notifications.ts
 *   BENCH_DATABASE_URL=postgres://…/gd_bench_notif npx tsx bench/explain-notifications.ts
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { resolveWorkingClub } from '../server/auth/working-club';
import { tokenRevoked } from '../server/auth/require-user';
import { openDb } from '../server/db/client';
import { prepareDatabase } from '../server/db/prepare';
import { users } from '../server/db/schema/users';
import {
  countUnread,
  countUnreadQuery,
  selectItems,
} from '../server/features/notifications/notifications.queries';
import { systemClock } from '../server/lib/clock';
import { createDiskStorage } from '../server/storage/storage';
import { seedBenchNotifications, signBenchTokens } from './notifications';
import { seedBenchPlayers } from './players';

const CALLS = Number(process.env.BENCH_CALLS ?? 1000);
const handle = await openDb({ url: process.env.BENCH_DATABASE_URL });
await prepareDatabase(handle, {
  demo: true,
  storage: createDiskStorage(path.join(os.tmpdir(), 'gd-bench-uploads')),
});
const bench = await seedBenchPlayers(handle, { million: false, log: console.log });
const polling = await seedBenchNotifications(handle, bench.clubId, console.log);
const { db } = handle;
const ids = polling.users.map((user) => user.id);
const scope = (userId: number) => ({ userId, clubId: bench.clubId });
// requireUser's statement (server/auth/require-user.ts), prepared the same way.
const session = db
  .select({ id: users.id, tokenVersion: users.tokenVersion, revoked: tokenRevoked(sql`'none'`) })
  .from(users)
  .where(eq(users.id, sql.placeholder('userId')))
  .prepare('bench_require_user');

const jwtSecret = randomBytes(32);
const app = buildApp({
  db: handle,
  config: {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent',
    databaseUrl: process.env.BENCH_DATABASE_URL,
    pgliteDir: '/nonexistent/pglite',
    jwtSecret,
    appUrl: 'http://localhost',
    smtpUrl: undefined,
    mailFrom: 'bench <bench@localhost>',
    mailDir: '/nonexistent/mail',
    whatsappPhone: '573001234567',
    staticDir: '/nonexistent/dist',
    trustProxy: false,
    logLevel: 'silent',
    s3: undefined,
    demoData: false,
  },
  clock: systemClock,
  mailer: { send: async () => undefined },
});
await app.ready();
const tokens = await signBenchTokens(polling.users.slice(0, CALLS), jwtSecret);
const route = (url: string) => async (_: number, i: number) => {
  const answer = await app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${tokens[i]}`, 'x-club-id': String(bench.clubId) },
  });
  if (answer.statusCode !== 200) throw new Error(`${url}: ${answer.statusCode}`);
};

const calls: Record<string, (userId: number, i: number) => Promise<unknown>> = {
  'requireUser: session row + deny-list (prepared)': (userId) => session.execute({ userId }),
  'working club (resolveWorkingClub)': (userId) => resolveWorkingClub(db, userId, bench.clubId),
  'unread count (countUnread)': (userId) => countUnread(db, scope(userId)),
  '5 newest (selectItems)': (userId) => selectItems(db, scope(userId), { limit: 5 }),
  'select 1 (a round trip)': () => db.execute(sql`select 1`),
  // Every token is new to the route the first time: the HMAC check is in the first pass.
  'GET /api/notifications/unread-count (inject)': route('/api/notifications/unread-count'),
  'GET /api/notifications/dropdown?limit=5 (inject)': route('/api/notifications/dropdown?limit=5'),
};
console.log(
  `${handle.driver}: ${polling.notifications} notifications of ${ids.length} players, ${CALLS} calls each`,
);
for (const [name, call] of Object.entries(calls)) {
  for (let i = 0; i < 50; i++) await call(ids[(i * 13) % ids.length]!, i);
  const started = performance.now();
  for (let i = 0; i < CALLS; i++) await call(ids[(i * 7) % ids.length]!, i);
  console.log(`${((performance.now() - started) / CALLS).toFixed(3)} ms per call: ${name}`);
}
const plan = async (query: { sql: string; params: unknown[] }) => {
  const text = query.sql.replace(/\$(\d+)/g, (_, n: string) => String(query.params[Number(n) - 1]));
  const result = await db.execute(sql.raw(`explain (analyze, costs off) ${text}`));
  return (result as unknown as { rows: Record<string, string>[] }).rows
    .map((row) => Object.values(row)[0])
    .join('\n');
};
const someone = ids[123]!;
console.log(`\n## unread count\n${await plan(countUnreadQuery(db, scope(someone)).toSQL())}`);
// selectItems hands back Drizzle's query builder (awaited by its callers): its SQL.
const newest = selectItems(db, scope(someone), { limit: 5 }) as unknown as {
  toSQL(): { sql: string; params: unknown[] };
};
console.log(`\n## 5 newest\n${await plan(newest.toSQL())}`);
await app.close();
await handle.close();
