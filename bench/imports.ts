/**
 * `npm run bench:imports`: what players imports do to everyone else (issue #33 item 4).
 * Starts the real server as a child (`node --import tsx server/main.ts`, as bench/crash.ts
 * does) on a scratch PGlite dir (or a scratch PostgreSQL database of BENCH_DATABASE_URL),
 * then measures, beside a bare Fastify route served by this process in the same run:
 *
 * - /api/health latency (one request after the other) idle, and during four concurrent
 *   previews of a legal 5,000-row CSV;
 * - the server's RSS before, after one preview (modules loaded, code compiled), after 20
 *   more (four at a time), and after 30 s idle (idle workers end).
 *
 * Numbers only: nothing here is an assertion. See bench/README.md.
 *
 *   BENCH_IMPORT_ROWS=5000 BENCH_PREVIEWS=20 npm run bench:imports
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import {
  type CrashTarget,
  pgliteTarget,
  postgresTarget,
  withHandle,
  seedCrashClub,
} from './crash.db';
import { signIn, sleep, startServer, stopServer } from './crash.server';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 5_000);
const PREVIEWS = Number(process.env.BENCH_PREVIEWS ?? 20);
const CONCURRENT = 4;
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 30_000);

const target: CrashTarget = process.env.BENCH_DATABASE_URL
  ? await postgresTarget(
      process.env.BENCH_DATABASE_URL,
      process.env.BENCH_DATABASE_NAME ?? 'gd_bench_imports',
    )
  : pgliteTarget();
const club = await withHandle(target, (handle) =>
  seedCrashClub(handle, { players: 0, charges: 0, period: '2020-01' }),
);
const server = await startServer(target);
const pid = server.child.pid!;
const call = await signIn(server, club.email, club.password);

const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ ok: true }));
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareUrl = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}/bare`;

/** The server's resident memory, in MB, as the kernel counts it. */
function rssMb(): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return Math.round(Number(line![1]) / 1024);
}

/** Adults with a document each; every 10th with a wrong birth date (an error row). */
function csv(): Buffer {
  const header =
    'Nombre,Apellido,Tipo de documento,Número de documento,Fecha de nacimiento,Género,Correo electrónico';
  const lines = Array.from({ length: ROWS }, (_, index) =>
    [
      `Jugador ${index}`,
      'Banco Importación',
      'CC',
      String(90_000_000 + index),
      index % 10 === 0 ? '1995-02-30' : '1995-08-20',
      index % 2 ? 'Femenino' : 'Masculino',
      `jugador${index}@banco.test`,
    ].join(','),
  );
  return Buffer.from([header, ...lines].join('\r\n'));
}
const file = csv();

/** Each preview's time (s), and its status (0: no answer, the connection closed). */
const previewSeconds: number[] = [];
async function preview(): Promise<number> {
  const started = performance.now();
  try {
    return await previewOnce();
  } catch {
    return 0;
  } finally {
    previewSeconds.push((performance.now() - started) / 1000);
  }
}

async function previewOnce(): Promise<number> {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="jugadores.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await call('POST', `/pla_club_teams/${club.clubId}/player-imports/preview`, {
    body,
    contentType: `multipart/form-data; boundary=${boundary}`,
  });
  await response.arrayBuffer();
  return response.status;
}

/**
 * Latencies (ms) of GET `urls`, taken in turn, one request after the other, while `busy`
 * runs (or `count` rounds): each URL sees the same moments of the machine's load.
 */
async function latencies(urls: string[], busy: Promise<unknown> | number): Promise<number[][]> {
  const out: number[][] = urls.map(() => []);
  let done = false;
  if (typeof busy !== 'number') void busy.finally(() => (done = true));
  for (let index = 0; typeof busy === 'number' ? index < busy : !done; index++) {
    for (const [at, url] of urls.entries()) {
      const started = performance.now();
      await (await fetch(url)).arrayBuffer();
      out[at]!.push(performance.now() - started);
    }
  }
  return out;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};
const line = (name: string, values: number[]) =>
  console.log(
    `${name.padEnd(44)} n=${String(values.length).padStart(4)}  p50 ${quantile(values, 0.5).toFixed(1).padStart(7)} ms  p99 ${quantile(values, 0.99).toFixed(1).padStart(7)} ms  max ${Math.max(
      ...values,
    )
      .toFixed(1)
      .padStart(7)} ms`,
  );

const signed = (n: number) => (n >= 0 ? `+${n}` : String(n));
const health = `${server.base}/api/health`;
console.log(`Players import previews, ${ROWS} rows (${file.length} bytes), ${target.engine}`);
await latencies([health], 50);
const before = rssMb();
const [idleHealth, idleBare] = await latencies([health, bareUrl], 200);
line('idle: GET /bare (plain Fastify, this process)', idleBare!);
line('idle: GET /api/health', idleHealth!);

// One preview first: the import's modules, its JIT code and the worker's first start.
let statuses: number[] = [await preview()];
const warm = rssMb();
let done = 0;
const started = performance.now();
// The first four at once, measured; the rest four at a time up to PREVIEWS.
const firstRound = Promise.all(Array.from({ length: CONCURRENT }, preview));
const [duringHealth, duringBare] = await latencies([health, bareUrl], firstRound);
statuses = statuses.concat(await firstRound);
const roundSeconds = (performance.now() - started) / 1000;
done += CONCURRENT;
line(`during ${CONCURRENT} previews: GET /api/health`, duringHealth!);
line('in turn with it: GET /bare (plain Fastify)', duringBare!);
while (done < PREVIEWS) {
  const batch = Math.min(CONCURRENT, PREVIEWS - done);
  statuses = statuses.concat(await Promise.all(Array.from({ length: batch }, preview)));
  done += batch;
}
const after = rssMb();
let settled = after;
for (let waited = 0; waited < SETTLE_MS; waited += 1_000) {
  await sleep(1_000);
  settled = rssMb();
}
console.log(
  `${CONCURRENT} concurrent previews took ${roundSeconds.toFixed(1)} s; statuses ${[...new Set(statuses)].join(',')}`,
);
console.log(
  `server RSS: before ${before} MB, after 1 preview ${warm} MB, after ${PREVIEWS} more ${after} MB, after ${SETTLE_MS / 1000} s idle ${settled} MB (${signed(settled - before)} MB on before, ${signed(settled - warm)} MB on after 1)`,
);

console.log(
  `one preview: ${previewSeconds.map((seconds) => seconds.toFixed(1)).join(', ')} s (in order of finishing)`,
);
const warnings = server.output.join('').trim();
if (warnings) console.log(`server output:\n${warnings.slice(-3000)}`);
await stopServer(server, 'SIGTERM');
await bare.close();
await target.dispose();
