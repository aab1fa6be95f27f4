import { readFileSync } from 'node:fs';
import { asc, count, desc, gte, sql } from 'drizzle-orm';
import type { PlatformHealth, QueueDepth } from '../../../contract/platform-health.schema';
import type { Db } from '../../db/client';
import { emailOutbox } from '../../db/schema/mail';
import { jobRuns, serverErrors } from '../../db/schema/platform';
import type { Clock } from '../../lib/clock';
import type { ServerErrorEntry } from '../../lib/error-handler';
import { rowsOf } from '../../db/rows';

const DAY_MS = 24 * 60 * 60 * 1000;

/** package.json's version, read once (the server runs from its sources). */
function readVersion(): string {
  try {
    const file = new URL('../../../package.json', import.meta.url);
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown };
    return typeof parsed.version === 'string' ? parsed.version : 'desconocida';
  } catch {
    return 'desconocida';
  }
}

/**
 * The platform's health for the super admin panel (issue #17), and the recorder of 5xx
 * answers the error handler calls (server/lib/error-handler.ts).
 */
export function createPlatformHealthService({
  db,
  clock,
  queueDepths = async () => [],
}: {
  db: Db;
  clock: Clock;
  /** The job queue's depth per queue (job-failures.service.ts); none without a queue. */
  queueDepths?: () => Promise<QueueDepth[]>;
}) {
  const version = readVersion();

  async function database(): Promise<PlatformHealth['database']> {
    // PGlite says so in version(); pg_database_size works on both.
    const [row] = rowsOf<{ version: string; size: string | number | null }>(
      await db.execute(
        sql`select version() as version, pg_database_size(current_database()) as size`,
      ),
    );
    return {
      kind: row?.version.includes('PGlite') ? 'pglite' : 'postgres',
      size_bytes: row?.size === null || row?.size === undefined ? null : Number(row.size),
    };
  }

  async function outbox(now: Date): Promise<PlatformHealth['outbox']> {
    const [row] = await db
      .select({
        pending:
          sql<number>`cast(count(*) filter (where ${emailOutbox.status} = 'pending') as integer)`.mapWith(
            Number,
          ),
        failed:
          sql<number>`cast(count(*) filter (where ${emailOutbox.status} = 'failed') as integer)`.mapWith(
            Number,
          ),
        oldest: sql<
          string | null
        >`min(${emailOutbox.createdAt}) filter (where ${emailOutbox.status} = 'pending')`,
      })
      .from(emailOutbox);
    const oldest = row?.oldest ? new Date(row.oldest) : null;
    return {
      pending: row?.pending ?? 0,
      failed: row?.failed ?? 0,
      oldest_pending_age_seconds: oldest
        ? Math.max(0, Math.floor((now.getTime() - oldest.getTime()) / 1000))
        : null,
    };
  }

  return {
    async health(): Promise<PlatformHealth> {
      const now = clock.now();
      const since = new Date(now.getTime() - DAY_MS);
      const [db_, outbox_, jobs, queues, [errorCount], recent] = await Promise.all([
        database().catch(() => ({ kind: 'postgres' as const, size_bytes: null })),
        outbox(now),
        db.select().from(jobRuns).orderBy(asc(jobRuns.job)),
        queueDepths(),
        db.select({ n: count() }).from(serverErrors).where(gte(serverErrors.at, since)),
        db
          .select()
          .from(serverErrors)
          .orderBy(desc(serverErrors.at), desc(serverErrors.id))
          .limit(10),
      ]);
      return {
        version,
        database: db_,
        outbox: outbox_,
        jobs: jobs.map((run) => ({
          job: run.job,
          started_at: run.startedAt.toISOString(),
          finished_at: run.finishedAt?.toISOString() ?? null,
          outcome: run.outcome as 'running' | 'ok' | 'failed',
          summary: (run.summary ?? {}) as Record<string, unknown>,
        })),
        queues,
        errors: {
          last_24h: Number(errorCount?.n ?? 0),
          recent: recent.map((error) => ({
            id: error.id,
            at: error.at.toISOString(),
            method: error.method,
            route: error.route,
            status_code: error.statusCode,
            message: error.message,
          })),
        },
        checked_at: now.toISOString(),
      };
    },

    /** Stores one 5xx; never rejects (the error handler does not wait for it). */
    async recordServerError(entry: ServerErrorEntry): Promise<void> {
      try {
        await db.insert(serverErrors).values({ ...entry, at: clock.now() });
      } catch {
        // A database that fails is likely why the 5xx happened: nothing more to do.
      }
    },
  };
}

export type PlatformHealthService = ReturnType<typeof createPlatformHealthService>;
