import { sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/client';

/** Answers only when the database answers `select 1`. */
export async function checkHealth(handle: DbHandle): Promise<{ status: 'ok' }> {
  await handle.db.execute(sql`select 1`);
  return { status: 'ok' };
}
