/*
 * The role × operation table (issue #33 item 2) and the helpers the server, the tests,
 * the docs script and the browser share. The rows are in contract/access-table.rows.ts.
 */
import { type AccessRow, type PermissionName, accessTable } from './access-table.rows';

export {
  type AccessAnswer,
  type AccessCaller,
  type AccessRequirement,
  type AccessRow,
  type PermissionName,
  accessCallers,
  CLUB_PATH,
  accessTable,
} from './access-table.rows';
/** `METHOD path` of a row or a request; HEAD is answered by the GET row. */
const keyOf = (method: string, url: string) =>
  `${method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase()} ${url}`;

const rowByKey = new Map(accessTable.map((row) => [row.route, row]));
const prefixRows = accessTable.filter((row) => row.route.endsWith('*'));

/**
 * The row of a route as Fastify registers it (`accessRowOf('POST', '/api/pla_club_teams/:id/charges')`),
 * or undefined when the table has none. HEAD falls back to the GET row.
 */
export function accessRowOf(method: string, url: string): AccessRow | undefined {
  const key = keyOf(method, url);
  return rowByKey.get(key) ?? prefixRows.find((row) => key.startsWith(row.route.slice(0, -1)));
}

/** The permission the row of `route` ('POST /api/…') requires, or undefined when none. */
export function requiredPermission(route: string): PermissionName | undefined {
  const [method = '', url = ''] = route.split(' ');
  const requires = accessRowOf(method, url)?.requires;
  return typeof requires === 'object' && 'permission' in requires ? requires.permission : undefined;
}

/** The part of the API a row belongs to (its heading in docs/access-control.md). */
export const accessGroupOf = (row: AccessRow): string => row.group;
