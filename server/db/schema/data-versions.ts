import { bigint, integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * A counter per club (`scope` = the club's id) and one for the whole platform (scope 0),
 * raised in the writing transaction by every statement that writes what a dashboard
 * reads (statement triggers of migration 0039: the club's rows, and for scope 0 the
 * reference tables, the roles and permissions, and users' names and identity). A
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
