/**
 * The payments grid's SQL, timed and EXPLAIN ANALYZEd (bench/HISTORY.md "The payments grid
 * at 60,000 payments"): the statements `listPayments` and `moneySummary` send for each of
 * the bench's payments scenarios, one call at a time, on a PostgreSQL database that
 * `BENCH_PAYMENTS=60k npm run bench` has filled (it keeps its data).
 *
 * Besides the wall time per call it prints the PostgreSQL backend's CPU per call (its
 * utime + stime from /proc, when the server runs on this machine): on a shared machine the
 * wall time moves with the load, the CPU much less.
 *
 *   BENCH_DATABASE_URL=postgres://…/gd_bench npx tsx bench/explain-payments.ts
 */
import type { Logger } from 'drizzle-orm/logger';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { paymentListQuerySchema } from '../contract/payments.schema';
import { type Db, POOL_SETTINGS, fromPgPool, schema } from '../server/db/client';
import { moneySummary } from '../server/features/payments/money-figures';
import { listPayments } from '../server/features/payments/payments.queries';
import { backendCpuReader, cpuPerCall } from './backend-cpu';
import { seedBenchPayments } from './payments';
import { seedBenchPlayers } from './players';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('Set BENCH_DATABASE_URL to a database the payments bench filled');
const sent: { name?: string; sql: string; params: unknown[] }[] = [];
const logger: Logger = { logQuery: (query, params) => sent.push({ sql: query, params }) };
// BENCH_PG_OPTIONS='-c jit=off' compares a setting.
const options = `${POOL_SETTINGS} ${process.env.BENCH_PG_OPTIONS ?? ''}`;
const pool = new pg.Pool({ connectionString: url, max: 1, options });
const handle = fromPgPool(pool);
const bench = await seedBenchPlayers(handle, { million: false });
const payments = await seedBenchPayments(handle, bench.clubId);
const db = drizzle({ client: pool, schema, logger }) as unknown as Db;
const backendCpu = await backendCpuReader(pool);
const explain = async (statement: { sql: string; params: unknown[] }): Promise<string[]> => {
  const result = await pool.query(
    `explain (analyze, buffers, costs off) ${statement.sql}`,
    statement.params,
  );
  return (result.rows as Record<string, string>[]).map((row) => row['QUERY PLAN']!);
};

const now = new Date();
const period = payments.period;
const scenarios: Record<string, Record<string, string>> = {
  page: { period },
  pending: { period, status: 'pending' },
  category: { period, category_id: String(bench.categoryId) },
  searched: { period, q: bench.term },
  overdue: { period, overdue: 'true' },
  'searched, all periods': { q: bench.term },
  'page 3, all periods': { page: '3' },
};
const calls: Record<string, () => Promise<number>> = {
  summary: async () =>
    (await moneySummary(db, bench.clubId, { month: period, now, scope: undefined })).billed,
};
for (const [name, raw] of Object.entries(scenarios)) {
  const query = paymentListQuerySchema.parse({ sort: 'due_date', ...raw });
  calls[`${name} ${JSON.stringify(raw)}`] = async () =>
    (await listPayments(db, bench.clubId, query, { scope: undefined, now })).total;
}
console.log(`payments on PostgreSQL, club ${bench.clubId}: ${payments.payments} payments`);
for (const [name, call] of Object.entries(calls)) {
  for (let i = 0; i < 5; i++) await call();
  sent.length = 0;
  const times = Number(process.env.BENCH_CALLS ?? 200);
  const started = performance.now();
  const cpuBefore = backendCpu();
  let answer = 0;
  for (let i = 0; i < times; i++) answer = await call();
  const perCall = (performance.now() - started) / times;
  const cpu = cpuPerCall(cpuBefore, backendCpu(), times);
  console.log(`\n## ${name}: ${answer}, ${perCall.toFixed(2)} ms per call${cpu}`);
  console.log((await explain(sent[0]!)).join('\n'));
}
await handle.close();
