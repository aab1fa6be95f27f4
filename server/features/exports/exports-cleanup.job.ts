import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { type ScheduledJob } from '../../lib/scheduled-job';
import type { FileStorage } from '../../storage/storage';
import { jobNames } from '../platform-health/job-runs';
import { removeExpiredExports } from './exports.runner';

/*
 * The files of queued exports hold a club's people (names, documents, money): they are
 * kept EXPORT_FILE_HOURS and then removed even when nobody exports again (each export
 * run also removes a few). The rows stay, so their file answers 410.
 */

/** Every hour at :35, away from the generation's :05. */
export const EXPORTS_CLEANUP_CRON = '35 * * * *';

/** Files removed per statement; a run goes on until none is left. */
const BATCH = 500;

export interface ExportsCleanupDeps {
  db: Db;
  clock: Clock;
  storage: FileStorage;
}

/** Removes every expired export's file; answers how many. */
export async function removeAllExpiredExports(deps: ExportsCleanupDeps): Promise<number> {
  let removed = 0;
  for (;;) {
    const batch = await removeExpiredExports(deps, BATCH);
    removed += batch;
    if (batch < BATCH) return removed;
  }
}

/** The cleanup as a scheduled job: its run is the panel's job_runs row with the count. */
export const exportsCleanupJob = (
  deps: ExportsCleanupDeps,
): ScheduledJob<{ removed: number }, null> => ({
  name: jobNames.exportsCleanup,
  label: 'exports cleanup',
  cron: EXPORTS_CLEANUP_CRON,
  work: async () => ({ removed: await removeAllExpiredExports(deps) }),
  summarize: (run) => ({ ...run }),
  fallback: null,
});
