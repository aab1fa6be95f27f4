/**
 * The crash run itself (bench/payment-generation-crash.ts prints it; the PostgreSQL test
 * tests/api/payment-generation-crash.test.ts asserts it at a smaller scale): the real
 * server as a child process, a period's generation over HTTP, kill -9 while its INSERT
 * runs, what is stored after the crash, a restart and the rerun.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import {
  type StoredRun,
  backendsOf,
  dropDatabase,
  nextMonth,
  recreateDatabase,
  seedCrashClub,
  storedRun,
  withClient,
  withDatabase,
} from './payment-generation-crash.db';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface CrashOptions {
  /** A PostgreSQL URL to create and drop the scratch database from. */
  adminUrl: string;
  database: string;
  players: number;
  charges: number;
  /** How long after the INSERT is seen running the server is killed. */
  killDelayMs: number;
  /** Keep the scratch database afterwards. */
  keep?: boolean;
  log?: (line: string) => void;
}

/** After the crash: nothing of the run, all of it, or part of it (what must never be). */
export type Verdict = 'absent' | 'complete' | 'half written';

/** Classifies what a crash left of a run of `players` × `charges`. */
export function verdictOf(stored: StoredRun, players: number, charges: number): Verdict {
  const consistent =
    stored.withoutOneEvent === 0 &&
    stored.distinctKeys === stored.payments &&
    stored.events === stored.payments;
  if (consistent && stored.payments === 0) return 'absent';
  const full = stored.perCharge.length === charges && stored.perCharge.every((n) => n === players);
  return consistent && full ? 'complete' : 'half written';
}

export interface CrashReport {
  period: string;
  expected: number;
  /** The server's backend when it was killed (state and how long its statement had run). */
  atKill: { state: string | null; runningMs: number; statement: string };
  /** From the kill until PostgreSQL had closed every connection of the dead server. */
  backendsGoneMs: number;
  afterCrash: StoredRun & { verdict: Verdict };
  rerun: { created: number; seconds: number };
  again: { created: number };
  final: StoredRun & { verdict: Verdict };
}

interface Server {
  child: ChildProcess;
  base: string;
  output: string[];
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

/** `node --import tsx server/main.ts` (one process: its pid is the server's). */
async function startServer(url: string, dataDir: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => output.push(chunk.toString());
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const base = `http://127.0.0.1:${port}`;
  for (const started = Date.now(); Date.now() - started < 120_000; await sleep(100)) {
    if (child.exitCode !== null) break;
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, base, output };
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not start:\n${output.join('').slice(-4000)}`);
}

async function stopServer(server: Server, signal: NodeJS.Signals) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = once(server.child, 'exit');
  server.child.kill(signal);
  await exited;
}

async function signIn(server: Server, email: string, password: string) {
  const response = await fetch(`${server.base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

function generate(server: Server, token: string, clubId: number, period: string) {
  return fetch(`${server.base}/api/pla_club_teams/${clubId}/payments/generation`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ period }),
  });
}

async function createdBy(response: Response) {
  if (!response.ok) throw new Error(`generation: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { created_total: number }).created_total;
}

interface ActiveInsert {
  state: string | null;
  ms: number;
  query: string;
}

/**
 * The server's generation statement if it is running and writing now: pg_stat_activity
 * shows only the first 1,024 bytes of a statement (the run's VALUES list), so it is
 * known by its start, and `backend_xid` says it has written rows already.
 */
async function activeInsert(c: pg.Client, database: string): Promise<ActiveInsert | undefined> {
  const { rows } = await c.query<ActiveInsert>(
    `select state, (extract(epoch from clock_timestamp() - query_start) * 1000)::int as ms, query
       from pg_stat_activity
      where datname = $1 and pid <> pg_backend_pid() and state = 'active'
        and query like 'with billed (charge_id%' and backend_xid is not null`,
    [database],
  );
  return rows[0];
}

/** Waits (2 minutes at most) for `check` to answer something. */
async function waitFor<T>(what: string, check: () => Promise<T | undefined>, everyMs = 5) {
  for (const started = Date.now(); Date.now() - started < 120_000; await sleep(everyMs)) {
    const found = await check();
    if (found !== undefined) return found;
  }
  throw new Error(`gave up waiting for ${what}`);
}

export async function crashRun(options: CrashOptions): Promise<CrashReport> {
  const { adminUrl, database, players, charges } = options;
  const log = options.log ?? (() => undefined);
  const url = withDatabase(adminUrl, database);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gd-crash-'));
  const period = nextMonth(new Date());
  const expected = players * charges;
  let server: Server | undefined;
  try {
    await recreateDatabase(adminUrl, database);
    log(`database ${database}: migrating and seeding ${players} players × ${charges} charges`);
    const club = await seedCrashClub(url, { players, charges, period });
    server = await startServer(url, dataDir);
    const token = await signIn(server, club.email, club.password);
    log(`server pid ${server.child.pid}: generating ${period} (${expected} payments)`);
    let settled = false;
    const cut = generate(server, token, club.clubId, period).then(
      (r) => `answered ${r.status} before the kill`,
      () => 'cut by the kill',
    );
    void cut.finally(() => (settled = true));
    const seen = await withClient(adminUrl, async (c) => {
      await waitFor('the INSERT in pg_stat_activity', async () => {
        if (settled)
          throw new Error(`the generation ended before its INSERT was seen: ${await cut}`);
        return activeInsert(c, database);
      });
      await sleep(options.killDelayMs);
      return activeInsert(c, database);
    });
    await stopServer(server, 'SIGKILL');
    const killedAt = Date.now();
    log(
      `kill -9 ${seen ? `while the INSERT had run ${seen.ms} ms` : 'after the INSERT ended'}; the request was ${await cut}`,
    );
    await waitFor(
      "PostgreSQL to close the dead server's connections",
      async () => ((await backendsOf(adminUrl, database)).length === 0 ? true : undefined),
      20,
    );
    const backendsGoneMs = Date.now() - killedAt;
    const afterCrash = await storedRun(url, club.clubId, period);

    server = await startServer(url, dataDir);
    const again = await signIn(server, club.email, club.password);
    const started = performance.now();
    const created = await createdBy(await generate(server, again, club.clubId, period));
    const seconds = (performance.now() - started) / 1000;
    const createdAgain = await createdBy(await generate(server, again, club.clubId, period));
    const final = await storedRun(url, club.clubId, period);
    await stopServer(server, 'SIGTERM');
    return {
      period,
      expected,
      atKill: seen
        ? { state: seen.state, runningMs: seen.ms, statement: seen.query.slice(0, 60) }
        : { state: 'ended', runningMs: -1, statement: '' },
      backendsGoneMs,
      afterCrash: { ...afterCrash, verdict: verdictOf(afterCrash, players, charges) },
      rerun: { created, seconds },
      again: { created: createdAgain },
      final: { ...final, verdict: verdictOf(final, players, charges) },
    };
  } finally {
    if (server) await stopServer(server, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    if (!options.keep) await dropDatabase(adminUrl, database);
  }
}
