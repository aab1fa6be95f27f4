import type { PGlite } from '@electric-sql/pglite';

/*
 * PGlite instances handed back by the suites that ended, put back as the template was and
 * given to the worker's next suite. Loading one from the template costs ~0.9 s of CPU
 * (64 MB unpacked into its in-memory file system, PostgreSQL started), ~1.8 s a suite while
 * the other worker and PostgreSQL share the two cores. An instance is reused only when it can
 * be put back exactly: the session discarded, the schema the template's, the tables that
 * held rows in the template untouched, every other table emptied, every sequence at the
 * template's value and the planner statistics an ANALYZE left forgotten. Anything else (a test that changed the schema or the reference rows,
 * left a transaction open, closed the instance) and it is closed instead.
 */

/** What the template looks like, read from a fresh instance of it. */
export interface TemplateState {
  /** A digest of every relation, column, constraint, function, trigger, type and extension. */
  schema: string;
  /** The tables holding rows in the template, each with its row count and newest row version. */
  filled: ReadonlyMap<string, string>;
  /** The tables empty in the template, as `schema.table`, quoted. */
  empty: readonly string[];
  /** `setval(…)` of every sequence back to the template's value, as one statement. */
  sequences: string;
  /** The tables the template has planner statistics of. */
  analyzed: readonly string[];
  /** Puts the counter tables (`COUNTERS`) back to the template's rows, as one statement. */
  counters: string;
}

/**
 * Counters that every write raises, whatever it wrote (data_versions, migration 0039): a
 * suite moves them as soon as it writes anything, so they are put back to the template's
 * rows instead of being required untouched. Nothing outlives a suite that could remember
 * them (the dashboards keep answers in the suite's own app).
 */
const COUNTERS = ['public.data_versions'];

/** Every user-made object of the database, one line each, digested. */
const SCHEMA_DIGEST = `
  with objects(line) as (
    select c.oid::regclass::text || ' ' || c.relkind::text || ' ' || coalesce((
      select string_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || ' ' ||
        a.attnotnull || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), ''), ', ' order by a.attnum)
      from pg_attribute a
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '')
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
    union all
    select conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid)
    from pg_constraint where connamespace not in ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)
    union all
    select p.oid::regprocedure::text || ' ' || md5(p.prosrc)
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname not in ('pg_catalog', 'information_schema')
    union all
    select tgrelid::regclass::text || ' ' || tgname from pg_trigger where not tgisinternal
    union all
    select t.typname || ' ' || coalesce(e.enumlabel, '')
    from pg_type t join pg_namespace n on n.oid = t.typnamespace
    left join pg_enum e on e.enumtypid = t.oid
    where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
    union all
    select 'extension ' || extname || ' ' || extversion from pg_extension
    union all
    select 'schema ' || nspname from pg_namespace
  )
  select md5(string_agg(line, E'\\n' order by line)) as digest from objects`;

const TABLES = `
  select format('%I.%I', schemaname, tablename) as name from pg_tables
  where schemaname not in ('pg_catalog', 'information_schema') order by 1`;

/** The user tables with planner statistics (an ANALYZE ran on them). */
const ANALYZED = `
  select distinct format('%I.%I', n.nspname, c.relname) as name
  from pg_statistic s join pg_class c on c.oid = s.starelid
  join pg_namespace n on n.oid = c.relnamespace
  where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
  order by 1`;

/**
 * Forgets the statistics an ANALYZE left on tables the template has none of: they outlive a
 * truncate, and would change the next suite's plans (and the order of rows read without an
 * `order by`) from those of a fresh instance.
 */
const FORGET_STATISTICS = `
  delete from pg_statistic where starelid in (
    select c.oid from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
      and not format('%I.%I', n.nspname, c.relname) = any($1::text[]))`;

const SEQUENCES = `
  select format('%I.%I', schemaname, sequencename) as name, start_value::text as start,
    last_value::text as last
  from pg_sequences order by 1`;

async function schemaDigest(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ digest: string }>(SCHEMA_DIGEST);
  return rows[0]!.digest;
}

/** Each table's row count and newest row version (xmin): any write to it changes one. */
async function tableMarks(client: PGlite, tables: readonly string[]): Promise<Map<string, string>> {
  if (tables.length === 0) return new Map();
  const { rows } = await client.query<{ name: string; mark: string }>(
    tables
      .map(
        (table) =>
          `select '${table.replaceAll("'", "''")}' as name, ` +
          `count(*) || ':' || coalesce(max(xmin::text::bigint), 0) as mark from ${table}`,
      )
      .join(' union all '),
  );
  return new Map(rows.map((row) => [row.name, row.mark]));
}

/** Reads what a fresh instance of the template looks like. */
export async function readTemplateState(client: PGlite): Promise<TemplateState> {
  const tables = (await client.query<{ name: string }>(TABLES)).rows
    .map((row) => row.name)
    .filter((name) => !COUNTERS.includes(name));
  const counters: string[] = [];
  for (const table of COUNTERS) {
    const { rows } = await client.query<{ rows: string }>(
      `select coalesce(json_agg(t), '[]')::text as rows from ${table} t`,
    );
    const json = `'${rows[0]!.rows.replaceAll("'", "''")}'`;
    counters.push(
      `truncate ${table}; insert into ${table} select * from json_populate_recordset(null::${table}, ${json});`,
    );
  }
  const marks = await tableMarks(client, tables);
  const filled = new Map([...marks].filter(([, mark]) => !mark.startsWith('0:')));
  const sequences = (
    await client.query<{ name: string; start: string; last: string | null }>(SEQUENCES)
  ).rows.map(({ name, start, last }) => {
    const literal = `'${name.replaceAll("'", "''")}'`;
    return last === null
      ? `setval(${literal}, ${start}, false)`
      : `setval(${literal}, ${last}, true)`;
  });
  const analyzed = (await client.query<{ name: string }>(ANALYZED)).rows.map((row) => row.name);
  return {
    analyzed,
    schema: await schemaDigest(client),
    filled,
    empty: tables.filter((table) => !filled.has(table)),
    sequences: sequences.length > 0 ? `select ${sequences.join(', ')}` : '',
    counters: counters.join(' '),
  };
}

/** Puts `client` back as the template was; false when it cannot be, and must be closed. */
export async function putBack(client: PGlite, template: TemplateState): Promise<boolean> {
  if (client.closed) return false;
  try {
    // Fails inside a transaction a test left open: that instance is closed.
    await client.exec('discard all');
    if ((await schemaDigest(client)) !== template.schema) return false;
    if (template.empty.length > 0) {
      // As a replica would, so no trigger fires (audit_log's refuses every truncate).
      await client.exec(
        `set session_replication_role = replica; ` +
          `truncate ${template.empty.join(', ')} restart identity cascade; ` +
          `reset session_replication_role`,
      );
    }
    const marks = await tableMarks(client, [...template.filled.keys()]);
    for (const [table, mark] of template.filled) {
      if (marks.get(table) !== mark) return false;
    }
    if (template.sequences) await client.exec(template.sequences);
    await client.exec(template.counters);
    await client.query(FORGET_STATISTICS, [template.analyzed]);
    return true;
  } catch {
    return false;
  }
}
