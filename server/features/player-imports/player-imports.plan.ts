import { setImmediate as nextTurn } from 'node:timers/promises';
import { peopleMessages } from '../../../contract/people.schema';
import {
  type PlayerImportCounts,
  type PlayerImportMapping,
  type PlayerImportRow,
  playerImportMessages,
} from '../../../contract/player-imports.schema';
import { normalizeHeader } from './player-imports.headers';
import { type PlayerCreate } from '../../../contract/players.schema';
import type { Db } from '../../db/client';
import type { Tx } from '../people/people.service';
import type { ParsedSheet } from './player-imports.parse';
import { type ImportLookup, type KnownPerson, chunks, loadLookup } from './player-imports.lookup';
import { markJerseyClashes } from './player-imports.jerseys';
import { type CheckedRow } from './player-imports.rows';
import { checkedRowsOf } from './player-imports.check';
import {
  type ClubValues,
  clubKeys,
  emptyClub,
  clubValuesOf,
  same,
  stripKeys,
} from './player-imports.club';

/*
 * What importing a file would do, row by row: each row checked with the players contract
 * and against the club (category by name, documents repeated in the file, people who
 * exist), then marked new / update / unchanged / request (a person who belongs elsewhere
 * or has an account: a link request, issue #33) / error. The preview answers this; the
 * import computes it again inside its transaction and writes it.
 */

/** Rows classified in one turn of the event loop (5,000 in one go held it ~40 ms). */
const CLASSIFY_BATCH = 250;

const identityFields = ['name', 'lastname', 'birth_date', 'gender', 'phone', 'email'] as const;
export type IdentityPatch = Partial<Record<(typeof identityFields)[number], string | null>>;

export interface PlannedRow extends PlayerImportRow {
  /** The person who exists (linked from elsewhere, or already a player here). */
  userId: number | null;
  /** A person to create ('new'); for 'request', what the club typed (never written). */
  person: PlayerCreate | null;
  /** Identity changes of a player here who never signed in. */
  identity: IdentityPatch | null;
  /** The player row as it will be. */
  club: ClubValues | null;
}

export interface ImportPlan {
  rows: PlannedRow[];
  counts: PlayerImportCounts;
}

function identityChanges(row: CheckedRow, person: KnownPerson): IdentityPatch | null {
  const data = row.data!;
  const stored: Record<(typeof identityFields)[number], string | null> = {
    name: person.name,
    lastname: person.lastname,
    birth_date: person.birthDate,
    gender: person.gender,
    phone: person.phone,
    email: person.email,
  };
  const patch: IdentityPatch = {};
  for (const field of identityFields) {
    if (field in row.cells && !same(data[field], stored[field])) patch[field] = data[field] ?? null;
  }
  return Object.keys(patch).length > 0 ? patch : null;
}

function classify(row: CheckedRow, lookup: ImportLookup): PlannedRow {
  const base = { row: row.line, name: row.name, errors: row.errors, note: null };
  const none = { userId: null, person: null, identity: null, club: null };
  if (row.errors.length > 0 || !row.data) return { ...base, ...none, status: 'error' };
  // An inactive category takes no one new (its players are kept on re-import).
  const refuseInactive = (keeps: boolean): PlannedRow | null =>
    row.categoryActive || keeps
      ? null
      : {
          ...base,
          ...none,
          status: 'error',
          errors: [
            { field: 'category', message: playerImportMessages.unknownCategory(row.categoryName!) },
          ],
        };
  const known = lookup.byDocument.get(row.docKey!);
  const byEmail = row.email ? lookup.byEmail.get(row.email) : undefined;
  if (byEmail && byEmail.id !== known?.id) {
    const message =
      known || byEmail.documentNumber
        ? peopleMessages.emailOfOtherPerson
        : peopleMessages.emailTaken;
    return { ...base, ...none, status: 'error', errors: [{ field: 'email', message }] };
  }
  if (!known) {
    return (
      refuseInactive(false) ?? {
        ...base,
        ...none,
        status: 'new',
        person: row.data,
        club: clubValuesOf(row, emptyClub),
      }
    );
  }
  if (!lookup.playersHere.has(known.id)) {
    const club = clubValuesOf(row, emptyClub);
    if (!lookup.managed.has(known.id)) {
      // Issue #33: someone else's person is asked (a link request), never linked.
      return (
        refuseInactive(false) ?? {
          ...base,
          ...none,
          status: 'request',
          userId: known.id,
          // What the club typed, for its list of requests (never written on the person).
          person: row.data,
          club,
          note: playerImportMessages.linkRequest,
        }
      );
    }
    return (
      refuseInactive(false) ?? {
        ...base,
        ...none,
        status: 'new',
        userId: known.id,
        club,
        note: playerImportMessages.linkedElsewhere,
      }
    );
  }
  const stored = lookup.playerRows.get(known.id);
  const current: ClubValues = stored ? { ...emptyClub, ...stripKeys(stored) } : emptyClub;
  const club = clubValuesOf(row, current);
  const refused = refuseInactive(club.categoryId === current.categoryId);
  if (refused) return refused;
  const clubChanged = !stored || clubKeys.some((key) => !same(club[key], current[key]));
  const identity = identityChanges(row, known);
  const managed = lookup.managed.has(known.id);
  const note = identity && !managed ? playerImportMessages.ownProfile : null;
  const writesIdentity = identity && managed ? identity : null;
  const status = clubChanged || writesIdentity ? 'update' : 'unchanged';
  return { ...base, note, status, userId: known.id, person: null, identity: writesIdentity, club };
}

/** The plan of `sheet` with `mapping` in the club (reads with `db`, a transaction when writing). */
export async function planImport(
  db: Db | Tx,
  clubId: number,
  sheet: ParsedSheet,
  mapping: PlayerImportMapping,
): Promise<ImportPlan> {
  const checked = checkedRowsOf(sheet, mapping);

  const valid = checked.filter((row) => row.data && row.errors.length === 0);
  const lookup = await loadLookup(
    db,
    clubId,
    valid.map((row) => ({ type: row.data!.document_type, number: row.data!.document_number })),
    valid.flatMap((row) => (row.email ? [row.email] : [])),
  );
  for (const row of checked) {
    if (!row.categoryName) continue;
    const found = lookup.categoryByName.get(normalizeHeader(row.categoryName));
    if (found) Object.assign(row, { categoryId: found.id, categoryActive: found.active });
    else
      row.errors.push({
        field: 'category',
        message: playerImportMessages.unknownCategory(row.categoryName),
      });
  }

  const rows: PlannedRow[] = [];
  for (const [index, batch] of chunks(checked, CLASSIFY_BATCH).entries()) {
    if (index > 0) await nextTurn();
    for (const row of batch) rows.push(classify(row, lookup));
  }
  await markJerseyClashes(db, clubId, rows);
  const counts: PlayerImportCounts = { new: 0, update: 0, unchanged: 0, request: 0, error: 0 };
  for (const row of rows) counts[row.status] += 1;
  return { rows, counts };
}
