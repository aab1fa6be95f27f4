/**
 * `npm run bench:load` (issue #18, part 2): the mixed workload of bench/load/mixed.ts
 * against app servers started as in production (bench/load/servers.ts), beside the bare
 * Fastify route in the same loop. On PostgreSQL (LOAD_DATABASE_URL) also two servers
 * behind the round-robin proxy, and the checks that nothing is done twice: the scheduled
 * jobs of two servers started at once (bench/load/jobs.ts) and the receipts of the
 * approvals made through both. Numbers only, plus those checks. See bench/README.md.
 *
 *   LOAD_DATABASE_URL=postgres://…/gd_load_x LOAD_SECONDS=10 npm run bench:load
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb } from '../../server/db/client';
import { type LoadGenerator, startLoadGenerator } from '../measure';
import { type WriteTargets, checkReceipts, prepareLoadData, prepareWriteTargets } from './fixtures';
import { cpuSnapshot } from './cpu';
import { checkJobs, jobsDone, prepareJobWork, readJobLines } from './jobs';
import { checkReads, mixedWorkload } from './mixed';
import type { MixOrder } from './mix-run';
import { type Line, measureBare, printRun, printSummary } from './report';
import { type Running, startBare, startProxy, startServer } from './servers';

const databaseUrl = process.env.LOAD_DATABASE_URL;
const postgres = Boolean(databaseUrl);
const seconds = Number(process.env.LOAD_SECONDS ?? 60);
const bareSeconds = Number(process.env.LOAD_BARE_SECONDS ?? Math.min(seconds, 15));
/** Virtual users: one keep-alive socket each (200 on PostgreSQL, 20 on PGlite). */
const users = Number(process.env.LOAD_USERS ?? (postgres ? 200 : 20));
/** Each user's mean time between two requests: the open loop's rate is users ÷ think time. */
const thinkMs = Number(process.env.LOAD_THINK_MS ?? 1000);
const rate = (users * 1000) / thinkMs;
/** The most requests per second a closed loop may reach: sizes the write targets. */
const maxRps = Number(process.env.LOAD_MAX_RPS ?? (postgres ? 1500 : 300));
const portBase = Number(process.env.LOAD_PORT_BASE ?? 3500);
const two = postgres && process.env.LOAD_TWO !== '0';

const work = mkdtempSync(path.join(os.tmpdir(), 'gd-load-'));
const log = (line: string) => console.log(line);
const secret = randomBytes(32).toString('base64url');
const dataDir = (name: string) => {
  const dir = path.join(work, name);
  mkdirSync(dir, { recursive: true });
  return dir;
};
const open = () =>
  openDb(postgres ? { url: databaseUrl } : { dataDir: path.join(work, 'a', 'pglite') });
const server = (name: string, port: number, logLevel = 'warn') =>
  startServer({
    port,
    databaseUrl,
    dataDir: dataDir(name),
    jwtSecret: secret,
    logLevel,
    logFile: path.join(work, `${name}-${logLevel}.log`),
  });

let handle = await open();
const started = performance.now();
const data = await prepareLoadData(
  handle,
  new TextEncoder().encode(secret),
  dataDir('uploads'),
  log,
);
const clubId = data.bench.clubId;
log(
  `data ready in ${Math.round((performance.now() - started) / 1000)} s (${handle.driver}), files in ${work}`,
);

// Write targets for every mix run, made up front (PGlite is closed while its server runs).
const runs = two ? 4 : 2;
const perPayment = 10;
const approvals = Math.ceil((maxRps * seconds * 0.04 * 1.2) / perPayment);
const writes: WriteTargets[] = [];
for (let run = 0; run < runs; run++)
  writes.push(
    await prepareWriteTargets(handle, clubId, {
      recordOn: 500,
      approvePayments: approvals,
      perPayment,
    }),
  );
const receiptsBefore = writes[0]!.receiptsBefore;

