import type {
  JobFailure,
  JobQueueName,
  QueueDepth,
} from '../../../contract/platform-health.schema';
import { jobFailureMessages } from '../../../contract/platform-health.schema';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { JobQueue, QueueName } from '../../queue/job-queue';
import { recordAudit } from '../audit-log/record-audit';

/** The contract's queue names are the queue's own, both ways (a compile-time check). */
const sameQueues: [JobQueueName] extends [QueueName]
  ? [QueueName] extends [JobQueueName]
    ? true
    : false
  : false = true;
void sameQueues;

/** How many failed jobs the panel lists. */
export const JOB_FAILURES_LIMIT = 50;

/**
 * The job queue's failed jobs for the super admin's panel, and their retry (issue #36).
 * Without a queue (API tests that start none) there is nothing failed and nothing to retry.
 */
export function createJobFailuresService({
  db,
  clock,
  queue,
}: {
  db: Db;
  clock: Clock;
  queue: JobQueue | undefined;
}) {
  return {
    /** The latest failures first, with their error. */
    async list(): Promise<JobFailure[]> {
      if (!queue) return [];
      const failures = await queue.failures(db, JOB_FAILURES_LIMIT);
      return failures.map((job) => ({
        id: job.id,
        queue: job.queue,
        error: job.error,
        retry_count: job.retryCount,
        created_at: job.createdOn.toISOString(),
        failed_at: job.failedOn?.toISOString() ?? null,
      }));
    },

    /**
     * Sends a failed job again, with its audit row; 404 when it is unknown or no longer
     * failed (of several retries at once, only the first finds it failed).
     */
    async retry(actorUserId: number, name: JobQueueName, id: string): Promise<void> {
      if (!queue || !(await queue.retry(name, id))) {
        throw new AppError(404, jobFailureMessages.notFailed);
      }
      // The queue writes on its own connection, so the row follows the retry it records.
      await recordAudit(db, {
        actorUserId,
        action: 'job.retried',
        targetType: 'job',
        details: { queue: name, job_id: id },
        at: clock.now(),
      });
    },

    /** Jobs waiting, running and failed per queue; empty without a queue or on error. */
    async depths(): Promise<QueueDepth[]> {
      if (!queue) return [];
      return queue.depths().catch(() => []);
    },
  };
}

export type JobFailuresService = ReturnType<typeof createJobFailuresService>;
