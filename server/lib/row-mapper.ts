import { Column, SQL, Subquery, getTableName, is } from 'drizzle-orm';

/*
 * Rows of a hot prepared select as objects, mapped by a function built once per statement.
 * Drizzle maps every value of every row through its `is()` checks (which walk the
 * prototype chain of each SQL field) and a path walk: 0.08 ms of the 0.3 ms a 25-row page
 * of the players list costs the server (bench/HISTORY.md "The players lists at 50
 * connections"). The result is drizzle's own, field for field: a left-joined object whose
 * first column is null is null, as drizzle decides it (tests/api/row-mapper.test.ts
 * compares both on the lists that use it).
 */

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

interface SelectedField {
  path: string[];
  field: unknown;
}

/** What drizzle keeps on a prepared select (its fields in SQL order, the nullable joins). */
interface PreparedSelect {
  fields?: SelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

/** The decoder drizzle's `mapResultRow` picks for a selected field. */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  // `decoder` is internal to drizzle's SQL (what `mapWith` sets).
  const sqlOf = (value: unknown) => (value as { decoder: Decoder }).decoder;
  if (is(field, SQL)) return sqlOf(field);
  if (is(field, Subquery)) return sqlOf(field._.sql);
  return sqlOf((field as SQL.Aliased).sql);
}

/**
 * `prepared` (a drizzle select's `.prepare(name)`) with rows mapped by a function built
 * here; unchanged when a field lies deeper than one nested object.
 */
export function withRowMapper<P>(prepared: P): P {
  const select = prepared as unknown as PreparedSelect;
  const { fields, joinsNotNullableMap } = select;
  if (!fields || fields.some(({ path }) => path.length > 2)) return prepared;
  const decoders = fields.map(({ field }) => decoderOf(field));
  const keys = fields.map(({ path }) => path[0]!);
  const nestedKeys = fields.map(({ path }) => path[1]);
  // A nested object of columns of one nullable join is null when its first column is.
  const nullable: { key: string; first: number }[] = [];
  if (joinsNotNullableMap) {
    const objects = new Map<string, { first: number; table: string | false }>();
    fields.forEach(({ path, field }, index) => {
      if (path.length !== 2 || !is(field, Column)) return;
      const table = getTableName(field.table);
      const seen = objects.get(path[0]!);
      if (!seen) objects.set(path[0]!, { first: index, table });
      else if (seen.table !== table) seen.table = false;
    });
    for (const [key, { first, table }] of objects) {
      if (table !== false && !joinsNotNullableMap[table]) nullable.push({ key, first });
    }
  }
  const count = fields.length;
  const mapRow = (row: unknown[]) => {
    const result: Record<string, unknown> = {};
    for (let index = 0; index < count; index++) {
      const raw = row[index];
      const value = raw === null ? null : decoders[index]!.mapFromDriverValue(raw);
      const nested = nestedKeys[index];
      if (nested === undefined) {
        result[keys[index]!] = value;
      } else {
        const object = (result[keys[index]!] ??= {}) as Record<string, unknown>;
        object[nested] = value;
      }
    }
    for (const { key, first } of nullable) if (row[first] === null) result[key] = null;
    return result;
  };
  select.customResultMapper = (rows) => rows.map(mapRow);
  return prepared;
}
