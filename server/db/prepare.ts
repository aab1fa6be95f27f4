import type { DbHandle } from './client';
import { seedDemoIfEmpty } from './seed/demo';
import { seedReference } from './seed/reference';

/**
 * Brings a database up to date at start-up: migrations, the reference seed (every time,
 * idempotent) and, when asked and the users table is empty, the demo data. Holds the
 * startup lock so several instances starting together do this one at a time.
 */
export async function prepareDatabase(
  handle: DbHandle,
  options: { demo: boolean },
): Promise<{ demoSeeded: boolean }> {
  return handle.withStartupLock(async () => {
    await handle.migrate();
    await seedReference(handle.db);
    const demoSeeded = options.demo ? await seedDemoIfEmpty(handle.db) : false;
    return { demoSeeded };
  });
}
