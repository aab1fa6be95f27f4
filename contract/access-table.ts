/*
 * The role × operation table (issue #33 item 2) and the helpers the server, the tests,
 * the docs script and the browser share. The rows are in contract/access-table.rows.ts.
 */
import { type AccessRow, CLUB_PATH, type PermissionName, accessTable } from './access-table.rows';

export {
  type AccessAnswer,
  type AccessCaller,
  type AccessRequirement,
  type AccessRow,
  type PermissionName,
  accessCallers,
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

/** The resource a row belongs to, for grouping: the path's part after the club, or after /api. */
export function accessGroupOf(row: AccessRow): string {
  const url = row.route.split(' ')[1] ?? '';
  const inClub = url.startsWith(`${CLUB_PATH}/`)
    ? url.slice(CLUB_PATH.length + 1)
    : url === CLUB_PATH
      ? 'club'
      : null;
  const rest = inClub ?? url.replace(/^\/api\//, '').replace(/^admin\//, 'admin/');
  const parts = rest.split('/').filter((part) => !part.startsWith(':'));
  const group = rest.startsWith('admin/') ? parts.slice(0, 2).join('/') : (parts[0] ?? rest);
  return group.replace(/\*$/, '');
}
