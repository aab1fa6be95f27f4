import type { AccessRequirement, accessRowOf } from '../../contract/access-table';
import type { MaybePermissions } from './permissions';

/*
 * What the browser may call, read from the same table the server checks
 * (contract/access-table.ts, issue #33 item 2): a page or a screen names the API operation
 * it depends on ('GET /api/pla_club_teams/:id/categories') and asks `mayCall` before it
 * shows an item or sends the request, so it never calls what the server would refuse.
 * The permissions are those of GET /api/user for the club the user works in, where a
 * switched-off module's are already left out.
 *
 * The table (every route of the API) is not part of any page's first load: the auth calls
 * of src/app/providers.tsx load it next to GET /api/user and hand it over
 * (`provideAccessTable`), so by the time a user is signed in it is here. Until then
 * `mayCall` refuses everything, as it does while nothing is known about the user.
 */

/** A route of the API as the table (and Fastify) names it: `METHOD /api/…` with `:params`. */
export type ApiOperation = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /api/${string}`;

let rowOf: typeof accessRowOf | undefined;

/**
 * Hands the table's lookup to these checks: src/app/providers.tsx loads the table (its
 * own chunk) with the session; tests pass it directly.
 */
export function provideAccessTable(lookup: typeof accessRowOf): void {
  rowOf = lookup;
}

/** What the server checks before `operation` runs; undefined when the table has no row (or is not loaded). */
export function requirementOfOperation(operation: ApiOperation): AccessRequirement | undefined {
  const space = operation.indexOf(' ');
  return rowOf?.(operation.slice(0, space), operation.slice(space + 1))?.requires;
}

/**
 * Whether the signed-in user may call `operation`: the permission or role its row names
 * (the super admin holds every one), a session for the rows open to every signed-in user
 * or token holder, the flag for the super admin's. An operation without a row, or nothing
 * known about the user yet, is refused: the browser never guesses in the user's favour.
 */
export function mayCall(p: MaybePermissions, operation: ApiOperation): boolean {
  const requires = requirementOfOperation(operation);
  if (!p || requires === undefined) return false;
  if (p.is_super_admin) return true;
  if (requires === 'super-admin') return false;
  if (typeof requires === 'string') return true;
  // permissions.ts's hasPermission and hasRole, once the super admin is out of the way.
  return 'permission' in requires
    ? p.permissions.includes(requires.permission)
    : p.roles.some(({ name }) => name === requires.role);
}
