import type { Db } from '../db/client';
import { recordJobRun } from '../features/platform-health/job-runs';
import type { Clock } from './clock';

/*
 * The background jobs' one loop (payment generation, payment reminders, session
 * reminders): each job declares its name, period and work, and this runs it now and then
 * every period, records each run as the panel's job_runs row and logs a failure instead
 * of throwing (DOMAIN.md trap 12: a job is logged, never fatal). Started by server/main.ts
 * only (buildApp does not, so tests do not run the loops unless they start one).
 */

/** What a job declares: which it is, how often it runs and what one run does. */
export interface ScheduledJob<T, F> {
  /** Its job_runs name (`jobNames`). */
  name: string;
  /** How its log lines begin ('payment reminders'). */
  label: string;
  /** The time between two runs, in milliseconds. */
  intervalMs: number;
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

/**
 * Runs `job` now and then every `intervalMs` (its own period unless given), one run at a
 * time; the timer does not keep the process alive. The returned function stops it and
 * waits for a run in progress, so the database can be closed after it.
 */
export function startScheduledJob<T, F>(
  job: ScheduledJob<T, F>,
  deps: ScheduledJobDeps,
  intervalMs = job.intervalMs,
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const run = () => {
    if (stopped) return;
    running = running.then(() => (stopped ? job.fallback : runScheduledJob(job, deps)));
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  run();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
