import { playerImportMessages } from '../../../contract/player-imports.schema';
import { playerMessages } from '../../../contract/players.schema';
import type { PlannedRow } from './player-imports.types';

/*
 * The jersey rule of a players import, part of its plan (player-imports.classify.ts, which
 * runs in the import's worker: nothing here touches the database).
 */

/** A current player of a category who wears a number (player-imports.jerseys.ts reads them). */
export interface JerseyHolder {
  userId: number;
  categoryId: number;
  jersey: number;
}

/** 'Camiseta repetida en la categoría (filas 4 y 9)'. */
const repeatedInFile = (rows: number[]) =>
  `Camiseta repetida en la categoría (filas ${rows.slice(0, -1).join(', ')} y ${rows.at(-1)})`;

const keyOf = (categoryId: number, jersey: number) => `${categoryId}:${jersey}`;

/**
 * A link request row (issue #33) never fails for its jersey: the request is sent without
 * the number (as accepting drops a number taken meanwhile) and the row says so.
 */
function dropJersey(row: PlannedRow, jersey: number) {
  row.club = { ...row.club!, jerseyNumber: null };
  const note = playerImportMessages.requestWithoutJersey(jersey);
  row.note = row.note ? `${row.note}. ${note}` : note;
}

/**
 * No two current players of a category share a jersey number (as the players form
 * refuses): a valid row whose category and number another player holds, in the club or
 * in the file, becomes an error on jersey_number. A player of the file is judged by the
 * number the file gives them, not the one stored. A request row yields: it holds no
 * number against anyone, and loses its own on any clash (see `dropJersey`).
 */
export function markJerseyClashes(rows: PlannedRow[], stored: JerseyHolder[]) {
  const wanted = rows.filter(
    (row) =>
      row.status !== 'error' && row.club?.categoryId != null && row.club.jerseyNumber != null,
  );
  if (wanted.length === 0) return;
  const inFile = new Set(
    rows.flatMap((row) => (row.userId !== null && row.club ? [row.userId] : [])),
  );
  const holders = new Map<string, Set<number>>();
  for (const holder of stored) {
    if (inFile.has(holder.userId)) continue;
    const key = keyOf(holder.categoryId, holder.jersey);
    holders.set(key, (holders.get(key) ?? new Set()).add(holder.userId));
  }
  const fileRows = new Map<string, PlannedRow[]>();
  for (const row of wanted) {
    const key = keyOf(row.club!.categoryId!, row.club!.jerseyNumber!);
    fileRows.set(key, [...(fileRows.get(key) ?? []), row]);
  }
  for (const [key, group] of fileRows) {
    // Holders in the file were left out above: any holder left is another player.
    const taken = (holders.get(key)?.size ?? 0) > 0;
    const requests = group.filter((row) => row.status === 'request');
    const players = group.filter((row) => row.status !== 'request');
    if (taken || group.length > 1) {
      for (const row of requests) dropJersey(row, row.club!.jerseyNumber!);
    }
    const message = taken
      ? playerMessages.jerseyTaken
      : players.length > 1
        ? repeatedInFile(players.map((row) => row.row))
        : null;
    if (!message) continue;
    for (const row of players) {
      row.status = 'error';
      row.errors = [...row.errors, { field: 'jersey_number', message }];
    }
  }
}
