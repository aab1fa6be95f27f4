import type { Db } from '../../db/client';
import type { Tx } from '../people/people.service';
import { jerseyHolders } from '../players/player-rules';
import type { JerseyHolder } from './player-imports.jersey-clashes';
import { chunks } from './player-imports.lookup';

/**
 * The current players of `categoryIds` who wear a number, for the plan's jersey check
 * (player-imports.classify.ts): no two current players of a category share one.
 */
export async function loadJerseyHolders(
  db: Db | Tx,
  clubId: number,
  categoryIds: number[],
): Promise<JerseyHolder[]> {
  const holders: JerseyHolder[] = [];
  for (const batch of chunks(categoryIds))
    holders.push(...(await jerseyHolders(db, clubId, batch)));
  return holders;
}
