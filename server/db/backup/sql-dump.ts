/**
 * Backups as plain SQL: `pg_dump` compiled to WebAssembly (@electric-sql/pglite-tools) reads
 * the embedded database, and the script it writes loads into PGlite or PostgreSQL alike.
 */
import type { PGlite } from '@electric-sql/pglite';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import type pg from 'pg';

/** The line pg_dump writes last (then a bare `--`): a file without it was cut short. */
const DUMP_END = '-- PostgreSQL database dump complete';

/**
 * Arguments for pg_dump (pglite-tools adds `--inserts`): no owners or grants, so any role
 * can restore it; no comments (the only one is pg_trgm's, and commenting an extension
 * needs its owner); a thousand rows per INSERT, which restores many times faster than one.
 */
const DUMP_ARGS = ['--no-owner', '--no-privileges', '--no-comments', '--rows-per-insert=1000'];

/**
 * Dumps every schema of an open PGlite (tables, rows, sequences, indexes, the migrations
 * journal) as SQL. pg_dump shares the connection: it runs `DEALLOCATE ALL` at the end, so
 * give it an instance of its own, never the server's.
 */
export async function dumpPglite(client: PGlite, createdAt: Date = new Date()): Promise<string> {
  const file = await pgDump({ pg: client, args: DUMP_ARGS });
  const sql = await file.text();
  return `-- Gestión deportiva: copia de seguridad del ${createdAt.toISOString()}\n${sql}`;
}

/** Throws (in Spanish, for the operator) unless `sql` is a whole pg_dump script. */
export function assertCompleteDump(sql: string): void {
  if (!sql.includes('-- PostgreSQL database dump') || !sql.slice(-200).includes(DUMP_END)) {
    throw new Error(
      'El archivo no es una copia de seguridad completa (falta el final que escribe pg_dump): ' +
        'no se restauró nada.',
    );
  }
}

/**
 * Drops the `SET name = …;` lines of settings the target server does not know. pg_dump
 * writes the settings of its own version (18: `transaction_timeout`), and PostgreSQL
 * refuses an unknown one, which would abort a restore into PostgreSQL 15 or 16.
 */
export function withoutUnknownSettings(sql: string, known: ReadonlySet<string>): string {
  return sql.replace(/^SET ([a-z_]+) = [^\n]*;\n/gm, (line, name: string) =>
    known.has(name) ? line : '',
  );
}

/**
 * Drops the `\restrict` and `\unrestrict` lines that pg_dump writes since PostgreSQL 17.6,
 * 16.10 and 15.14: psql commands, which neither PGlite nor a server understands (psql
 * itself only uses them to refuse other commands smuggled in through the data).
 */
export function withoutPsqlCommands(sql: string): string {
  return sql.replace(/^\\(?:un)?restrict\b[^\n]*\n?/gm, '');
}

/** Loads a dump into an empty PGlite, in one transaction. */
export async function restoreIntoPglite(client: PGlite, sql: string): Promise<void> {
  assertCompleteDump(sql);
  const script = withoutPsqlCommands(sql);
  await client.transaction(async (tx) => {
    await tx.exec(script);
  });
  // The dump empties search_path for its own session; give the session back its default.
  await client.exec('RESET search_path');
}

/**
 * Loads a dump into a PostgreSQL database through `client`, in one transaction. With
 * `replace` the same transaction first drops what a dump of ours creates (the `public` and
 * `drizzle` schemas, with everything in them), so a failed restore leaves the old data.
 */
export async function restoreIntoPostgres(
  client: pg.ClientBase,
  sql: string,
  options: { replace?: boolean } = {},
): Promise<void> {
  assertCompleteDump(sql);
  const settings = await client.query<{ name: string }>('select name from pg_settings');
  const known = new Set(settings.rows.map((row) => row.name));
  const script = withoutUnknownSettings(withoutPsqlCommands(sql), known);
  await client.query('begin');
  try {
    if (options.replace) {
      await client.query('drop schema if exists drizzle cascade');
      await client.query('drop schema if exists public cascade');
      await client.query('create schema public');
    }
    await client.query(script);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.query('reset search_path').catch(() => undefined);
  }
}

/** Relations (tables, sequences, views) outside the system schemas, for the emptiness check. */
const USER_RELATIONS_SQL = `
  select count(*)::int as count
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p', 'S', 'v', 'm')
    and n.nspname not in ('pg_catalog', 'information_schema')
    and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'`;

/** True when the PostgreSQL database holds no table, sequence or view of its own. */
export async function isEmptyPostgres(client: pg.ClientBase): Promise<boolean> {
  const result = await client.query<{ count: number }>(USER_RELATIONS_SQL);
  return result.rows[0]?.count === 0;
}
