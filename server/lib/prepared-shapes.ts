import { type Placeholder, sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/*
 * A list whose query varies in shape (which filters, which order) builds its SQL with
 * placeholders once per shape and prepares it under a name of its own, so PostgreSQL
 * plans each shape once per connection (server/db/client.ts asks for generic plans)
 * instead of on every request.
 *
 * A name is never reused for another SQL text on any connection: node-postgres refuses a
 * name a connection already holds for a different text. A transaction (or the demo seed
 * running inside one) is a Db object of its own over a connection the pool later hands to
 * the app, so names are numbered per shape for the whole process, not per Db.
 */

/**
 * `build` memoised per database and shape (compared as JSON): `build(db, shape, name)`
 * prepares its statements under names starting with `name`, the same for a shape on every
 * Db. A list has a bounded number of shapes (a few hundred at most), so nothing is evicted.
 */
export function preparedByShape<S extends object, T>(
  prefix: string,
  build: (db: Db, shape: S, name: string) => T,
): (db: Db, shape: S) => T {
  const names = new Map<string, string>();
  const byDb = new WeakMap<Db, Map<string, T>>();
  return (db, shape) => {
    let prepared = byDb.get(db);
    if (!prepared) byDb.set(db, (prepared = new Map()));
    const key = JSON.stringify(shape);
    let statements = prepared.get(key);
    if (statements === undefined) {
      let name = names.get(key);
      if (name === undefined) names.set(key, (name = `${prefix}_${names.size}`));
      statements = build(db, shape, name);
      prepared.set(key, statements);
    }
    return statements;
  };
}

/**
 * A page size written into the SQL text (a shape per size) instead of a parameter: with
 * `LIMIT $n` a generic plan assumes a tenth of the table and may hash a whole table to
 * join 25 rows. Only for the contract's page sizes (small positive integers).
 */
export function inlineLimit(pageSize: number): number {
  if (!Number.isSafeInteger(pageSize) || pageSize < 1 || pageSize > 1000) {
    throw new Error(`inlineLimit: ${pageSize} is not a page size`);
  }
  // drizzle writes an SQL chunk given as the limit as it is (a number becomes a parameter).
  return sql.raw(String(pageSize)) as unknown as number;
}

/** The offset of a page: none on the first page (a generic plan then reads from the start). */
export const pageOffset = (firstPage: boolean, offset: Placeholder): number | Placeholder =>
  firstPage ? 0 : offset;

/** A list's prepared statements: the page (each row with the list's total) and the count. */
interface ListStatements<R> {
  page: { execute(values: Record<string, unknown>): Promise<R[]> };
  count: { execute(values: Record<string, unknown>): Promise<{ n: number }[]> };
}

/**
 * A list's page and total: the rows (`read`, already read, or the page statement's) and
 * the total from the first of them; a page past the end has no row to read it from, and
 * only then the count runs.
 */
export async function pageAndTotal<R extends { total: number }>(
  statements: ListStatements<R>,
  values: Record<string, unknown> & { offset: number },
  read?: R[],
): Promise<{ rows: R[]; total: number }> {
  const rows = read ?? (await statements.page.execute(values));
  const total =
    rows[0]?.total ??
    (values.offset > 0 ? Number((await statements.count.execute(values))[0]?.n ?? 0) : 0);
  return { rows, total };
}
