import type { RouteOptions } from 'fastify';
import { type AccessRow, accessRowOf, requiredPermission } from '../../contract/access-table';
import { isClubScopedUrl } from './require-club-permission';

/** The API's paths: every route under /api needs a row of the access table. */
const isApiUrl = (url: string) => url === '/api' || url.startsWith('/api/');

/**
 * An `onRoute` check (issue #33 item 2): an API route with no row in the role × operation
 * table (contract/access-table.rows.ts), or a club-scoped route whose `clubRoute(...)`
 * permission differs from its row's `requires.permission`, stops the start-up, so a new
 * route cannot ship without saying who may call it. `extraRows` are the rows of routes a
 * test adds to its own app (never used by main.ts).
 */
export function createAccessRowCheck(extraRows: readonly AccessRow[] = []) {
  const extra = new Map(extraRows.map((row) => [row.route, row]));
  return function assertRouteHasAccessRow(route: RouteOptions): void {
    if (!isApiUrl(route.url)) return;
    for (const method of [route.method].flat()) {
      const signature = `${method} ${route.url}`;
      // HEAD is answered as the GET, for a test's rows too.
      const row =
        accessRowOf(method, route.url) ??
        extra.get(`${method === 'HEAD' ? 'GET' : method} ${route.url}`);
      if (!row) {
        throw new Error(
          `${signature} has no row in the access table: add one to contract/access-table.rows.ts (who may call it)`,
        );
      }
      if (!isClubScopedUrl(route.url)) continue;
      const declared = route.config?.clubPermission;
      const expected = requiredPermission(row.route);
      if (declared !== expected) {
        throw new Error(
          `${signature} checks clubRoute('${declared}') but its access table row requires ${expected ?? 'no club permission'}`,
        );
      }
    }
  };
}
