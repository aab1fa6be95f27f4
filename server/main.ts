/** Starts the server: config → database (migrate, seed) → app → listen; SIGTERM/SIGINT close it gracefully. */
import closeWithGrace from 'close-with-grace';
import { eq } from 'drizzle-orm';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDb } from './db/client';
import { SERVER_POOL_TIMEOUTS } from './db/pool';
import { prepareDatabase } from './db/prepare';
import { DatabaseStartupError, untilDatabaseAnswers } from './db/startup-wait';
import { createCalendarNotices } from './features/notifications/calendar-notices';
import { createNotifier } from './features/notifications/notify';
import { startPaymentRemindersJob } from './features/notifications/payment-reminders.job';
import {
  testHooksAccessRows,
  testHooksEnabled,
  testHooksRoutes,
} from './features/notifications/test-hooks.routes';
import { startPaymentGenerationJob } from './features/payment-generation/payment-generation.job';
import { startSessionRemindersJob } from './features/sessions/session-reminders.job';
import { systemClock } from './lib/clock';
import { prettyLogStream } from './lib/pretty-log';
import { type DataDirLock, DataDirLockedError, acquireDataDirLock } from './lib/data-dir-lock';
import { createMailer } from './mail/mailer';
import { DEMO_PASSWORD, demoAccounts } from './db/seed/demo-accounts';
import { users } from './db/schema/users';
import { MailOutbox } from './mail/outbox';
import { describeStorage, openStorage } from './storage/open-storage';

const config = loadConfig();
// PGlite is one process's database: a second server on the same DATA_DIR would keep its
// own copy and lose writes. PostgreSQL (DATABASE_URL) serves many, so it needs no lock.
let lock: DataDirLock | undefined;
if (!config.databaseUrl) {
  try {
    lock = acquireDataDirLock(config.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  // Last resort (an uncaught error's exit): a lock left behind is only taken over later.
  process.once('exit', () => lock?.release());
}
// On PostgreSQL no request waits unbounded for a connection or a statement (docs/faults.md).
const handle = await openDb({
  url: config.databaseUrl,
  dataDir: config.pgliteDir,
  timeouts: SERVER_POOL_TIMEOUTS,
});
// One storage for the app and the demo seed, which stores its proofs of payment there:
// the S3 bucket when S3_BUCKET is set, else <DATA_DIR>/uploads.
const storage = openStorage(config);
// A PostgreSQL not answering yet is asked again every 2 s, up to the configured wait.
const demoSeeded = await untilDatabaseAnswers(
  async () => (await prepareDatabase(handle, { demo: true, storage })).demoSeeded,
  {
    everyMs: 2_000,
    maxMs: config.databaseStartupWaitMs ?? 60_000,
    onRetry: (attempt, code, waitMs) =>
      console.warn(
        `PostgreSQL is not answering (${code}, attempt ${attempt}); trying again in ${waitMs / 1000} s`,
      ),
  },
).catch(async (error: unknown) => {
  if (!(error instanceof DatabaseStartupError)) throw error;
  console.error(error.message);
  await handle.close().catch(() => undefined);
  process.exit(1);
});

const mailer = createMailer(config);
const app = buildApp({
  db: handle,
  config,
  clock: systemClock,
  mailer,
  storage,
  // Readable lines in a terminal, JSON lines for anything that collects them.
  logger: {
    level: config.logLevel,
    ...(process.stdout.isTTY ? { stream: prettyLogStream() } : {}),
  },
  extraAccessRows: testHooksEnabled() ? testHooksAccessRows : [],
});

// The current period's payments for every club, now and every 24 h (issue #12 item 4).
const stopPaymentGeneration = startPaymentGenerationJob({
  db: handle.db,
  clock: systemClock,
  log: app.log.child({ job: 'payment-generation' }),
});
// The escalating payment reminders of each club's today, now and every hour (issue #13),
// e-mailed to whom chose payment_due by e-mail through the jobs' own outbox.
const remindersLog = app.log.child({ job: 'payment-reminders' });
const jobsOutbox = new MailOutbox(handle.db, mailer, systemClock, remindersLog);
const jobsNotifier = createNotifier({
  clock: systemClock,
  outbox: jobsOutbox,
  appUrl: config.appUrl,
});
const stopPaymentReminders = startPaymentRemindersJob({
  db: handle.db,
  clock: systemClock,
  log: remindersLog,
  notifier: jobsNotifier,
});
// The calendar's 24-hours-before reminders, now and every 15 minutes (issue #14).
const sessionRemindersLog = app.log.child({ job: 'session-reminders' });
const stopSessionReminders = startSessionRemindersJob({
  db: handle.db,
  clock: systemClock,
  log: sessionRemindersLog,
  notices: createCalendarNotices({
    notifier: jobsNotifier,
    clock: systemClock,
    log: sessionRemindersLog,
  }),
});
// Browser tests only (NODE_ENV=test and GD_TEST_HOOKS=1): the reminders at a given instant.
if (testHooksEnabled()) {
  app.register(testHooksRoutes, { prefix: '/api', db: handle.db, notifier: jobsNotifier });
}

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  // The daily generation finishes its run in progress before the database closes.
  await stopPaymentGeneration();
  await stopPaymentReminders();
  await stopSessionReminders();
  await jobsOutbox.idle();
  // Stops accepting connections and waits for the requests in progress, then the db.
  await app.close();
  await handle.close();
  lock?.release();
});

await app.listen({ port: config.port, host: config.host });
app.log.info(
  {
    database: handle.driver === 'pglite' ? `pglite (${config.pgliteDir})` : 'postgres',
    mail: config.smtpUrl ? 'smtp' : `files in ${config.mailDir}`,
    uploads: describeStorage(config),
    demoSeeded,
  },
  `Gestión deportiva lista en ${config.appUrl}`,
);
// Whoever started it in a terminal learns where to go and how to sign in; the demo's
// password is public (README) but stays out of the log all the same.
if (process.stdout.isTTY) {
  const demoOwner = demoAccounts.find((account) => account.role === 'Propietario del Club');
  const [demo] = demoOwner
    ? await handle.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, demoOwner.email))
        .limit(1)
    : [];
  const signIn = demo && demoOwner ? ` (demo: ${demoOwner.email} / ${DEMO_PASSWORD})` : '';
  console.log(`\nGestión deportiva lista en ${config.appUrl}${signIn}\n`);
}
