/**
 * The players list's SQL, timed and EXPLAIN ANALYZEd (bench/HISTORY.md "Plans"): the
 * statement `listPlayers` sends for each query of the bench's scenarios, on the database
 * `npm run bench` would use (BENCH_DATABASE_URL, else PGlite in memory with the demo data
 * and the bench's 10,000 players), one call at a time. On PostgreSQL it runs them as the
 * server does (generic plans: POOL_SETTINGS) and prints the backend's CPU per call too.
 *
 *   BENCH_DATABASE_URL=postgres://…/gd_bench npx tsx bench/explain.ts
 */
import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'drizzle-orm/logger';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { playerListQuerySchema } from '../contract/players.schema';
import {
  type Db,
  PGLITE_OPTIONS,
  POOL_SETTINGS,
  fromPglite,
  fromPgPool,
  schema,
} from '../server/db/client';
import { prepareDatabase } from '../server/db/prepare';
import { createDiskStorage } from '../server/storage/storage';
import { listPlayers } from '../server/features/players/players-list';
import { backendCpuReader, cpuPerCall } from './backend-cpu';
import { seedBenchPlayers } from './players';

const url = process.env.BENCH_DATABASE_URL;
const sent: { sql: string; params: unknown[] }[] = [];
const logger: Logger = { logQuery: (query, params) => sent.push({ sql: query, params }) };

// One connection with the server's settings (generic plans), so its backend's CPU is the statement's.
const pool = url
  ? new pg.Pool({ connectionString: url, max: 1, options: POOL_SETTINGS })
  : undefined;
const lite = url ? undefined : await PGlite.create(PGLITE_OPTIONS);
const handle = pool ? fromPgPool(pool) : fromPglite(lite!);
// The demo's proofs of payment, never read here: a scratch folder.
await prepareDatabase(handle, {
  demo: true,
  storage: createDiskStorage(path.join(os.tmpdir(), 'gd-bench-uploads')),
});
const bench = await seedBenchPlayers(handle, { million: false });
const db = (pool
  ? drizzlePg({ client: pool, schema, logger })
  : drizzlePglite({ client: lite!, schema, logger })) as unknown as Db;
const backendCpu = pool ? await backendCpuReader(pool) : undefined;
const explain = async (statement: { sql: string; params: unknown[] }): Promise<string[]> => {
  const text = `explain (analyze, costs off) ${statement.sql}`;
  const result = pool
    ? await pool.query(text, statement.params)
    : await lite!.query(text, statement.params);
  return (result.rows as Record<string, string>[]).map((row) => row['QUERY PLAN']!);
};

const scenarios: Record<string, Record<string, string>> = {
  page: { sort: 'name' },
  filtered: { sort: 'name', categorySection: String(bench.categoryId) },
  searched: { sort: 'name', categorySection: String(bench.categoryId), q: bench.term },
};
console.log(`players list on ${handle.driver}, club ${bench.clubId} (${bench.players} players)`);
for (const [name, raw] of Object.entries(scenarios)) {
  const query = playerListQuerySchema.parse(raw);
  for (let i = 0; i < 10; i++) await listPlayers(db, bench.clubId, query, undefined);
  sent.length = 0;
  const calls = Number(process.env.BENCH_CALLS ?? 200);
  const cpuBefore = backendCpu?.();
  const started = performance.now();
  let total = 0;
  for (let i = 0; i < calls; i++)
    total = (await listPlayers(db, bench.clubId, query, undefined)).total;
  const perCall = (performance.now() - started) / calls;
  const cpu = cpuPerCall(cpuBefore, backendCpu?.(), calls);
  console.log(
    `\n## ${name} ${JSON.stringify(raw)}: total ${total}, ${perCall.toFixed(2)} ms per call${cpu}`,
  );
  console.log((await explain(sent[0]!)).join('\n'));
}
await handle.close();
