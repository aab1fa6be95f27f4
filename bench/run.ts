/**
 * `npm run bench`: throughput and latency of the foundation's hot endpoints over real
 * HTTP, on a fresh in-memory PGlite with the demo data (or on PostgreSQL when
 * BENCH_DATABASE_URL is set). Numbers only: nothing here is an assertion.
 *
 *   BENCH_SECONDS=5 BENCH_CONNECTIONS=20 npm run bench
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/app';
import type { AppConfig } from '../server/config';
import { openDb } from '../server/db/client';
import { prepareDatabase } from '../server/db/prepare';
import { DEMO_PASSWORD } from '../server/db/seed/demo-accounts';
import { systemClock } from '../server/lib/clock';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);

interface Scenario {
  name: string;
  connections: number;
  request: (base: string) => Promise<Response>;
}

async function run(base: string, scenario: Scenario) {
  const latencies: number[] = [];
  let failures = 0;
  const end = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const start = performance.now();
      const response = await scenario.request(base);
      await response.arrayBuffer();
      if (!response.ok) failures++;
      latencies.push(performance.now() - start);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: scenario.connections }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    scenario: scenario.name,
    connections: scenario.connections,
    'req/s': Math.round(latencies.length / elapsed),
    'p50 ms': Number(at(0.5).toFixed(1)),
    'p99 ms': Number(at(0.99).toFixed(1)),
    failures,
  };
}

const handle = await openDb({ url: process.env.BENCH_DATABASE_URL });
await prepareDatabase(handle, { demo: true });
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
};
const app = buildApp({
  db: handle,
  config,
  clock: systemClock,
  mailer: { send: async () => undefined },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

const loginBody = JSON.stringify({ email: 'propietario@demo.club', password: DEMO_PASSWORD });
const json = { 'content-type': 'application/json' };
const { token } = (await (
  await fetch(`${base}/api/login`, { method: 'POST', headers: json, body: loginBody })
).json()) as {
  token: string;
};

const scenarios: Scenario[] = [
  { name: 'GET /api/health', connections, request: (b) => fetch(`${b}/api/health`) },
  {
    name: 'GET /api/user (owner)',
    connections,
    request: (b) => fetch(`${b}/api/user`, { headers: { authorization: `Bearer ${token}` } }),
  },
  {
    // scrypt dominates: this measures the password hash, by design slow.
    name: 'POST /api/login',
    connections: Math.min(connections, 4),
    request: (b) => fetch(`${b}/api/login`, { method: 'POST', headers: json, body: loginBody }),
  },
];

console.log(`Gestión deportiva bench: ${handle.driver}, ${seconds} s per scenario`);
const results = [];
for (const scenario of scenarios) results.push(await run(base, scenario));
console.table(results);

await app.close();
await handle.close();
