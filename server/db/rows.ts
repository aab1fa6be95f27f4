/**
 * The rows of `db.execute(sql)`: node-postgres and PGlite answer `{ rows }`, postgres.js
 * (the read-only handle, prepared-by-text.ts) an array of the rows itself.
 */
export const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
