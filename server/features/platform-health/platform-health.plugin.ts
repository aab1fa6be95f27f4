import type { FastifyInstance } from 'fastify';
import type { FeaturePlugin } from '../../app-deps';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { createJobFailuresService } from './job-failures.service';
import { platformHealthRoutes } from './platform-health.routes';
import { createPlatformHealthService } from './platform-health.service';

/**
 * Panel Super Admin's health (`/api/admin/platform-health`, issue #17) and the job queue's
 * failed jobs (`/api/admin/job-failures`, issue #36).
 */
export const platformHealthPlugin: FeaturePlugin = async (app, { deps }) => {
  const { db, clock, queue, superAdmin } = deps;
  const jobFailures = createJobFailuresService({ db, clock, queue });
  app.register(platformHealthRoutes, {
    health: createPlatformHealthService({ db, clock, queueDepths: jobFailures.depths }),
    jobFailures,
    superAdmin,
  });
};

/**
 * Lets the error handler store every 5xx in server_errors (fire-and-forget). Called once
 * on the root instance by server/app.ts, so every plugin's errors reach it.
 */
export function recordServerErrors(app: FastifyInstance, deps: { db: Db; clock: Clock }) {
  app.decorate('recordServerError', createPlatformHealthService(deps).recordServerError);
}
