import { type SQL, type SQLWrapper, and, asc, desc, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { ListSort } from '../../contract/common.schema';

/*
 * The server half of the one list contract (contract/common.schema.ts `listQuerySchema`):
 * a parsed list query becomes WHERE, ORDER BY, LIMIT and OFFSET, the same SQL on PGlite
 * and PostgreSQL. A service keeps its own FROM/joins and resource filters and hands the
 * rest to these helpers.
 */

/*
 * Accent folding that runs the same on both databases (PGlite has no `unaccent`):
 * accented letters of both cases become their plain lower-case letter, then lower()
 * handles ASCII. `translate` goes first so it does not depend on the database's ctype
 * (lower('É') is 'É' under the C locale).
 */
const ACCENTED = 'áàâäãåéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ';
const PLAIN = 'aaaaaaeeeeiiiiooooouuuuncaaaaaaeeeeiiiiooooouuuunc';

/** `expr` lower-cased and without accents, for case- and accent-insensitive matching. */
export const folded = (expr: SQLWrapper): SQL =>
  sql`lower(translate(${expr}, ${ACCENTED}, ${PLAIN}))`;

/**
 * A person's or a thing's name as people sort it: both databases default to the C
 * collation, where "Álvarez" comes after "Zapata"; the ICU root collation exists on both.
 */
export const byName = (expr: SQLWrapper): SQL => sql`${expr} collate "und-x-icu"`;

/** Escapes LIKE's wildcards (backslash is PostgreSQL's default escape character). */
const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * `q` as a condition: any of `columns` contains it, ignoring case and accents; undefined
 * without a search. `%` and `_` in `q` are plain characters.
 */
export function searchCondition(q: string | undefined, columns: SQLWrapper[]): SQL | undefined {
  if (!q || columns.length === 0) return undefined;
  const pattern = sql`'%' || ${folded(sql`${escapeLike(q)}`)} || '%'`;
  return sql`(${sql.join(
    columns.map((column) => sql`${folded(column)} like ${pattern}`),
    sql` or `,
  )})`;
}

/** How a resource lists: the expressions behind each sortable field, its search and its id. */
export interface ListSpec<F extends string> {
  /** Each sortable field's keys, most significant first (wrap names in `byName`). */
  sortKeys: Record<F, SQLWrapper[]>;
  /** The text columns `q` searches. */
  searchColumns: SQLWrapper[];
  /** The unique key every order ends with, so equal sort keys never move rows across pages. */
  id: SQLWrapper;
}

/** The part of a parsed list query these helpers read. */
export interface ParsedListQuery<F extends string> {
  page: number;
  pageSize: number;
  sort: ListSort<F>;
  q?: string | undefined;
}

/** WHERE (search and the resource's own conditions), ORDER BY, LIMIT and OFFSET of a page. */
export interface ListClauses {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
}

/** ORDER BY of `sort`: its field's keys in its direction, then the id (ascending). */
export function orderOf<F extends string>(
  sort: ListSort<F>,
  spec: Pick<ListSpec<F>, 'sortKeys' | 'id'>,
): SQL[] {
  const direction = sort.direction === 'desc' ? desc : asc;
  return [...spec.sortKeys[sort.field].map((key) => direction(key)), asc(spec.id)];
}

/** The clauses of one page; `conditions` are the resource's filters, ANDed with the search. */
export function listClauses<F extends string>(
  query: ParsedListQuery<F>,
  spec: ListSpec<F>,
  ...conditions: (SQL | undefined)[]
): ListClauses {
  return {
    where: and(searchCondition(query.q, spec.searchColumns), ...conditions),
    orderBy: orderOf(query.sort, spec),
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  };
}

/**
 * Applies the clauses to a dynamic select (`db.select(...).from(...).$dynamic()`), whose
 * fields should include `total: totalCount()`.
 */
export const applyList = <T extends PgSelect>(select: T, clauses: ListClauses): T =>
  select
    .where(clauses.where)
    .orderBy(...clauses.orderBy)
    .limit(clauses.limit)
    .offset(clauses.offset);

/** How many rows match before LIMIT/OFFSET, read with the page in the same query. */
export const totalCount = (): SQL<number> => sql<number>`cast(count(*) over () as integer)`;

/**
 * The page's rows without their `total` column, and the total. A page past the end has no
 * row to read the window count from; only then does `count` run a second query.
 */
export async function pageWithTotal<R extends { total: number }>(
  rows: R[],
  clauses: ListClauses,
  count: () => Promise<number>,
): Promise<{ rows: Omit<R, 'total'>[]; total: number }> {
  const total = rows[0]?.total ?? (clauses.offset > 0 ? await count() : 0);
  return { rows: rows.map(({ total: _total, ...row }) => row), total };
}
