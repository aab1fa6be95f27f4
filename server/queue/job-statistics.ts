import type { PgBoss } from 'pg-boss';

/** How often, at most, a process refreshes the planner's figures of the job table. */
export const STATISTICS_REFRESH_MS = 60_000;

/**
 * A refresher of PostgreSQL's figures of pg-boss's job table, for a worker that meets a
 * backlog: it runs `ANALYZE` at most once every STATISTICS_REFRESH_MS, without waiting for
 * it. pg-boss's fetch takes the oldest due jobs in the order of an index, but with figures
 * from before the backlog (or from while its jobs were not due yet) PostgreSQL reads every
 * waiting job and sorts them for each batch: 28 ms a fetch of 20 against 1 ms with 100,000
 * waiting (bench/HISTORY.md "The queue's drain"). Autovacuum refreshes them too, a minute or
 * more later; PGlite has no autovacuum.
 */
export function statisticsRefresher(
  boss: PgBoss,
  log: { warn(data: object, message: string): void },
): () => void {
  let refreshedAt = Number.NEGATIVE_INFINITY;
  return () => {
    const now = Date.now();
    if (now - refreshedAt < STATISTICS_REFRESH_MS) return;
    refreshedAt = now;
    // `job` is the parent of every queue's table: ANALYZE goes through to each.
    boss
      .getDb()
      .executeSql('analyze pgboss.job')
      .catch((error: unknown) => log.warn({ err: error }, 'job table statistics not refreshed'));
  };
}
