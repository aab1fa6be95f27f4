/** Starts the server: config → database (migrate, seed) → app → listen; SIGTERM/SIGINT close it gracefully. */
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDb } from './db/client';
import { prepareDatabase } from './db/prepare';
import { systemClock } from './lib/clock';
import { createMailer } from './mail/mailer';
import { createDiskStorage } from './storage/storage';

const config = loadConfig();
const handle = await openDb({ url: config.databaseUrl, dataDir: config.pgliteDir });
const { demoSeeded } = await prepareDatabase(handle, { demo: true });

const app = buildApp({
  db: handle,
  config,
  clock: systemClock,
  mailer: createMailer(config),
  storage: createDiskStorage(path.join(config.dataDir, 'uploads')),
  logger: { level: config.logLevel },
});

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  // Stops accepting connections and waits for the requests in progress, then the db.
  await app.close();
  await handle.close();
});

await app.listen({ port: config.port, host: config.host });
app.log.info(
  {
    database: handle.driver === 'pglite' ? `pglite (${config.pgliteDir})` : 'postgres',
    mail: config.smtpUrl ? 'smtp' : `files in ${config.mailDir}`,
    demoSeeded,
  },
  `Gestión deportiva lista en ${config.appUrl}`,
);
