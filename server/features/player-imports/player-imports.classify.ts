import { peopleMessages } from '../../../contract/people.schema';
import {
  type PlayerImportCounts,
  playerImportMessages,
} from '../../../contract/player-imports.schema';
import { personGenderLabels } from '../../../contract/profile.schema';
import { fittingCategories } from '../categories/category-fit';
import { rowChanges } from './player-imports.changes';
import {
  type ClubValues,
  clubKeys,
  clubValuesOf,
  emptyClub,
  same,
  stripKeys,
} from './player-imports.club';
import { normalizeHeader } from './player-imports.headers';
import type { ImportCategory, ImportLookup, KnownPerson } from './player-imports.lookup';
import { type JerseyHolder, markJerseyClashes } from './player-imports.jersey-clashes';
import type { CheckedRow } from './player-imports.rows';
import type { IdentityField, IdentityPatch, PlannedRow } from './player-imports.types';

/*
 * The pure part of a plan: the checked rows against what the database said (the lookup
 * and the jersey holders), each marked new / update / unchanged / request (a person who
 * belongs elsewhere or has an account: a link request, issue #33) / error. No database
 * here: the parsing worker runs it for a preview (player-imports.worker.ts), the import
 * inside its transaction (player-imports.plan.ts).
 */

const identityFields: readonly IdentityField[] = [
  'name',
  'lastname',
  'birth_date',
  'gender',
  'phone',
  'email',
];

export interface ImportPlan {
  rows: PlannedRow[];
  counts: PlayerImportCounts;
}

function identityChanges(row: CheckedRow, person: KnownPerson): IdentityPatch | null {
  const data = row.data!;
  const stored: Record<IdentityField, string | null> = {
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

/** What planning reads of the club's categories, computed once per plan. */
interface CategoryFacts {
  active: ImportCategory[];
  names: Map<number, string>;
}

const joinNotes = (first: string | null, second: string | null) =>
  first && second ? `${first}. ${second}` : (first ?? second);

/**
 * A row new to the club whose file gives no category: the only active category its birth
 * year and gender fit (the rule of `GET …/categories-birthday/…`), or none with why.
 */
function fitCategory(
  row: CheckedRow,
  club: ClubValues,
  categories: CategoryFacts,
): { club: ClubValues; note: string | null } {
  const data = row.data!;
  if (row.categoryName || club.categoryId !== null || categories.active.length === 0)
    return { club, note: null };
  if (!data.birth_date || !data.gender) return { club, note: null };
  const fits = fittingCategories(categories.active, data.birth_date, data.gender);
  if (fits.length === 1)
    return {
      club: { ...club, categoryId: fits[0]!.id },
      note: playerImportMessages.categoryAssigned(fits[0]!.name),
    };
  const note =
    fits.length === 0
      ? playerImportMessages.noCategoryFits(
          data.birth_date.slice(0, 4),
          personGenderLabels[data.gender],
        )
      : playerImportMessages.severalCategoriesFit(fits.map((category) => category.name));
  return { club, note };
}

function classify(row: CheckedRow, lookup: ImportLookup, categories: CategoryFacts): PlannedRow {
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
    const fitted = fitCategory(row, clubValuesOf(row, emptyClub), categories);
    return (
      refuseInactive(false) ?? {
        ...base,
        ...none,
        status: 'new',
        person: row.data,
        club: fitted.club,
        note: fitted.note,
      }
    );
  }
  if (!lookup.playersHere.has(known.id)) {
    const { club, note: fitNote } = fitCategory(row, clubValuesOf(row, emptyClub), categories);
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
          note: joinNotes(playerImportMessages.linkRequest, fitNote),
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
        note: joinNotes(playerImportMessages.linkedElsewhere, fitNote),
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
  const identityOut = { identity: writesIdentity, person: null };
  const planned: PlannedRow = { ...base, ...identityOut, note, status, userId: known.id, club };
  if (status === 'update')
    planned.changes = rowChanges(writesIdentity, known, club, current, categories.names);
  return planned;
}

/** What the database is asked about a file's rows: the keys of its valid rows. */
export interface PlanKeys {
  documents: { type: string; number: string }[];
  emails: string[];
  /** The category names the rows give, as written. */
  categories: string[];
  /** Some valid row gives no category: it may get one by its birth year (any active one). */
  blankCategory: boolean;
}

export function planKeysOf(checked: CheckedRow[]): PlanKeys {
  const valid = checked.filter((row) => row.data && row.errors.length === 0);
  return {
    documents: valid.map((row) => ({
      type: row.data!.document_type,
      number: row.data!.document_number,
    })),
    emails: valid.flatMap((row) => (row.email ? [row.email] : [])),
    categories: [
      ...new Set(checked.flatMap((row) => (row.categoryName ? [row.categoryName] : []))),
    ],
    blankCategory: valid.some((row) => !row.categoryName),
  };
}

/** What the database said about a file's keys (player-imports.plan.ts reads it). */
export interface PlanFacts {
  lookup: ImportLookup;
  holders: JerseyHolder[];
}

/** The plan of the checked rows `checked` (planning adds to them) with what the database said. */
export function planRows(checked: CheckedRow[], { lookup, holders }: PlanFacts): ImportPlan {
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
  const categories: CategoryFacts = {
    active: lookup.categories.filter((category) => category.status === 'active'),
    names: new Map(lookup.categories.map((category) => [category.id, category.name])),
  };
  const rows = checked.map((row) => classify(row, lookup, categories));
  markJerseyClashes(rows, holders);
  const counts: PlayerImportCounts = { new: 0, update: 0, unchanged: 0, request: 0, error: 0 };
  for (const row of rows) counts[row.status] += 1;
  return { rows, counts };
}
