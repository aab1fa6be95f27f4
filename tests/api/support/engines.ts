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
export const PGLITE_ONLY_SUITES: ReadonlyMap<string, string> = new Map([
  // Access decided by the route's access row and the caller's roles, for every route and
  // caller; each route's own queries run on both engines in its feature's suite.
  ['Role × operation matrix of every route', 'the access hooks, not the queries'],
  ['Authorisation of the super admin platform routes', 'the access hooks, not the queries'],
  ['pages follow the menu for every demo role', "the menu and the pages' access rules"],
  // PDFs drawn with embedded fonts and read back with poppler.
  ['Receipts (GET …/payments/:paymentId/receipt.pdf)', 'PDF drawing and reading'],
  ['Receipts an accountant can read, for any name', 'PDF drawing, fonts and reading'],
  // Images decoded and re-encoded into the in-memory storage.
  ['Blog covers (POST /api/admin/blog-posts/cover, GET /api/files/covers/:name)', 'images'],
  ['Player photos (POST /api/pla_club_teams/:id/players/:playerId/photo)', 'images'],
  ['Uploads served without active content (issue #33 item 7)', 'images and file headers'],
  // Password rules and hashing before any row is written.
  ['weak passwords', 'password rules and hashing'],
  // Fastify's HTTP layer: headers, compression, body limits, the request log, its errors.
  ['security headers (issue #18 part 6)', 'HTTP headers'],
  ['JSON answers compressed per Accept-Encoding', 'HTTP compression'],
  ['the built SPA, served pre-compressed', 'static files'],
  ['request size and time limits', 'HTTP limits'],
  ['the default limits', 'HTTP limits'],
  ['Secret path parameters in the request log', 'the request log'],
  ['errors raised by Fastify itself', "Fastify's own errors"],
]);

/** The engines the suite named `name` runs on. */
export function driversFor(name: string): DbDriver[] {
  return PGLITE_ONLY_SUITES.has(name) ? ['pglite'] : testDrivers;
}
