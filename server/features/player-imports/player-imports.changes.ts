import { personStatusLabels } from '../../../contract/people.schema';
import type { PlayerImportChange } from '../../../contract/player-imports.schema';
import {
  type PlayerImportField,
  playerImportColumns,
} from '../../../contract/player-imports.columns';
import {
  dominantFootLabels,
  guardianRelationshipLabels,
  paymentModalityLabels,
} from '../../../contract/players.schema';
import { personGenderLabels } from '../../../contract/profile.schema';
import { type ClubValues, clubColumns, clubKeys, same } from './player-imports.club';
import type { IdentityPatch } from './player-imports.types';
import type { KnownPerson } from './player-imports.lookup';

/*
 * What an 'Actualiza' row changes, for the preview (issue #34 item 4): each field the
 * import writes whose value differs, with the stored value and the file's, as the file
 * writes them ('15/03/2014', 'Masculino', the category's name). Pure: the worker runs it.
 */

/** 'AAAA-MM-DD' → 'DD/MM/AAAA'. */
const shownDate = (iso: string) => iso.split('-').reverse().join('/');

const labelled =
  (labels: Record<string, string>) =>
  (value: string): string =>
    labels[value] ?? value;

/** How a field's stored value is written, when it is not the text itself. */
const shown: Partial<Record<PlayerImportField, (value: string) => string>> = {
  birth_date: shownDate,
  enrollment_date: shownDate,
  gender: labelled(personGenderLabels),
  status: labelled(personStatusLabels),
  dominant_foot: labelled(dominantFootLabels),
  payment_modality: labelled(paymentModalityLabels),
  guardian_relationship: labelled(guardianRelationshipLabels),
};

const fieldOfClubKey = new Map<keyof ClubValues, PlayerImportField>([
  ['categoryId', 'category'],
  ['status', 'status'],
  ...clubColumns,
]);

function change(field: PlayerImportField, from: unknown, to: unknown): PlayerImportChange {
  const text = (value: unknown) => {
    if (value === null || value === undefined || value === '') return null;
    const plain = String(value);
    return shown[field]?.(plain) ?? plain;
  };
  return { field, label: playerImportColumns[field].header, from: text(from), to: text(to) };
}

/**
 * The changes of an update row: the identity fields it writes (`identity`, against
 * `person`), then the club's fields (`club` against `current`), in the columns' order.
 */
export function rowChanges(
  identity: IdentityPatch | null,
  person: KnownPerson,
  club: ClubValues,
  current: ClubValues,
  categoryNames: ReadonlyMap<number, string>,
): PlayerImportChange[] {
  const stored: Record<keyof IdentityPatch, string | null> = {
    name: person.name,
    lastname: person.lastname,
    birth_date: person.birthDate,
    gender: person.gender,
    phone: person.phone,
    email: person.email,
  };
  const changes: PlayerImportChange[] = [];
  for (const [field, value] of Object.entries(identity ?? {}) as [
    keyof IdentityPatch,
    string | null,
  ][]) {
    changes.push(change(field, stored[field], value));
  }
  const categoryName = (id: unknown) =>
    typeof id === 'number' ? (categoryNames.get(id) ?? String(id)) : null;
  for (const key of clubKeys) {
    if (same(club[key], current[key])) continue;
    const field = fieldOfClubKey.get(key)!;
    if (key === 'categoryId')
      changes.push(change(field, categoryName(current[key]), categoryName(club[key])));
    else changes.push(change(field, current[key], club[key]));
  }
  const order = Object.keys(playerImportColumns);
  return changes.sort((a, b) => order.indexOf(a.field) - order.indexOf(b.field));
}