// Two servers started at the same instant: their startup jobs race (PostgreSQL only).
if (two) {
  const since = await prepareJobWork(handle, clubId, data.bench.categoryId);
  const pair = await Promise.all([
    server('a', portBase + 1, 'info'),
    server('b', portBase + 2, 'info'),
  ]);
  const files = ['a', 'b'].map((name) => path.join(work, `${name}-info.log`));
  // On the queue each job's start-up run happens on one server or the other: wait until
  // the two logs together show all three, then a little more for a doubled run to show.
  const deadline = Date.now() + 300_000;
  const bothLogs = () => ({ ...readJobLines(files[0]!), ...readJobLines(files[1]!) });
  while (!jobsDone(bothLogs()) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 500));
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  await Promise.all(pair.map((each) => each.stop()));
  const checks = await checkJobs(handle, since, [readJobLines(files[0]!), readJobLines(files[1]!)]);
  console.log('\nScheduled jobs of two servers started at once (nothing doubled):');
  console.table(checks);
}

if (!postgres) await handle.close();
const generator: LoadGenerator = startLoadGenerator();
const bare = await startBare();
const lines: Line[] = [];
const proxyCounts: Record<string, Record<string, number>>[] = [];

/** One mix run against `base` with write targets `w`, and the bare route the same way. */
async function mixRun(
  name: string,
  via: Running,
  w: number,
  loop: MixOrder['loop'],
): Promise<void> {
  const kinds = mixedWorkload(via.base, data, writes[w]!);
  await checkReads(kinds);
  const order = { kind: 'mix' as const, loop, seconds, connections: users, rate, users };
  const cpu = cpuSnapshot(pidsOf(via), database);
  const loadBefore = os.loadavg()[0]!;
  const report = await generator.runMix({ ...order, kinds });
  const used = cpu.since();
  const load = `${loadBefore.toFixed(2)}→${os.loadavg()[0]!.toFixed(2)}`;
  const bareSummary = await measureBare(generator, bare.url, { ...order, seconds: bareSeconds });
  const line = { run: name, report, bare: bareSummary, cpu: used, load };
  printRun(line);
  lines.push(line);
}

const database = databaseUrl && new URL(databaseUrl).pathname.slice(1);
const pidsOf = (via: Running): Record<string, number[]> => ({
  servers: via.upstreams.map((each) => each.child.pid ?? 0),
  ...(via.upstreams[0] === via ? {} : { proxy: [via.child.pid ?? 0] }),
});
const running: Running[] = [];
try {
  const a = await server('a', portBase + 1);
  running.push(a);
  const think = `${users} users, ${thinkMs} ms think time = ${rate} req/s`;
  await mixRun(`1 server, open loop (${think})`, a, 0, 'open');
  await mixRun(`1 server, closed loop (${users} connections, no think time)`, a, 1, 'closed');
  if (two) {
    const b = await server('b', portBase + 2);
    running.push(b);
    const one = await startProxy(portBase + 10, [a]);
    const both = await startProxy(portBase + 11, [a, b]);
    running.push(one, both);
    await mixRun(`proxy → 1 server, closed loop (${users})`, one, 2, 'closed');
    await mixRun(`proxy → 2 servers, closed loop (${users})`, both, 3, 'closed');
    proxyCounts.push(await both.counts());
  }
} finally {
  generator.stop();
  await bare.close();
  for (const each of running.reverse()) await each.stop();
}

printSummary(lines);
if (proxyCounts[0]) {
  console.log('\nRequests the proxy sent each server (2 servers):');
  console.table(proxyCounts[0]);
}
if (!postgres) handle = await open();
const receipts = await checkReceipts(handle, clubId, receiptsBefore);
const written = lines.reduce(
  (sum, line) =>
    sum +
    line.report.kinds
      .filter((kind) => kind.name.endsWith('(write)'))
      .reduce((n, kind) => n + kind.requests - kind.failures, 0),
  0,
);
console.log(
  `\nReceipts issued during the runs: ${receipts.issued} (${receipts.distinct} distinct), ` +
    `numbers ${receipts.first ?? '-'}…${receipts.last ?? '-'}, counter ${receipts.counter}, ` +
    `writes answered 2xx ${written}: ${receipts.ok && written === receipts.issued ? 'once each, no gap' : 'NOT CONSISTENT'}`,
);
await handle.close();
// The servers' logs stay for a look; the copies of the data go.
for (const dir of ['a', 'b', 'uploads'])
  rmSync(path.join(work, dir), { recursive: true, force: true });
console.log(`\nServer logs: ${work}`);
