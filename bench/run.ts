/**
 * `npm run bench`: throughput and latency of the foundation's hot endpoints over real
 * HTTP, on a fresh in-memory PGlite with the demo data (or on PostgreSQL when
 * BENCH_DATABASE_URL is set), beside a bare Fastify route measured in the same run (the
 * ceiling of this machine and load generator). The load comes from a child process, so
 * this process only serves. Numbers only: nothing here is an assertion. See
 * bench/README.md.
 *
 *   BENCH_SECONDS=5 BENCH_CONNECTIONS=20 BENCH_RUNS=2 npm run bench
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { buildApp } from '../server/app';
import type { AppConfig } from '../server/config';
import { openDb } from '../server/db/client';
import { prepareDatabase } from '../server/db/prepare';
import { createDiskStorage } from '../server/storage/storage';
import { DEMO_PASSWORD } from '../server/db/seed/demo-accounts';
import { systemClock } from '../server/lib/clock';
import { type Scenario, bestOfInterleaved, startLoadGenerator } from './measure';
import { bestOfInterleavedRate } from './measure-rate';
import {
  checkPolling,
  notificationScenarios,
  seedBenchNotifications,
  signBenchTokens,
} from './notifications';
import { dashboardScenarios, seedBenchAttendance } from './dashboards';
import { checkScenarios, paymentScenarios, seedBenchPayments } from './payments';
import { seedBenchPlayers } from './players';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
// The machine is shared: each scenario runs this many times and the best run is kept.
const runs = Number(process.env.BENCH_RUNS ?? 2);

const handle = await openDb({ url: process.env.BENCH_DATABASE_URL });
// The demo's proofs of payment, never read here: a scratch folder.
await prepareDatabase(handle, {
  demo: true,
  storage: createDiskStorage(path.join(os.tmpdir(), 'gd-bench-uploads')),
});
// BENCH_PLAYERS=1m adds 5,000 clubs of 200 players (PostgreSQL only: PGlite holds it in memory).
const million = process.env.BENCH_PLAYERS === '1m';
if (million && handle.driver !== 'postgres')
  throw new Error('BENCH_PLAYERS=1m needs BENCH_DATABASE_URL');
const bench = await seedBenchPlayers(handle, { million, log: (line) => console.log(line) });
// BENCH_PAYMENTS=60k adds the payments grid of issue #12: 60,000 payments in the demo club.
const payments =
  process.env.BENCH_PAYMENTS === '60k'
    ? await seedBenchPayments(handle, bench.clubId, (line) => console.log(line))
    : undefined;
// BENCH_DASHBOARDS=1 adds the dashboards of issue #16: 10 weeks of trainings with roll calls.
const attendance =
  process.env.BENCH_DASHBOARDS === '1'
    ? await seedBenchAttendance(handle, bench.clubId, (line) => console.log(line))
    : undefined;
// BENCH_NOTIFICATIONS=10k adds the polling of issue #13: 10,000 players, 40 notifications each.
const polling =
  process.env.BENCH_NOTIFICATIONS === '10k'
    ? await seedBenchNotifications(handle, bench.clubId, (line) => console.log(line))
    : undefined;
const config: AppConfig = {
  port: 0,
  host: '127.0.0.1',
  dataDir: '/nonexistent',
  databaseUrl: process.env.BENCH_DATABASE_URL,
  pgliteDir: '/nonexistent/pglite',
  jwtSecret: randomBytes(32),
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
};
const app = buildApp({
  db: handle,
  config,
  clock: systemClock,
  mailer: { send: async () => undefined },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

// The ceiling: a plain Fastify app, one route, constant JSON, no plugins (no helmet).
const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ ok: true }));
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareBase = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}`;

const loginBody = JSON.stringify({ email: 'propietario@demo.club', password: DEMO_PASSWORD });
const json = { 'content-type': 'application/json' };
const { token } = (await (
  await fetch(`${base}/api/login`, { method: 'POST', headers: json, body: loginBody })
).json()) as {
  token: string;
};

const auth = { authorization: `Bearer ${token}` };
const playersUrl = (query: string) =>
  `${base}/api/pla_club_teams/${bench.clubId}/players?page=1&pageSize=25&sort=name${query}`;
const playersScenario = (name: string, query: string): Scenario => ({
  name,
  connections,
  target: { method: 'GET', url: playersUrl(query), headers: auth },
});

const BARE = 'GET /bare (plain Fastify)';
const all: Scenario[] = [
  { name: BARE, connections, target: { method: 'GET', url: `${bareBase}/bare` } },
  { name: 'GET /api/health', connections, target: { method: 'GET', url: `${base}/api/health` } },
  {
    name: 'GET /api/user (owner)',
    connections,
    target: {
      method: 'GET',
      url: `${base}/api/user`,
      headers: auth,
    },
  },
  playersScenario('players page 1 by name', ''),
  playersScenario('players filtered (category)', `&categorySection=${bench.categoryId}`),
  playersScenario(
    'players searched (category + q)',
    `&categorySection=${bench.categoryId}&q=${encodeURIComponent(bench.term)}`,
  ),
  {
    // scrypt dominates: this measures the password hash, by design slow.
    name: 'POST /api/login',
    connections: Math.min(connections, 4),
    target: { method: 'POST', url: `${base}/api/login`, headers: json, body: loginBody },
  },
  ...(payments
    ? paymentScenarios(
        { base, clubId: bench.clubId, categoryId: bench.categoryId, term: bench.term },
        payments,
        (name, url) => ({ name, connections, target: { method: 'GET', url, headers: auth } }),
      )
    : []),
  ...(attendance
    ? await dashboardScenarios(base, bench.clubId, (name, url, headers) => ({
        name,
        connections,
        target: { method: 'GET', url, headers },
      }))
    : []),
];
// Open loop at a fixed rate (bench/load-rate.ts): the polling and the bare route alike.
const pollingRate = Number(process.env.BENCH_NOTIFICATION_RATE ?? 333);
const rateSeconds = Number(process.env.BENCH_RATE_SECONDS ?? 30);
const allAtRate = polling
  ? notificationScenarios({
      base,
      bareUrl: `${bareBase}/bare`,
      clubId: bench.clubId,
      tokens: await signBenchTokens(polling.users, config.jwtSecret),
      rate: pollingRate,
      sockets: Number(process.env.BENCH_RATE_SOCKETS ?? 256),
    })
  : [];
// BENCH_ONLY=bare,user (substrings of the names) narrows the run, e.g. under --cpu-prof.
const only = process.env.BENCH_ONLY?.toLowerCase().split(',');
const chosen = <T extends { name: string }>(list: T[]) =>
  only ? list.filter((item) => only.some((part) => item.name.toLowerCase().includes(part))) : list;
const scenarios = chosen(all);
const atRate = chosen(allAtRate);

// Each players scenario once before measuring: a refusal here would only show as failures.
for (const query of ['', `&categorySection=${bench.categoryId}`]) {
  const answer = await fetch(playersUrl(query), { headers: auth });
  const body = (await answer.json()) as { total?: number };
  if (!answer.ok)
    throw new Error(`players list answered ${answer.status}: ${JSON.stringify(body)}`);
}
await checkScenarios(
  scenarios.filter(({ name }) => name.startsWith('payments') || name.startsWith('dashboard')),
);
if (allAtRate[0]) await checkPolling(allAtRate[0]);
console.log(
  `Gestión deportiva bench: ${handle.driver}, ${bench.players} players in club ${bench.clubId}` +
    `${million ? ' (+ 1,000,000 in 5,000 other clubs)' : ''}` +
    `${attendance ? `, ${attendance.sessions} bench sessions, ${attendance.marks} attendance marks` : ''}` +
    `${payments ? `, ${payments.payments} payments (${JSON.stringify(payments.statuses)}), period ${payments.period}` : ''}` +
    `${polling ? `, ${polling.notifications} notifications (${polling.unread} unread) of ${polling.users.length} players, ${rateSeconds} s per fixed-rate scenario` : ''}` +
    `, ${seconds} s per scenario, best of ${runs} interleaved runs`,
);
const generator = startLoadGenerator();
const results = await bestOfInterleaved(generator, runs, seconds, scenarios);
const rateResults = await bestOfInterleavedRate(generator, runs, rateSeconds, atRate, (line) =>
  console.log(line),
);
generator.stop();
const ceiling = results.find((result) => result.scenario === BARE)?.['req/s'] ?? 0;
console.table(
  results.map((result) => ({
    ...result,
    '% of bare': ceiling ? Number(((100 * result['req/s']) / ceiling).toFixed(2)) : null,
  })),
);
if (rateResults.length > 0) console.table(rateResults);

await app.close();
await bare.close();
await handle.close();
