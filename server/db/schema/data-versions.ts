import { bigint, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';

/**
 * A counter per club (`scope` = the club's id) and one for the whole platform (scope 0),
 * raised once by every transaction that writes what a dashboard reads, as it commits
 * (statement triggers of migration 0039 mark the scopes, a deferred trigger of 0041 raises
 * them: the club's rows, and for scope 0 the reference tables, the roles and permissions,
 * and users' names and identity). A
 * dashboard answer kept in a process is served again only while the counters it was
 * computed under are unchanged: the session statement of the dashboard routes reads them
 * in its own round trip (server/features/dashboards/dashboard-answers.ts). No row yet is
 * version 0.
 */
export const dataVersions = pgTable('data_versions', {
  /** The club's id, or 0 for what every club shares. */
  scope: integer('scope').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * The scopes a transaction wrote, until it commits: the statement triggers of migration
 * 0039 only mark them here (no wait: each transaction writes its own keys), and a deferred
 * trigger raises their data_versions at commit, in scope order, then clears them
 * (migration 0041). The counter rows are thus locked last, when a transaction holds every
 * other lock it will take, so two writers can never wait for each other through them.
 */
export const dataVersionMarks = pgTable(
  'data_version_marks',
  {
    /** The writing transaction (txid_current()). */
    tx: bigint('tx', { mode: 'number' }).notNull(),
    scope: integer('scope').notNull(),
  },
  (t) => [primaryKey({ name: 'data_version_marks_pk', columns: [t.tx, t.scope] })],
);
