import type { DbHandle } from './client';
import { type DemoSeedOptions, seedDemoIfEmpty } from './seed/demo';
import { seedReference } from './seed/reference';

/**
 * Brings a database up to date at start-up: migrations, the reference seed (every time,
 * idempotent) and, when asked and the users table is empty, the demo data. Holds the
 * startup lock so several instances starting together do this one at a time. The demo
 * needs the app's storage (it stores its proofs of payment there).
 */
export async function prepareDatabase(
  handle: DbHandle,
  options: { demo: false } | ({ demo: true } & DemoSeedOptions),
): Promise<{ demoSeeded: boolean }> {
  return handle.withStartupLock(async () => {
    await handle.migrate();
    await seedReference(handle.db);
    const demoSeeded = options.demo ? await seedDemoIfEmpty(handle.db, options) : false;
    return { demoSeeded };
  });
}
