import { eq, sql } from 'drizzle-orm';
import {
  type PlayerImportField,
  playerImportFields,
} from '../../../contract/player-imports.columns';
import type { PlayerImportMapping } from '../../../contract/player-imports.schema';
import type { Db } from '../../db/client';
import type { Tx } from '../people/people.service';
import { playerImportMappings } from '../../db/schema/player-imports';
import {
  type RememberedMapping,
  detectPlayerImportMapping,
  normalizeHeader,
} from './player-imports.headers';

/*
 * A club's remembered column mapping (issue #34 item 4): when a file is imported with a
 * mapping the person changed from the one offered, each header whose choice changed is
 * stored for the club by its normalised name, and the next file with that header gets the
 * same choice (player-imports.headers.ts). Read once per preview or import (a few rows).
 */

/** The club's remembered choices by normalised header. */
export async function loadRememberedMapping(db: Db, clubId: number): Promise<RememberedMapping> {
  const rows = await db
    .select({ key: playerImportMappings.headerKey, field: playerImportMappings.field })
    .from(playerImportMappings)
    .where(eq(playerImportMappings.clubId, clubId));
  const known = new Set<string>(playerImportFields);
  return Object.fromEntries(
    rows.map((row) => [
      row.key,
      row.field && known.has(row.field) ? (row.field as PlayerImportField) : null,
    ]),
  );
}

/** The field `mapping` gives each header it uses. */
function fieldsByHeader(mapping: PlayerImportMapping): Map<string, PlayerImportField> {
  const out = new Map<string, PlayerImportField>();
  for (const field of playerImportFields) {
    const header = mapping[field];
    if (header) out.set(header, field);
  }
  return out;
}

/**
 * What to remember of `chosen`, the mapping a file was imported with, against what would
 * have been offered (`remembered` and the aliases): each header whose field differs, with
 * the chosen field or null (left out). Empty when the person kept what was offered.
 */
export function mappingChoices(
  headers: readonly string[],
  chosen: PlayerImportMapping,
  remembered: RememberedMapping,
): RememberedMapping {
  const offered = fieldsByHeader(detectPlayerImportMapping(headers, remembered));
  const picked = fieldsByHeader(chosen);
  const choices: RememberedMapping = {};
  for (const header of new Set([...offered.keys(), ...picked.keys()])) {
    const key = normalizeHeader(header);
    if (!key || offered.get(header) === picked.get(header)) continue;
    choices[key] = picked.get(header) ?? null;
  }
  return choices;
}

/** Stores `choices` for the club (a header already remembered takes the new choice), in the import's transaction. */
export async function rememberMapping(
  db: Db | Tx,
  clubId: number,
  choices: RememberedMapping,
  now: Date,
): Promise<void> {
  const rows = Object.entries(choices).map(([headerKey, field]) => ({
    clubId,
    headerKey,
    field,
    updatedAt: now,
  }));
  if (rows.length === 0) return;
  await db
    .insert(playerImportMappings)
    .values(rows)
    .onConflictDoUpdate({
      target: [playerImportMappings.clubId, playerImportMappings.headerKey],
      set: { field: sql`excluded.field`, updatedAt: sql`excluded.updated_at` },
    });
}
