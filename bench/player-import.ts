/**
 * `npx tsx bench/player-import.ts`: how long the players import takes for a spreadsheet
 * of 1,000 new players (issue #11: under 10 s on PGlite), on a fresh in-memory PGlite
 * with the demo data (or PostgreSQL with BENCH_DATABASE_URL): the preview, the import,
 * and the same file again (every row unchanged). Through the app's real routes, in this
 * process (`inject`): the time is the server's. Numbers only; see bench/README.md.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import type { AppConfig } from '../server/config';
import { openDb } from '../server/db/client';
import { prepareDatabase } from '../server/db/prepare';
import { createDiskStorage } from '../server/storage/storage';
import { DEMO_PASSWORD } from '../server/db/seed/demo-accounts';
import { systemClock } from '../server/lib/clock';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 1000);
const handle = await openDb({ url: process.env.BENCH_DATABASE_URL });
// The demo's proofs of payment, never read here: a scratch folder.
await prepareDatabase(handle, {
  demo: true,
  storage: createDiskStorage(path.join(os.tmpdir(), 'gd-bench-uploads')),
});
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
const app = buildApp({ db: handle, config, clock: systemClock, mailer: { send: async () => {} } });
// 1,000 players is past the free plan's 200 (server/features/plans/plan-limit.ts): on Pro.
await handle.db.execute(sql`update pla_club_teams set plan = 'pro' where id = 1`);

const login = await app.inject({
  method: 'POST',
  url: '/api/login',
  payload: { email: 'propietario@demo.club', password: DEMO_PASSWORD },
});
const { token } = login.json<{ token: string }>();
const year = new Date().getUTCFullYear();
const lines = Array.from({ length: ROWS }, (_, index) => {
  // Minors of Sub-12 (their guardian is required), then adults without a category.
  const minor = index % 2 === 0;
  const born = minor
    ? `${year - 11}-05-${String((index % 28) + 1).padStart(2, '0')}`
    : '1995-08-20';
  const document = minor ? `1${String(300_000_000 + index)}` : String(80_000_000 + index);
  return [
    `Jugador ${index}`,
    'Importado Banco',
    minor ? 'TI' : 'CC',
    document,
    born,
    minor ? 'Masculino' : 'Femenino',
    minor ? 'Sub-12' : '',
    minor ? 'Marta Banco' : '',
    minor ? '3001112233' : '',
  ].join(',');
});
const header =
  'Nombre,Apellido,Tipo de documento,Número de documento,Fecha de nacimiento,Género,Categoría,Nombre del acudiente,Teléfono del acudiente';
const file = Buffer.from([header, ...lines].join('\r\n'));

async function timed(path: string) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="jugadores.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const started = performance.now();
  const response = await app.inject({
    method: 'POST',
    url: `/api/pla_club_teams/1/${path}`,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  const answer = response.json<{ data?: Record<string, unknown>; message?: string }>();
  const summary = answer.data ? (answer.data.counts ?? answer.data) : answer.message;
  console.log(`${path.padEnd(24)} ${response.statusCode} ${seconds} s ${JSON.stringify(summary)}`);
}

console.log(`Players import, ${ROWS} rows, ${handle.driver}`);
await timed('player-imports/preview');
await timed('player-imports');
await timed('player-imports');
await app.close();
await handle.close();
