import { setImmediate as nextTurn } from 'node:timers/promises';
import { type Column, and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories } from '../../db/schema/categories';
import { players } from '../../db/schema/players';
import { users } from '../../db/schema/users';
import { holdersOf, type Tx } from '../people/people.service';
import { identityEditableSql } from '../people/person-ties';
import type { FitCategory } from '../categories/category-fit';
import { normalizeHeader } from './player-imports.headers';
import { documentKey } from './player-imports.keys';

/*
 * What an import needs to know about the people a file names, read in a few batched
 * queries (never one per row): the club's active categories, the persons with those
 * documents or e-mails, which of them are players of the club, and their player rows.
 *
 * The keys go in batches of LOOKUP_BATCH, each list as one array parameter, with a turn of
 * the event loop between batches: on PGlite a query runs in the server's own thread, and
 * 5,000 keys at once held it for a third of a second while /api/health waited; drizzle's
 * `inArray` also builds one parameter per key, which cost the thread ~40 ms per 1,000.
 */

const LOOKUP_BATCH = 200;

/** `column = any($1)`, the list as one array parameter. */
const anyOf = (column: Column, values: readonly (string | number)[], type: 'text' | 'int') =>
  sql`${column} = any(${sql.param(values)}::${sql.raw(type)}[])`;

/** Each batch of `values` in turn, the event loop free between them. */
async function inBatches<T>(values: readonly T[], run: (batch: T[]) => Promise<void>) {
  for (const [index, batch] of chunks(values, LOOKUP_BATCH).entries()) {
    if (index > 0) await nextTurn();
    await run(batch);
  }
}

export type PlayerRow = typeof players.$inferSelect;

export interface KnownPerson {
  id: number;
  name: string;
  lastname: string;
  email: string | null;
  phone: string | null;
  documentType: string | null;
  documentNumber: string | null;
  birthDate: string | null;
  gender: string | null;
  hasAccount: boolean;
}

/** A category of the club, with what the birth-year rule reads (categories/category-fit.ts). */
export interface ImportCategory extends FitCategory {
  id: number;
  name: string;
}

export interface ImportLookup {
  /** The club's categories by normalised name. */
  categoryByName: Map<string, { id: number; active: boolean }>;
  /** Every category of the club (loaded once per plan): the birth-year rule and the names. */
  categories: ImportCategory[];
  /** Persons by `TYPE:NUMBER`. */
  byDocument: Map<string, KnownPerson>;
  /** Persons by lowercased e-mail. */
  byEmail: Map<string, KnownPerson>;
  /** Ids of persons who hold the Jugador role in the club. */
  playersHere: Set<number>;
  /** The club's player rows by user id. */
  playerRows: Map<number, PlayerRow>;
  /**
   * Ids of the persons the club may link directly and whose identity it may write (no
   * account, no other club: person-ties.ts); anyone else gets a link request (issue #33).
   */
  managed: Set<number>;
}

export { documentKey };

/** Splits `values` in chunks so a statement never nears PostgreSQL's 65,535 parameters. */
export function chunks<T>(values: readonly T[], size = 1_000): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < values.length; start += size)
    out.push(values.slice(start, start + size));
  return out;
}

const personColumns = {
  id: users.id,
  name: users.name,
  lastname: users.lastname,
  email: users.email,
  phone: users.phone,
  documentType: users.documentType,
  documentNumber: users.documentNumber,
  birthDate: users.birthDate,
  gender: users.gender,
  hasAccount: sql<boolean>`${users.passwordHash} is not null`,
};

export async function loadLookup(
  db: Db | Tx,
  clubId: number,
  documents: { type: string; number: string }[],
  emails: string[],
): Promise<ImportLookup> {
  const categoryRows: ImportCategory[] = await db
    .select({
      id: categories.id,
      name: categories.name,
      status: categories.status,
      gender: categories.gender,
      birthYearFrom: categories.birthYearFrom,
      birthYearTo: categories.birthYearTo,
    })
    .from(categories)
    .where(eq(categories.clubId, clubId));
  const categoryByName = new Map(
    categoryRows.map((row) => [
      normalizeHeader(row.name),
      { id: row.id, active: row.status === 'active' },
    ]),
  );

  const wanted = new Set(documents.map((doc) => documentKey(doc.type, doc.number)));
  const byDocument = new Map<string, KnownPerson>();
  await inBatches([...new Set(documents.map((doc) => doc.number))], async (numbers) => {
    const found = await db
      .select(personColumns)
      .from(users)
      .where(anyOf(users.documentNumber, numbers, 'text'));
    for (const person of found) {
      const key = documentKey(person.documentType ?? '', person.documentNumber ?? '');
      if (wanted.has(key) && !byDocument.has(key)) byDocument.set(key, person);
    }
  });

  const byEmail = new Map<string, KnownPerson>();
  await inBatches([...new Set(emails)], async (batch) => {
    const found = await db
      .select(personColumns)
      .from(users)
      .where(anyOf(users.email, batch, 'text'));
    for (const person of found) byEmail.set(person.email!, person);
  });

  const ids = [...new Set([...byDocument.values(), ...byEmail.values()].map((p) => p.id))];
  const playersHere = new Set<number>();
  const playerRows = new Map<number, PlayerRow>();
  const managed = new Set<number>();
  await inBatches(ids, async (batch) => {
    for (const id of await holdersOf(db, clubId, 'Jugador', batch)) playersHere.add(id);
    const rows = await db
      .select()
      .from(players)
      .where(and(eq(players.clubId, clubId), anyOf(players.userId, batch, 'int')));
    for (const row of rows) playerRows.set(row.userId, row);
    const editable = await db
      .select({ id: users.id })
      .from(users)
      .where(and(anyOf(users.id, batch, 'int'), identityEditableSql(clubId, users.id)));
    for (const row of editable) managed.add(row.id);
  });
  return {
    categoryByName,
    categories: categoryRows,
    byDocument,
    byEmail,
    playersHere,
    playerRows,
    managed,
  };
}
