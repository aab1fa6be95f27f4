/**
 * `npm run openapi [-- <file>]`: writes the API's OpenAPI document (the one the server
 * serves at /api/docs/json) to `<file>` (default openapi.json) without starting a server or
 * touching a database, so a client can be generated from it (docs/api.md).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { PGLITE_OPTIONS, fromPglite } from '../server/db/client';
import { systemClock } from '../server/lib/clock';

const file = path.resolve(process.argv[2] ?? 'openapi.json');
// The document reads no row: an empty in-memory database and a throw-away data directory.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gd-openapi-'));
const client = await PGlite.create(PGLITE_OPTIONS);
const app = buildApp({
  db: fromPglite(client),
  config: loadConfig({ DATA_DIR: dataDir }),
  clock: systemClock,
  mailer: { send: async () => {} },
});
try {
  await app.ready();
  const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (response.statusCode !== 200)
    throw new Error(`/api/docs/json answered ${response.statusCode}`);
  const document = response.json<{ paths: Record<string, object> }>();
  writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
  const operations = Object.values(document.paths).reduce(
    (count, methods) => count + Object.keys(methods).length,
    0,
  );
  console.log(`wrote ${path.relative(process.cwd(), file)} (${operations} operations)`);
} finally {
  await app.close();
  await client.close();
  rmSync(dataDir, { recursive: true, force: true });
}
