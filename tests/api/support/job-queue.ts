import { type JobQueue as Queue, JobQueue, type QueueTimings } from '../../../server/queue/job-queue';
import type { TestContext } from './test-app';

/** Timings short enough for a test to see retries and take-overs in seconds. */
export const testQueueTimings: QueueTimings = {
  pollSeconds: 0.5,
  mailRetrySeconds: 1,
  mailLeaseSeconds: 2,
  monitorSeconds: 1,
  exportRetrySeconds: 1,
};

/** A started queue on the suite's own database; stop it before the suite's database closes. */
export async function startTestQueue(
  ctx: Pick<TestContext, 'handle'>,
  timings: Partial<QueueTimings> = {},
): Promise<Queue> {
  const queue = JobQueue.open(ctx.handle, {
    timings: { ...testQueueTimings, ...timings },
    log: { error: () => undefined, warn: () => undefined },
  });
  await queue.start();
  return queue;
}
