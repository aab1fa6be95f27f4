import type { DbDriver } from '../../../server/db/client';
import { testDrivers } from './databases';

/*
 * Which database engines a suite of `describeEachDatabase` runs on.
 *
 * The rule: every suite runs on PGlite (the default engine, and the only one without
 * TEST_DATABASE_URL), and on PostgreSQL too (CI sets TEST_DATABASE_URL) unless it is listed
 * below. A suite is listed only when its time goes to work that no database engine takes
 * part in (rendering a PDF, opening a file in LibreOffice, hashing passwords, walking every
 * screen of the access matrix) and its queries are ones other suites already run on both.
 * A suite stays on both engines when it tests concurrency, locks, transactions, advisory
 * locks, a job that claims rows, raw SQL, what the driver returns (dates, numerics, bigint,
 * error codes) or the start-up and migrations: that is where PGlite (one connection, one
 * WASM thread) and a PostgreSQL server behave differently.
 */

/** Suites that run on PGlite only, by name, each with why its engine does not matter. */
export const PGLITE_ONLY_SUITES: ReadonlyMap<string, string> = new Map([]);

/** The engines the suite named `name` runs on. */
export function driversFor(name: string): DbDriver[] {
  return PGLITE_ONLY_SUITES.has(name) ? ['pglite'] : testDrivers;
}
