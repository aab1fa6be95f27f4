import type { PlayerImportMapping } from '../../../contract/player-imports.schema';
import type { Db } from '../../db/client';
import type { Tx } from '../people/people.service';
import {
  type ImportPlan,
  type PlanFacts,
  type PlanKeys,
  planKeysOf,
  planRows,
} from './player-imports.classify';
import { checkedRowsOf } from './player-imports.check';
import { normalizeHeader } from './player-imports.headers';
import { loadJerseyHolders } from './player-imports.jerseys';
import { loadLookup } from './player-imports.lookup';
import type { ParsedSheet } from './player-imports.parse';

/*
 * What importing a file would do, row by row: each row checked with the players contract
 * and against the club (category by name, documents repeated in the file, people who
 * exist), then marked new / update / unchanged / request / error
 * (player-imports.classify.ts). The preview has the worker plan it
 * (player-imports.service.ts); the import computes it inside its transaction and writes it.
 */

/** What the database says about `keys`: the persons and players, and the jersey holders. */
export async function loadPlanFacts(
  db: Db | Tx,
  clubId: number,
  keys: PlanKeys,
): Promise<PlanFacts> {
  const lookup = await loadLookup(db, clubId, keys.documents, keys.emails);
  const categoryIds = keys.categories.flatMap((name) => {
    const found = lookup.categoryByName.get(normalizeHeader(name));
    return found ? [found.id] : [];
  });
  // A row without category may get any active one by its birth year: their jerseys count.
  if (keys.blankCategory)
    for (const category of lookup.categories)
      if (category.status === 'active') categoryIds.push(category.id);
  const holders = await loadJerseyHolders(db, clubId, [...new Set(categoryIds)]);
  return { lookup, holders };
}

/** The plan of `sheet` with `mapping` in the club (reads with `db`, a transaction when writing). */
export async function planImport(
  db: Db | Tx,
  clubId: number,
  sheet: ParsedSheet,
  mapping: PlayerImportMapping,
): Promise<ImportPlan> {
  const checked = checkedRowsOf(sheet, mapping);
  return planRows(checked, await loadPlanFacts(db, clubId, planKeysOf(checked)));
}
