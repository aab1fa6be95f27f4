import { sql } from 'drizzle-orm';
import {
  type Job,
  type JobResult,
  PgBoss,
  type SendOptions,
  fromDrizzle,
  fromPglite,
} from 'pg-boss';
import type { Db, DbHandle } from '../db/client';
import {
  type QueueName,
  type QueueTimings,
  defaultQueueTimings,
  queueNames,
  queuePolicies,
} from './queue-policies';
import { statisticsRefresher } from './job-statistics';
import { rowsOf } from '../db/rows';

export { type QueueName, type QueueTimings, defaultQueueTimings, queueNames };

/*
 * The background work's one queue: pg-boss (https://github.com/timgit/pg-boss) in the
 * schema `pgboss` of the app's own database. Chosen over graphile-worker because it runs
 * the same code on the embedded PGlite (its `fromPglite` adapter over the one in-process
 * connection) and on PostgreSQL (its own small pool), and because a job can be sent
 * inside the transaction that causes it (`fromDrizzle`), so an e-mail's job commits or
 * rolls back with the write it announces. graphile-worker needs a pool of real
 * connections and LISTEN/NOTIFY, which PGlite cannot give.
 *
 * What it gives the app: retries with exponential backoff, a cron schedule of which each
 * slot is sent once however many servers run (pg-boss keys every occurrence), jobs whose
 * server died retried by another once their heartbeat lapses, and the failed jobs with
 * their error for the super admin's panel, which can send them again.
 */

/** A failed job as the super admin's panel lists it. */
export interface FailedJob {
  id: string;
  queue: QueueName;
  error: string;
  retryCount: number;
  createdOn: Date;
  failedOn: Date | null;
}

/** Counts of one queue's jobs by state (metrics and the panel). */
export interface QueueDepth {
  queue: QueueName;
  queued: number;
  active: number;
  failed: number;
}

export interface JobQueueOptions {
  timings?: Partial<QueueTimings>;
  /** Told of each failed attempt of a job (the metrics' `queue_failures_total`). */
  onJobFailed?: (queue: QueueName) => void;
  log: { error(data: object, message: string): void; warn(data: object, message: string): void };
}

const errorOf = (output: unknown): string => {
  if (output && typeof output === 'object' && 'message' in output) {
    return String((output as { message: unknown }).message);
  }
  return output == null ? '' : JSON.stringify(output);
};

export class JobQueue {
  readonly timings: QueueTimings;
  private started: Promise<void> | undefined;
  /** Refreshes the planner's figures of the job table, at most once a minute. */
  private readonly refreshStatistics: () => void;

  private constructor(
    readonly boss: PgBoss,
    timings: QueueTimings,
    private readonly onJobFailed: (queue: QueueName) => void,
    log: JobQueueOptions['log'],
  ) {
    this.timings = timings;
    this.refreshStatistics = statisticsRefresher(boss, log);
  }

  /** The queue on `handle`'s database; nothing runs until `start`. */
  static open(handle: DbHandle, { timings, log, onJobFailed }: JobQueueOptions): JobQueue {
    const all = { ...defaultQueueTimings, ...timings };
    const common = {
      schema: 'pgboss',
      monitorIntervalSeconds: all.monitorSeconds,
      superviseIntervalSeconds: all.monitorSeconds,
      cronMonitorIntervalSeconds: Math.min(45, all.monitorSeconds),
      cronWorkerIntervalSeconds: Math.min(45, all.monitorSeconds),
    };
    const connection = handle.queueConnection;
    const boss =
      'pglite' in connection
        ? new PgBoss({ ...common, db: fromPglite(connection.pglite), backend: 'pglite' })
        : new PgBoss({
            ...common,
            connectionString: connection.url,
            max: 4,
            application_name: 'gestion-deportiva-queue',
          });
    // A lost connection or a failed maintenance pass is logged; pg-boss carries on.
    boss.on('error', (error: unknown) => log.error({ err: error }, 'job queue error'));
    boss.on('warning', (warning: unknown) => log.warn({ warning }, 'job queue warning'));
    return new JobQueue(boss, all, onJobFailed ?? (() => undefined), log);
  }

  /** Creates pg-boss's schema when missing and every queue with its policy; idempotent. */
  start(): Promise<void> {
    this.started ??= (async () => {
      await this.boss.start();
      const existing = new Set((await this.boss.getQueues()).map((queue) => queue.name));
      for (const [name, policy] of Object.entries(queuePolicies(this.timings))) {
        if (existing.has(name)) await this.boss.updateQueue(name, policy);
        else await this.boss.createQueue(name, policy);
      }
    })();
    return this.started;
  }

