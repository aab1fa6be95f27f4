/**
 * The dashboards' SQL, statement by statement (bench/HISTORY.md "Dashboards"): each
 * dashboard of the bench's roles is built once through a logging Drizzle instance, then
 * every statement it sent is run again as a named prepared statement (as the read-only
 * handle of prepared-by-text.ts runs them) on one connection, one at a time, and timed, with its
 * EXPLAIN ANALYZE execution time. On a PostgreSQL database `BENCH_PAYMENTS=60k
 * BENCH_DASHBOARDS=1 npm run bench` filled (it keeps its data).
 *
 *   BENCH_DATABASE_URL=postgres://…/gd_bench npx tsx bench/explain-dashboards.ts
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm/logger';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { type Db, POOL_SETTINGS, fromPgPool, schema } from '../server/db/client';
import { users } from '../server/db/schema/users';
import { accountantDashboard } from '../server/features/dashboards/accountant-dashboard';
import { clubOwnerDashboard } from '../server/features/dashboards/club-owner-dashboard';
import {
  parentDashboardOf,
  playerDashboardOf,
} from '../server/features/dashboards/family-dashboards';
import { trainerDashboardOf } from '../server/features/dashboards/trainer-dashboard';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('Set BENCH_DATABASE_URL to a database the dashboards bench filled');
const sent: { sql: string; params: unknown[] }[] = [];
const logger: Logger = { logQuery: (query, params) => sent.push({ sql: query, params }) };
const pool = new pg.Pool({ connectionString: url, max: 1, options: POOL_SETTINGS });
const handle = fromPgPool(pool);
const db = drizzle({ client: pool, schema, logger }) as unknown as Db;
const plain = handle.db;
const idOf = async (email: string) => {
  const [row] = await plain.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no ${email}: run the bench on this database first`);
  return row.id;
};
/** A statement's name drawn from its text, so each is prepared once on the connection. */
const statementNameOf = (text: string) =>
  `bench_${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;
const clubId = Number(process.env.BENCH_CLUB_ID ?? 1);
const now = new Date();
const trainerId = await idOf('entrenador@demo.club');
const playerId = await idOf('jugador@demo.club');
const parentId = await idOf('padre@demo.club');

const dashboards: Record<string, () => Promise<unknown>> = {
  'club-owner': () => clubOwnerDashboard(db, clubId, now),
  accountant: () => accountantDashboard(db, clubId, now),
  trainer: () => trainerDashboardOf(db, { userId: trainerId, clubId, isSuperAdmin: false }, now),
  player: () => playerDashboardOf(db, playerId, now),
  parent: () => parentDashboardOf(db, parentId, now),
};
const only = process.env.BENCH_ONLY?.split(',');
const times = Number(process.env.BENCH_TIMES ?? 200);
for (const [kind, build] of Object.entries(dashboards)) {
  if (only && !only.some((part) => kind.includes(part))) continue;
  await build();
  sent.length = 0;
  const started = performance.now();
  await build();
  const whole = performance.now() - started;
  const statements = [...sent];
  console.log(`\n## ${kind}: ${statements.length} statements, ${whole.toFixed(2)} ms one call`);
  let sum = 0;
  for (const statement of statements) {
    const query = { name: statementNameOf(statement.sql), text: statement.sql };
    for (let i = 0; i < 5; i++) await pool.query({ ...query, values: statement.params });
    const t0 = performance.now();
    for (let i = 0; i < times; i++) await pool.query({ ...query, values: statement.params });
    const perCall = (performance.now() - t0) / times;
    sum += perCall;
    const plan = await pool.query(
      `explain (analyze, costs off) ${statement.sql}`,
      statement.params,
    );
    const lines = (plan.rows as Record<string, string>[]).map((row) => row['QUERY PLAN']!);
    const execution = lines.find((line) => line.startsWith('Execution Time')) ?? '';
    console.log(
      `${perCall.toFixed(3)} ms  (${execution})  ${statement.sql.replace(/\s+/g, ' ').slice(0, 150)}`,
    );
    if (process.env.BENCH_PLANS) console.log(lines.join('\n'));
    if (process.env.BENCH_SQL) console.log(statement.sql);
  }
  console.log(`Σ ${sum.toFixed(2)} ms per dashboard, one statement after the other`);
}
await handle.close();
