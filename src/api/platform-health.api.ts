import { queryOptions } from '@tanstack/react-query';
import {
  type JobFailure,
  type JobQueueName,
  type PlatformHealth,
  jobFailuresResponseSchema,
  jobRetryResponseSchema,
  platformHealthResponseSchema,
} from '../../contract/platform-health.schema';
import { authClient, describeFailures } from './http';

/** `GET /api/admin/platform-health` (super admin): the platform's health at a glance. */
export const getPlatformHealth = (): Promise<PlatformHealth> =>
  describeFailures(
    async () => platformHealthResponseSchema.parse(await authClient('/admin/platform-health')).data,
  );

/** The panel's health cards; refreshed by the 'Actualizar' button, not on a timer. */
export const platformHealthQuery = queryOptions({
  queryKey: ['admin', 'platform-health'] as const,
  queryFn: getPlatformHealth,
});

/** `GET /api/admin/job-failures` (super admin): the queue's failed jobs, latest first. */
export const getJobFailures = (): Promise<JobFailure[]> =>
  describeFailures(
    async () => jobFailuresResponseSchema.parse(await authClient('/admin/job-failures')).data,
  );

/** The panel's failed jobs; refreshed with the health and after each retry. */
export const jobFailuresQuery = queryOptions({
  queryKey: ['admin', 'job-failures'] as const,
  queryFn: getJobFailures,
});

/** `POST /api/admin/job-failures/{queue}/{id}/retry`: sends a failed job again (404 if no longer failed). */
export const retryJobFailure = ({ queue, id }: { queue: JobQueueName; id: string }) =>
  describeFailures(
    async () =>
      jobRetryResponseSchema.parse(
        await authClient(
          `/admin/job-failures/${encodeURIComponent(queue)}/${encodeURIComponent(id)}/retry`,
          { method: 'POST' },
        ),
      ).data,
  );
