/**
 * `npm run db:seed`: opens the configured database, migrates it, applies the reference
 * seed and, when the users table is empty, the demo data; then closes it. PGlite allows
 * one process per data directory, so stop the server first.
 */
import { loadConfig } from '../../config';
import { openDb } from '../client';
import { prepareDatabase } from '../prepare';
import { openStorage } from '../../storage/open-storage';

const config = loadConfig();
const handle = await openDb({ url: config.databaseUrl, dataDir: config.pgliteDir });
try {
  const { demoSeeded } = await prepareDatabase(handle, {
    demo: true,
    // The server's storage (server/main.ts): the demo's proofs of payment go there.
    storage: openStorage(config),
  });
  console.log(
    `Base de datos lista (${handle.driver}): ${demoSeeded ? 'datos de demostración creados' : 'ya tenía usuarios, datos de demostración omitidos'}.`,
  );
} finally {
  await handle.close();
}
