import { and, eq } from 'drizzle-orm';
import { type ExportState, exportMessages } from '../../../contract/exports.schema';
import type { Db } from '../../db/client';
import { exports } from '../../db/schema/exports';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { ListExportQueue, QueuedExportInput } from '../../lib/list-export-queued';
import type { JobQueue } from '../../queue/job-queue';
import { type ExportJob, stateOf } from './exports.service';

/** `POST <list>/export`'s side: the export's row and its job. */
export function createExportQueue({
  db,
  clock,
  queue,
  runAfterCommit,
}: {
  db: Db;
  clock: Clock;
  /** The job queue; without one (most API tests) `runAfterCommit` runs the export. */
  queue: JobQueue | undefined;
  runAfterCommit: (exportId: number) => void;
}): ListExportQueue {
  return {
    /**
     * The row and its job in one transaction (the job exists exactly when the row does);
     * the same person and key answer the first export (a retry, a double click, 20 at once:
     * the unique key makes the others wait for the first and then find it).
     */
    async create(input: QueuedExportInput): Promise<{ state: ExportState; created: boolean }> {
      const inserted = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(exports)
          .values({
            userId: input.userId,
            clubId: input.clubId,
            listUrl: input.listUrl,
            query: input.query,
            format: input.format,
            idempotencyKey: input.idempotencyKey,
            createdAt: clock.now(),
          })
          .onConflictDoNothing({ target: [exports.userId, exports.idempotencyKey] })
          .returning();
        if (row && queue) {
          await queue.send(tx, 'exports', { exportId: row.id } satisfies ExportJob);
        }
        return row;
      });
      if (inserted) {
        if (!queue) runAfterCommit(inserted.id);
        return { state: stateOf(inserted), created: true };
      }
      const [first] = await db
        .select()
        .from(exports)
        .where(
          and(eq(exports.userId, input.userId), eq(exports.idempotencyKey, input.idempotencyKey)),
        );
      if (!first) throw new AppError(404, exportMessages.notFound);
      return { state: stateOf(first), created: false };
    },
  };
}
