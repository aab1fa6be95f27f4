import { text } from 'node:stream/consumers';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger, InjectOptions, LightMyRequestResponse } from 'fastify';
import { and, eq, isNotNull, lte, ne, sql } from 'drizzle-orm';
import {
  EXPORT_FILE_HOURS,
  exportContentTypes,
  exportMessages,
} from '../../../contract/exports.schema';
import { REPORT_TOTAL_HEADER } from '../../../contract/reports.schema';
import type { TokenService } from '../../auth/tokens';
import type { Db } from '../../db/client';
import { exports } from '../../db/schema/exports';
import { users } from '../../db/schema/users';
import { addMs, type Clock } from '../../lib/clock';
import { EXPORT_ATTEMPTS } from '../../queue/queue-policies';
import type { FileStorage } from '../../storage/storage';

/*
 * One run of a queued export (issue #36 item 2, docs/exports.md). The run replays the
 * list's `GET <list>/export` inside the app (`inject`) as the person who asked, with a
 * token made for that one request: their account, their roles in the club, its modules
 * and its suspension are checked again now, the scope (a family: its own rows) and the
 * writer are the GET's, so the file is byte for byte what the GET answers. The answer
 * streams into the FileStorage as the GET writes it (a federation's 300,000 players are
 * never held in memory), under a key of the export's own, so a retried run rewrites the
 * same file; the row is marked done once.
 */

/** Answers of the GET that a retry cannot change: the asker lost their access. */
const REFUSALS = new Set([401, 403, 404, 423]);

/** Expired files removed after each run (the rest wait for the next run or the cleanup job). */
const CLEANUP_BATCH = 100;

type Inject = (options: InjectOptions) => Promise<LightMyRequestResponse>;

/**
 * Removes the files of up to `limit` expired exports, the oldest first; the rows stay
 * (their file answers 410). Answers how many it removed. Each file goes before its key is
 * cleared, so a run stopped half-way leaves the key to the next one (deleting a missing
 * file is no error).
 */
export async function removeExpiredExports(
  { db, clock, storage }: { db: Db; clock: Clock; storage: FileStorage },
  limit: number,
): Promise<number> {
  const expired = await db
    .select({ id: exports.id, key: exports.storageKey })
    .from(exports)
    .where(and(isNotNull(exports.storageKey), lte(exports.expiresAt, clock.now())))
    .orderBy(exports.expiresAt)
    .limit(limit);
  for (const { id, key } of expired) {
    if (key) await storage.delete(key);
    await db.update(exports).set({ storageKey: null }).where(eq(exports.id, id));
  }
  return expired.length;
}

/** The Spanish message of a JSON refusal, else the generic one. */
async function refusalMessage(response: LightMyRequestResponse): Promise<string> {
  try {
    const { message } = JSON.parse(await text(response.stream())) as { message?: unknown };
    if (typeof message === 'string' && message) return message;
  } catch {
    // Not JSON: the generic message says enough.
  }
  return exportMessages.accessLost;
}

/** The query as a URL's, every value of a repeated parameter again. */
function searchOf(query: Record<string, string | string[]>, format: string): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const one of [value].flat()) search.append(key, one);
  }
  search.set('format', format);
  return search.toString();
}

export function createExportRunner({
  db,
  clock,
  storage,
  tokens,
  inject,
  log,
}: {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  tokens: TokenService;
  /** The app's own `inject`: the replayed GET goes through every hook the real one does. */
  inject: Inject;
  log: FastifyBaseLogger;
}) {
  const finish = (id: number, values: Partial<typeof exports.$inferInsert>) =>
    db
      .update(exports)
      .set({ ...values, finishedAt: clock.now() })
      .where(and(eq(exports.id, id), ne(exports.status, 'done')));

  /**
   * Runs export `id` once: done, failed for good (the asker lost access), or a thrown
   * error the caller retries (the row goes back to queued until the last attempt).
   */
  async function run(id: number): Promise<void> {
    const [row] = await db
      .update(exports)
      .set({ status: 'running', startedAt: clock.now(), attempts: sql`${exports.attempts} + 1` })
      .where(and(eq(exports.id, id), ne(exports.status, 'done')))
      .returning();
    // Done already (a job delivered twice) or gone with its asker.
    if (!row) return;
    try {
      const [user] = await db
        .select({ tokenVersion: users.tokenVersion })
        .from(users)
        .where(eq(users.id, row.userId));
      if (!user) {
        await finish(id, { status: 'failed', error: exportMessages.accessLost });
        return;
      }
      const token = await tokens.sign({ userId: row.userId, tokenVersion: user.tokenVersion });
      // Answered as soon as the headers are written; the body follows as a stream.
      const response = await inject({
        method: 'GET',
        url: `${row.listUrl}/export?${searchOf(row.query, row.format)}`,
        headers: { authorization: `Bearer ${token}` },
        payloadAsStream: true,
      });
      if (REFUSALS.has(response.statusCode)) {
        await finish(id, { status: 'failed', error: await refusalMessage(response) });
        return;
      }
      const body = response.stream();
      if (response.statusCode !== 200) {
        body.destroy();
        throw new Error(`the list's export answered ${response.statusCode}`);
      }
      const name = /filename="([^"]+)"/.exec(String(response.headers['content-disposition']));
      const key = `exports/${id}.${row.format}`;
      // A GET that fails half-way fails the stream, and with it the write (no file is left).
      await storage.put(key, body, exportContentTypes[row.format]).finally(() => body.destroy());
      await finish(id, {
        status: 'done',
        rows: Number(response.headers[REPORT_TOTAL_HEADER.toLowerCase()] ?? 0),
        fileName: name?.[1] ?? `exportacion-${id}.${row.format}`,
        storageKey: key,
        error: null,
        expiresAt: addMs(clock.now(), EXPORT_FILE_HOURS * 60 * 60 * 1000),
      });
    } catch (error) {
      const last = row.attempts >= EXPORT_ATTEMPTS;
      await db
        .update(exports)
        .set({ status: last ? 'failed' : 'queued', error: exportMessages.crashed })
        .where(and(eq(exports.id, id), ne(exports.status, 'done')));
      throw error;
    }
    await removeExpiredExports({ db, clock, storage }, CLEANUP_BATCH).catch((error: unknown) =>
      log.warn({ err: error }, 'expired exports not removed'),
    );
  }

  return { run };
}

export type ExportRunner = ReturnType<typeof createExportRunner>;

/**
 * Where the app has no job queue (API tests): each export runs in this process after its
 * row commits, retried like the queue would (EXPORT_ATTEMPTS runs, the delay doubling),
 * so the API behaves the same. `idle` waits for the runs in hand (the app's close).
 */
export function createInProcessExports(runner: ExportRunner, log: FastifyBaseLogger) {
  const running = new Set<Promise<void>>();
  async function attempt(id: number): Promise<void> {
    for (let attempt = 1; attempt <= EXPORT_ATTEMPTS; attempt++) {
      try {
        await runner.run(id);
        return;
      } catch (error) {
        log.warn({ err: error, exportId: id, attempt }, 'export run failed');
        if (attempt < EXPORT_ATTEMPTS) await sleep(50 * 2 ** attempt);
      }
    }
  }
  return {
    start(id: number) {
      const run = attempt(id).finally(() => running.delete(run));
      running.add(run);
    },
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
