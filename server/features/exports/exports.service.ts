import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import {
  type ExportFormat,
  type ExportState,
  exportMessages,
} from '../../../contract/exports.schema';
import type { Db } from '../../db/client';
import { exports } from '../../db/schema/exports';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { FileStorage } from '../../storage/storage';

/*
 * The exports' rows (issue #36 item 2, docs/exports.md): one per `POST <list>/export`,
 * written with its job in one transaction (exports.queue.ts), run by exports.runner.ts,
 * and read back here by whoever asked, and nobody else.
 */

type ExportRow = typeof exports.$inferSelect;

/** What a queued export's job carries: only the row's id (the row says the rest). */
export interface ExportJob {
  exportId: number;
}

/** The row as the API answers it. */
export const stateOf = (row: ExportRow): ExportState => ({
  id: row.id,
  status: row.status,
  format: row.format,
  rows: row.rows,
  file_name: row.fileName,
  error: row.error,
  created_at: row.createdAt.toISOString(),
  finished_at: row.finishedAt?.toISOString() ?? null,
  expires_at: row.expiresAt?.toISOString() ?? null,
});

/** A finished export's file, to be streamed with the GET's headers. */
export interface ExportFile {
  body: Readable;
  size: number;
  fileName: string;
  format: ExportFormat;
  rows: number;
}

/** What whoever asked reads of their exports. */
export function createExportsService({
  db,
  clock,
  storage,
}: {
  db: Db;
  clock: Clock;
  storage: FileStorage;
}) {
  /** The export `id` if `userId` asked for it; 404 otherwise (another's is not revealed). */
  async function ownRow(id: number, userId: number): Promise<ExportRow> {
    const [row] = await db
      .select()
      .from(exports)
      .where(and(eq(exports.id, id), eq(exports.userId, userId)));
    if (!row) throw new AppError(404, exportMessages.notFound);
    return row;
  }

  return {
    /** `GET /api/exports/{id}`. */
    async state(id: number, userId: number): Promise<ExportState> {
      return stateOf(await ownRow(id, userId));
    },

    /**
     * `GET /api/exports/{id}/file`: 409 while it is being written or when it failed, 410
     * once it expired (its file may already be gone).
     */
    async file(id: number, userId: number): Promise<ExportFile> {
      const row = await ownRow(id, userId);
      if (row.status === 'failed') throw new AppError(409, row.error ?? exportMessages.failed);
      if (row.status !== 'done') throw new AppError(409, exportMessages.notReady);
      const expired = !row.expiresAt || row.expiresAt.getTime() <= clock.now().getTime();
      const stored = !expired && row.storageKey ? await storage.open(row.storageKey) : null;
      if (!stored) throw new AppError(410, exportMessages.expired);
      return {
        body: stored.body,
        size: stored.size,
        fileName: row.fileName ?? `exportacion-${row.id}.${row.format}`,
        format: row.format,
        rows: row.rows ?? 0,
      };
    },
  };
}

export type ExportsService = ReturnType<typeof createExportsService>;