  /**
   * Sends a job inside `executor`'s transaction (or on its own when `executor` is the
   * database), so it exists exactly when the write that causes it commits.
   */
  async send(
    executor: Db,
    name: QueueName,
    data: object,
    options: SendOptions = {},
  ): Promise<string | null> {
    // Drizzle's executor answers `{ rows }` on both drivers, which is what the adapter reads.
    const db = fromDrizzle(executor as unknown as Parameters<typeof fromDrizzle>[0], sql);
    return this.boss.send(name, data, { ...options, db });
  }

  /**
   * Runs `handler` for each job of `name`, fetched `batchSize` at a time and run side by
   * side; each job of a batch succeeds or fails (and is retried) on its own, so one bad
   * address never fails its batch.
   */
  async work<T extends object>(
    name: QueueName,
    handler: (job: Job<T>) => Promise<unknown>,
    { batchSize = 1 }: { batchSize?: number } = {},
  ): Promise<void> {
    const options = {
      batchSize,
      pollingIntervalSeconds: this.timings.pollSeconds,
      // A full batch means more work waits: fetch again at once instead of after the poll
      // interval (pg-boss otherwise waits it after every fetch: 2.5 mail jobs/s).
      burstWhenBatchFull: true,
      perJobResults: true,
    } as const;
    await this.boss.work<T, unknown, typeof options>(name, options, (jobs) => {
      // A full batch (of more than one) means a backlog (job-statistics.ts).
      if (batchSize > 1 && jobs.length === batchSize) this.refreshStatistics();
      // The jobs of a batch run side by side: twenty mails are twenty SMTP conversations,
      // one after the other they would send a few per second per server.
      return Promise.all(
        jobs.map(async (job): Promise<JobResult> => {
          try {
            await handler(job);
            return { id: job.id, status: 'completed' };
          } catch (error) {
            this.onJobFailed(name);
            const message = error instanceof Error ? error.message : String(error);
            return { id: job.id, status: 'failed', output: { message } };
          }
        }),
      );
    });
  }

  /** Sends a job of `name` on every slot of `cron` (UTC), once per slot across servers. */
  async schedule(name: QueueName, cron: string): Promise<void> {
    await this.boss.schedule(name, cron, null, { tz: 'UTC' });
  }

  /** The failed jobs of every queue, the latest failure first (at most `limit`). */
  async failures(db: Db, limit = 50): Promise<FailedJob[]> {
    // pg-boss has no query by state; its job table is read directly (schema `pgboss`).
    const result = await db.execute(sql`
      select id::text as id, name, output, retry_count as "retryCount",
        created_on as "createdOn", completed_on as "failedOn"
      from pgboss.job
      where state = 'failed' and name in ${sql.raw(`('${Object.values(queueNames).join("', '")}')`)}
      order by completed_on desc nulls last
      limit ${limit}`);
    const rows = rowsOf<Record<string, unknown>>(result);
    return rows.map((row) => ({
      id: String(row.id),
      queue: row.name as QueueName,
      error: errorOf(row.output).slice(0, 1000),
      retryCount: Number(row.retryCount),
      createdOn: new Date(row.createdOn as string),
      failedOn: row.failedOn ? new Date(row.failedOn as string) : null,
    }));
  }

  /** Sends a failed job again; false when it is not (or no longer) failed. */
  async retry(queue: QueueName, id: string): Promise<boolean> {
    // pg-boss's one `update … where state = 'failed'` counts the job it changed: of several
    // retries at once only one is answered true (reading the state around it would let all
    // of them see 'failed' before, and not 'failed' after).
    const { affected } = (await this.boss.retry(queue, id)) as { affected?: number };
    return affected === 1;
  }

  /** Throws unless the queue is started and its tables answer (the readiness check). */
  async ping(): Promise<void> {
    if (!this.started) throw new Error('the job queue is not started');
    await this.started;
    await this.boss.getQueue(queueNames.mail);
  }

  /** Jobs waiting, running and failed (still kept) per queue. */
  async depths(): Promise<QueueDepth[]> {
    const queues = await this.boss.getQueues(Object.values(queueNames));
    return queues.map((queue) => ({
      queue: queue.name as QueueName,
      queued: queue.queuedCount,
      active: queue.activeCount,
      failed: queue.failedCount,
    }));
  }

  /**
   * Stops taking work and waits up to `timeoutMs` for the jobs in hand; a job still running
   * then is retried by another server once its heartbeat or expiry lapses.
   */
  async stop(timeoutMs = 20_000): Promise<void> {
    if (!this.started) return;
    await this.started.catch(() => undefined);
    await this.boss.stop({ graceful: true, timeout: timeoutMs, close: true, wait: true } as never);
  }
}
