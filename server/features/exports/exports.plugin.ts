import type { FastifyInstance } from 'fastify';
import type { AppDeps, FeaturePlugin } from '../../app-deps';
import type { JobQueue } from '../../queue/job-queue';
import { createExportQueue } from './exports.queue';
import { exportsRoutes } from './exports.routes';
import { createExportRunner, createInProcessExports } from './exports.runner';
import { type ExportJob, createExportsService } from './exports.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The runs of queued exports (the job queue's worker calls `run`). */
    exportRunner: { run(exportId: number): Promise<void> };
  }
}

/**
 * The grids' queued exports (issue #36 item 2), set on the root app before the features:
 * every list's `POST <list>/export` (server/lib/list-export-queued.ts) reaches them through
 * `app.listExports`, and a run replays the list's GET through the root app's `inject`.
 * Without a job queue each export runs in this process after its commit; the app's close
 * waits for those runs.
 */
export function serveListExports(app: FastifyInstance, deps: AppDeps): void {
  const { db, clock, storage, queue, tokens } = deps;
  const log = app.log.child({ job: 'exports' });
  const runner = createExportRunner({
    db,
    clock,
    storage,
    tokens,
    inject: (options) => app.inject(options),
    log,
  });
  const inProcess = queue ? undefined : createInProcessExports(runner, log);
  app.decorate(
    'listExports',
    createExportQueue({ db, clock, queue, runAfterCommit: (id) => inProcess?.start(id) }),
  );
  app.decorate('exportRunner', { run: runner.run });
  app.addHook('preClose', async () => inProcess?.idle());
}

/** The queue's worker of exports (server/main.ts, and tests that run the queue). */
export function workExports(queue: JobQueue, app: FastifyInstance): Promise<void> {
  return queue.work<ExportJob>('exports', (job) => app.exportRunner.run(job.data.exportId));
}

/** `GET /api/exports/{id}` and its file, to whoever asked. */
export const exportsPlugin: FeaturePlugin = async (app, { deps }) => {
  app.register(exportsRoutes, {
    exports: createExportsService(deps),
    requireUser: deps.requireUser,
  });
};
