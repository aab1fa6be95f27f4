import type { Db } from '../db/client';
import { recordJobRun } from '../features/platform-health/job-runs';
import type { JobQueue, QueueName } from '../queue/job-queue';
import type { Clock } from './clock';

/*
 * The background jobs (payment generation, payment reminders, session reminders): each
 * declares its name, schedule and work; `scheduleOnQueue` puts it on the job queue, where
 * each slot of its cron runs once across every server, a failed run is retried with
 * backoff and a run whose server died is taken over by another. Each run is also the
 * panel's job_runs row. Started by server/main.ts only (buildApp does not, so tests run
 * a job only when they start a queue or call `runScheduledJob`).
 */

/** What a job declares: which it is, when it runs and what one run does. */
export interface ScheduledJob<T, F> {
  /** Its queue and job_runs name (`jobNames`). */
  name: QueueName;
  /** How its log lines begin ('payment reminders'). */
  label: string;
  /** When it runs: a cron expression in UTC. */
  cron: string;
  /** One run; may throw (the error is recorded and logged). */
  work: () => Promise<T>;
  /** What the run did, stored as its summary (counts, never personal data). */
  summarize: (result: T) => Record<string, unknown>;
  /** Whether the result itself says the run failed (a job that logs and returns). */
  failed?: (result: T) => boolean;
  /** What a run answers when it threw, or when the job was stopped before it began. */
  fallback: F;
}

/** What every job needs: the database, the time and where it logs. */
export interface ScheduledJobDeps {
  db: Db;
  clock: Clock;
  log: { error(data: object, message: string): void };
}

/** One run recorded in job_runs; never throws (an error is logged, the next run retries). */
export async function runScheduledJob<T, F>(
  job: ScheduledJob<T, F>,
  { db, clock, log }: ScheduledJobDeps,
): Promise<T | F> {
  try {
    return await recordJobRun(db, job.name, job.work, {
      clock,
      summarize: job.summarize,
      failed: job.failed,
    });
  } catch (error) {
    log.error({ err: error }, `${job.label}: run failed`);
    return job.fallback;
  }
}

/** The window in which servers starting together send a job's start-up run once. */
export const START_UP_WINDOW_SECONDS = 300;

/**
 * Puts `job` on `queue`: its worker on this server, its cron (or `cron`, e.g. JOBS_CRON),
 * and a run at start-up that servers starting together send once (one per 5-minute window;
 * servers starting in two windows run it twice, harmless: every job is idempotent).
 * A failed run (it threw) is recorded and logged, then retried by the queue; a run whose
 * result says it failed (`job.failed`) is recorded as failed and not retried.
 */
export async function scheduleOnQueue<T, F>(
  queue: JobQueue,
  job: ScheduledJob<T, F>,
  { db, clock, log }: ScheduledJobDeps,
  cron = job.cron,
): Promise<void> {
  await queue.work(job.name, async () => {
    try {
      await recordJobRun(db, job.name, job.work, {
        clock,
        summarize: job.summarize,
        failed: job.failed,
      });
    } catch (error) {
      log.error({ err: error }, `${job.label}: run failed`);
      throw error;
    }
  });
  await queue.schedule(job.name, cron);
  await queue.boss.send(
    job.name,
    {},
    {
      singletonKey: 'start-up',
      singletonSeconds: START_UP_WINDOW_SECONDS,
    },
  );
}
