import type { Db } from '../../db/client';
import { jobRuns } from '../../db/schema/platform';
import type { Clock } from '../../lib/clock';
import { systemClock } from '../../lib/clock';

/*
 * The background jobs' last runs (job_runs, one row per job), for the super admin panel.
 * The bookkeeping never changes what a job does: a failure to write the row is ignored
 * (the job has its own log), the job's result or error passes through untouched.
 */

/** The background jobs' names as job_runs stores them. */
export const jobNames = {
  paymentGeneration: 'payment-generation',
  paymentReminders: 'payment-reminders',
  sessionReminders: 'session-reminders',
  exportsCleanup: 'exports-cleanup',
} as const;

export interface JobRunOptions<T> {
  clock?: Clock;
  /** What the run did, stored as its summary (counts, never personal data). */
  summarize?: (result: T) => Record<string, unknown>;
  /** Whether the result itself says the run failed (a job that logs and returns). */
  failed?: (result: T) => boolean;
}

const quietly = async (write: () => Promise<unknown>) => {
  try {
    await write();
  } catch {
    // The panel misses one run; the job must not fail for its bookkeeping.
  }
};

/**
 * Runs `fn` as job `job`: upserts 'running' with its start, then 'ok' or 'failed' with
 * its end and summary. Answers what `fn` answers and throws what it throws.
 */
export async function recordJobRun<T>(
  db: Db,
  job: string,
  fn: () => Promise<T>,
  { clock = systemClock, summarize, failed }: JobRunOptions<T> = {},
): Promise<T> {
  const startedAt = clock.now();
  await quietly(() =>
    db
      .insert(jobRuns)
      .values({ job, startedAt, finishedAt: null, outcome: 'running', summary: {} })
      .onConflictDoUpdate({
        target: jobRuns.job,
        set: { startedAt, finishedAt: null, outcome: 'running', summary: {} },
      }),
  );
  const finish = (outcome: 'ok' | 'failed', summary: Record<string, unknown>) =>
    quietly(() =>
      db
        .insert(jobRuns)
        .values({ job, startedAt, finishedAt: clock.now(), outcome, summary })
        .onConflictDoUpdate({
          target: jobRuns.job,
          set: { finishedAt: clock.now(), outcome, summary },
        }),
    );
  try {
    const result = await fn();
    await finish(failed?.(result) ? 'failed' : 'ok', summarize?.(result) ?? {});
    return result;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await finish('failed', { error: message.slice(0, 300) });
    throw error;
  }
}
