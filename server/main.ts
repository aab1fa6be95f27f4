/** Starts the server: config → database (migrate, seed) → app → listen; SIGTERM/SIGINT close it gracefully. */
import closeWithGrace from 'close-with-grace';
import { eq } from 'drizzle-orm';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDb } from './db/client';
import { SERVER_POOL_TIMEOUTS } from './db/pool';
import { prepareDatabase } from './db/prepare';
import { DatabaseStartupError, untilDatabaseAnswers } from './db/startup-wait';
import { exportsCleanupJob } from './features/exports/exports-cleanup.job';
import { workExports } from './features/exports/exports.plugin';
import { createCalendarNotices } from './features/notifications/calendar-notices';
import { createNotifier } from './features/notifications/notify';
import { paymentRemindersJob } from './features/notifications/payment-reminders.job';
import {
  testHooksAccessRows,
  testHooksEnabled,
  testHooksRoutes,
} from './features/notifications/test-hooks.routes';
import { paymentGenerationJob } from './features/payment-generation/payment-generation.job';
import { sessionRemindersJob } from './features/sessions/session-reminders.job';
import { scheduleOnQueue } from './lib/scheduled-job';
import { JobQueue } from './queue/job-queue';
import { createAppMetrics } from './lib/metrics';
import { poolStatsReader } from './db/pool';
import type { MailJob } from './mail/outbox';
import {
  type CommunicationJob,
  createCommunicationDelivery,
} from './features/communications/communications.delivery';
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
// A PostgreSQL not answering yet is asked again every 2 s, up to the configured wait. The
// demo (public passwords) only with DEMO_DATA on; production makes its super admin with
// `npm run super-admin` instead.
const demoSeeded = await untilDatabaseAnswers(
  async () =>
    (await prepareDatabase(handle, config.demoData ? { demo: true, storage } : { demo: false }))
      .demoSeeded,
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
// The job and mail queue (pg-boss) in the same database, PGlite or PostgreSQL: its schema
// `pgboss` is made on the first start. Its events are logged by the app's logger.
// One set of metrics for the app and the queue (GET /metrics): depth at each scrape.
const metrics = createAppMetrics({ poolStats: poolStatsReader(handle) });
const queue = JobQueue.open(handle, {
  timings: config.queueTimings,
  onJobFailed: (name) => metrics.queueJobFailed(name),
  log: {
    error: (data, message) => app.log.error(data, message),
    warn: (data, message) => app.log.warn(data, message),
  },
});
const app = buildApp({
  db: handle,
  config,
  clock: systemClock,
  mailer,
  storage,
  queue,
  metrics,
  readiness: [{ name: 'queue', check: () => queue.ping() }],
  // Readable lines in a terminal, JSON lines for anything that collects them.
  logger: {
    level: config.logLevel,
    ...(process.stdout.isTTY ? { stream: prettyLogStream() } : {}),
  },
  extraAccessRows: testHooksEnabled() ? testHooksAccessRows : [],
});
await queue.start();
metrics.addCollector(async () => {
  for (const depth of await queue.depths()) {
    metrics.setQueueJobs(depth.queue, 'queued', depth.queued);
    metrics.setQueueJobs(depth.queue, 'active', depth.active);
    metrics.setQueueJobs(depth.queue, 'failed', depth.failed);
  }
});

// The jobs' own outbox: the reminders' e-mails, and every queued e-mail's delivery.
const jobsLog = app.log.child({ job: 'queue' });
const jobsOutbox = new MailOutbox(handle.db, mailer, systemClock, jobsLog, queue, (outcome) =>
  metrics.mailDelivered(outcome),
);
const jobsNotifier = createNotifier({
  clock: systemClock,
  outbox: jobsOutbox,
  appUrl: config.appUrl,
});
// Each queued e-mail: sent unless its first attempt did; retried with backoff (outbox.ts).
await queue.work<MailJob>('mail', (job) => jobsOutbox.deliverQueued(job.data), { batchSize: 20 });
// Each mass communication's notifications and e-mails, batch by batch (issue #36).
const communicationDelivery = createCommunicationDelivery({
  db: handle.db,
  clock: systemClock,
  notifier: jobsNotifier,
});
await queue.work<CommunicationJob>('communications', (job) =>
  communicationDelivery.deliver(job.data.communicationId),
);
// Each grid's queued export: the list's GET replayed as its asker, kept as a file (docs/exports.md).
await workExports(queue, app);
const requeued = await jobsOutbox.requeueUnsent();
if (requeued > 0) jobsLog.info({ requeued }, 'unsent e-mails put back on the queue');
// The current period's payments for every club, hourly (issue #12 item 4).
const generationLog = app.log.child({ job: 'payment-generation' });
await scheduleOnQueue(
  queue,
  paymentGenerationJob({ db: handle.db, clock: systemClock, log: generationLog }),
  { db: handle.db, clock: systemClock, log: generationLog },
  config.jobsCron,
);
// The escalating payment reminders of each club's today, hourly (issue #13), e-mailed to
// whom chose payment_due by e-mail.
const remindersLog = app.log.child({ job: 'payment-reminders' });
const reminderDeps = { db: handle.db, clock: systemClock, log: remindersLog };
await scheduleOnQueue(
  queue,
  paymentRemindersJob({ ...reminderDeps, notifier: jobsNotifier }),
  reminderDeps,
  config.jobsCron,
);
// The calendar's 24-hours-before reminders, every 15 minutes (issue #14).
const sessionRemindersLog = app.log.child({ job: 'session-reminders' });
const sessionDeps = { db: handle.db, clock: systemClock, log: sessionRemindersLog };
await scheduleOnQueue(
  queue,
  sessionRemindersJob({
    ...sessionDeps,
    notices: createCalendarNotices({
      notifier: jobsNotifier,
      clock: systemClock,
      log: sessionRemindersLog,
    }),
  }),
  sessionDeps,
  config.jobsCron,
);
// The files of queued exports past their 24 hours, hourly (docs/exports.md).
const cleanupLog = app.log.child({ job: 'exports-cleanup' });
const cleanupDeps = { db: handle.db, clock: systemClock, log: cleanupLog };
await scheduleOnQueue(
  queue,
  exportsCleanupJob({ ...cleanupDeps, storage }),
  cleanupDeps,
  config.jobsCron,
);
// Browser tests only (NODE_ENV=test and GD_TEST_HOOKS=1): the reminders at a given instant.
if (testHooksEnabled()) {
  app.register(testHooksRoutes, { prefix: '/api', db: handle.db, notifier: jobsNotifier });
}

closeWithGrace({ delay: 30_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  // Stops accepting connections and waits for the requests in progress (and their mails).
  await app.close();
  // Takes no more jobs and waits up to 20 s for those in hand; one still running then is
  // taken over by another server once its heartbeat (or expiry) lapses.
  await queue.stop(20_000);
  await jobsOutbox.idle();
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
// password is public (README) but stays out of the log all the same. With DEMO_DATA off
// it is not offered, even on a database the demo once seeded.
if (process.stdout.isTTY) {
  const demoOwner = config.demoData
    ? demoAccounts.find((account) => account.role === 'Propietario del Club')
    : undefined;
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
